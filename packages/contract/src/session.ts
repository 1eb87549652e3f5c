import type { z } from 'zod';
import type { SessionUserSchema } from './session-schema';

/** One sidebar entry as the server sends it in the session user's menu list. */
export interface MenuItem {
  path: string;
  title: string;
  icon?: string;
  notForAdminView?: boolean;
  children?: MenuItem[];
}

export type SessionUser = z.infer<typeof SessionUserSchema>;

export type RouteSet = 'A' | 'B' | 'C' | 'D';

/** The account kinds of DOMAIN §1; visitor holds a visitor token, anonymous none. */
export type AccountKind = 'admin' | 'company' | 'trial' | 'main' | 'staff';

type SetInputs = Pick<SessionUser, 'is_news' | 'com_id' | 'is_admin'> & { roles?: string[] };

/**
 * Spec §4: is_news 1 with com_id 0 → C; is_news 1 with another com_id → D;
 * otherwise the role set from is_admin decides: role '1' → B, role '0' (or none) → A.
 */
export function chooseRouteSet(user: SetInputs): RouteSet {
  if (user.is_news === 1) return user.com_id === 0 ? 'C' : 'D';
  const roles = user.roles ?? rolesFor(user.is_admin);
  return roles.includes('1') ? 'B' : 'A';
}

/** Roles are derived from is_admin (spec §4): '1' for administrators, '0' for everyone else. */
export function rolesFor(isAdmin: number): string[] {
  return [isAdmin === 1 ? '1' : '0'];
}

/** The account kind of a session user, for authorization decisions. */
export function accountKindOf(user: Pick<SessionUser, 'is_news' | 'com_id' | 'is_admin' | 'type'>): AccountKind {
  if (user.is_news === 1) return user.com_id === 0 ? 'main' : 'staff';
  if (user.is_admin === 1) return 'admin';
  return user.type === '1' ? 'trial' : 'company';
}

/** Where each route set lands after login and on '/'. */
export const SET_HOME: Record<RouteSet, string> = { A: '/home', B: '/user', C: '/work', D: '/work' };

/**
 * Why the full-text PDF of a patent is withheld (DOMAIN §1: no full-text download until verified): 'trial' for a
 * trial user, 'login' for a visitor or someone not logged in. /v1/patents/detail sends it as pdf_restricted.
 */
export type PdfRestriction = 'trial' | 'login';
export const PDF_RESTRICTION_MESSAGES: Record<PdfRestriction, string> = {
  trial: '试用账号不能查看和下载专利全文 PDF，完成企业认证并通过审核后即可使用。',
  login: '登录企业账号后可查看和下载专利全文 PDF。',
};

/**
 * The refusal (403) of every call but changing the password, reading the session and logging out while
 * `must_change_password` is 1 (ADR 0031); the web recognises it by this text.
 */
export const MUST_CHANGE_PASSWORD_MSG = '请先修改密码后再继续使用：您的密码由管理员或企业主账号设置';
