// The message centre's reads and changes (ADR 0028). Every query is filtered by the session's user id: a user sees
// and changes only their own messages; an id of someone else's message is refused as if it did not exist, and a
// request naming several ids changes nothing when one of them is not the user's.
import { sql } from 'kysely';
import {
  MESSAGE_KIND_LABELS,
  MESSAGE_TABS,
  chinaDayStart,
  kindsOfTab,
  type MessageChange,
  type MessageKindCode,
  type MessageList,
  MessageListBody,
  type MessageReadAllBody,
  type MessageRow,
  type MessageTab,
  type MessageUnreadCount,
} from '@ip/contract';
import type { Deps } from '../../deps';
import type { Session } from '../../http/auth';
import { forbidden, notFound } from '../../http/errors';
import { containsText } from '../../db/sql';
import type { MessagesTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { monitorMessagesRead } from '../monitoring/hit-messages';

/** Whose message centre a session opens: the user (in admin view: the viewed user), and whether it is admin view. */
export interface Reader {
  userId: number;
  adminView: boolean;
}

export function readerOf(session: Session | null): Reader {
  if (!session || session.subject !== 'user' || session.kind === 'admin') {
    throw forbidden('管理员账号没有消息中心，请进入企业端查看企业用户的消息');
  }
  return { userId: session.user.id, adminView: session.isAdminView };
}

const NOT_FOUND = '消息不存在或已删除';

function toRow(r: Selectable<MessagesTable>): MessageRow {
  const kind = r.kind as MessageKindCode;
  return {
    id: r.id,
    kind,
    kind_label: MESSAGE_KIND_LABELS[kind] ?? '系统通知',
    title: r.title,
    body: r.body,
    link: r.link,
    object_type: r.object_type,
    object_id: r.object_id,
    created_at: r.created_at,
    read_at: r.read_at,
    handled_at: r.handled_at,
  };
}

function own(deps: Deps, reader: Reader) {
  return deps.db.db.selectFrom('messages').where('user_id', '=', reader.userId).where('deleted_at', 'is', null);
}

export async function listMessages(deps: Deps, reader: Reader, body: z.output<typeof MessageListBody>): Promise<MessageList> {
  let q = own(deps, reader);
  if (body.kind) q = q.where('kind', 'in', kindsOfTab(body.kind));
  const unreadRow = await q
    .where('read_at', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (body.read === 'unread') q = q.where('read_at', 'is', null);
  if (body.read === 'read') q = q.where('read_at', 'is not', null);
  if (body.handled === 'handled') q = q.where('handled_at', 'is not', null);
  if (body.handled === 'unhandled') q = q.where('handled_at', 'is', null);
  if (body.date_from) q = q.where('created_at', '>=', chinaDayStart(body.date_from));
  if (body.date_to) q = q.where('created_at', '<', chinaDayStart(body.date_to, true));
  if (body.keyword) {
    const k = body.keyword;
    q = q.where((eb) => eb.or([containsText('title', k), containsText('body', k)]));
  }
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll()
    .orderBy(sql`case when read_at is null then 0 else 1 end`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(body.page_size)
    .offset((body.page - 1) * body.page_size)
    .execute();
  return {
    list: rows.map(toRow),
    total: Number(total),
    page: body.page,
    page_size: body.page_size,
    unread: Number(unreadRow.n),
  };
}

/** One message; opening it marks it read, except in admin view (the administrator looking is not the user reading). */
export async function messageDetail(deps: Deps, reader: Reader, id: number): Promise<MessageRow> {
  const row = await own(deps, reader).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  if (!row.read_at && !reader.adminView) {
    row.read_at = deps.clock().toISOString();
    await deps.db.db
      .updateTable('messages')
      .set({ read_at: row.read_at })
      .where('id', '=', id)
      .where('user_id', '=', reader.userId)
      .where('read_at', 'is', null)
      .execute();
    if (row.kind === 'monitor') await monitorMessagesRead(deps, [row]);
  }
  return toRow(row);
}

/** Refuses the whole request when one id is not a message of the user (nothing is changed). */
async function checkOwn(deps: Deps, reader: Reader, ids: number[]): Promise<void> {
  const found = await own(deps, reader).select('id').where('id', 'in', ids).execute();
  if (found.length !== ids.length) {
    throw notFound(ids.length === 1 ? NOT_FOUND : '所选消息中有不存在或已删除的消息，未做任何修改');
  }
}

export async function markRead(deps: Deps, reader: Reader, ids: number[]): Promise<MessageChange> {
  await checkOwn(deps, reader, ids);
  const monitor = await unreadMonitor(deps, reader).where('id', 'in', ids).execute();
  const r = await deps.db.db
    .updateTable('messages')
    .set({ read_at: deps.clock().toISOString() })
    .where('user_id', '=', reader.userId)
    .where('id', 'in', ids)
    .where('read_at', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  await monitorMessagesRead(deps, monitor);
  return { count: Number(r.numUpdatedRows) };
}

/** The user's unread monitoring messages (their hits are marked read with them, ADR 0033). */
function unreadMonitor(deps: Deps, reader: Reader) {
  return deps.db.db
    .selectFrom('messages')
    .select(['company_id', 'delivery_key'])
    .where('user_id', '=', reader.userId)
    .where('kind', '=', 'monitor')
    .where('read_at', 'is', null)
    .where('deleted_at', 'is', null);
}

export async function markAllRead(deps: Deps, reader: Reader, body: MessageReadAllBody): Promise<MessageChange> {
  let q = deps.db.db
    .updateTable('messages')
    .set({ read_at: deps.clock().toISOString() })
    .where('user_id', '=', reader.userId)
    .where('read_at', 'is', null)
    .where('deleted_at', 'is', null);
  if (body.kind) q = q.where('kind', 'in', kindsOfTab(body.kind));
  const monitor = !body.kind || kindsOfTab(body.kind).includes('monitor') ? await unreadMonitor(deps, reader).execute() : [];
  const r = await q.executeTakeFirst();
  await monitorMessagesRead(deps, monitor);
  return { count: Number(r.numUpdatedRows) };
}

export async function unreadCount(deps: Deps, reader: Reader): Promise<MessageUnreadCount> {
  const rows = await own(deps, reader)
    .where('read_at', 'is', null)
    .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('kind')
    .execute();
  const by_kind = Object.fromEntries(MESSAGE_TABS.map((t) => [t, 0])) as Record<MessageTab, number>;
  let total = 0;
  for (const r of rows) {
    const tab = (MESSAGE_TABS as readonly string[]).includes(r.kind) ? (r.kind as MessageTab) : 'system';
    by_kind[tab] += Number(r.n);
    total += Number(r.n);
  }
  return { total, by_kind };
}

/**
 * Deleting hides the message (deleted_at) instead of removing the row: its delivery key stays taken, so the next
 * warning scan does not deliver the same warning again.
 */
export async function deleteMessages(deps: Deps, reader: Reader, ids: number[]): Promise<MessageChange> {
  await checkOwn(deps, reader, ids);
  const r = await deps.db.db
    .updateTable('messages')
    .set({ deleted_at: deps.clock().toISOString() })
    .where('user_id', '=', reader.userId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return { count: Number(r.numUpdatedRows) };
}
