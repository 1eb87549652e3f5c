import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { post } from '../../api/http';

export type UserKind = 'company' | 'trial' | 'admin' | 'main' | 'staff';

export interface AdminUserRow {
  id: number;
  mobile: string;
  name: string;
  company_name: string;
  company_id?: number;
  type: string;
  is_admin: number;
  is_news: number;
  com_id: number;
  status: number;
  must_change_password?: number;
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

export interface CompanyOption {
  id: number;
  company_name: string;
  credit_code: string;
  patent_num: number;
}

/** POST /v1/news/user/companies: companies by part of the name or the start of the credit code. */
export const companyOptionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['admin-users', 'companies', keyword],
    queryFn: () => post<CompanyOption[]>('/v1/news/user/companies', keyword ? { keyword } : {}, { background: true }),
    staleTime: 30_000,
  });

/** The fields of news/user/create and update-user (the contract's CreateUserBody / UpdateUserBody). */
export interface AccountFields {
  mobile?: string;
  name?: string;
  kind?: UserKind;
  password?: string;
  company_id?: number;
  company_name?: string;
  credit_code?: string;
  main_id?: number;
  street_id?: number;
  street_name?: string;
  introduction?: string;
  status?: 0 | 1;
}

/** POST /v1/news/user/create: the new id and, when the server made it up, the password (shown once). */
export function createUserCall(body: AccountFields): Promise<{ id: number; password: string | null }> {
  return post('/v1/news/user/create', body);
}

/** POST /v1/news/user/update-user: account fields. */
export function updateUserCall(body: AccountFields & { id: number }): Promise<{ changes: string[] }> {
  return post('/v1/news/user/update-user', body);
}

/** POST /v1/news/user/update-user-info: profile fields. */
export function updateUserInfoCall(body: {
  id: number;
  name?: string;
  introduction?: string;
  street_id?: number;
  street_name?: string;
}): Promise<{ changes: string[] }> {
  return post('/v1/news/user/update-user-info', body);
}

/** POST /v1/news/user/password: typed or random (returned once); the user must change it at the next login. */
export function setPasswordCall(body: { id: number; password?: string }): Promise<{ password: string | null }> {
  return post('/v1/news/user/password', body);
}

export interface UserDetail {
  user: AdminUserRow & {
    avatar: string;
    introduction: string;
    street_id: number;
    street_name: string;
    company_id: number;
    must_change_password: number;
    updated_at: string;
    kind: UserKind;
  };
  company: {
    id: number;
    company_name: string;
    credit_code: string;
    address: string;
    contact: string;
    contact_phone: string;
    industry: string;
    patent_num: number;
  } | null;
  main: { id: number; name: string; mobile: string } | null;
  staff: { id: number; name: string; mobile: string; street_name: string; status: number }[];
  staff_counts: { total: number; enabled: number } | null;
  verification: {
    id: number;
    status: number;
    company_name: string;
    credit_code: string;
    remark: string;
    created_at: string;
    reviewed_at: string | null;
  } | null;
  recent_audit: { id: number; action: string; detail: string; created_at: string; admin_name: string | null }[];
}

/** POST /v1/news/user/newsinfo: one account in full. */
export const userDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin-users', 'detail', id],
    queryFn: () => post<UserDetail>('/v1/news/user/newsinfo', { id }, { background: true }),
  });

/** The main accounts (set C), for a staff account's 所属主账号. */
export const mainAccountsQuery = () =>
  queryOptions({
    queryKey: ['admin-users', 'list', { kind: 'main', page: 1, page_size: 100 }],
    queryFn: () =>
      post<{ list: AdminUserRow[]; total: number }>(
        '/v1/news/user/index',
        { kind: 'main', page: 1, page_size: 100 },
        { background: true },
      ),
    staleTime: 30_000,
  });

export type ApplicationStatusKey = 'all' | 'pending' | 'approved' | 'rejected';

export interface ApplicationRow {
  id: number;
  user_id: number;
  user_name: string;
  user_mobile: string;
  user_kind: UserKind;
  company_name: string;
  credit_code: string;
  /** Why the credit code is not valid, or null. */
  credit_code_problem: string | null;
  contact: string;
  /** 0 pending, 1 approved, 2 rejected. */
  status: 0 | 1 | 2;
  remark: string;
  reviewer_name: string;
  created_at: string;
  reviewed_at: string | null;
  licence_state: 'file' | 'legacy' | 'missing' | 'none';
  licence_file_id: number | null;
  licence_name: string;
  matched_company: { id: number; company_name: string; by: 'credit_code' | 'name' } | null;
}

export interface ApplicationListParams {
  page: number;
  page_size: number;
  status: ApplicationStatusKey;
  keyword?: string;
  date_from?: string;
  date_to?: string;
  sort?: 'created_at' | 'reviewed_at';
  order?: 'asc' | 'desc';
}

export interface ApplicationPage {
  list: ApplicationRow[];
  total: number;
  counts: { pending: number; approved: number; rejected: number };
}

/** POST /v1/news/user/queue: the verification applications, pending first. */
export const applicationListQuery = (params: ApplicationListParams) =>
  queryOptions({
    queryKey: ['admin-users', 'applications', params],
    queryFn: () => post<ApplicationPage>('/v1/news/user/queue', params),
    placeholderData: keepPreviousData,
  });

/** POST /v1/news/user/queuestate: approve (1, optionally to a chosen company) or reject (2, with a reason). */
export function decideApplicationCall(body: {
  id: number;
  status: 1 | 2;
  remark?: string;
  company_id?: number;
}): Promise<{ id: number; status: number; company: { id: number; company_name: string; created: boolean } | null }> {
  return post('/v1/news/user/queuestate', body);
}
