import { sql, type Kysely, type Transaction } from 'kysely';
import {
  accountKindOf,
  chinaDayStart,
  creditCodeProblem,
  privateFileId,
  type ApplicationDecisionBody,
  type ApplicationListBody,
} from '@ip/contract';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { containsText } from '../../db/sql';
import { badRequest, conflict, notFound } from '../../http/errors';
import { linkCompanyPatents, nameVariants } from '../company/company-link';
import { deliverToUser } from '../messages/deliver';
import { writeAudit } from './audit';
import { resolveCompany } from './users.service';

type Q = Kysely<Database> | Transaction<Database>;

const STATUS_OF = { pending: 0, approved: 1, rejected: 2 } as const;

/**
 * How the licence of an application can be shown: 'file' (a private file that still exists: file_id), 'legacy' (an
 * address from before ADR 0014, `/uploads/…`, which no longer resolves), 'missing' (the file was deleted), 'none'.
 */
export type LicenceState = 'file' | 'legacy' | 'missing' | 'none';

/** The company an approval would link to (by credit code first, then by normalised name), or null: a new one. */
async function matchCompany(db: Q, name: string, code: string) {
  if (code) {
    const c = await db.selectFrom('companies').select(['id', 'company_name']).where('credit_code', '=', code).executeTakeFirst();
    if (c) return { ...c, by: 'credit_code' as const };
  }
  const c = await db
    .selectFrom('companies')
    .select(['id', 'company_name'])
    .where((eb) =>
      eb.or([
        eb('company_name', '=', name.trim()),
        eb('id', 'in', eb.selectFrom('company_names').select('company_id').where('name', 'in', nameVariants(name))),
      ]),
    )
    .orderBy('id', 'asc')
    .executeTakeFirst();
  return c ? { ...c, by: 'name' as const } : null;
}

/** One page of applications: pending first, then by the chosen date; counts per status under the same filters. */
export async function listApplications(deps: Deps, body: ApplicationListBody) {
  const { db } = deps.db;
  let base = db
    .selectFrom('verifications as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .leftJoin('users as r', 'r.id', 'v.reviewer_id');
  if (body.keyword) {
    const k = body.keyword;
    base = base.where((eb) =>
      eb.or([
        containsText('v.company_name', k),
        containsText('v.credit_code', k),
        containsText('v.contact', k),
        containsText('u.mobile', k),
        containsText('u.name', k),
      ]),
    );
  }
  if (body.date_from) base = base.where('v.created_at', '>=', chinaDayStart(body.date_from));
  if (body.date_to) base = base.where('v.created_at', '<', chinaDayStart(body.date_to, true));
  const counts = await base
    .select(['v.status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('v.status')
    .execute();
  const count = (s: number) => Number(counts.find((c) => Number(c.status) === s)?.n ?? 0);
  const q = body.status === 'all' ? base : base.where('v.status', '=', STATUS_OF[body.status]);
  const total = body.status === 'all' ? count(0) + count(1) + count(2) : count(STATUS_OF[body.status]);
  const sortColumn = body.sort === 'reviewed_at' ? sql`coalesce(v.reviewed_at, '')` : sql`v.created_at`;
  const rows = await q
    .select([
      'v.id',
      'v.user_id',
      'u.name as user_name',
      'u.mobile as user_mobile',
      'u.type as user_type',
      'u.is_admin as user_is_admin',
      'u.is_news as user_is_news',
      'u.com_id as user_com_id',
      'v.company_name',
      'v.credit_code',
      'v.contact',
      'v.license',
      'v.status',
      'v.remark',
      'r.name as reviewer_name',
      'v.created_at',
      'v.reviewed_at',
    ])
    .orderBy(sql`case when v.status = 0 then 0 else 1 end`)
    .orderBy(sortColumn, body.order)
    .orderBy('v.id', body.order)
    .limit(body.page_size)
    .offset((body.page - 1) * body.page_size)
    .execute();

  const fileIds = rows.map((r) => privateFileId(r.license)).filter((id): id is number => id !== null);
  const files = fileIds.length
    ? await db.selectFrom('files').select(['id', 'owner_id', 'name', 'mime']).where('id', 'in', fileIds).execute()
    : [];
  const list = [];
  for (const r of rows) {
    const fileId = privateFileId(r.license);
    const file = fileId ? files.find((f) => f.id === fileId && f.owner_id === r.user_id) : undefined;
    const licence_state: LicenceState = !r.license ? 'none' : fileId === null ? 'legacy' : file ? 'file' : 'missing';
    const status = Number(r.status);
    const { user_type, user_is_admin, user_is_news, user_com_id, license: _l, ...rest } = r;
    list.push({
      ...rest,
      id: Number(r.id),
      status,
      user_kind: accountKindOf({ type: user_type, is_admin: user_is_admin, is_news: user_is_news, com_id: user_com_id }),
      reviewer_name: r.reviewer_name ?? '',
      licence_state,
      licence_file_id: file ? file.id : null,
      licence_name: file?.name ?? '',
      licence_mime: file?.mime ?? '',
      credit_code_problem: creditCodeProblem(r.credit_code),
      // What an approval would do: link to this company, or create one from the application.
      matched_company: status === 0 ? await matchCompany(db, r.company_name, r.credit_code) : null,
    });
  }
  return {
    list,
    total,
    page: body.page,
    page_size: body.page_size,
    counts: { pending: count(0), approved: count(1), rejected: count(2) },
  };
}

/**
 * queuestate: decides a pending application (ADR 0019). The decision is one conditional UPDATE … WHERE status = 0
 * inside the transaction, so of two decisions at once exactly one changes anything; the other gets a 409 and the
 * transaction (with its company link) rolls back. Approving links the user to a company (the one chosen, else the
 * one matched by credit code or normalised name, else a new one from the application) and makes the account
 * verified (type '0'); the trial limits end with the next request, since sessions read the user row every time.
 * Rejecting needs a reason, which the applicant reads on /userCenter; they may apply again.
 */
export async function decideApplication(deps: Deps, adminId: number, body: ApplicationDecisionBody) {
  const { db } = deps.db;
  const now = deps.clock().toISOString();
  const remark = body.remark ?? '';
  return db.transaction().execute(async (trx) => {
    const app = await trx.selectFrom('verifications').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (!app) throw notFound('认证申请不存在');
    const decided = await trx
      .updateTable('verifications')
      .set({ status: body.status, remark, reviewer_id: adminId, reviewed_at: now })
      .where('id', '=', body.id)
      .where('status', '=', 0)
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) !== 1) {
      const label = app.status === 1 ? '已通过' : app.status === 2 ? '已驳回' : '已处理';
      throw conflict(`该申请${label}，不能重复审核`);
    }
    const user = await trx.selectFrom('users').selectAll().where('id', '=', app.user_id).executeTakeFirst();
    if (!user) throw notFound('申请人账号不存在');
    let company: { id: number; company_name: string; created: boolean } | null = null;
    if (body.status === 1) {
      if (accountKindOf(user) !== 'trial') throw conflict('申请人已不是试用账号，无需认证，请驳回该申请');
      // A company made from the application must carry a valid code; an existing one found by name need not.
      const problem = creditCodeProblem(app.credit_code);
      const code = problem ? '' : app.credit_code;
      if (!body.company_id && problem && !(await matchCompany(trx, app.company_name, ''))) {
        throw badRequest(`申请中的统一社会信用代码有误（${problem}），无法据此新建企业；请选择已有企业或驳回申请`);
      }
      company = await resolveCompany(
        trx,
        body.company_id
          ? { company_id: body.company_id }
          : { company_name: app.company_name, credit_code: code, contact: app.contact },
        now,
      );
      await trx
        .updateTable('users')
        .set({ type: '0', company_id: company.id, company_name: company.company_name, updated_at: now })
        .where('id', '=', user.id)
        .execute();
      await linkCompanyPatents(trx, now, company.id);
    }
    await writeAudit(trx, {
      adminId,
      userId: user.id,
      action: body.status === 1 ? 'approve_verification' : 'reject_verification',
      detail:
        body.status === 1
          ? `${user.name}（${user.mobile}）认证为「${company!.company_name}」${company!.created ? '（新建企业）' : ''}${remark ? `：${remark}` : ''}`
          : `${user.name}（${user.mobile}）申请「${app.company_name}」被驳回：${remark}`,
      now,
    });
    // The applicant hears of the decision in the message centre, in the same transaction (ADR 0028).
    await deliverToUser({ db: { ...deps.db, db: trx }, clock: deps.clock }, user.id, company?.id ?? user.company_id, {
      kind: 'approval',
      title: body.status === 1 ? '企业认证已通过' : '企业认证未通过',
      body:
        body.status === 1
          ? `您提交的企业认证申请（${app.company_name}）已通过审核，账号已关联企业「${company!.company_name}」，现可使用企业知识产权管理的全部功能。${remark ? `审核意见：${remark}` : ''}`
          : `您提交的企业认证申请（${app.company_name}）未通过审核。驳回原因：${remark}。请到个人中心修改后重新提交。`,
      link: body.status === 1 ? '/home' : '/userCenter',
      objectType: 'verification',
      objectId: app.id,
      key: `approval:${app.id}:${body.status}`,
    });
    return {
      id: app.id,
      status: body.status,
      company: company && { id: company.id, company_name: company.company_name, created: company.created },
    };
  });
}
