import { WarningCountQuery, WarningListQuery } from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import { warningCounts, warningList } from './enterprise-warnings';
import { serviceScope, SERVICE_ONLY } from './service-scope';

// Enterprise warnings (issue 12 bundle B5, ADR 0048): the spec's names under /v1/visit/ kept. Main account and staff,
// each through service-scope (staff: only their enterprises).

export const enterpriseWarningRoutes: RouteRegistry = [
  route({
    method: 'GET',
    url: '/visit/warningList_two',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '企业预警列表（类型、街道、员工、关键词筛选，开始日期新者在前；export=1 导出 Excel）',
    query: WarningListQuery,
    handler: ({ query, session, deps }) => warningList(deps, serviceScope(session), query),
  }),
  route({
    method: 'GET',
    url: '/visit/dataList_two',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '企业预警：各类型的数量（街道、员工、关键词筛选）',
    query: WarningCountQuery,
    handler: ({ query, session, deps }) => warningCounts(deps, serviceScope(session), query),
  }),
];
