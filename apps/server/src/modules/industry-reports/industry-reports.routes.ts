import { IndustryReportAdminListBody, IndustryReportIdBody, IndustryReportListBody, IndustryReportSaveBody } from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import {
  adminReports,
  deleteReport,
  publishedReports,
  publishReport,
  reportLink,
  saveReport,
  withdrawReport,
} from './industry-reports.service';

// Industry reports (ADR 0054; the spec names no call): the administrator's /v1/report/industry/admin/…, the
// companies' list, preview and counted download under /v1/report/industry/….
const ADMIN: ['admin'] = ['admin'];
const ADMIN_ONLY = '仅管理员可以管理产业报告';
const READERS: ['company', 'trial'] = ['company', 'trial'];
const READERS_ONLY = '产业报告仅向企业用户开放';

export const industryReportRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/report/industry/admin/index',
    access: ADMIN,
    denied: ADMIN_ONLY,
    summary: '产业报告管理：全部报告（行业、年份、状态、关键词筛选，分页）',
    body: IndustryReportAdminListBody,
    readOnly: true,
    handler: ({ body, deps }) => adminReports(deps, body),
  }),
  route({
    method: 'POST',
    url: '/report/industry/admin/save',
    access: ADMIN,
    denied: ADMIN_ONLY,
    summary: '保存产业报告（新报告为未发布；PDF 按内容校验）',
    body: IndustryReportSaveBody,
    handler: ({ body, session, deps }) => saveReport(deps, body, session?.subject === 'user' ? session.user.id : 0),
  }),
  route({
    method: 'POST',
    url: '/report/industry/admin/publish',
    access: ADMIN,
    denied: ADMIN_ONLY,
    summary: '发布产业报告',
    body: IndustryReportIdBody,
    handler: ({ body, deps }) => publishReport(deps, body.id),
  }),
  route({
    method: 'POST',
    url: '/report/industry/admin/withdraw',
    access: ADMIN,
    denied: ADMIN_ONLY,
    summary: '撤回已发布的产业报告',
    body: IndustryReportIdBody,
    handler: ({ body, deps }) => withdrawReport(deps, body.id),
  }),
  route({
    method: 'POST',
    url: '/report/industry/admin/delete',
    access: ADMIN,
    denied: ADMIN_ONLY,
    summary: '删除产业报告及其 PDF 文件',
    body: IndustryReportIdBody,
    handler: ({ body, deps }) => deleteReport(deps, body.id),
  }),
  route({
    method: 'POST',
    url: '/report/industry/admin/preview',
    access: ADMIN,
    denied: ADMIN_ONLY,
    summary: '预览产业报告（任何状态；不计下载）',
    body: IndustryReportIdBody,
    readOnly: true,
    handler: ({ body, deps }) => reportLink(deps, body.id, { admin: true, count: false }),
  }),
  route({
    method: 'POST',
    url: '/report/industry/index',
    access: READERS,
    denied: READERS_ONLY,
    summary: '产业报告列表（已发布；行业、年份、关键词筛选，分页）',
    body: IndustryReportListBody,
    readOnly: true,
    handler: ({ body, deps }) => publishedReports(deps, body),
  }),
  route({
    method: 'POST',
    url: '/report/industry/preview',
    access: READERS,
    denied: READERS_ONLY,
    summary: '在线预览产业报告（PDF 签名链接，不计下载）',
    body: IndustryReportIdBody,
    readOnly: true,
    handler: ({ body, deps }) => reportLink(deps, body.id, { admin: false, count: false }),
  }),
  route({
    method: 'POST',
    url: '/report/industry/download',
    access: READERS,
    denied: READERS_ONLY,
    summary: '下载产业报告（每次调用下载次数加一）',
    body: IndustryReportIdBody,
    handler: ({ body, deps }) => reportLink(deps, body.id, { admin: false, count: true }),
  }),
];
