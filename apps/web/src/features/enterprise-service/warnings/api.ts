import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  EnterpriseWarningCountsReply,
  EnterpriseWarningExport,
  EnterpriseWarningList,
  WarningListQuery,
} from '@ip/contract';
import { get } from '../../../api/http';

// Enterprise warnings (issue 12, ADR 0048): /workWarning.

export const WARNINGS_KEY = ['enterprise-warnings'] as const;

/** GET /v1/visit/warningList_two: one page of warnings with the count per kind. */
export const warningListQuery = (params: WarningListQuery) =>
  queryOptions({
    queryKey: [...WARNINGS_KEY, 'list', params],
    queryFn: () =>
      get<EnterpriseWarningList>('/v1/visit/warningList_two', params as Record<string, unknown>, { background: true }),
    placeholderData: keepPreviousData,
  });

/** GET /v1/visit/dataList_two: the count per kind (the 工作台 and other summaries). */
export const warningCountsQuery = () =>
  queryOptions({
    queryKey: [...WARNINGS_KEY, 'counts'],
    queryFn: () => get<EnterpriseWarningCountsReply>('/v1/visit/dataList_two', {}, { background: true }),
  });

/** The filtered warnings as an Excel file (warningList_two with export=1). */
export const exportWarningsCall = (params: Omit<WarningListQuery, 'page' | 'page_size' | 'export'>) =>
  get<EnterpriseWarningExport>('/v1/visit/warningList_two', { ...params, export: '1' } as Record<string, unknown>);
