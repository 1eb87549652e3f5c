import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CompanyDemandList,
  CompanyDemandListBody,
  CompanyDemandRaiseBody,
  CompanyDemandRow,
  CompanyVisitList,
  CompanyVisitListBody,
  DemandAssignBody,
  DemandDetail,
  DemandEvaluateBody,
  DemandExportBody,
  DemandFollow,
  DemandFollowBody,
  DemandList,
  DemandListBody,
  DemandRegisterBody,
  RecordExport,
} from '@ip/contract';
import { get, post } from '../../../api/http';

// The demand loop (issue 12, ADR 0042): /workWaitvisit3, /workFollow (office) and /VisitsNeeds (company).

export const DEMANDS_KEY = ['demands'] as const;

export const demandListQuery = (params: DemandListBody) =>
  queryOptions({
    queryKey: [...DEMANDS_KEY, 'list', params],
    queryFn: () => post<DemandList>('/v1/demand/list', params, { background: true }),
    placeholderData: keepPreviousData,
  });
export const demandDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...DEMANDS_KEY, 'detail', id],
    queryFn: () => post<DemandDetail>('/v1/demand/detail', { id }, { background: true }),
  });
export const demandFollowQuery = (params: DemandFollowBody) =>
  queryOptions({
    queryKey: [...DEMANDS_KEY, 'follow', params],
    queryFn: () => post<DemandFollow>('/v1/demand/follow', params, { background: true }),
    placeholderData: keepPreviousData,
  });
export const demandLabelsQuery = () =>
  queryOptions({
    queryKey: [...DEMANDS_KEY, 'labels'],
    queryFn: () => get<{ id: number; name: string; color: string }[]>('/v1/visit/deamdLabel', undefined, { background: true }),
  });
export const registerDemandCall = (body: DemandRegisterBody) => post<DemandDetail>('/v1/demand/register', body);
export const exportDemandsCall = (body: DemandExportBody) => post<RecordExport>('/v1/demand/export', body);
export const assignDemandCall = (body: DemandAssignBody) => post<DemandDetail>('/v1/demand/assign', body);
export type StepCall = 'contact' | 'reply' | 'handle' | 'evaluate' | 'revisit';
export const demandStepCall = (step: StepCall, body: Record<string, unknown>) => post<DemandDetail>(`/v1/demand/${step}`, body);

export const companyDemandsQuery = (params: CompanyDemandListBody) =>
  queryOptions({
    queryKey: [...DEMANDS_KEY, 'mine', params],
    queryFn: () => post<CompanyDemandList>('/v1/demand/mine/list', params, { background: true }),
    placeholderData: keepPreviousData,
  });
export const companyVisitsQuery = (params: CompanyVisitListBody) =>
  queryOptions({
    queryKey: [...DEMANDS_KEY, 'mine-visits', params],
    queryFn: () => post<CompanyVisitList>('/v1/demand/mine/visits', params, { background: true }),
    placeholderData: keepPreviousData,
  });
export const raiseDemandCall = (body: CompanyDemandRaiseBody) => post<CompanyDemandRow>('/v1/demand/mine/raise', body);
export const companyEvaluateCall = (body: DemandEvaluateBody) => post<CompanyDemandRow>('/v1/demand/mine/evaluate', body);
