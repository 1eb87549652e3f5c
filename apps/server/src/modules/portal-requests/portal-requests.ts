// The portal's service pages (issue 14, ADR 0054): questions (/web/askAbout), dialogue topics (/web/dialogue) and
// 马上办 appointments (/web/immediately) sent by a visitor logged in by SMS code or by a logged-in user; the
// administrator answers or handles them (/consulting, 门户留言与预约). Each sender sees only their own: every query of
// the sender is filtered by visitor_id or user_id.
import {
  PORTAL_REQUEST_KIND_LABELS,
  PORTAL_REQUEST_STATUS_LABELS,
  PortalRequestAdminListBody,
  PortalRequestBody,
  PortalRequestHandleBody,
  PortalRequestMineBody,
  type PortalRequestList,
  type PortalRequestRow,
} from '@ip/contract';
import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { Deps } from '../../deps';
import type { Database, PortalRequestsTable } from '../../db/schema';
import { containsText } from '../../db/sql';
import type { Session } from '../../http/auth';
import { conflict, notFound } from '../../http/errors';
import { route, type RouteRegistry } from '../../http/routes';
import { consume } from '../account/limits';

const ADMIN_ONLY = '仅管理员可以处理门户留言与预约';
/** At most this many sends per sender per hour (a visitor's SMS login already costs a code). */
const SEND_LIMIT = { max: 10, windowMs: 3_600_000, message: '提交过于频繁，请 {wait}后再试' };

function sender(session: Session | null): { visitor_id: number; user_id: number; key: string } {
  if (session?.subject === 'visitor') return { visitor_id: session.visitorId, user_id: 0, key: `v${session.visitorId}` };
  const id = session?.subject === 'user' ? session.user.id : 0;
  return { visitor_id: 0, user_id: id, key: `u${id}` };
}

function toRow(r: Selectable<PortalRequestsTable>): PortalRequestRow {
  return {
    id: Number(r.id),
    kind: r.kind,
    kind_label: PORTAL_REQUEST_KIND_LABELS[r.kind],
    name: r.name,
    company: r.company,
    mobile: r.mobile,
    content: r.content,
    preferred_date: r.preferred_date,
    status: r.status,
    status_label: PORTAL_REQUEST_STATUS_LABELS[r.status],
    reply: r.reply,
    handled_at: r.handled_at,
    created_at: r.created_at,
  };
}

async function send(deps: Deps, session: Session | null, body: ReturnType<typeof PortalRequestBody.parse>) {
  const who = sender(session);
  await consume(deps, [{ key: `portal-request:${who.key}`, ...SEND_LIMIT }]);
  const row = await deps.db.db
    .insertInto('portal_requests')
    .values({
      kind: body.kind,
      name: body.name,
      company: body.company,
      mobile: body.mobile,
      content: body.content,
      preferred_date: body.kind === 'appointment' ? body.preferred_date : null,
      status: 'open',
      visitor_id: who.visitor_id,
      user_id: who.user_id,
      created_at: deps.clock().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRow(row);
}

async function mine(deps: Deps, session: Session | null, body: ReturnType<typeof PortalRequestMineBody.parse>) {
  const who = sender(session);
  let q: Q = deps.db.db.selectFrom('portal_requests');
  q = who.visitor_id
    ? q.where('visitor_id', '=', who.visitor_id)
    : q.where('user_id', '=', who.user_id).where('visitor_id', '=', 0);
  if (body.kind) q = q.where('kind', '=', body.kind);
  return page(q, body.page, body.page_size);
}

type Q = SelectQueryBuilder<Database, 'portal_requests', object>;

async function page(q: Q, pageNo: number, size: number): Promise<PortalRequestList> {
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .offset((pageNo - 1) * size)
    .execute();
  return { list: rows.map(toRow), total: Number(total.n), page: pageNo, page_size: size };
}

async function adminList(deps: Deps, body: ReturnType<typeof PortalRequestAdminListBody.parse>) {
  let q: Q = deps.db.db.selectFrom('portal_requests');
  if (body.kind) q = q.where('kind', '=', body.kind);
  if (body.status) q = q.where('status', '=', body.status);
  if (body.keyword) {
    const k = body.keyword;
    q = q.where((eb) => eb.or([containsText('content', k), containsText('name', k), containsText('company', k)]));
  }
  return page(q, body.page, body.page_size);
}

async function handle(deps: Deps, body: ReturnType<typeof PortalRequestHandleBody.parse>) {
  const db = deps.db.db;
  const r = await db.selectFrom('portal_requests').selectAll().where('id', '=', body.id).executeTakeFirst();
  if (!r) throw notFound('留言不存在或已删除');
  if (r.status === 'handled') throw conflict('该留言已处理');
  const row = await db
    .updateTable('portal_requests')
    .set({ status: 'handled', reply: body.reply, handled_at: deps.clock().toISOString() })
    .where('id', '=', body.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRow(row);
}

export const portalRequestRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/portal/request',
    access: 'visitor',
    summary: '门户在线咨询、对话议题或马上办预约（短信登录的访客或已登录用户；每小时最多 10 次）',
    body: PortalRequestBody,
    handler: ({ body, session, deps }) => send(deps, session, body),
  }),
  route({
    method: 'POST',
    url: '/portal/request/mine',
    access: 'visitor',
    summary: '本人提交的门户咨询、议题与预约及答复',
    body: PortalRequestMineBody,
    readOnly: true,
    handler: ({ body, session, deps }) => mine(deps, session, body),
  }),
  route({
    method: 'POST',
    url: '/portal/admin/requests',
    access: ['admin'],
    denied: ADMIN_ONLY,
    summary: '门户留言与预约列表（类型、状态、关键词，分页）',
    body: PortalRequestAdminListBody,
    readOnly: true,
    handler: ({ body, deps }) => adminList(deps, body),
  }),
  route({
    method: 'POST',
    url: '/portal/admin/request/handle',
    access: ['admin'],
    denied: ADMIN_ONLY,
    summary: '答复或办结门户留言与预约',
    body: PortalRequestHandleBody,
    handler: ({ body, deps }) => handle(deps, body),
  }),
];
