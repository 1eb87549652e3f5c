import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  FeeExportBody,
  FeeForecast,
  FeeImportReport,
  FeeList,
  FeeListBody,
  FeePayBody,
  FeeSchedule,
  FeeSummary,
  RecordExport,
} from '@ip/contract';
import { post } from '../../api/http';

const BASE = '/v1/frontend/fee';

/** POST /v1/frontend/fee/index: one page of the company's patents with their next fee. */
export const feeListQuery = (params: FeeListBody) =>
  queryOptions({
    queryKey: ['fees', 'list', params],
    queryFn: () => post<FeeList>(`${BASE}/index`, params, { background: true }),
    placeholderData: keepPreviousData,
  });

/** POST /v1/frontend/fee/schedule: every year of one patent with its payments. */
export const feeScheduleQuery = (patentId: number) =>
  queryOptions({
    queryKey: ['fees', 'schedule', patentId],
    queryFn: () => post<FeeSchedule>(`${BASE}/schedule`, { patent_id: patentId }),
    staleTime: 0,
  });

export const feeSummaryQuery = () =>
  queryOptions({
    queryKey: ['fees', 'summary'],
    queryFn: () => post<FeeSummary>(`${BASE}/summary`, {}, { background: true }),
  });

export const feeForecastQuery = () =>
  queryOptions({
    queryKey: ['fees', 'forecast'],
    queryFn: () => post<FeeForecast>(`${BASE}/forecast`, {}, { background: true }),
  });

export const payFeeCall = (body: FeePayBody) => post<FeeSchedule>(`${BASE}/pay`, body);
export const deletePaymentCall = (patent_id: number, year: number) =>
  post<FeeSchedule>(`${BASE}/delete_payment`, { patent_id, year });
export const exportFeesCall = (body: FeeExportBody) => post<RecordExport>(`${BASE}/export`, body);
export const importPaymentsCall = (file_id: number) => post<FeeImportReport>(`${BASE}/import`, { file_id });
