// Delivering messages to the message centre (migration 011). Every producer — fee and certificate warnings,
// monitoring hits, approval results, reports, administrator push — calls these; the unique delivery key makes a
// repeated delivery (a second scan, a second server, a restart) a no-op.
import type { Deps } from '../../deps';

export type MessageKind = 'fee' | 'certificate' | 'monitor' | 'approval' | 'report' | 'push' | 'system';

export interface NewMessage {
  kind: MessageKind;
  title: string;
  body?: string;
  /** The web route of the message's object. */
  link?: string;
  objectType?: string;
  objectId?: number;
  /** What makes this delivery unique for one recipient, e.g. `fee:123:6:30` (the user id is appended). */
  key: string;
}

/** Delivers one message to one user; returns true when it is new (false: that key was delivered before). */
export async function deliverToUser(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  companyId: number,
  msg: NewMessage,
): Promise<boolean> {
  const r = await deps.db.db
    .insertInto('messages')
    .values({
      user_id: userId,
      company_id: companyId,
      kind: msg.kind,
      title: msg.title.slice(0, 200),
      body: msg.body ?? '',
      link: msg.link ?? '',
      object_type: msg.objectType ?? '',
      object_id: msg.objectId ?? 0,
      delivery_key: `${msg.key}:u${userId}`.slice(0, 200),
      created_at: deps.clock().toISOString(),
      read_at: null,
      handled_at: null,
    })
    .onConflict((oc) => oc.column('delivery_key').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Delivers one message to every enabled user of a company (its main account and sub-accounts); returns how many were new. */
export async function deliverToCompany(deps: Pick<Deps, 'db' | 'clock'>, companyId: number, msg: NewMessage): Promise<number> {
  const users = await deps.db.db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('status', '=', 1)
    .execute();
  let n = 0;
  for (const u of users) if (await deliverToUser(deps, u.id, companyId, msg)) n++;
  return n;
}

/** Marks the messages about an object handled (e.g. the fee of a year was paid): they stay, shown as 已处理. */
export async function markHandled(
  deps: Pick<Deps, 'db' | 'clock'>,
  objectType: string,
  objectId: number,
  keyPrefix?: string,
  /** Only this company's messages (an object such as a patent may concern several companies). */
  companyId?: number,
): Promise<void> {
  let q = deps.db.db
    .updateTable('messages')
    .set({ handled_at: deps.clock().toISOString() })
    .where('object_type', '=', objectType)
    .where('object_id', '=', objectId)
    .where('handled_at', 'is', null);
  if (keyPrefix) q = q.where('delivery_key', 'like', `${keyPrefix}%`);
  if (companyId !== undefined) q = q.where('company_id', '=', companyId);
  await q.execute();
}

/** Undoes markHandled (e.g. the payment that handled a fee's warnings was deleted): the messages show as open again. */
export async function reopenHandled(
  deps: Pick<Deps, 'db' | 'clock'>,
  objectType: string,
  objectId: number,
  keyPrefix: string,
  companyId: number,
): Promise<number> {
  const r = await deps.db.db
    .updateTable('messages')
    .set({ handled_at: null })
    .where('object_type', '=', objectType)
    .where('object_id', '=', objectId)
    .where('delivery_key', 'like', `${keyPrefix}%`)
    .where('company_id', '=', companyId)
    .where('handled_at', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}
