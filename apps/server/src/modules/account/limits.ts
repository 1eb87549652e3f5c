import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { tooMany } from '../../http/errors';

/**
 * Fixed-window counters in rate_limits (ADR 0013). Each hit is ONE upsert statement, so concurrent requests on
 * SQLite or PostgreSQL each see their own count: of 200 simultaneous tries against a limit of 5, exactly 5 pass.
 */
export async function hit(deps: Deps, key: string, windowMs: number): Promise<{ count: number; resetAt: Date }> {
  const now = deps.clock();
  const nowIso = now.toISOString();
  const expired = sql<boolean>`${sql.ref('rate_limits.reset_at')} <= ${nowIso}`;
  const row = await deps.db.db
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: new Date(now.getTime() + windowMs).toISOString() })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else ${sql.ref('rate_limits.count')} + 1 end`,
        reset_at: sql<string>`case when ${expired} then ${sql.ref('excluded.reset_at')} else ${sql.ref('rate_limits.reset_at')} end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt: new Date(row.reset_at) };
}

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
  /** The Chinese refusal; {wait} becomes the wait, in minutes or seconds as the window suits. */
  message: string;
}

function waitText(ms: number, windowMs: number): string {
  if (windowMs <= 5 * 60 * 1000) return `${Math.max(1, Math.ceil(ms / 1000))} 秒`;
  return `${Math.max(1, Math.ceil(ms / 60_000))} 分钟`;
}

/**
 * Counts one attempt against each limit in turn and throws 429 at the first one exceeded. A refused attempt is not
 * counted against the later (wider) limits, so a flood stopped by the narrow key does not use up the wide ones.
 */
export async function consume(deps: Deps, limits: Limit[]): Promise<void> {
  for (const l of limits) {
    const { count, resetAt } = await hit(deps, l.key, l.windowMs);
    if (count > l.max) {
      const wait = resetAt.getTime() - deps.clock().getTime();
      throw tooMany(l.message.replace('{wait}', waitText(wait, l.windowMs)));
    }
  }
}

/** Gives one attempt back to each counter (a login that succeeded was not a failure). */
export async function refund(deps: Deps, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await deps.db.db
    .updateTable('rate_limits')
    .set({ count: sql<number>`count - 1` })
    .where('key', 'in', keys)
    .where('count', '>', 0)
    .execute();
}

export async function clear(deps: Deps, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await deps.db.db.deleteFrom('rate_limits').where('key', 'in', keys).execute();
}
