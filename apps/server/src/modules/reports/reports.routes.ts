import { ReportGenerateBody, ReportIdBody, ReportListBody } from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import { contentDisposition } from '../common/file.routes';
import { companyActor } from '../company/company-context';
import { generateReport, listReports, reportDetail, reportFile } from './reports.service';

const BASE = '/frontend/report';
// Reports are for verified companies (issue 10): a trial user is refused with the reason.
const DENIED = '月度专利报告仅向已认证的企业用户提供，请先到个人中心完成企业认证';

export const reportRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: `${BASE}/index`,
    access: ['company'],
    denied: DENIED,
    summary: '月度专利报告列表（最新月份在前）',
    body: ReportListBody,
    readOnly: true,
    handler: ({ body, session, deps }) => listReports(deps, companyActor(session), body),
  }),
  route({
    method: 'POST',
    url: `${BASE}/detail`,
    access: ['company'],
    denied: DENIED,
    summary: '一份月度专利报告的内容（图表与明细）',
    body: ReportIdBody,
    readOnly: true,
    handler: ({ body, session, deps }) => reportDetail(deps, companyActor(session), body.id),
  }),
  route({
    method: 'POST',
    url: `${BASE}/generate`,
    access: ['company'],
    denied: DENIED,
    summary: '生成（或重新生成）某月的专利报告（后台任务，返回任务编号）',
    body: ReportGenerateBody,
    handler: ({ body, session, deps }) => generateReport(deps, companyActor(session), body.month),
  }),
  route({
    method: 'POST',
    url: `${BASE}/download`,
    access: ['company'],
    denied: DENIED,
    summary: '下载月度专利报告 PDF',
    body: ReportIdBody,
    readOnly: true,
    answers: 'file',
    handler: async ({ body, session, deps, reply }) => {
      const file = await reportFile(deps, companyActor(session), body.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', file.data.length)
        .header('content-disposition', contentDisposition('attachment', file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  }),
];
