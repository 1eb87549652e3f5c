import { STORAGE_KEYS, type SessionUser } from '@ip/contract';
import { ApiError } from '../api/http';
import { fetchUserInfo, fetchUserInfoByCookie, logoutCall } from '../api/session-api';
import { hardNavigate } from './navigation';
import { sessionStore } from './session-store';
import { clearToken, getToken, hasSessionHint, local, session, setToken } from './storage';

export const EMPTY_USER_INFO_MESSAGE = '验证失败，请重新登录。';

/**
 * Spec §4: login stores the token and newtype in session storage; the token cookie is set by the server itself
 * (HttpOnly, ADR 0013).
 */
export function saveLogin(reply: { token: string; newtype?: number }): void {
  setToken(reply.token);
  session.set(STORAGE_KEYS.newtype, String(reply.newtype ?? 1));
}

/** Token reset: forget the token, newtoken, roles and avatar, and the loaded user. */
export function resetSession(): void {
  clearToken();
  sessionStore.setUser(null);
}

let pending: Promise<SessionUser> | null = null;

function isUsableUser(u: unknown): u is SessionUser {
  return !!u && typeof u === 'object' && typeof (u as SessionUser).id === 'number' && 'name' in u;
}

/** Loads the session user once (concurrent callers share the call); an empty reply is '验证失败，请重新登录。'. */
export function loadSessionUser(): Promise<SessionUser> {
  pending ??= fetchUserInfo()
    .then((user) => {
      if (!isUsableUser(user)) throw new ApiError(EMPTY_USER_INFO_MESSAGE, { kind: 'business', notified: false });
      const full: SessionUser = { ...user, menu: user.menu ?? [], roles: user.roles ?? [] };
      session.set(STORAGE_KEYS.roles, JSON.stringify(full.roles));
      if (full.avatar) session.set(STORAGE_KEYS.avatar, full.avatar);
      sessionStore.setUser(full);
      return full;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

let probed = false;

/** Whether a tab without a token should first ask the server about the token cookie (once per page load). */
export function shouldProbeCookieSession(): boolean {
  return !probed && !getToken() && hasSessionHint();
}

/**
 * A new tab has no token in session storage: ask /v1/user/info once on the HttpOnly cookie alone. When it still
 * holds a session, keep its token in session storage as a login does (spec §4); otherwise forget the hint.
 */
export async function probeCookieSession(): Promise<boolean> {
  probed = true;
  try {
    const user = await fetchUserInfoByCookie();
    if (!isUsableUser(user) || !user.token) throw new Error('no session');
    saveLogin({ token: user.token, newtype: user.newtype });
    return true;
  } catch {
    clearToken();
    return false;
  }
}

/** Tests start each page load afresh. */
export function resetCookieProbe(): void {
  probed = false;
}

/** Updates fields of the loaded user after a profile change. */
export function patchSessionUser(patch: Partial<SessionUser>): void {
  const user = sessionStore.getState().user;
  if (user) sessionStore.setUser({ ...user, ...patch });
  if (patch.avatar) session.set(STORAGE_KEYS.avatar, patch.avatar);
}

/** Clears the session and starts the app over at `to` with a full page load. */
export function clearAndReload(to = '/web/index'): void {
  resetSession();
  session.remove(STORAGE_KEYS.adminToken);
  local.remove(STORAGE_KEYS.avatar);
  hardNavigate(to);
}

/** Logout: tell the server (best effort: the local session ends either way), clear, reload at the landing page. */
export async function logout(): Promise<void> {
  try {
    if (getToken()) await logoutCall();
  } catch {
    // The token may already be gone on the server; the user still leaves.
  }
  clearAndReload('/web/index');
}

/** Admin view: keep the admin's own token aside, switch to the company user's token, start over at '/'. */
export function enterAdminView(viewToken: string): void {
  const adminToken = getToken();
  if (adminToken) session.set(STORAGE_KEYS.adminToken, adminToken);
  setToken(viewToken);
  sessionStore.setUser(null);
  hardNavigate('/');
}

/** 返回管理端: restore the saved admin token and go to the user list. Returns false when none is saved. */
export function returnToAdmin(): boolean {
  const adminToken = session.get(STORAGE_KEYS.adminToken);
  if (!adminToken) return false;
  setToken(adminToken);
  session.remove(STORAGE_KEYS.adminToken);
  sessionStore.setUser(null);
  hardNavigate('/user');
  return true;
}
