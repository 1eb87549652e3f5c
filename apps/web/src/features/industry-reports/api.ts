import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  IndustryReportAdminListBody,
  IndustryReportAdminRow,
  IndustryReportLink,
  IndustryReportList,
  IndustryReportListBody,
  IndustryReportSaveBody,
} from '@ip/contract';
import { post } from '../../api/http';

// Industry reports (issue 14, ADR 0054): the administrator's /v1/report/industry/admin/… and the companies'
// /v1/report/industry/….

export const REPORTS_KEY = ['industry-reports'] as const;

export const adminReportsQuery = (body: IndustryReportAdminListBody) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'admin', body],
    queryFn: () =>
      post<IndustryReportList<IndustryReportAdminRow>>('/v1/report/industry/admin/index', body, { background: true }),
    placeholderData: keepPreviousData,
  });
export const reportsQuery = (body: IndustryReportListBody) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'published', body],
    queryFn: () => post<IndustryReportList>('/v1/report/industry/index', body, { background: true }),
    placeholderData: keepPreviousData,
  });

export const saveReportCall = (body: IndustryReportSaveBody) => post<{ id: number }>('/v1/report/industry/admin/save', body);
export const publishReportCall = (id: number) => post<{ id: number }>('/v1/report/industry/admin/publish', { id });
export const withdrawReportCall = (id: number) => post<{ id: number }>('/v1/report/industry/admin/withdraw', { id });
export const deleteReportCall = (id: number) => post<{ id: number }>('/v1/report/industry/admin/delete', { id });
/** A signed inline link: the administrator's preview (any state), a company's preview, or a counted download. */
export const reportLinkCall = (id: number, kind: 'admin' | 'preview' | 'download') =>
  post<IndustryReportLink>(kind === 'admin' ? '/v1/report/industry/admin/preview' : `/v1/report/industry/${kind}`, { id });

export const refreshReports = (client: QueryClient) => client.invalidateQueries({ queryKey: REPORTS_KEY });
