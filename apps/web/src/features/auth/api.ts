import type { SmsPurpose } from '@ip/contract';
import { post } from '../../api/http';

export interface TokenReply {
  token: string;
  newtype: number;
}

/** POST /v1/user/login: mobile + password → token. */
export function loginCall(body: { mobile: string; password: string; type: string }): Promise<TokenReply> {
  return post<TokenReply>('/v1/user/login', body);
}

/** POST /v1/user/send-code: an SMS code for registration, password reset or visitor login. */
export function sendCodeCall(body: { mobile: string; purpose: SmsPurpose }): Promise<unknown> {
  return post('/v1/user/send-code', body);
}

/** POST /v1/user/register: a trial account, logged in at once. */
export function registerCall(body: {
  mobile: string;
  code: string;
  password: string;
  name: string;
  company_name: string;
}): Promise<TokenReply> {
  return post<TokenReply>('/v1/user/register', body);
}

/** POST /v1/user/forget: resets the password with an SMS code. */
export function forgetCall(body: { mobile: string; code: string; password: string }): Promise<unknown> {
  return post('/v1/user/forget', body);
}

/** POST /v1/visitor/login: mobile + SMS code → a field token (enterprise-service staff) or a visitor token. */
export function visitorLoginCall(body: { mobile: string; code: string }): Promise<{ token: string; kind: 'field' | 'visitor' }> {
  return post<{ token: string; kind: 'field' | 'visitor' }>('/v1/visitor/login', body);
}
