import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES, chooseRouteSet, menuFor, rolesFor, type SessionUser } from '@ip/contract';
import type { Deps } from '../../deps';
import { issueToken, type Session, type UserRow } from '../../http/auth';
import { badRequest, conflict, forbidden, notFound, tooMany } from '../../http/errors';
import { NEW_USER } from './new-user';
import { checkCode } from './codes';
import { hashPassword, verifyPassword } from './passwords';

type UserSession = Extract<Session, { subject: 'user' }>;

/** Counts a failed login; after 5 within 15 minutes for one mobile, further attempts get 429. */
async function assertNotLockedOut(deps: Deps, mobile: string): Promise<void> {
  const since = new Date(deps.clock().getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString();
  const row = await deps.db.db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('mobile', '=', mobile)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= LOGIN_MAX_FAILURES) throw tooMany('登录失败次数过多，请 15 分钟后再试');
}

async function recordFailure(deps: Deps, mobile: string): Promise<void> {
  await deps.db.db.insertInto('login_failures').values({ mobile, created_at: deps.clock().toISOString() }).execute();
}

/** Checks mobile and password with the lockout rule; returns the enabled user. */
export async function authenticate(deps: Deps, mobile: string, password: string): Promise<UserRow> {
  await assertNotLockedOut(deps, mobile);
  const user = await deps.db.db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
  const good = user ? await verifyPassword(user.password_hash, password) : false;
  if (!user || !good) {
    await recordFailure(deps, mobile);
    throw badRequest('手机号或密码错误');
  }
  if (user.status !== 1) throw forbidden('账号已被停用，请联系管理员');
  await deps.db.db.deleteFrom('login_failures').where('mobile', '=', mobile).execute();
  return user;
}

/** Logs in with mobile and password: a new token and the account's newtype. */
export async function login(deps: Deps, mobile: string, password: string): Promise<{ token: string; newtype: number }> {
  const user = await authenticate(deps, mobile, password);
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
  };
}

/** Registers a trial company user (type '1') after checking the SMS code; logs them in. */
export async function register(
  deps: Deps,
  input: { mobile: string; code: string; password: string; name: string; company_name: string },
): Promise<{ token: string; newtype: number }> {
  const { db } = deps.db;
  const exists = await db.selectFrom('users').select('id').where('mobile', '=', input.mobile).executeTakeFirst();
  if (exists) throw conflict('该手机号已注册，请直接登录');
  await checkCode(deps, input.mobile, 'register', input.code);
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

/** Sets a new password after an SMS code; every session of the account ends. */
export async function resetPassword(deps: Deps, input: { mobile: string; code: string; password: string }): Promise<void> {
  const user = await deps.db.db
    .selectFrom('users')
    .select(['id', 'status'])
    .where('mobile', '=', input.mobile)
    .executeTakeFirst();
  if (!user) throw notFound('该手机号尚未注册');
  await checkCode(deps, input.mobile, 'forget', input.code);
  await setPassword(deps, user.id, input.password);
  await deps.db.db.deleteFrom('login_failures').where('mobile', '=', input.mobile).execute();
}

/** Replaces the password hash and deletes every token of the user (spec: tokens die on password change). */
export async function setPassword(deps: Deps, userId: number, password: string): Promise<void> {
  const password_hash = await hashPassword(password);
  await deps.db.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash, updated_at: deps.clock().toISOString() })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('tokens').where('subject', 'in', ['user', 'ifon']).where('subject_id', '=', userId).execute();
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

/** Logs a visitor in with an SMS code, creating the visitor on first login. */
export async function visitorLogin(deps: Deps, mobile: string, code: string): Promise<{ token: string }> {
  await checkCode(deps, mobile, 'visitor', code);
  const { db } = deps.db;
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
  return { token: await issueToken(deps, 'visitor', visitor.id) };
}

/** Checks the SMS code for binding a WeChat account to a mobile. */
export function checkBindingCode(deps: Deps, mobile: string, code: string): Promise<void> {
  return checkCode(deps, mobile, 'binding', code);
}
