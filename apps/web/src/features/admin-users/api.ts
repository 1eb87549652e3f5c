import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { post } from '../../api/http';

export type UserKind = 'company' | 'trial' | 'admin' | 'main' | 'staff';

export interface AdminUserRow {
  id: number;
  mobile: string;
  name: string;
  company_name: string;
  type: string;
  is_admin: number;
  is_news: number;
  com_id: number;
  status: number;
  created_at: string;
}

export interface UserListParams {
  page: number;
  page_size: number;
  keyword?: string;
  kind?: UserKind;
}

/** POST /v1/news/user/index: one page of accounts. */
export const userListQuery = (params: UserListParams) =>
  queryOptions({
    queryKey: ['admin-users', 'list', params],
    queryFn: () => post<{ list: AdminUserRow[]; total: number }>('/v1/news/user/index', params),
    placeholderData: keepPreviousData,
  });

/** POST /v1/news/user/state: enable (1) or disable (0) an account. */
export function setUserStateCall(body: { id: number; status: 0 | 1 }): Promise<unknown> {
  return post('/v1/news/user/state', body);
}

/** POST /v1/user/admin-view: a token to see the company side as that user. */
export function adminViewCall(body: { user_id: number }): Promise<{ token: string }> {
  return post<{ token: string }>('/v1/user/admin-view', body);
}
