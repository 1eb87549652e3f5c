import { queryOptions } from '@tanstack/react-query';
import type { HomeSummary } from '@ip/contract';
import { post } from '../../api/http';

/** POST /v1/frontend/home/summary: the company's dashboard figures. */
export const homeSummaryQuery = () =>
  queryOptions({
    queryKey: ['home', 'summary'],
    queryFn: () => post<HomeSummary>('/v1/frontend/home/summary', {}, { silent: true }),
  });
