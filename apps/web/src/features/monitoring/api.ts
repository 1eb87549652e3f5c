import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  MonitorCompare,
  MonitorHitList,
  MonitorHitListBody,
  MonitorReadBody,
  MonitorRule,
  MonitorRuleCreateBody,
  MonitorRuleList,
  MonitorRuleUpdateBody,
  MonitorRunReply,
  MonitorTimeline,
} from '@ip/contract';
import { post } from '../../api/http';

const BASE = '/v1/frontend/monitor';

export const ruleListQuery = () =>
  queryOptions({
    queryKey: ['monitor', 'rules'],
    queryFn: () => post<MonitorRuleList>(`${BASE}/rule/index`, {}, { background: true }),
  });

export const hitListQuery = (params: MonitorHitListBody) =>
  queryOptions({
    queryKey: ['monitor', 'hits', params],
    queryFn: () => post<MonitorHitList>(`${BASE}/hits`, params, { background: true }),
    placeholderData: keepPreviousData,
  });

export const timelineQuery = (id: number) =>
  queryOptions({ queryKey: ['monitor', 'timeline', id], queryFn: () => post<MonitorTimeline>(`${BASE}/rule/timeline`, { id }) });

export const compareQuery = (id: number) =>
  queryOptions({ queryKey: ['monitor', 'compare', id], queryFn: () => post<MonitorCompare>(`${BASE}/rule/compare`, { id }) });

export const createRuleCall = (body: MonitorRuleCreateBody) => post<MonitorRule>(`${BASE}/rule/create`, body);
export const updateRuleCall = (body: MonitorRuleUpdateBody) => post<MonitorRule>(`${BASE}/rule/update`, body);
export const deleteRuleCall = (id: number) => post<null>(`${BASE}/rule/delete`, { id });
export const runRuleCall = (id: number) => post<MonitorRunReply>(`${BASE}/rule/run`, { id });
export const markReadCall = (body: MonitorReadBody) => post<{ updated: number }>(`${BASE}/hit/read`, body);
