import type { FastifyReply } from 'fastify';
import {
  MonitorHitIdBody,
  MonitorHitListBody,
  MonitorIdBody,
  MonitorReadBody,
  MonitorRuleCreateBody,
  MonitorRuleUpdateBody,
} from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import { ExpressionError } from '../../search/expression';
import {
  compare,
  createRule,
  deleteRule,
  getHit,
  getRule,
  listHits,
  listRules,
  markRead,
  monitorActor,
  runRuleNow,
  timeline,
  updateRule,
} from './monitoring.service';

// Company users (sub-accounts and admin view included); trial users reach the handlers to be told why not (ADR 0029).
const ACCESS: ['company', 'trial'] = ['company', 'trial'];

/** An invalid expression becomes 400 {code: 0, msg, position}, as on /v1/search/expression. */
async function withPosition<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof ExpressionError) return reply.status(400).send({ code: 0, msg: e.message, position: e.position });
    throw e;
  }
}

export const monitoringRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/frontend/monitor/rule/index',
    access: ACCESS,
    summary: '监控规则列表（含命中数、未读数）',
    readOnly: true,
    handler: ({ session, deps }) => listRules(deps, monitorActor(session)),
  }),
  route({
    method: 'POST',
    url: '/frontend/monitor/rule/detail',
    access: ACCESS,
    summary: '监控规则详情',
    body: MonitorIdBody,
    readOnly: true,
    handler: ({ body, session, deps }) => getRule(deps, monitorActor(session), body.id),
  }),
  route({
    method: 'POST',
    url: '/frontend/monitor/rule/create',
    access: ACCESS,
    summary: '新增监控规则（竞争对手、检索式、IPC 分类或指定专利）',
    body: MonitorRuleCreateBody,
    handler: ({ body, session, deps, reply }) => withPosition(reply, () => createRule(deps, monitorActor(session), body)),
  }),
  route({
    method: 'POST',
    url: '/frontend/monitor/rule/update',
    access: ACCESS,
    summary: '修改监控规则',
    body: MonitorRuleUpdateBody,
    handler: ({ body: { id, ...input }, session, deps, reply }) =>
      withPosition(reply, () => updateRule(deps, monitorActor(session), id, input)),
  }),
  route({
    method: 'POST',
    url: '/frontend/monitor/rule/delete',
    access: ACCESS,
    summary: '删除监控规则（连同其监控结果）',
    body: MonitorIdBody,
    handler: async ({ body, session, deps }) => {
      await deleteRule(deps, monitorActor(session), body.id);
      return null;
    },
  }),
  route({
    method: 'POST',
    url: '/frontend/monitor/rule/run',
    access: ACCESS,
    summary: '立即运行一条监控规则（检查上次运行以来变化的专利）',
    body: MonitorIdBody,
    handler: ({ body, session, deps }) => runRuleNow(deps, monitorActor(session), body.id),
  }),
  route({
    method: 'POST',
    url: '/frontend/monitor/rule/timeline',
    access: ACCESS,
    summary: '一条规则的监控结果按月、按事件统计（监控详情图表）',
    body: MonitorIdBody,
    readOnly: true,
    handler: ({ body, session, deps }) => timeline(deps, monitorActor(session), body.id),
  }),
  route({
    method: 'POST',
    url: '/frontend/monitor/rule/compare',
    access: ACCESS,
    summary: '竞争对手与本企业对比（按年份、IPC、类型、法律状态）',
    body: MonitorIdBody,
    readOnly: true,
    handler: ({ body, session, deps }) => compare(deps, monitorActor(session), body.id),
  }),
  route({
    method: 'POST',
    url: '/frontend/monitor/hits',
    access: ACCESS,
    summary: '监控结果列表（未读在前；按规则、事件、日期筛选；分页）',
    body: MonitorHitListBody,
    readOnly: true,
    handler: ({ body, session, deps }) => listHits(deps, monitorActor(session), body),
  }),
  route({
    method: 'POST',
    url: '/frontend/monitor/hit/detail',
    access: ACCESS,
    summary: '监控结果详情',
    body: MonitorHitIdBody,
    readOnly: true,
    handler: ({ body, session, deps }) => getHit(deps, monitorActor(session), body.id),
  }),
  route({
    method: 'POST',
    url: '/frontend/monitor/hit/read',
    access: ACCESS,
    summary: '标记监控结果为已读（指定结果、某规则全部或全部）',
    body: MonitorReadBody,
    handler: ({ body, session, deps }) => markRead(deps, monitorActor(session), body),
  }),
];
