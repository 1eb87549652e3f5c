import type { SessionUser } from '@ip/contract';
import { post } from '../../api/http';

/** POST /v1/user/info with whichever token the page carries (a field token on the mobile visit pages). */
export function fetchFieldUser(): Promise<SessionUser | null> {
  return post<SessionUser | null>('/v1/user/info', {}, { silent: true });
}

/** POST /v1/user/logout: ends the token the page carries. */
export function fieldLogoutCall(): Promise<unknown> {
  return post('/v1/user/logout', {}, { silent: true });
}
