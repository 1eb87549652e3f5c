// The administrator's message push (issue 14, ADR 0046). GET /v1/compnay/push (the spec's path and spelling) lists the
// pushes sent, with delivery counts read from the messages they became; POST /v1/compnay/push sends one to all
// companies, a street, a company label, an industry or chosen companies: a 'push' message to every enabled user of
// each company (the message centre's 系统通知 tab) and, when asked, an SMS to each of those users' mobiles.
import { containsText } from '../../db/sql';
import { sql } from 'kysely';
import {
  PUSH_TARGET_LABELS,
  PushListQuery,
  PushSendBody,
  PushTargetsBody,
  type PushList,
  type PushRow,
  type PushTarget,
  type PushTargets,
} from '@ip/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { badRequest } from '../../http/errors';
import { route, type RouteRegistry } from '../../http/routes';
import { deliverToUser } from '../messages/deliver';

type SendBody = z.output<typeof PushSendBody>;

/** The companies a push goes to. */
async function targetCompanies(deps: Deps, b: SendBody): Promise<number[]> {
  const { db } = deps.db;
  let q = db.selectFrom('companies').select('companies.id').orderBy('companies.id');
  if (b.target === 'street') q = q.where('companies.street_id', '=', b.street_id!);
  if (b.target === 'industry') q = q.where('companies.industry', '=', b.industry!);
  if (b.target === 'companies') q = q.where('companies.id', 'in', b.company_ids);
  if (b.target === 'label') {
    q = q.where('companies.id', 'in', db.selectFrom('company_labels').select('company_id').where('label_id', '=', b.label_id!));
  }
  return (await q.execute()).map((r) => Number(r.id));
}

async function targetText(deps: Deps, target: PushTarget, value: string): Promise<string> {
  const v = JSON.parse(value || 'null') as unknown;
  if (target === 'street') {
    const s = await deps.db.db.selectFrom('streets').select('name').where('id', '=', Number(v)).executeTakeFirst();
    return `街道：${s?.name ?? '已删除的街道'}`;
  }
  if (target === 'label') {
    const l = await deps.db.db.selectFrom('service_labels').select('name').where('id', '=', Number(v)).executeTakeFirst();
    return `标签：${l?.name ?? '已删除的标签'}`;
  }
  if (target === 'industry') return `行业：${String(v)}`;
  if (target === 'companies') return `${Array.isArray(v) ? v.length : 0} 家指定企业`;
  return PUSH_TARGET_LABELS.all;
}

async function sendPush(deps: Deps, adminId: number, b: SendBody): Promise<PushRow> {
  const { db } = deps.db;
  if (b.target === 'street' && !(await db.selectFrom('streets').select('id').where('id', '=', b.street_id!).executeTakeFirst())) {
    throw badRequest('街道不存在', [{ path: 'street_id', msg: '街道不存在' }]);
  }
  if (
    b.target === 'label' &&
    !(await db
      .selectFrom('service_labels')
      .select('id')
      .where('id', '=', b.label_id!)
      .where('kind', '=', 'company')
      .executeTakeFirst())
  ) {
    throw badRequest('企业标签不存在', [{ path: 'label_id', msg: '企业标签不存在' }]);
  }
  const companies = await targetCompanies(deps, b);
  if (b.target === 'companies' && companies.length !== b.company_ids.length) {
    throw badRequest('所选企业不存在，请重新选择', [{ path: 'company_ids', msg: '所选企业不存在，请重新选择' }]);
  }
  if (!companies.length) throw badRequest('没有符合条件的企业，未发送');
  const value =
    b.target === 'street'
      ? b.street_id
      : b.target === 'label'
        ? b.label_id
        : b.target === 'industry'
          ? b.industry
          : b.target === 'companies'
            ? b.company_ids
            : null;
  const now = deps.clock().toISOString();
  const r = await db
    .insertInto('pushes')
    .values({
      title: b.title,
      body: b.body,
      link: b.link,
      target: b.target,
      target_value: JSON.stringify(value),
      sms: b.sms ? 1 : 0,
      created_by: adminId,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(r.id);
  let users = 0;
  let smsSent = 0;
  for (let i = 0; i < companies.length; i += 500) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'company_id', 'mobile'])
      .where('company_id', 'in', companies.slice(i, i + 500))
      .where('status', '=', 1)
      .orderBy('id')
      .execute();
    for (const u of rows) {
      const isNew = await deliverToUser(deps, u.id, u.company_id, {
        kind: 'push',
        title: b.title,
        body: b.body,
        link: b.link,
        objectType: 'push',
        objectId: id,
        key: `push:${id}`,
      });
      if (!isNew) continue;
      users++;
      if (b.sms && /^1\d{10}$/.test(u.mobile)) {
        try {
          await deps.sms.send(u.mobile, `【知识产权服务中心】${b.title}：${b.body.slice(0, 60)}${b.body.length > 60 ? '…' : ''}`);
          smsSent++;
        } catch (err) {
          deps.log.warn({ err, push: id }, 'push sms failed');
        }
      }
    }
  }
  await db.updateTable('pushes').set({ companies: companies.length, users, sms_sent: smsSent }).where('id', '=', id).execute();
  return (await listPushes(deps, { page: 1, page_size: 1 }, id)).list[0];
}

async function listPushes(deps: Deps, p: { page: number; page_size: number }, onlyId?: number): Promise<PushList> {
  const { db } = deps.db;
  let q = db.selectFrom('pushes');
  if (onlyId) q = q.where('id', '=', onlyId);
  const [{ total }] = await q.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const rows = await q
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(p.page_size)
    .offset((p.page - 1) * p.page_size)
    .execute();
  const ids = rows.map((r) => Number(r.id));
  const counts = new Map<number, { sent: number; read: number }>();
  if (ids.length) {
    const c = await db
      .selectFrom('messages')
      .select(['object_id', (eb) => eb.fn.countAll<number>().as('sent'), sql<number>`count(read_at)`.as('read')])
      .where('object_type', '=', 'push')
      .where('kind', '=', 'push')
      .where('object_id', 'in', ids)
      .groupBy('object_id')
      .execute();
    for (const x of c) counts.set(Number(x.object_id), { sent: Number(x.sent), read: Number(x.read) });
  }
  const list: PushRow[] = [];
  for (const r of rows) {
    const target = r.target as PushTarget;
    const c = counts.get(Number(r.id)) ?? { sent: 0, read: 0 };
    list.push({
      id: Number(r.id),
      title: r.title,
      body: r.body,
      link: r.link,
      target,
      target_label: PUSH_TARGET_LABELS[target],
      target_text: await targetText(deps, target, r.target_value),
      sms: Number(r.sms) === 1,
      companies: Number(r.companies),
      // Deleted messages still count as sent: they were delivered.
      sent: c.sent,
      read: c.read,
      sms_sent: Number(r.sms_sent),
      created_at: r.created_at,
    });
  }
  return { list, total: Number(total), page: p.page, page_size: p.page_size };
}

async function pushTargets(deps: Deps, keyword: string | undefined): Promise<PushTargets> {
  const { db } = deps.db;
  const streets = await db.selectFrom('streets').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
  const labels = await db
    .selectFrom('service_labels')
    .select(['id', 'name'])
    .where('kind', '=', 'company')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const industries = await db
    .selectFrom('companies')
    .select('industry')
    .distinct()
    .where('industry', '!=', '')
    .orderBy('industry')
    .execute();
  let cq = db.selectFrom('companies').select(['id', 'company_name']).orderBy('id').limit(20);
  if (keyword) cq = cq.where(containsText('company_name', keyword));
  const companies = await cq.execute();
  return {
    streets: streets.map((s) => ({ id: Number(s.id), name: s.name })),
    labels: labels.map((l) => ({ id: Number(l.id), name: l.name })),
    industries: industries.map((i) => i.industry),
    companies: companies.map((c) => ({ id: Number(c.id), name: c.company_name })),
  };
}

const ADMIN: ['admin'] = ['admin'];
const DENIED = '仅管理员可推送消息';

export const pushRoutes: RouteRegistry = [
  route({
    method: 'GET',
    url: '/compnay/push',
    access: ADMIN,
    denied: DENIED,
    summary: '消息推送记录（推送对象、送达数、已读数；路径按规格拼写 compnay）',
    query: PushListQuery,
    handler: ({ query, deps }) => listPushes(deps, query),
  }),
  route({
    method: 'POST',
    url: '/compnay/push',
    access: ADMIN,
    denied: DENIED,
    summary: '推送消息：全部企业、街道、企业标签、行业或指定企业，送达消息中心（可同时发短信）',
    body: PushSendBody,
    handler: ({ body, session, deps }) => sendPush(deps, session?.subject === 'user' ? session.user.id : 0, body),
  }),
  route({
    method: 'POST',
    url: '/compnay/push/targets',
    access: ADMIN,
    denied: DENIED,
    summary: '推送对象选项：街道、企业标签、行业，以及按名称查找企业（最多 20 家）',
    body: PushTargetsBody,
    readOnly: true,
    handler: ({ body, deps }) => pushTargets(deps, body.keyword),
  }),
];
