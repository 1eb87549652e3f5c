import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  StaffList,
  VisitCalendarEntry,
  VisitCalendarQuery,
  VisitCreateBody,
  VisitCreated,
  VisitDetail,
  VisitEditBody,
  VisitExport,
  VisitList,
  VisitListQuery,
  VisitNews,
  VisitPrefill,
} from '@ip/contract';
import { get, post } from '../../../api/http';

// Visits (issue 12 bundle B4, ADR 0040): the /v1/visit/* calls of the desktop visit pages.

export const VISITS_KEY = ['visits'] as const;

export const visitListQuery = (params: VisitListQuery) =>
  queryOptions({
    queryKey: [...VISITS_KEY, 'list', params],
    queryFn: () => get<VisitList>('/v1/visit/index', params, { background: true }),
    placeholderData: keepPreviousData,
  });
export const exportVisitsCall = (params: VisitListQuery) => get<VisitExport>('/v1/visit/index', { ...params, export: '1' });

export const visitCalendarQuery = (params: VisitCalendarQuery) =>
  queryOptions({
    queryKey: [...VISITS_KEY, 'calendar', params],
    queryFn: () => get<VisitCalendarEntry[]>('/v1/visit/calendar', params, { background: true }),
    placeholderData: keepPreviousData,
  });

export const visitDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...VISITS_KEY, 'detail', id],
    queryFn: () => get<VisitDetail>('/v1/visit/visitDetail', { id }, { silent: true }),
  });
export const visitPrefillQuery = (id: number) =>
  queryOptions({
    queryKey: [...VISITS_KEY, 'prefill', id],
    queryFn: () => get<VisitPrefill>('/v1/visit/visitDetailtwo', { id }, { silent: true }),
  });
export const visitNewsQuery = () =>
  queryOptions({
    queryKey: [...VISITS_KEY, 'news'],
    queryFn: () => get<VisitNews>('/v1/visit/visitListnews', { limit: 8 }, { background: true }),
  });

/** The enabled staff to choose a visitor from (main account). */
export const visitStaffQuery = () =>
  queryOptions({
    queryKey: [...VISITS_KEY, 'staff'],
    queryFn: () => post<StaffList>('/v1/visit/staff', { page: 1, page_size: 100, status: 1 }, { background: true }),
    staleTime: 60_000,
  });

export const createVisitCall = (body: VisitCreateBody) => post<VisitCreated>('/v1/visit/createVisit', body);
export const editVisitCall = (body: VisitEditBody) => post<VisitCreated>('/v1/visit/editVisit', body);
export const deleteVisitCall = (id: number) => get<{ id: number; photos_removed: number }>('/v1/visit/visitDel', { id });
