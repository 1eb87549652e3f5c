import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_MAX_FAILURES_PER_MOBILE,
  LOGIN_MOBILE_WINDOW_MS,
  USER_STATUS_DELETED,
  accountKindOf,
  chooseRouteSet,
  menuFor,
  rolesFor,
  type SessionUser,
} from '@ip/contract';
import type { Deps } from '../../deps';
import { endSessionsOf, issueToken, type Session, type UserRow } from '../../http/auth';
import { badRequest, conflict, forbidden } from '../../http/errors';
import { clear, consume, refund, type Limit } from './limits';
import { NEW_USER } from './new-user';
import { checkCode, invalidCode } from './codes';
import { hashPassword, verifyPassword } from './passwords';

type UserSession = Extract<Session, { subject: 'user' }>;

/** The three login counters of ADR 0013 for one attempt: mobile + address, address, mobile (slower, hourly). */
function loginLimits(mobile: string, ip: string): Limit[] {
  return [
    {
      key: `login:mi:${mobile}:${ip}`,
      max: LOGIN_MAX_FAILURES,
      windowMs: LOGIN_FAILURE_WINDOW_MS,
      message: '登录失败次数过多，请 {wait}后再试',
    },
    {
      key: `login:i:${ip}`,
      max: LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: LOGIN_FAILURE_WINDOW_MS,
      message: '当前网络登录失败次数过多，请 {wait}后再试',
    },
    {
      key: `login:m:${mobile}`,
      max: LOGIN_MAX_FAILURES_PER_MOBILE,
      windowMs: LOGIN_MOBILE_WINDOW_MS,
      message: '该账号登录失败次数过多，已临时保护，请 {wait}后再试或通过短信找回密码',
    },
  ];
}

/**
 * Checks mobile and password; returns the enabled user. Every attempt is counted BEFORE the password is verified
 * (one atomic upsert per counter), so concurrent guesses cannot run more verifications than the limit; a success
 * gives its attempt back and clears the mobile + address counter.
 */
export async function authenticate(deps: Deps, mobile: string, password: string, ip: string): Promise<UserRow> {
  const limits = loginLimits(mobile, ip);
  await consume(deps, limits);
  const user = await deps.db.db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
  const good = user ? await verifyPassword(user.password_hash, password) : false;
  if (!user || !good) throw badRequest('手机号或密码错误');
  await refund(deps, [limits[1].key, limits[2].key]);
  await clear(deps, [limits[0].key]);
  if (user.status !== 1) throw forbidden('账号已被停用，请联系管理员');
  return user;
}

/** Logs in with mobile and password: a new token and the account's newtype. */
export async function login(
  deps: Deps,
  mobile: string,
  password: string,
  ip: string,
): Promise<{ token: string; newtype: number }> {
  const user = await authenticate(deps, mobile, password, ip);
  return { token: await issueToken(deps, 'user', user.id), newtype: user.newtype };
}

/** The session user of spec §3, with the menu of the account's route set. */
export function sessionUser(session: UserSession, token: string): SessionUser {
  const u = session.user;
  const roles = rolesFor(u.is_admin);
  const set = chooseRouteSet({ is_news: u.is_news, com_id: u.com_id, is_admin: u.is_admin, roles });
  return {
    token,
    name: u.name,
    avatar: u.avatar,
    type: u.type,
    is_admin: u.is_admin,
    is_admin_view: session.isAdminView ? 1 : 0,
    is_news: u.is_news,
    rid: u.rid,
    id: u.id,
    com_id: u.com_id,
    admin_name: session.isAdminView ? session.adminName : '',
    pid: u.pid,
    street_id: u.street_id,
    street_name: u.street_name,
    introduction: u.introduction,
    roles,
    newtype: u.newtype || 1,
    menu: menuFor(set),
    mobile: u.mobile,
    company_name: u.company_name,
    must_change_password: u.must_change_password ? 1 : 0,
  };
}

/** Registers a trial company user (type '1') after checking the SMS code; logs them in. */
export async function register(
  deps: Deps,
  input: { mobile: string; code: string; password: string; name: string; company_name: string },
): Promise<{ token: string; newtype: number }> {
  const { db } = deps.db;
  // The code first: without a code from this mobile's SMS, nobody learns whether the mobile is registered.
  await checkCode(deps, input.mobile, 'register', input.code);
  const exists = await db.selectFrom('users').select('id').where('mobile', '=', input.mobile).executeTakeFirst();
  if (exists) throw conflict('该手机号已注册，请直接登录');
  const now = deps.clock().toISOString();
  const password_hash = await hashPassword(input.password);
  let id: number;
  try {
    const row = await db
      .insertInto('users')
      .values({
        ...NEW_USER,
        type: '1',
        mobile: input.mobile,
        password_hash,
        name: input.name,
        company_name: input.company_name,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } catch (err) {
    if (/unique|duplicate/i.test(String(err))) throw conflict('该手机号已注册，请直接登录');
    throw err;
  }
  return { token: await issueToken(deps, 'user', id), newtype: 1 };
}

/**
 * Sets a new password after an SMS code; every session of the account ends. An unknown mobile answers exactly like
 * a registered one without a valid code (send-code stored a code nobody received), so nothing tells them apart.
 */
export async function resetPassword(deps: Deps, input: { mobile: string; code: string; password: string }): Promise<void> {
  await checkCode(deps, input.mobile, 'forget', input.code);
  const user = await deps.db.db
    .selectFrom('users')
    .select(['id', 'status'])
    .where('mobile', '=', input.mobile)
    .executeTakeFirst();
  if (!user) throw invalidCode();
  await setPassword(deps, user.id, input.password);
  // The owner proved the mobile: the lockouts on it end.
  await clearLoginLimits(deps.db.db, input.mobile);
}

/** Deletes the login counters of a mobile (all its addresses and the per-mobile one; keys of loginLimits). */
export async function clearLoginLimits(db: Kysely<Database>, mobile: string): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where((eb) => eb.or([eb('key', '=', `login:m:${mobile}`), eb('key', 'like', `login:mi:${mobile}:%`)]))
    .execute();
}

/** Replaces the password hash and deletes every token of the user (spec: tokens die on password change). */
export function setPassword(deps: Deps, userId: number, password: string): Promise<void> {
  return storePassword(deps.db.db, userId, password, deps.clock().toISOString());
}

/**
 * setPassword without a running app (the admin:password tool): the hash, then every session of the user ends. The
 * user chose (or was told) this password themselves, so an administrator's must-change mark clears (ADR 0019).
 */
export async function storePassword(db: Kysely<Database>, userId: number, password: string, now: string): Promise<void> {
  const password_hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash, must_change_password: 0, updated_at: now })
      .where('id', '=', userId)
      .execute();
    await endSessionsOf(trx, userId);
  });
}

/** Changes the password of the logged-in user after checking the old one. */
export async function changePassword(deps: Deps, session: UserSession, oldPassword: string, password: string): Promise<void> {
  if (session.isAdminView) throw forbidden('管理员代查看时不能修改用户密码');
  if (!(await verifyPassword(session.user.password_hash, oldPassword))) {
    throw badRequest('原密码不正确', [{ path: 'old_password', msg: '原密码不正确' }]);
  }
  if (oldPassword === password) throw badRequest('新密码不能与原密码相同', [{ path: 'password', msg: '新密码不能与原密码相同' }]);
  await setPassword(deps, session.user.id, password);
}

/**
 * The login of /web/small/login (spec §4 "Visitor login: mobile, code"; ADR 0044 as amended): the SMS code is checked
 * first. An enterprise-service account (main account or staff, DOMAIN §1) then gets a field token, limited to the
 * field allow-list (http/field-scope.ts), and a disabled one is refused as at the password login. Any other mobile is
 * a visitor: the visitor is created on first login and gets a visitor token, which is no user session (it may make
 * only visitor calls). `kind` tells the page where to go next.
 */
export async function visitorLogin(
  deps: Deps,
  mobile: string,
  code: string,
): Promise<{ token: string; kind: 'field' | 'visitor' }> {
  await checkCode(deps, mobile, 'visitor', code);
  const { db } = deps.db;
  const user = await db
    .selectFrom('users')
    .select(['id', 'status', 'is_news', 'com_id', 'is_admin', 'type'])
    .where('mobile', '=', mobile)
    .executeTakeFirst();
  const kind = user ? accountKindOf(user) : null;
  if (user && (kind === 'main' || kind === 'staff') && user.status !== USER_STATUS_DELETED) {
    if (user.status !== 1) throw forbidden('账号已被停用，请联系管理员');
    return { token: await issueToken(deps, 'user', user.id, undefined, 'field'), kind: 'field' };
  }
  const now = deps.clock().toISOString();
  let visitor = await db.selectFrom('visitors').select('id').where('mobile', '=', mobile).executeTakeFirst();
  if (!visitor) {
    visitor = await db
      .insertInto('visitors')
      .values({ mobile, name: '', created_at: now, last_login_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
  } else {
    await db.updateTable('visitors').set({ last_login_at: now }).where('id', '=', visitor.id).execute();
  }
  return { token: await issueToken(deps, 'visitor', visitor.id), kind: 'visitor' };
}

/** Checks the SMS code for binding a WeChat account to a mobile. */
export function checkBindingCode(deps: Deps, mobile: string, code: string): Promise<void> {
  return checkCode(deps, mobile, 'binding', code);
}
