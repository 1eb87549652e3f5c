import { z } from 'zod';
import { FeeDeletePaymentBody, FeeExportBody, FeeImportBody, FeeListBody, FeePatentBody, FeePayBody } from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import { companyActor } from '../company/company-context';
import {
  deletePayment,
  exportFees,
  feeForecast,
  feeScheduleOf,
  feeSummary,
  importPayments,
  listFees,
  recordPayment,
} from './fee-calls.service';

// Annual fees of the company's patents (年费预警 /costdetails, ADR 0026). Company users (sub-accounts and admin view
// included); a trial user without a company and an administrator outside admin view get companyActor's refusal.
const ACCESS: ['company', 'trial'] = ['company', 'trial'];
const BASE = '/frontend/fee';
const Empty = z.object({}).passthrough();

export const feeCallRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: `${BASE}/index`,
    access: ACCESS,
    summary: '年费预警列表：本企业专利及其下一笔年费（筛选状态、N 天内到期、分类、核心、关键词；排序；分页）',
    body: FeeListBody,
    readOnly: true,
    handler: ({ body, session, deps }) => listFees(deps, companyActor(session), body),
  }),
  route({
    method: 'POST',
    url: `${BASE}/schedule`,
    access: ACCESS,
    summary: '一件专利的全部年度：应缴日期、金额、状态与缴费记录',
    body: FeePatentBody,
    readOnly: true,
    handler: ({ body, session, deps }) => feeScheduleOf(deps, companyActor(session), body.patent_id),
  }),
  route({
    method: 'POST',
    url: `${BASE}/pay`,
    access: ACCESS,
    summary: '记录缴费（年度、缴费日期、金额、缴费人、缴费凭证）',
    body: FeePayBody,
    handler: ({ body, session, deps }) => recordPayment(deps, companyActor(session), body),
  }),
  route({
    method: 'POST',
    url: `${BASE}/delete_payment`,
    access: ACCESS,
    summary: '删除一个年度的缴费记录',
    body: FeeDeletePaymentBody,
    handler: ({ body, session, deps }) => deletePayment(deps, companyActor(session), body.patent_id, body.year),
  }),
  route({
    method: 'POST',
    url: `${BASE}/export`,
    access: ACCESS,
    summary: '导出年费预警列表（Excel，按当前筛选条件）',
    body: FeeExportBody,
    handler: ({ body, session, deps }) => exportFees(deps, companyActor(session), body),
  }),
  route({
    method: 'POST',
    url: `${BASE}/import`,
    access: ACCESS,
    summary: '从 Excel 导入缴费记录（专利号、年度、缴费日期、金额、缴费人），逐行报告',
    body: FeeImportBody,
    handler: ({ body, session, deps }) => importPayments(deps, companyActor(session), body.file_id),
  }),
  route({
    method: 'POST',
    url: `${BASE}/forecast`,
    access: ACCESS,
    summary: '未来五年年费预测（按月）',
    body: Empty,
    readOnly: true,
    handler: ({ session, deps }) => feeForecast(deps, companyActor(session)),
  }),
  route({
    method: 'POST',
    url: `${BASE}/summary`,
    access: ACCESS,
    summary: '年费概况：30/90 天内到期、宽限期内、已失效可恢复',
    body: Empty,
    readOnly: true,
    handler: ({ session, deps }) => feeSummary(deps, companyActor(session).companyId),
  }),
];
