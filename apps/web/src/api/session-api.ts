import type { SessionUser } from '@ip/contract';
import { post } from './http';

/** POST /v1/user/info: the session user of the current token (null/empty when the server has none). */
export function fetchUserInfo(): Promise<SessionUser | null> {
  return post<SessionUser | null>('/v1/user/info', {});
}

/** POST /v1/user/info on the session cookie alone (no Authorization header, no message, no overlay). */
export function fetchUserInfoByCookie(): Promise<SessionUser | null> {
  return post<SessionUser | null>('/v1/user/info', {}, { cookieOnly: true, silent: true, background: true });
}

/** POST /v1/user/logout: the server deletes the token it was sent. */
export function logoutCall(): Promise<unknown> {
  return post('/v1/user/logout', {}, { silent: true });
}
