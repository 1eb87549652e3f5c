import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  PDF_RESTRICTION_MESSAGES,
  type PdfRestriction,
  EspacenetSearchBody,
  ExpressionSearchBody,
  GetExpressionBody,
  IntelligenceBody,
  PatentDetailBody,
  PatentExportBody,
  TrendBody,
} from '@ip/contract';
import type { Session } from '../../http/auth';
import { notFound, tooMany } from '../../http/errors';
import { route, type RouteRegistry } from '../../http/routes';
import { ExpressionError, FIELDS, formToExpression, parseExpression } from '../../search/expression';
import { extractKeywords, keywordsToExpression } from '../../search/keywords';
import { createJob } from '../jobs/jobs.service';
import { findPatentIdByNumber, getPatent } from '../patents/patents.repo';
import { PATENT_EXPORT_JOB } from './search.export';
import { parseClaims } from './claims';
import * as searchService from './search.service';
import type { SearchRequest, TrendKind } from './search.service';

type UserSession = Extract<Session, { subject: 'user' }>;

/** Why this caller may not have a patent's full-text PDF (DOMAIN §1), or null when they may. */
export function pdfRestriction(session: Session | null): PdfRestriction | null {
  if (!session || session.subject !== 'user') return 'login';
  return session.kind === 'trial' ? 'trial' : null;
}

export const EXPORT_DENIED = '导出仅对已认证企业开放：试用账号请先在个人中心完成企业认证，访客请注册企业账号';

/** Runs a handler; an expression error becomes 400 {code: 0, msg, position} (the message names the position). */
async function withPosition<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof ExpressionError) {
      return reply.status(400).send({ code: 0, msg: e.message, position: e.position });
    }
    throw e;
  }
}

function paging(body: {
  sort?: SearchRequest['sort'];
  page?: number;
  page_size?: number;
  facets?: boolean;
  filters?: SearchRequest['filters'];
}) {
  return { sort: body.sort, page: body.page, page_size: body.page_size, facets: body.facets ?? true, filters: body.filters };
}

async function remember(
  deps: Parameters<typeof searchService.search>[0],
  session: Session | null,
  expression: string,
  total: number,
) {
  if (session?.subject !== 'user') return;
  await searchService.rememberSearch(deps, (session as UserSession).user.id, expression, total);
}

const trendRoute = (kind: TrendKind, url: string, summary: string) =>
  route({
    method: 'POST',
    url,
    access: 'public',
    summary,
    body: TrendBody,
    handler: ({ body, deps, reply }) =>
      withPosition(reply, async () => {
        const ast = searchService.queryAst(body);
        return searchService.trends(deps, ast, kind, { filters: body.filters, limit: body.limit });
      }),
  });

export const searchRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/search/expression',
    access: 'public',
    summary: '专利检索（检索式或关键词）',
    body: ExpressionSearchBody,
    handler: ({ body, deps, reply, session }) =>
      withPosition(reply, async () => {
        const ast = searchService.queryAst({ expression: body.expression, val: body.val });
        const result = await searchService.search(deps, { ast, ...paging(body) });
        await remember(deps, session, result.expression, result.total);
        return result;
      }),
  }),
  route({
    method: 'POST',
    url: '/di/expression',
    access: 'public',
    summary: 'Espacenet 风格检索式检索',
    body: EspacenetSearchBody,
    handler: ({ body, deps, reply, session }) =>
      withPosition(reply, async () => {
        const ast = searchService.queryAst({ query: body.query });
        const result = await searchService.search(deps, { ast, ...paging(body) });
        await remember(deps, session, result.expression, result.total);
        return result;
      }),
  }),
  route({
    method: 'POST',
    url: '/search/get-expression',
    access: 'public',
    summary: '高级检索表单生成检索式',
    body: GetExpressionBody,
    handler: ({ body, reply }) =>
      withPosition(reply, async () => {
        const expression = formToExpression(body.form);
        if (!expression) throw new ExpressionError('请至少填写一个检索条件', 1);
        // What the form produced must read back (it always should; this keeps a broken form out of the URL).
        parseExpression(expression);
        return { expression };
      }),
  }),
  route({
    method: 'POST',
    url: '/search/fields',
    access: 'public',
    summary: '可检索字段列表',
    handler: async () =>
      FIELDS.map((f) => ({
        code: f.code,
        name: f.name,
        kind: f.kind,
        values: f.values ?? [],
        aliases: f.aliases ?? [],
        espacenet: f.espacenet ?? [],
        help: f.help,
      })),
  }),
  route({
    method: 'POST',
    url: '/search/intelligence',
    access: 'public',
    summary: '智能检索：从技术描述提取关键词检索',
    body: IntelligenceBody,
    handler: ({ body, deps, reply }) =>
      withPosition(reply, async () => {
        const keywords = extractKeywords(body.text, 10);
        const expression = keywordsToExpression(keywords);
        if (!expression) {
          return {
            keywords,
            expression: '',
            results: { total: 0, page: 1, page_size: body.page_size ?? 20, list: [], took_ms: 0, expression: '' },
          };
        }
        const ast = parseExpression(expression);
        const results = await searchService.search(deps, { ast, ...paging(body), sort: body.sort ?? 'relevance' });
        return { keywords, expression: results.expression, results };
      }),
  }),
  route({
    method: 'POST',
    url: '/search/history',
    access: 'user',
    summary: '最近检索记录',
    body: z.object({}).passthrough(),
    handler: ({ deps, session }) => searchService.recentSearches(deps, (session as UserSession).user.id),
  }),
  route({
    method: 'POST',
    url: '/patents/detail',
    access: 'public',
    summary: '专利详情（著录项目、摘要、权利要求、说明书、附图、法律状态、同族、引证）',
    body: PatentDetailBody,
    handler: async ({ body, deps, session }) => {
      const id = body.id ?? (body.number ? await findPatentIdByNumber(deps.db, body.number) : null);
      const p = id ? await getPatent(deps.db, id) : null;
      if (!p) throw notFound('未找到该专利');
      const events = [...p.legal_events].sort((a, b) => String(a.date ?? '').localeCompare(String(b.date ?? '')));
      // DOMAIN §1: no full-text PDF for trial users, visitors and the anonymous; the reply says why (ADR 0019).
      const restricted = pdfRestriction(session);
      const pdf =
        restricted && p.pdf
          ? { pdf: '', pdf_restricted: restricted, pdf_restricted_msg: PDF_RESTRICTION_MESSAGES[restricted] }
          : { pdf_restricted: null };
      return { ...p, ...pdf, claims_list: parseClaims(p.claims), legal_events: events };
    },
  }),
  route({
    method: 'POST',
    url: '/frontend/user/patent_export',
    // DOMAIN §1: a trial user may search and read but not export.
    access: ['admin', 'company', 'main', 'staff'],
    denied: EXPORT_DENIED,
    summary: '导出检索结果到 Excel（后台任务，最多 50000 条）',
    body: PatentExportBody,
    handler: ({ body, deps, reply, session }) =>
      withPosition(reply, async () => {
        searchService.queryAst(body);
        searchService.checkFilters(body.filters);
        // Issue 8 item 7: a per-user cap, so one user's exports cannot hold up everyone else's jobs.
        const ownerId = (session as UserSession).user.id;
        const active = await deps.db.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('owner_id', '=', ownerId)
          .where('kind', '=', PATENT_EXPORT_JOB)
          .where('status', 'in', ['queued', 'running'])
          .executeTakeFirstOrThrow();
        if (Number(active.n) >= deps.config.maxQueuedExports) {
          throw tooMany(`您已有 ${Number(active.n)} 个导出任务正在进行，请完成后再试`);
        }
        const params = { expression: body.expression, val: body.val, query: body.query, filters: body.filters, sort: body.sort };
        const jobId = await createJob(deps.db, { kind: PATENT_EXPORT_JOB, ownerId, params }, deps.clock().toISOString());
        return { job_id: jobId };
      }),
  }),
  trendRoute('law', '/frontend/trend/trend_law', '检索结果法律状态分布'),
  trendRoute('patent', '/frontend/trend/trend_patent', '检索结果专利类型与 IPC 分布'),
  trendRoute('company', '/frontend/trend/trend_company', '检索结果申请人排名'),
  trendRoute('times', '/frontend/trend/trend_times', '检索结果申请年度趋势'),
];
