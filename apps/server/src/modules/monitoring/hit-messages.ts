// One read state for monitoring hits and the messages that announce them (ADR 0033). A run of a rule delivers one
// message per company user, keyed `monitor:<first new hit id>:u<user>`; the hits it announces are that rule's hits
// found in the same run (same rule, same `found_at`). The rule: such a message is unread exactly while one of its hits
// is unread. A hit's read state is the company's (monitor_hits.read_at), so every user's copy follows it:
// - reading the message (opening it, 标为已读, 全部已读) marks its hits read, and then every copy read;
// - marking hits read on /early or /compdetail marks read the messages whose hits are now all read.
import { sql } from 'kysely';
import type { Deps } from '../../deps';

type D = Pick<Deps, 'db' | 'clock'>;

const KEY_RE = /^monitor:(\d+):u\d+$/;

/** The first hit id a monitoring message's delivery key names, or null for any other message. */
export function firstHitOfKey(key: string): number | null {
  const m = KEY_RE.exec(key);
  return m ? Number(m[1]) : null;
}

/** Monitoring messages were read (by one user): their hits become read, and so do the other users' copies. */
export async function monitorMessagesRead(deps: D, messages: { company_id: number; delivery_key: string }[]): Promise<void> {
  const now = deps.clock().toISOString();
  const seen = new Set<number>();
  for (const m of messages) {
    const first = firstHitOfKey(m.delivery_key);
    if (first === null || seen.has(first)) continue;
    seen.add(first);
    const hit = await deps.db.db
      .selectFrom('monitor_hits')
      .select(['rule_id', 'found_at'])
      .where('id', '=', first)
      .where('company_id', '=', m.company_id)
      .executeTakeFirst();
    if (hit) {
      await deps.db.db
        .updateTable('monitor_hits')
        .set({ read_at: now })
        .where('company_id', '=', m.company_id)
        .where('rule_id', '=', hit.rule_id)
        .where('found_at', '=', hit.found_at)
        .where('read_at', 'is', null)
        .execute();
    }
    await markCopiesRead(deps, m.company_id, first, now);
  }
}

/** Hits of a company were marked read: the monitoring messages whose hits are now all read become read (all users). */
export async function monitorHitsRead(deps: D, companyId: number): Promise<void> {
  const now = deps.clock().toISOString();
  const unread = await deps.db.db
    .selectFrom('messages')
    .select('delivery_key')
    .where('company_id', '=', companyId)
    .where('kind', '=', 'monitor')
    .where('read_at', 'is', null)
    .execute();
  const firsts = [...new Set(unread.map((m) => firstHitOfKey(m.delivery_key)).filter((n): n is number => n !== null))];
  for (const first of firsts) {
    // The run's hits: same rule and found_at as the first; the message stays unread while one of them is unread.
    const left = await sql<{ n: number }>`select count(*) as n from monitor_hits h
      join monitor_hits f on f.id = ${first} and f.company_id = ${companyId}
      where h.company_id = ${companyId} and h.rule_id = f.rule_id and h.found_at = f.found_at and h.read_at is null`.execute(
      deps.db.db,
    );
    const exists = await deps.db.db
      .selectFrom('monitor_hits')
      .select('id')
      .where('id', '=', first)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (exists && Number(left.rows[0]?.n ?? 0) === 0) await markCopiesRead(deps, companyId, first, now);
  }
}

async function markCopiesRead(deps: D, companyId: number, first: number, now: string): Promise<void> {
  await deps.db.db
    .updateTable('messages')
    .set({ read_at: now })
    .where('company_id', '=', companyId)
    .where('kind', '=', 'monitor')
    .where('delivery_key', 'like', `monitor:${first}:u%`)
    .where('read_at', 'is', null)
    .execute();
}
