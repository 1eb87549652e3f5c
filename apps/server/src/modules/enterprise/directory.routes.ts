import {
  CompanyPatentListQuery,
  CompanyRecordsQuery,
  HonorAddBody,
  HonorDeleteBody,
  HonorEditBody,
  HonorExportBody,
  HonorListQuery,
} from '@ip/contract';
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
import { serviceScope } from './service-scope';

// The enterprise directory (issue 12, bundle B4, ADR 0041). The four lists keep the spec's names and are GET with
// the query; the honour writes the spec does not name follow companyLabelAdd|Edit|Del. Main account and staff, each
// within its scope (ADR 0038).

const SERVICE = '仅企业服务账号可使用该功能';

export const directoryRoutes: RouteRegistry = [
  route({
    method: 'GET',
    url: '/company/patentlist',
    access: ['main', 'staff'],
    denied: SERVICE,
    summary: '一家服务范围内企业的专利（分页；类型、法律状态、关键词筛选）',
    query: CompanyPatentListQuery,
    handler: ({ query, session, deps }) => companyPatents(deps, serviceScope(session), query),
  }),
  route({
    method: 'GET',
    url: '/company/trademarklist',
    access: ['main', 'staff'],
    denied: SERVICE,
    summary: '一家服务范围内企业的商标（分页）',
    query: CompanyRecordsQuery,
    handler: ({ query, session, deps }) => companyTrademarks(deps, serviceScope(session), query),
  }),
  route({
    method: 'GET',
    url: '/company/litigationlist',
    access: ['main', 'staff'],
    denied: SERVICE,
    summary: '一家服务范围内企业的诉讼案件（为当事人或已收藏，分页）',
    query: CompanyRecordsQuery,
    handler: ({ query, session, deps }) => companyLitigation(deps, serviceScope(session), query),
  }),
  route({
    method: 'GET',
    url: '/company/honorlist',
    access: ['main', 'staff'],
    denied: SERVICE,
    summary: '企业荣誉：一家企业的（company_id）或服务范围内全部企业的（级别、年份、街道、关键词筛选，分页）',
    query: HonorListQuery,
    handler: ({ query, session, deps }) => listHonors(deps, serviceScope(session), query),
  }),
  route({
    method: 'POST',
    url: '/company/honorAdd',
    access: ['main', 'staff'],
    denied: SERVICE,
    summary: '为服务范围内的企业新增荣誉',
    body: HonorAddBody,
    handler: ({ body, session, deps }) => addHonor(deps, serviceScope(session), body),
  }),
  route({
    method: 'POST',
    url: '/company/honorEdit',
    access: ['main', 'staff'],
    denied: SERVICE,
    summary: '修改企业荣誉',
    body: HonorEditBody,
    handler: ({ body, session, deps }) => editHonor(deps, serviceScope(session), body),
  }),
  route({
    method: 'POST',
    url: '/company/honorDel',
    access: ['main', 'staff'],
    denied: SERVICE,
    summary: '删除企业荣誉',
    body: HonorDeleteBody,
    handler: ({ body, session, deps }) => deleteHonor(deps, serviceScope(session), body.id),
  }),
  route({
    method: 'POST',
    url: '/company/honorExport',
    access: ['main', 'staff'],
    denied: SERVICE,
    summary: '按当前筛选导出企业荣誉到 Excel（最多 5000 条）',
    body: HonorExportBody,
    readOnly: true,
    handler: ({ body, session, deps }) => exportHonors(deps, serviceScope(session), body),
  }),
];
