import { queryOptions } from '@tanstack/react-query';
import { post } from '../../api/http';

/** POST /v1/user/profile: name, introduction and avatar of the current user. */
export function updateProfileCall(body: { name?: string; introduction?: string; avatar?: string }): Promise<unknown> {
  return post('/v1/user/profile', body);
}

/** POST /v1/user/change-password: the server ends every session of the account on success. */
export function changePasswordCall(body: { old_password: string; password: string; password_confirm: string }): Promise<unknown> {
  return post('/v1/user/change-password', body);
}

export interface VerificationStatus {
  /** 0 pending, 1 approved, 2 rejected, null never applied. */
  status: 0 | 1 | 2 | null;
  remark?: string | null;
  created_at?: string | null;
}

/** POST /v1/verification: the company verification application of a trial user. */
export function submitVerificationCall(body: {
  company_name: string;
  credit_code: string;
  contact: string;
  license: string;
}): Promise<unknown> {
  return post('/v1/verification', body);
}

/** POST /v1/verification/status: the latest application's state. */
export const verificationStatusQuery = () =>
  queryOptions({
    queryKey: ['verification', 'status'],
    queryFn: () => post<VerificationStatus | null>('/v1/verification/status', {}, { background: true }),
  });
