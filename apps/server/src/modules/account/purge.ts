import { TOKEN_ABSOLUTE_TTL_MS, TOKEN_IDLE_TTL_MS } from '@ip/contract';
import type { Deps } from '../../deps';
import type { ScheduledTask } from '../scheduler/scheduler';

export interface PurgeCounts {
  tokens: number;
  smsCodes: number;
  rateLimits: number;
  wechatGrants: number;
}

/**
 * Deletes what can no longer be used (ADR 0013): tokens past their idle or absolute lifetime and admin-view tokens
 * whose administrator's token is gone, expired or used SMS codes, expired rate-limit windows and WeChat grants.
 * Idempotent, so several servers may run it at once.
 */
export async function purgeExpired(deps: Deps): Promise<PurgeCounts> {
  const { db } = deps.db;
  const now = deps.clock();
  const nowIso = now.toISOString();
  const idleBefore = new Date(now.getTime() - TOKEN_IDLE_TTL_MS).toISOString();
  const issuedBefore = new Date(now.getTime() - TOKEN_ABSOLUTE_TTL_MS).toISOString();
  const expired = await db
    .deleteFrom('tokens')
    .where((eb) => eb.or([eb('last_used_at', '<', idleBefore), eb('created_at', '<', issuedBefore)]))
    .executeTakeFirst();
  const orphans = await db
    .deleteFrom('tokens')
    .where('parent_hash', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('tokens as parent').select('parent.token_hash').whereRef('parent.token_hash', '=', 'tokens.parent_hash'),
        ),
      ),
    )
    .executeTakeFirst();
  const codes = await db
    .deleteFrom('sms_codes')
    .where((eb) => eb.or([eb('expires_at', '<=', nowIso), eb('consumed', '=', 1)]))
    .executeTakeFirst();
  const limits = await db.deleteFrom('rate_limits').where('reset_at', '<=', nowIso).executeTakeFirst();
  const grants = await db.deleteFrom('wechat_grants').where('expires_at', '<=', nowIso).executeTakeFirst();
  return {
    tokens: Number(expired.numDeletedRows) + Number(orphans.numDeletedRows),
    smsCodes: Number(codes.numDeletedRows),
    rateLimits: Number(limits.numDeletedRows),
    wechatGrants: Number(grants.numDeletedRows),
  };
}

/** Hourly, and once at start. */
export const purgeExpiredTask: ScheduledTask = {
  name: 'purge-expired-sessions',
  cron: '17 * * * *',
  runAtStart: true,
  run: purgeExpired,
};
