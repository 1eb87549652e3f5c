import ExcelJS from 'exceljs';
import { STAT_TABLE_LABELS, STATS_EXPORT_MAX, StatsListBody, StatsRangeBody, type StatTable } from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import { listTable, overview, resolveRange, type StatRow } from './stats.service';

/** An ISO time as China time, YYYY-MM-DD HH:mm:ss. */
const dateTime = (iso: unknown) =>
  typeof iso === 'string' && iso
    ? new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')
    : '';

/** The columns of each table in the Excel export (what /dataShow/newList shows). */
const COLUMNS: Record<StatTable, { header: string; key: string; width: number; time?: true }[]> = {
  users: [
    { header: '姓名', key: 'name', width: 16 },
    { header: '手机号', key: 'mobile', width: 16 },
    { header: '用户类型', key: 'kind_label', width: 14 },
    { header: '企业', key: 'company_name', width: 30 },
    { header: '注册时间', key: 'created_at', width: 20, time: true },
  ],
  verifications: [
    { header: '企业名称', key: 'company_name', width: 30 },
    { header: '联系人', key: 'contact', width: 12 },
    { header: '手机号', key: 'mobile', width: 16 },
    { header: '状态', key: 'status_label', width: 10 },
    { header: '提交时间', key: 'created_at', width: 20, time: true },
    { header: '审核时间', key: 'reviewed_at', width: 20, time: true },
    { header: '审核用时（小时）', key: 'hours', width: 16 },
  ],
  searches: [
    { header: '姓名', key: 'name', width: 16 },
    { header: '手机号', key: 'mobile', width: 16 },
    { header: '检索式', key: 'expression', width: 50 },
    { header: '结果数', key: 'total', width: 10 },
    { header: '检索时间', key: 'created_at', width: 20, time: true },
  ],
  terms: [
    { header: '检索式', key: 'term', width: 50 },
    { header: '检索次数', key: 'count', width: 10 },
    { header: '检索人数', key: 'users', width: 10 },
  ],
  exports: [
    { header: '姓名', key: 'name', width: 16 },
    { header: '手机号', key: 'mobile', width: 16 },
    { header: '用户类型', key: 'kind_label', width: 14 },
    { header: '企业', key: 'company_name', width: 30 },
    { header: '导出时间', key: 'created_at', width: 20, time: true },
  ],
  logins: [
    { header: '姓名', key: 'name', width: 16 },
    { header: '手机号', key: 'mobile', width: 16 },
    { header: '用户类型', key: 'kind_label', width: 14 },
    { header: '企业', key: 'company_name', width: 30 },
    { header: '登录时间', key: 'created_at', width: 20, time: true },
  ],
  companies: [
    { header: '企业名称', key: 'company_name', width: 30 },
    { header: '登录次数', key: 'logins', width: 10 },
    { header: '检索次数', key: 'searches', width: 10 },
    { header: '导出次数', key: 'exports', width: 10 },
    { header: '合计', key: 'actions', width: 10 },
  ],
};

/** The administrator's statistics (/dataShow 统计概览, /dataShow/newList 统计明细; ADR 0047). */
export const statsRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/stats/overview',
    access: ['admin'],
    summary: '统计概览（用户、认证申请、检索、导出、登录、活跃企业；按日期范围）',
    readOnly: true,
    body: StatsRangeBody,
    handler: async ({ body, deps }) => overview(deps.db.db, deps.db.dialect, resolveRange(body, deps.clock())),
  }),
  route({
    method: 'POST',
    url: '/stats/list',
    access: ['admin'],
    summary: '统计明细（图表背后的数据表，筛选、分页）',
    readOnly: true,
    body: StatsListBody,
    handler: async ({ body, deps }) => {
      const r = resolveRange(body, deps.clock());
      const { page, page_size, ...filters } = body;
      const { total, list } = await listTable(deps.db.db, deps.db.dialect, r, filters, page_size, (page - 1) * page_size);
      return { table: body.table, date_from: r.from, date_to: r.to, total, list };
    },
  }),
  route({
    method: 'POST',
    url: '/stats/list/export',
    access: ['admin'],
    summary: `导出统计明细到 Excel（当前筛选条件，最多 ${STATS_EXPORT_MAX} 条）`,
    readOnly: true,
    answers: 'file',
    body: StatsListBody,
    handler: async ({ body, deps, reply }) => {
      const r = resolveRange(body, deps.clock());
      const { page: _page, page_size: _size, ...filters } = body;
      void _page;
      void _size;
      const { total, list } = await listTable(deps.db.db, deps.db.dialect, r, filters, STATS_EXPORT_MAX, 0);
      const label = STAT_TABLE_LABELS[body.table];
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet(label);
      const cols = COLUMNS[body.table];
      ws.columns = cols.map(({ header, key, width }) => ({ header, key, width }));
      ws.getRow(1).font = { bold: true };
      for (const row of list) {
        ws.addRow(Object.fromEntries(cols.map((c) => [c.key, c.time ? dateTime(row[c.key]) : ((row as StatRow)[c.key] ?? '')])));
      }
      if (total > list.length) ws.addRow({ [cols[0].key]: `仅导出前 ${STATS_EXPORT_MAX} 条，请缩小筛选范围后分批导出` });
      const buffer = Buffer.from(await wb.xlsx.writeBuffer());
      const name = `${label}-${r.from}至${r.to}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="statistics.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('cache-control', 'private, no-store')
        .send(buffer);
    },
  }),
];
