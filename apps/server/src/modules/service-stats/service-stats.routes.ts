import ExcelJS from 'exceljs';
import {
  SERVICE_STAT_TABLE_LABELS,
  SERVICE_STATS_EXPORT_MAX,
  ServiceCompanyListQuery,
  ServiceStatsExportQuery,
  ServiceStatsQuery,
  type ServiceStatTable,
} from '@ip/contract';
import type { Deps } from '../../deps';
import { route, type RouteRegistry } from '../../http/routes';
import { serviceScope, type ServiceScope, SERVICE_ONLY } from '../enterprise/service-scope';
import {
  type StatsFilter,
  byMonth,
  byStaff,
  byStreet,
  center,
  centerType,
  companyList,
  streetOptions,
  streetRates,
} from './service-stats';

// The enterprise-service dashboards (issue 13, ADR 0052; readings of the name-only calls in its §2): main account
// and staff, each figure within service-scope.

const access = ['main', 'staff'] as const;

type Col = { header: string; key: string; width: number };
const pct = (v: number | null) => (v === null ? '—' : `${v}%`);

/** The rows and columns of a /datapage table, as the page shows it. */
async function exportTable(
  deps: Deps,
  scope: ServiceScope,
  q: StatsFilter & { table: ServiceStatTable },
): Promise<{ cols: Col[]; rows: object[]; total: number }> {
  const table: ServiceStatTable = q.table;
  if (table === 'streets') {
    const [s, rt] = await Promise.all([byStreet(deps, scope, q), streetRates(deps, scope, q)]);
    const rates = new Map(rt.list.map((x) => [x.street_id, x]));
    const rows = s.list.map((x) => {
      const rr = rates.get(x.street_id);
      return { ...x, handled: rr?.handled ?? 0, on_time: rr?.on_time ?? 0, rate: pct(rr?.on_time_rate ?? null) };
    });
    return {
      cols: [
        { header: '街道', key: 'street_name', width: 20 },
        { header: '企业数', key: 'enterprises', width: 10 },
        { header: '走访次数', key: 'visits', width: 10 },
        { header: '登记需求', key: 'demands', width: 10 },
        { header: '未办结需求', key: 'open_demands', width: 12 },
        { header: '红灯需求', key: 'red_demands', width: 10 },
        { header: '已办理', key: 'handled', width: 10 },
        { header: '按时办理', key: 'on_time', width: 10 },
        { header: '按时办理率', key: 'rate', width: 12 },
      ],
      rows,
      total: rows.length,
    };
  }
  if (table === 'staff') {
    const s = await byStaff(deps, scope, q);
    return {
      cols: [
        { header: '人员', key: 'name', width: 16 },
        { header: '已走访', key: 'visits', width: 10 },
        { header: '待走访', key: 'plans', width: 10 },
        { header: '已办理需求', key: 'handled', width: 12 },
        { header: '按时办理', key: 'on_time', width: 10 },
        { header: '按时办理率', key: 'rate', width: 12 },
      ],
      rows: s.list.map((x) => ({ ...x, rate: pct(x.on_time_rate) })),
      total: s.list.length,
    };
  }
  if (table === 'months') {
    const s = await byMonth(deps, scope, q);
    return {
      cols: [
        { header: '月份', key: 'month', width: 10 },
        { header: '已走访', key: 'visits', width: 10 },
        { header: '登记需求', key: 'demands', width: 10 },
        { header: '已办理需求', key: 'handled', width: 12 },
        { header: '按时办理', key: 'on_time', width: 10 },
      ],
      rows: s.list,
      total: s.list.length,
    };
  }
  if (table === 'demands') {
    const s = await centerType(deps, scope, q);
    const rows = [
      ...s.demands_by_status.map((x) => ({ group: '需求状态（登记于范围内）', name: x.label, count: x.count })),
      { group: '亮灯（当前未办结）', name: '红灯·已超期', count: s.lights.red },
      { group: '亮灯（当前未办结）', name: '黄灯·即将到期', count: s.lights.yellow },
      { group: '亮灯（当前未办结）', name: '绿灯·正常', count: s.lights.green },
      ...s.demands_by_label.map((x) => ({ group: '需求类型（登记于范围内）', name: x.name, count: x.count })),
      ...s.visits_by_status.map((x) => ({ group: '走访状态（范围内）', name: x.label, count: x.count })),
    ];
    return {
      cols: [
        { header: '分组', key: 'group', width: 26 },
        { header: '项目', key: 'name', width: 20 },
        { header: '数量', key: 'count', width: 10 },
      ],
      rows,
      total: rows.length,
    };
  }
  const page = await companyList(deps, scope, { ...q, page: 1, page_size: SERVICE_STATS_EXPORT_MAX, sort: 'visits' });
  return {
    cols: [
      { header: '企业名称', key: 'company_name', width: 32 },
      { header: '街道', key: 'street_name', width: 16 },
      { header: '走访次数', key: 'visits', width: 10 },
      { header: '最近走访', key: 'last_visit', width: 12 },
      { header: '登记需求', key: 'demands', width: 10 },
      { header: '未办结需求', key: 'open_demands', width: 12 },
    ],
    rows: page.list,
    total: page.total,
  };
}

export const serviceStatsRoutes: RouteRegistry = [
  route({
    method: 'GET',
    url: '/visit/center',
    access: [...access],
    denied: SERVICE_ONLY,
    summary: '走访看板核心指标（企业、有效发明、今日/本周/本月走访、未办结与红黄灯需求、按时办理率）',
    query: ServiceStatsQuery,
    handler: ({ query, session, deps }) => center(deps, serviceScope(session), query),
  }),
  route({
    method: 'GET',
    url: '/visit/centertype',
    access: [...access],
    denied: SERVICE_ONLY,
    summary: '走访看板分类统计（走访状态、需求状态、亮灯、需求类型）',
    query: ServiceStatsQuery,
    handler: ({ query, session, deps }) => centerType(deps, serviceScope(session), query),
  }),
  route({
    method: 'GET',
    url: '/visit/getleftlist',
    access: [...access],
    denied: SERVICE_ONLY,
    summary: '走访看板按月趋势（走访、登记需求、办理与按时办理）',
    query: ServiceStatsQuery,
    handler: ({ query, session, deps }) => byMonth(deps, serviceScope(session), query),
  }),
  route({
    method: 'GET',
    url: '/visit/getrightlist',
    access: [...access],
    denied: SERVICE_ONLY,
    summary: '走访看板按人员统计（走访、待走访、办理与按时办理率）',
    query: ServiceStatsQuery,
    handler: ({ query, session, deps }) => byStaff(deps, serviceScope(session), query),
  }),
  route({
    method: 'GET',
    url: '/street/center',
    access: [...access],
    denied: SERVICE_ONLY,
    summary: '按街道统计（企业、走访、登记需求、未办结与红灯需求）',
    query: ServiceStatsQuery,
    handler: ({ query, session, deps }) => byStreet(deps, serviceScope(session), query),
  }),
  route({
    method: 'GET',
    url: '/street/centerrat',
    access: [...access],
    denied: SERVICE_ONLY,
    summary: '按街道统计需求按时办理率',
    query: ServiceStatsQuery,
    handler: ({ query, session, deps }) => streetRates(deps, serviceScope(session), query),
  }),
  route({
    method: 'GET',
    url: '/street/getleftlist',
    access: [...access],
    denied: SERVICE_ONLY,
    summary: '服务范围内的街道（街道筛选项与企业数）',
    query: ServiceStatsQuery,
    handler: ({ query, session, deps }) => streetOptions(deps, serviceScope(session), query),
  }),
  route({
    method: 'GET',
    url: '/street/getrightlist',
    access: [...access],
    denied: SERVICE_ONLY,
    summary: '街道企业走访明细（走访次数、最近走访、需求；分页排序）',
    query: ServiceCompanyListQuery,
    handler: ({ query, session, deps }) => companyList(deps, serviceScope(session), query),
  }),
  route({
    method: 'GET',
    url: '/visit/dataExport',
    access: [...access],
    denied: SERVICE_ONLY,
    summary: `导出数据明细表到 Excel（当前筛选条件，最多 ${SERVICE_STATS_EXPORT_MAX} 条）`,
    answers: 'file',
    query: ServiceStatsExportQuery,
    handler: async ({ query, session, deps, reply }) => {
      const scope = serviceScope(session);
      const { cols, rows, total } = await exportTable(deps, scope, query);
      const label = SERVICE_STAT_TABLE_LABELS[query.table];
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet(label);
      ws.columns = cols;
      ws.getRow(1).font = { bold: true };
      for (const row of rows)
        ws.addRow(Object.fromEntries(cols.map((c) => [c.key, (row as Record<string, unknown>)[c.key] ?? ''])));
      if (total > rows.length) ws.addRow({ [cols[0].key]: `仅导出前 ${SERVICE_STATS_EXPORT_MAX} 条，请缩小筛选范围后分批导出` });
      const buffer = Buffer.from(await wb.xlsx.writeBuffer());
      const name = `数据明细-${label}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="datapage.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('cache-control', 'private, no-store')
        .send(buffer);
    },
  }),
];
