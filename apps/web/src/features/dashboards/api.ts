import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { StatsListAnswer, StatsListBody, StatsOverview, StatsRangeBody } from '@ip/contract';
import { http, post } from '../../api/http';

// The administrator's statistics (/dataShow, /dataShow/newList; ADR 0047).

/** POST /v1/stats/overview: every chart's figures for a date range. */
export const statsOverviewQuery = (range: StatsRangeBody) =>
  queryOptions({
    queryKey: ['stats', 'overview', range],
    queryFn: () => post<StatsOverview>('/v1/stats/overview', range),
    placeholderData: keepPreviousData,
  });

export type StatsListParams = Omit<StatsListBody, 'page' | 'page_size'> & { page: number; page_size: number };

/** POST /v1/stats/list: one page of a table behind the charts. */
export const statsListQuery = (params: StatsListParams) =>
  queryOptions({
    queryKey: ['stats', 'list', params],
    queryFn: () => post<StatsListAnswer>('/v1/stats/list', params),
    placeholderData: keepPreviousData,
  });

/** POST /v1/stats/list/export: the filtered table as an .xlsx download. */
export async function downloadStatsList(params: Omit<StatsListParams, 'page' | 'page_size'>, name: string): Promise<void> {
  const res = await http.post<Blob>('/v1/stats/list/export', params, { responseType: 'blob' });
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
