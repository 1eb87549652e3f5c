import {
  CompanyPatentListQuery,
  CompanyRecordsQuery,
  HonorAddBody,
  HonorDeleteBody,
  HonorEditBody,
  HonorExportBody,
  HonorListQuery,
  TycDetailQuery,
  TycSearchBody,
  type TycDetail,
  type TycSearchItem,
  type TycStatus,
} from '@ip/contract';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { route, type RouteRegistry } from '../../http/routes';
import {
  addHonor,
  companyLitigation,
  companyPatents,
  companyTrademarks,
  deleteHonor,
  editHonor,
  exportHonors,
  listHonors,
} from './directory';
import { assertInScope, inScope, serviceMain, serviceScope, type ServiceScope, SERVICE_ONLY } from './service-scope';
import { createTianyancha } from './tianyancha';

/** 天眼查 detail of an enterprise in scope, looked up by its name (and stored credit code). */
async function tycDetail(deps: Deps, scope: ServiceScope, companyId: number): Promise<TycDetail> {
  await assertInScope(deps.db.db, scope, [companyId]);
  const c = await deps.db.db
    .selectFrom('companies')
    .select(['company_name', 'credit_code'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const d = await createTianyancha(deps.config).detail(c.company_name, c.credit_code);
  if (!d) throw notFound('天眼查没有该企业的登记信息');
  return d;
}

/** The generic search, each hit with the enterprise of the caller's scope of the same name. */
async function tycSearch(deps: Deps, scope: ServiceScope, keyword: string, max: number): Promise<TycSearchItem[]> {
  const found = (await createTianyancha(deps.config).search(keyword)).slice(0, max);
  const names = [...new Set(found.map((f) => f.name).filter(Boolean))];
  const ours = names.length
    ? await deps.db.db
        .selectFrom('companies')
        .select(['id', 'company_name'])
        .where('company_name', 'in', names)
        .where(inScope(scope))
        .execute()
    : [];
  const byName = new Map(ours.map((c) => [c.company_name, Number(c.id)]));
  return found.map((f) => ({ ...f, company_id: byName.get(f.name) ?? null }));
}

// The enterprise directory (issue 12, bundle B4, ADR 0041). The four lists keep the spec's names and are GET with
// the query; the honour writes the spec does not name follow companyLabelAdd|Edit|Del. Main account and staff, each
// within its scope (ADR 0038).

export const directoryRoutes: RouteRegistry = [
  route({
    method: 'GET',
    url: '/company/patentlist',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '一家服务范围内企业的专利（分页；类型、法律状态、关键词筛选）',
    query: CompanyPatentListQuery,
    handler: ({ query, session, deps }) => companyPatents(deps, serviceScope(session), query),
  }),
  route({
    method: 'GET',
    url: '/company/trademarklist',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '一家服务范围内企业的商标（分页）',
    query: CompanyRecordsQuery,
    handler: ({ query, session, deps }) => companyTrademarks(deps, serviceScope(session), query),
  }),
  route({
    method: 'GET',
    url: '/company/litigationlist',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '一家服务范围内企业的诉讼案件（为当事人或已收藏，分页）',
    query: CompanyRecordsQuery,
    handler: ({ query, session, deps }) => companyLitigation(deps, serviceScope(session), query),
  }),
  route({
    method: 'GET',
    url: '/company/honorlist',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '企业荣誉：一家企业的（company_id）或服务范围内全部企业的（级别、年份、街道、关键词筛选，分页）',
    query: HonorListQuery,
    handler: ({ query, session, deps }) => listHonors(deps, serviceScope(session), query),
  }),
  route({
    method: 'POST',
    url: '/company/honorAdd',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '为服务范围内的企业新增荣誉',
    body: HonorAddBody,
    handler: ({ body, session, deps }) => addHonor(deps, serviceScope(session), body),
  }),
  route({
    method: 'POST',
    url: '/company/honorEdit',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '修改企业荣誉',
    body: HonorEditBody,
    handler: ({ body, session, deps }) => editHonor(deps, serviceScope(session), body),
  }),
  route({
    method: 'POST',
    url: '/company/honorDel',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '删除企业荣誉',
    body: HonorDeleteBody,
    handler: ({ body, session, deps }) => deleteHonor(deps, serviceScope(session), body.id),
  }),
  route({
    method: 'POST',
    url: '/company/honorExport',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '按当前筛选导出企业荣誉到 Excel（最多 5000 条）',
    body: HonorExportBody,
    readOnly: true,
    handler: ({ body, session, deps }) => exportHonors(deps, serviceScope(session), body),
  }),
  // ---- 天眼查 (name-only calls; readings in ADR 0041) ----
  route({
    method: 'GET',
    url: '/tianyancha/companydetail',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '天眼查：服务范围内企业的工商登记信息',
    query: TycDetailQuery,
    handler: ({ query, session, deps }) => tycDetail(deps, serviceScope(session), query.company_id),
  }),
  route({
    method: 'POST',
    url: '/tianyancha/login',
    access: ['main'],
    denied: '仅企业服务主账号可以进行该操作',
    summary: '天眼查：检查服务端与天眼查的连接（令牌只保存在服务端）',
    handler: async ({ session, deps }): Promise<TycStatus> => {
      serviceMain(session);
      const client = createTianyancha(deps.config);
      return { provider: client.provider, ok: await client.check(), checked_at: deps.clock().toISOString() };
    },
  }),
  route({
    method: 'POST',
    url: '/tianyancha/currency',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '天眼查通用查询：按名称查找登记企业（最多 20 家）',
    body: TycSearchBody,
    readOnly: true,
    handler: ({ body, session, deps }) => tycSearch(deps, serviceScope(session), body.keyword, 20),
  }),
  route({
    method: 'POST',
    url: '/tianyanchaphone/currency',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '天眼查通用查询（手机端）：按名称查找登记企业（最多 10 家）',
    body: TycSearchBody,
    readOnly: true,
    handler: ({ body, session, deps }) => tycSearch(deps, serviceScope(session), body.keyword, 10),
  }),
];
