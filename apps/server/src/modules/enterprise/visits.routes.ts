import { VisitCalendarQuery, VisitCreateBody, VisitEditBody, VisitIdQuery, VisitListQuery, VisitNewsQuery } from '@ip/contract';
import { tokenSource } from '../../http/auth';
import { forbidden } from '../../http/errors';
import { route, type RouteRegistry } from '../../http/routes';
import { serviceScope, SERVICE_ONLY } from './service-scope';
import { createVisit, deleteVisit, editVisit, listVisits, visitCalendar, visitDetail, visitNews, visitPrefill } from './visits';

// Visits (issue 12 bundle B4, ADR 0040): the spec's /v1/visit/* names kept, spellings included (visitDetailtwo,
// visitListnews). Main account and staff only, each call through service-scope.

export const visitRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/visit/createVisit',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '发起待走访或直接登记走访记录（request_key 防重复提交）',
    body: VisitCreateBody,
    handler: ({ body, session, deps }) => createVisit(deps, serviceScope(session), body),
  }),
  route({
    method: 'POST',
    url: '/visit/editVisit',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '走访改期、登记、取消、修改记录或完成跟进',
    body: VisitEditBody,
    handler: ({ body, session, deps }) => editVisit(deps, serviceScope(session), body),
  }),
  route({
    method: 'GET',
    url: '/visit/visitDel',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '删除走访（待走访或走访记录，照片一并删除；须在页面中以令牌调用）',
    query: VisitIdQuery,
    handler: ({ req, query, session, deps }) => {
      // A GET that deletes (the spec's name): only with the token in the Authorization header, so a link or an
      // image on another site, which carries at most the cookie, cannot delete anything.
      if (tokenSource(req)?.from !== 'header') throw forbidden('请在走访页面中删除');
      return deleteVisit(deps, serviceScope(session), query.id);
    },
  }),
  route({
    method: 'GET',
    url: '/visit/visitDetail',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '走访详情（企业、走访人员、照片、登记的需求）',
    query: VisitIdQuery,
    handler: ({ query, session, deps }) => visitDetail(deps, serviceScope(session), query.id),
  }),
  route({
    method: 'GET',
    url: '/visit/visitDetailtwo',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '登记走访的预填：待走访、该企业上次走访与未办结需求',
    query: VisitIdQuery,
    handler: ({ query, session, deps }) => visitPrefill(deps, serviceScope(session), query.id),
  }),
  route({
    method: 'GET',
    url: '/visit/index',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '走访列表（状态、人员、街道、企业、日期、跟进筛选；可导出 Excel）',
    query: VisitListQuery,
    handler: ({ query, session, deps }) => listVisits(deps, serviceScope(session), query),
  }),
  route({
    method: 'GET',
    url: '/visit/calendar',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '工作日历：两日之间的待走访与走访记录',
    query: VisitCalendarQuery,
    handler: ({ query, session, deps }) => visitCalendar(deps, serviceScope(session), query),
  }),
  route({
    method: 'GET',
    url: '/visit/visitListnews',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '工作台：最新走访记录与本人待走访、待跟进计数',
    query: VisitNewsQuery,
    handler: ({ query, session, deps }) => visitNews(deps, serviceScope(session), query.limit),
  }),
];
