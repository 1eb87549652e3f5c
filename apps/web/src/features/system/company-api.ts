import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AddSubAccountBody,
  CompanyProfile,
  CompanyProfileSaveBody,
  EditSubAccountBody,
  ResetSubAccountPasswordBody,
  SubAccountList,
  SubAccountRow,
} from '@ip/contract';
import { post } from '../../api/http';

// The company side of /system (ADR 0022): its profile (企业信息) and its sub-accounts (子账号).

/** POST /v1/frontend/company/info: the company's profile; `editable` for its main user. */
export const companyProfileQuery = () =>
  queryOptions({
    queryKey: ['company', 'profile'],
    queryFn: () => post<CompanyProfile>('/v1/frontend/company/info', {}, { silent: true }),
  });

/** POST /v1/frontend/company/save: the editable fields; answers the saved profile. */
export function saveCompanyProfileCall(body: CompanyProfileSaveBody): Promise<CompanyProfile> {
  return post<CompanyProfile>('/v1/frontend/company/save', body);
}

export interface SubAccountListParams {
  page: number;
  page_size: number;
  keyword?: string;
  status?: 0 | 1;
}

/** POST /v1/frontend/visitor/index: one page of the company's sub-accounts. */
export const subAccountListQuery = (params: SubAccountListParams) =>
  queryOptions({
    queryKey: ['company', 'sub-accounts', params],
    queryFn: () => post<SubAccountList>('/v1/frontend/visitor/index', params, { silent: true }),
    placeholderData: keepPreviousData,
  });

/** The key every sub-account mutation invalidates. */
export const SUB_ACCOUNTS_KEY = ['company', 'sub-accounts'] as const;

/** POST /v1/frontend/visitor/add_visitor. */
export function addSubAccountCall(body: AddSubAccountBody): Promise<SubAccountRow> {
  return post<SubAccountRow>('/v1/frontend/visitor/add_visitor', body);
}

/** POST /v1/frontend/visitor/edit_visitor: name, mobile, status. */
export function editSubAccountCall(body: EditSubAccountBody): Promise<unknown> {
  return post('/v1/frontend/visitor/edit_visitor', body);
}

/** POST /v1/frontend/visitor/edit_info: a new password the sub-account must change at its next login. */
export function resetSubAccountPasswordCall(body: ResetSubAccountPasswordBody): Promise<unknown> {
  return post('/v1/frontend/visitor/edit_info', body);
}

/** POST /v1/frontend/visitor/del_visitor. */
export function deleteSubAccountCall(body: { id: number }): Promise<unknown> {
  return post('/v1/frontend/visitor/del_visitor', body);
}
