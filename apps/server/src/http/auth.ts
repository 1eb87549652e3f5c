import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { TOKEN_ABSOLUTE_TTL_MS, TOKEN_COOKIE, TOKEN_IDLE_TTL_MS, accountKindOf, type AccountKind } from '@ip/contract';
import type { Deps } from '../deps';
import type { Database, UsersTable } from '../db/schema';
import { forbidden, unauthorized } from './errors';

export type UserRow = Omit<UsersTable, 'id'> & { id: number };

/** Who is calling: a user account (possibly in admin view), a visitor, or a second-authentication token. */
export type Session =
  | {
      subject: 'user';
      tokenHash: string;
      user: UserRow;
      kind: AccountKind;
      isAdminView: boolean;
      adminId: number | null;
      adminName: string;
      /** A field token of the mobile visit pages: only the field allow-list (http/field-scope.ts, ADR 0044). */
      field?: boolean;
    }
  | { subject: 'visitor'; tokenHash: string; visitorId: number; mobile: string };

/** A token is 32 random bytes, hex; only its SHA-256 is stored (ARCHITECTURE rule 4). */
export function newToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('hex');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** The raw token a request carries: Authorization (with or without Bearer), else the token cookie. */
export function tokenFromRequest(req: FastifyRequest): string | undefined {
  return tokenSource(req)?.token;
}

/** The token and where it came from (a stale cookie is cleared on 401; a header is the caller's business). */
export function tokenSource(req: FastifyRequest): { token: string; from: 'header' | 'cookie' } | undefined {
  const header = req.headers.authorization;
  if (header) {
    const t = header.replace(/^Bearer\s+/i, '').trim();
    if (t) return { token: t, from: 'header' };
  }
  const cookie = (req.cookies as Record<string, string | undefined> | undefined)?.[TOKEN_COOKIE];
  return cookie ? { token: cookie, from: 'cookie' } : undefined;
}

/**
 * Cookie options of ADR 0013: out of reach of page scripts (HttpOnly), sent on top-level navigation and same-site
 * requests only (Lax), Secure when the request came over HTTPS (behind a proxy: X-Forwarded-Proto, trustProxy).
 */
export function cookieOptions(req: FastifyRequest, maxAgeMs: number, path = '/') {
  return {
    path,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: req.protocol === 'https',
    maxAge: Math.floor(maxAgeMs / 1000),
  };
}

/** Sets the session cookie beside a token the reply also carries (spec §4: the token is also kept in a cookie). */
export function setTokenCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(TOKEN_COOKIE, token, cookieOptions(req, TOKEN_ABSOLUTE_TTL_MS));
}

export function clearTokenCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(TOKEN_COOKIE, { ...cookieOptions(req, 0), maxAge: undefined });
}

/**
 * Ends every session of an account: its own tokens (user and second authentication) and, for an administrator,
 * every admin-view token it opened. Used on password change/reset and when an account is disabled.
 */
export async function endSessionsOf(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .deleteFrom('tokens')
    .where((eb) =>
      eb.or([
        eb.and([eb('subject', 'in', ['user', 'ifon']), eb('subject_id', '=', userId)]),
        eb.and([eb('is_admin_view', '=', 1), eb('admin_id', '=', userId)]),
      ]),
    )
    .execute();
}

/** Deletes a token and the admin-view tokens opened from it (logout). */
export async function deleteToken(db: Kysely<Database>, hash: string): Promise<void> {
  await db
    .deleteFrom('tokens')
    .where((eb) => eb.or([eb('token_hash', '=', hash), eb('parent_hash', '=', hash)]))
    .execute();
}

// Touching a token on every call would turn each read into a write; once a minute is enough for a 7-day idle limit.
const TOUCH_INTERVAL_MS = 60 * 1000;

/** Loads the session for a raw token; throws 401 for unknown or expired tokens and 403 for disabled accounts. */
export async function loadSession(deps: Deps, token: string): Promise<Session> {
  const { db } = deps.db;
  if (!/^[0-9a-f]{64}$/.test(token)) throw unauthorized('登录已失效，请重新登录');
  const hash = hashToken(token);
  const row = await db.selectFrom('tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  if (!row || row.subject === 'ifon') throw unauthorized('登录已失效，请重新登录');
  const now = deps.clock();
  const idle = now.getTime() - new Date(row.last_used_at).getTime();
  const age = now.getTime() - new Date(row.created_at).getTime();
  if (idle > TOKEN_IDLE_TTL_MS || age > TOKEN_ABSOLUTE_TTL_MS) {
    await deleteToken(db, hash);
    throw unauthorized('登录已过期，请重新登录');
  }
  if (idle > TOUCH_INTERVAL_MS) {
    await db.updateTable('tokens').set({ last_used_at: now.toISOString() }).where('token_hash', '=', hash).execute();
  }
  if (row.subject === 'visitor') {
    const visitor = await db.selectFrom('visitors').select(['id', 'mobile']).where('id', '=', row.subject_id).executeTakeFirst();
    if (!visitor) throw unauthorized('登录已失效，请重新登录');
    return { subject: 'visitor', tokenHash: hash, visitorId: visitor.id, mobile: visitor.mobile };
  }
  const user = await db.selectFrom('users').selectAll().where('id', '=', row.subject_id).executeTakeFirst();
  if (!user) throw unauthorized('登录已失效，请重新登录');
  if (user.status !== 1) throw forbidden('账号已被停用，请联系管理员');
  let adminName = '';
  if (row.is_admin_view) {
    // An admin-view token lives only as long as the administrator's own session and account.
    const parent = row.parent_hash
      ? await db.selectFrom('tokens').select('token_hash').where('token_hash', '=', row.parent_hash).executeTakeFirst()
      : undefined;
    const admin = row.admin_id
      ? await db.selectFrom('users').select(['name', 'status', 'is_admin']).where('id', '=', row.admin_id).executeTakeFirst()
      : undefined;
    if (!parent || !admin || admin.status !== 1 || admin.is_admin !== 1) {
      await db.deleteFrom('tokens').where('token_hash', '=', hash).execute();
      throw unauthorized('管理员登录已失效，请重新登录');
    }
    adminName = admin.name;
  }
  return {
    subject: 'user',
    tokenHash: hash,
    user,
    kind: accountKindOf(user),
    isAdminView: row.is_admin_view === 1,
    adminId: row.admin_id,
    adminName,
    field: row.scope === 'field',
  };
}

/** Issues a token for a subject and stores its hash. */
export async function issueToken(
  deps: Deps,
  subject: 'user' | 'visitor' | 'ifon',
  subjectId: number,
  adminView?: { adminId: number; parentHash: string },
  scope: '' | 'field' = '',
): Promise<string> {
  const { token, hash } = newToken();
  const now = deps.clock().toISOString();
  await deps.db.db
    .insertInto('tokens')
    .values({
      token_hash: hash,
      subject,
      subject_id: subjectId,
      is_admin_view: adminView ? 1 : 0,
      admin_id: adminView?.adminId ?? null,
      parent_hash: adminView?.parentHash ?? null,
      scope,
      created_at: now,
      last_used_at: now,
    })
    .execute();
  // /dataShow counts logins (ADR 0047): a user's own sessions, not admin view, not visitors.
  if (subject === 'user' && !adminView) {
    await deps.db.db.insertInto('activity_log').values({ kind: 'login', user_id: subjectId, created_at: now }).execute();
  }
  return token;
}
