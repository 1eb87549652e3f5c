import ExcelJS from 'exceljs';
import { CompanySummaryBody, RankingListBody, ScoreSettingsBody, SCORE_PART_LABELS, SCORE_PARTS } from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import { chinaToday } from '../common/records';
import { serviceMain, serviceScope, SERVICE_ONLY } from '../enterprise/service-scope';
import {
  companySummary,
  gradeCounts,
  rankCompanies,
  rankingBodyFilter,
  rankingForExport,
  saveScoreSettings,
  scoreSettings,
} from './score';

// Grading and ranking (issue 12, bundle B5, ADR 0043): /workCompany and /workTobear. The spec names no call for
// them; they live under /v1/service/* beside the foundation's (ADR 0038). Scope: service-scope (staff: their
// enterprises only); only the main account saves weights.

const MAIN_ONLY = '仅企业服务主账号可以进行该操作';

export const gradingRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/service/score/settings',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '企业评分权重与分级分数线（未保存时为默认值）',
    readOnly: true,
    handler: ({ session, deps }) => scoreSettings(deps, serviceScope(session)),
  }),
  route({
    method: 'POST',
    url: '/service/score/save',
    access: ['main'],
    denied: MAIN_ONLY,
    summary: '保存企业评分权重与分级分数线（A > B > C ≥ 0）',
    body: ScoreSettingsBody,
    handler: async ({ body, session, deps }) => {
      const scope = serviceMain(session);
      const saved = await saveScoreSettings(deps, scope, body);
      return { ...saved, ...(await gradeCounts(deps, scope, body.weights, body.thresholds)) };
    },
  }),
  route({
    method: 'POST',
    url: '/service/score/preview',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '预览：按给定权重和分数线，服务范围内各等级的企业数（不保存）',
    body: ScoreSettingsBody,
    readOnly: true,
    handler: ({ body, session, deps }) => gradeCounts(deps, serviceScope(session), body.weights, body.thresholds),
  }),
  route({
    method: 'POST',
    url: '/service/grades',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '服务范围内各等级（A/B/C/D）的企业数',
    readOnly: true,
    handler: async ({ session, deps }) => {
      const scope = serviceScope(session);
      const s = await scoreSettings(deps, scope);
      return { ...(await gradeCounts(deps, scope, s.weights, s.thresholds)), weights: s.weights, thresholds: s.thresholds };
    },
  }),
  route({
    method: 'POST',
    url: '/service/ranking',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '企业排名：得分、等级与各项构成（分页；街道、行业、标签、等级、关键词筛选）',
    body: RankingListBody,
    readOnly: true,
    handler: ({ body, session, deps }) =>
      rankCompanies(deps, serviceScope(session), { ...rankingBodyFilter(body), page: body.page, page_size: body.page_size }),
  }),
  route({
    method: 'POST',
    url: '/service/ranking/export',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '导出企业排名到 Excel（当前筛选条件）',
    body: RankingListBody,
    readOnly: true,
    answers: 'file',
    handler: async ({ body, session, deps, reply }) => {
      const { rows, truncated, settings } = await rankingForExport(deps, serviceScope(session), rankingBodyFilter(body));
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('企业排名');
      ws.columns = [
        { header: '排名', key: 'rank', width: 8 },
        { header: '企业名称', key: 'name', width: 36 },
        { header: '街道', key: 'street', width: 14 },
        { header: '行业', key: 'industry', width: 14 },
        { header: '得分', key: 'score', width: 10 },
        { header: '等级', key: 'grade', width: 8 },
        ...SCORE_PARTS.map((p) => ({ header: `${SCORE_PART_LABELS[p]}（×${settings.weights[p]}）`, key: p, width: 16 })),
      ];
      ws.getRow(1).font = { bold: true };
      for (const r of rows)
        ws.addRow({
          rank: r.rank,
          name: r.company_name,
          street: r.street_name,
          industry: r.industry,
          score: r.score,
          grade: r.grade,
          ...r.counts,
        });
      if (truncated) ws.addRow({ rank: '仅导出前 20000 家企业，请缩小筛选范围后分批导出' });
      const buffer = Buffer.from(await wb.xlsx.writeBuffer());
      const name = `企业排名-${chinaToday(deps.clock())}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="ranking.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('cache-control', 'private, no-store')
        .send(buffer);
    },
  }),
  route({
    method: 'POST',
    url: '/service/company/summary',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '企业详情页：企业概况（街道、行业、规模、标签、服务人员）与排名、得分、等级及得分构成',
    body: CompanySummaryBody,
    readOnly: true,
    handler: ({ body, session, deps }) => companySummary(deps, serviceScope(session), body.company_id),
  }),
];
