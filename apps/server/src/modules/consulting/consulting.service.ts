// Business consulting (issue 14, ADR 0046): a company user asks; the administrator answers and closes; each answer
// reaches the company's message centre (a 'system' message linking to /UserConsulting?id=…). A company sees only its
// own questions: every company query is filtered by company_id, so another company's id answers 404.
import { containsText } from '../../db/sql';
import { sql, type SelectQueryBuilder } from 'kysely';
import {
  CONSULT_CATEGORY_LABELS,
  CONSULT_STATUSES,
  CONSULT_STATUS_LABELS,
  type ConsultCategory,
  type ConsultList,
  type ConsultMessage,
  type ConsultRow,
  type ConsultStatus,
  type ConsultThread,
  type PublicQaList,
  chinaDayStart,
} from '@ip/contract';
import type { Deps } from '../../deps';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { CompanyActor } from '../company/company-context';
import { attachmentsOf, checkAttachments, parseFileIds } from '../common/records';
import { deliverToCompany } from '../messages/deliver';

/** The UTC instant a China day (YYYY-MM-DD) starts. */

export interface ConsultFilters {
  page: number;
  page_size: number;
  status?: ConsultStatus;
  category?: ConsultCategory;
  date_from?: string | null;
  date_to?: string | null;
  keyword?: string;
  company?: string;
}

type Q = SelectQueryBuilder<Database, 'consult_questions' | 'companies' | 'users', object>;

function base(deps: Deps) {
  return deps.db.db
    .selectFrom('consult_questions')
    .innerJoin('companies', 'companies.id', 'consult_questions.company_id')
    .innerJoin('users', 'users.id', 'consult_questions.user_id');
}

function filtered(q: Q, f: ConsultFilters, companyId: number | null, withStatus: boolean): Q {
  if (companyId !== null) q = q.where('consult_questions.company_id', '=', companyId);
  if (withStatus && f.status) q = q.where('consult_questions.status', '=', f.status);
  if (f.category) q = q.where('consult_questions.category', '=', f.category);
  if (f.date_from) q = q.where('consult_questions.created_at', '>=', chinaDayStart(f.date_from));
  if (f.date_to) q = q.where('consult_questions.created_at', '<', chinaDayStart(f.date_to, true));
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([containsText('consult_questions.title', k), containsText('consult_questions.content', k)]));
  }
  if (f.company) q = q.where(containsText('companies.company_name', f.company));
  return q;
}

const ROW_COLUMNS = [
  'consult_questions.id',
  'consult_questions.company_id',
  'companies.company_name',
  'users.name as asker_name',
  'users.mobile as asker_mobile',
  'consult_questions.category',
  'consult_questions.title',
  'consult_questions.status',
  'consult_questions.public',
  'consult_questions.replies',
  'consult_questions.created_at',
  'consult_questions.last_reply_at',
] as const;

interface RawRow {
  id: number;
  company_id: number;
  company_name: string;
  asker_name: string;
  asker_mobile: string;
  category: string;
  title: string;
  status: ConsultStatus;
  public: number;
  replies: number;
  created_at: string;
  last_reply_at: string | null;
}

function toRow(r: RawRow): ConsultRow {
  const category = r.category as ConsultCategory;
  return {
    id: Number(r.id),
    company_id: Number(r.company_id),
    company_name: r.company_name,
    asker_name: r.asker_name || `${r.asker_mobile.slice(0, 3)}****${r.asker_mobile.slice(-4)}`,
    category,
    category_label: CONSULT_CATEGORY_LABELS[category] ?? category,
    title: r.title,
    status: r.status,
    status_label: CONSULT_STATUS_LABELS[r.status],
    public: Number(r.public) === 1,
    replies: Number(r.replies),
    created_at: r.created_at,
    last_reply_at: r.last_reply_at,
  };
}

/** One page of questions (a company's own when companyId is given, else all), newest first, with counts per status. */
export async function listQuestions(deps: Deps, companyId: number | null, f: ConsultFilters): Promise<ConsultList> {
  const where = filtered(base(deps), f, companyId, true);
  const [{ total }] = await where.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const rows = await where
    .select([...ROW_COLUMNS])
    .orderBy('consult_questions.created_at', 'desc')
    .orderBy('consult_questions.id', 'desc')
    .limit(f.page_size)
    .offset((f.page - 1) * f.page_size)
    .execute();
  const byStatus = await filtered(base(deps), f, companyId, false)
    .select(['consult_questions.status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('consult_questions.status')
    .execute();
  const counts = Object.fromEntries(CONSULT_STATUSES.map((s) => [s, 0])) as Record<ConsultStatus, number>;
  for (const c of byStatus) counts[c.status] = Number(c.n);
  return { list: rows.map((r) => toRow(r as RawRow)), total: Number(total), page: f.page, page_size: f.page_size, counts };
}

async function findQuestion(deps: Deps, id: number, companyId: number | null) {
  let q = base(deps)
    .select([...ROW_COLUMNS, 'consult_questions.content', 'consult_questions.file_ids', 'consult_questions.closed_at'])
    .where('consult_questions.id', '=', id);
  if (companyId !== null) q = q.where('consult_questions.company_id', '=', companyId);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('咨询不存在或已删除');
  return row;
}

/** A question with its thread (oldest first) and its attachments as signed links. */
export async function questionThread(deps: Deps, id: number, companyId: number | null): Promise<ConsultThread> {
  const q = await findQuestion(deps, id, companyId);
  const replies = await deps.db.db
    .selectFrom('consult_replies')
    .leftJoin('users', 'users.id', 'consult_replies.author_id')
    .select([
      'consult_replies.id',
      'consult_replies.author',
      'consult_replies.content',
      'consult_replies.file_ids',
      'consult_replies.created_at',
      'users.name',
    ])
    .where('consult_replies.question_id', '=', id)
    .orderBy('consult_replies.id')
    .execute();
  const messages: ConsultMessage[] = [];
  for (const r of replies) {
    messages.push({
      id: Number(r.id),
      author: r.author,
      // The office answers as the office: a company does not see which administrator wrote.
      author_name: r.author === 'admin' ? '知识产权服务中心' : r.name || '企业用户',
      content: r.content,
      files: await attachmentsOf(deps, parseFileIds(r.file_ids)),
      created_at: r.created_at,
    });
  }
  return {
    ...toRow(q as RawRow),
    content: q.content,
    files: await attachmentsOf(deps, parseFileIds(q.file_ids)),
    messages,
    closed_at: q.closed_at,
  };
}

/** POST /v1/frontend/ask/content: a company user's new question (待回复). */
export async function askQuestion(
  deps: Deps,
  actor: CompanyActor,
  body: { category: ConsultCategory; title: string; content: string; file_ids: number[] },
): Promise<ConsultThread> {
  await checkAttachments(deps, actor.companyId, body.file_ids);
  const now = deps.clock().toISOString();
  const r = await deps.db.db
    .insertInto('consult_questions')
    .values({
      company_id: actor.companyId,
      user_id: actor.userId,
      category: body.category,
      title: body.title,
      content: body.content,
      file_ids: JSON.stringify(body.file_ids),
      status: 'open',
      created_at: now,
      updated_at: now,
      last_reply_at: null,
      closed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return questionThread(deps, Number(r.id), actor.companyId);
}

/** The company adds to its own thread (a follow-up question): the question is 待回复 again. A closed one cannot. */
export async function companyReply(
  deps: Deps,
  actor: CompanyActor,
  body: { id: number; content: string; file_ids: number[] },
): Promise<ConsultThread> {
  const q = await findQuestion(deps, body.id, actor.companyId);
  if (q.status === 'closed') throw badRequest('该咨询已关闭，如有新问题请重新提问');
  await checkAttachments(deps, actor.companyId, body.file_ids);
  const now = deps.clock().toISOString();
  await deps.db.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('consult_replies')
      .values({
        question_id: body.id,
        author: 'company',
        author_id: actor.userId,
        content: body.content,
        file_ids: JSON.stringify(body.file_ids),
        created_at: now,
      })
      .execute();
    await trx
      .updateTable('consult_questions')
      .set({ status: 'open', updated_at: now, replies: sql`replies + 1` })
      .where('id', '=', body.id)
      .execute();
  });
  return questionThread(deps, body.id, actor.companyId);
}

/** The administrator answers: 已回复, and the answer reaches every user of the company in the message centre. */
export async function adminReply(
  deps: Deps,
  adminId: number,
  body: { id: number; content: string; file_ids: number[] },
): Promise<ConsultThread> {
  const q = await findQuestion(deps, body.id, null);
  if (q.status === 'closed') throw badRequest('该咨询已关闭，不能再回复');
  if (body.file_ids.length) throw badRequest('管理员回复暂不支持附件', [{ path: 'file_ids', msg: '管理员回复暂不支持附件' }]);
  const now = deps.clock().toISOString();
  const replyId = await deps.db.db.transaction().execute(async (trx) => {
    const r = await trx
      .insertInto('consult_replies')
      .values({
        question_id: body.id,
        author: 'admin',
        author_id: adminId,
        content: body.content,
        file_ids: '[]',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('consult_questions')
      .set({ status: 'replied', updated_at: now, last_reply_at: now, replies: sql`replies + 1` })
      .where('id', '=', body.id)
      .execute();
    return Number(r.id);
  });
  await deliverToCompany(deps, Number(q.company_id), {
    kind: 'system',
    title: `您的咨询「${q.title}」已回复`,
    body: body.content.slice(0, 500),
    link: `/UserConsulting?id=${body.id}`,
    objectType: 'consult',
    objectId: body.id,
    key: `consult:${body.id}:r${replyId}`,
  });
  return questionThread(deps, body.id, null);
}

/** The administrator closes a question (已关闭); the company is told. Closing twice changes nothing. */
export async function closeQuestion(deps: Deps, id: number): Promise<ConsultThread> {
  const q = await findQuestion(deps, id, null);
  if (q.status !== 'closed') {
    const now = deps.clock().toISOString();
    await deps.db.db
      .updateTable('consult_questions')
      .set({ status: 'closed', closed_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
    await deliverToCompany(deps, Number(q.company_id), {
      kind: 'system',
      title: `您的咨询「${q.title}」已关闭`,
      body: '如仍有疑问，可在业务咨询中重新提问。',
      link: `/UserConsulting?id=${id}`,
      objectType: 'consult',
      objectId: id,
      key: `consult:${id}:closed`,
    });
  }
  return questionThread(deps, id, null);
}

/** The administrator publishes (or unpublishes) a question and its answers as a Q&A of /web/askAbout. */
export async function setPublic(deps: Deps, id: number, pub: boolean): Promise<ConsultThread> {
  const q = await findQuestion(deps, id, null);
  if (pub && q.status === 'open' && Number(q.replies) === 0) throw badRequest('尚未回复的咨询不能公开');
  await deps.db.db
    .updateTable('consult_questions')
    .set({ public: pub ? 1 : 0, updated_at: deps.clock().toISOString() })
    .where('id', '=', id)
    .execute();
  return questionThread(deps, id, null);
}

/** The published Q&As (public 1), newest first: title, question, the office's answers; no company or person named. */
export async function publicQas(
  deps: Deps,
  f: { page: number; page_size: number; category?: ConsultCategory; keyword?: string },
): Promise<PublicQaList> {
  let q = deps.db.db.selectFrom('consult_questions').where('public', '=', 1);
  if (f.category) q = q.where('category', '=', f.category);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([containsText('title', k), containsText('content', k)]));
  }
  const [{ total }] = await q.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const rows = await q
    .select(['id', 'category', 'title', 'content', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(f.page_size)
    .offset((f.page - 1) * f.page_size)
    .execute();
  const ids = rows.map((r) => Number(r.id));
  const answers = ids.length
    ? await deps.db.db
        .selectFrom('consult_replies')
        .select(['question_id', 'content', 'created_at'])
        .where('question_id', 'in', ids)
        .where('author', '=', 'admin')
        .orderBy('id')
        .execute()
    : [];
  return {
    list: rows.map((r) => {
      const category = r.category as ConsultCategory;
      return {
        id: Number(r.id),
        category,
        category_label: CONSULT_CATEGORY_LABELS[category] ?? category,
        title: r.title,
        content: r.content,
        answers: answers
          .filter((a) => Number(a.question_id) === Number(r.id))
          .map((a) => ({ content: a.content, created_at: a.created_at })),
        created_at: r.created_at,
      };
    }),
    total: Number(total),
    page: f.page,
    page_size: f.page_size,
  };
}
