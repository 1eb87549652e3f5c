import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { TOKEN_COOKIE, TOKEN_IDLE_TTL_MS, accountKindOf, type AccountKind } from '@ip/contract';
import type { Deps } from '../deps';
import type { UsersTable } from '../db/schema';
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
  const header = req.headers.authorization;
  if (header) {
    const t = header.replace(/^Bearer\s+/i, '').trim();
    if (t) return t;
  }
  const cookie = (req.cookies as Record<string, string | undefined> | undefined)?.[TOKEN_COOKIE];
  return cookie || undefined;
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
  if (idle > TOKEN_IDLE_TTL_MS) {
    await db.deleteFrom('tokens').where('token_hash', '=', hash).execute();
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
  if (row.is_admin_view && row.admin_id) {
    const admin = await db.selectFrom('users').select('name').where('id', '=', row.admin_id).executeTakeFirst();
    adminName = admin?.name ?? '';
  }
  return {
    subject: 'user',
    tokenHash: hash,
    user,
    kind: accountKindOf(user),
    isAdminView: row.is_admin_view === 1,
    adminId: row.admin_id,
    adminName,
  };
}

/** Issues a token for a subject and stores its hash. */
export async function issueToken(
  deps: Deps,
  subject: 'user' | 'visitor' | 'ifon',
  subjectId: number,
  adminView?: { adminId: number },
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
      created_at: now,
      last_used_at: now,
    })
    .execute();
  return token;
}
