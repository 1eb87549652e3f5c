import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CompanyPatentList,
  CompanyPatentListQuery,
  CompanySearchItem,
  CompanySummary,
  CompanyTrademarkRow,
  DirectoryPage,
  HonorAddBody,
  HonorEditBody,
  HonorExportBody,
  HonorList,
  HonorListQuery,
  HonorRow,
  LitigationIndexReply,
  RecordExport,
  TycDetail,
} from '@ip/contract';
import { get, post } from '../../api/http';

// The enterprise directory (issue 12 B4, ADR 0041): /honor and one enterprise's page /workEnterprisevisit.

export const DIRECTORY_KEY = ['directory'] as const;

type ListParams<Q> = Partial<Q> & { page: number; page_size: number };

/** GET /v1/company/honorlist */
export const honorListQuery = (params: ListParams<HonorListQuery>) =>
  queryOptions({
    queryKey: [...DIRECTORY_KEY, 'honors', params],
    queryFn: () => get<HonorList>('/v1/company/honorlist', params, { background: true }),
    placeholderData: keepPreviousData,
  });
export const addHonorCall = (body: HonorAddBody) => post<HonorRow>('/v1/company/honorAdd', body);
export const editHonorCall = (body: HonorEditBody) => post<HonorRow>('/v1/company/honorEdit', body);
export const deleteHonorCall = (id: number) => post<{ id: number }>('/v1/company/honorDel', { id });
export const exportHonorsCall = (body: HonorExportBody) => post<RecordExport>('/v1/company/honorExport', body);

/** POST /v1/company/seachCompany: enterprises in the caller's scope by part of the name. */
export const companySearchQuery = (keword: string) =>
  queryOptions({
    queryKey: [...DIRECTORY_KEY, 'search', keword],
    queryFn: () => post<CompanySearchItem[]>('/v1/company/seachCompany', { keword }, { silent: true }),
    enabled: keword.length > 0,
  });

export const companyPatentsQuery = (params: ListParams<CompanyPatentListQuery>) =>
  queryOptions({
    queryKey: [...DIRECTORY_KEY, 'patents', params],
    queryFn: () => get<CompanyPatentList>('/v1/company/patentlist', params, { background: true }),
    placeholderData: keepPreviousData,
  });
export const companyTrademarksQuery = (params: { company_id: number; page: number; page_size: number }) =>
  queryOptions({
    queryKey: [...DIRECTORY_KEY, 'trademarks', params],
    queryFn: () => get<DirectoryPage<CompanyTrademarkRow>>('/v1/company/trademarklist', params, { background: true }),
    placeholderData: keepPreviousData,
  });
export const companyLitigationQuery = (params: { company_id: number; page: number; page_size: number }) =>
  queryOptions({
    queryKey: [...DIRECTORY_KEY, 'litigation', params],
    queryFn: () => get<LitigationIndexReply>('/v1/company/litigationlist', params, { background: true }),
    placeholderData: keepPreviousData,
  });

/** POST /v1/service/company/summary: the enterprise page's head (profile, rank, score make-up; ADR 0049). */
export const companySummaryQuery = (company_id: number) =>
  queryOptions({
    queryKey: [...DIRECTORY_KEY, 'summary', company_id],
    queryFn: () => post<CompanySummary>('/v1/service/company/summary', { company_id }, { silent: true, background: true }),
    retry: false,
  });
/** GET /v1/tianyancha/companydetail: the registration detail (工商信息) of an enterprise in scope. */
export const companyRegistrationQuery = (company_id: number) =>
  queryOptions({
    queryKey: [...DIRECTORY_KEY, 'tyc', company_id],
    queryFn: () => get<TycDetail>('/v1/tianyancha/companydetail', { company_id }, { silent: true, background: true }),
    retry: false,
    staleTime: 5 * 60_000,
  });
