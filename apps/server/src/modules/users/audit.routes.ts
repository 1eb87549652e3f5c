import ExcelJS from 'exceljs';
import { AuditListBody } from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import { auditActions, auditForExport, listAudit } from './audit';

/** An ISO time as China time, YYYY-MM-DD HH:mm:ss (China keeps no daylight saving time: UTC+8 all year). */
const dateTime = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** The audit log for administrators (/system 审计日志): every administrator action, newest first (ADR 0019). */
export const auditRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/system/audit-log',
    access: ['admin'],
    summary: '审计日志（按管理员、目标用户、操作类型、日期筛选，最新在前）',
    readOnly: true,
    body: AuditListBody,
    handler: async ({ body, deps }) => {
      const { db } = deps.db;
      const page = await listAudit(db, body);
      const admins = await db
        .selectFrom('users')
        .select(['id', 'name', 'mobile'])
        .where((eb) => eb.or([eb('is_admin', '=', 1), eb('id', 'in', eb.selectFrom('audit_log').select('admin_id'))]))
        .orderBy('id', 'asc')
        .execute();
      return { ...page, actions: await auditActions(db), admins };
    },
  }),
  route({
    method: 'POST',
    url: '/system/audit-log/export',
    access: ['admin'],
    summary: '导出审计日志到 Excel（当前筛选条件，最多 10000 条）',
    readOnly: true,
    answers: 'file',
    body: AuditListBody,
    handler: async ({ body, deps, reply }) => {
      const { rows, truncated } = await auditForExport(deps.db.db, body);
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('审计日志');
      ws.columns = [
        { header: '时间', key: 'time', width: 20 },
        { header: '管理员', key: 'admin', width: 22 },
        { header: '操作', key: 'action', width: 28 },
        { header: '目标用户', key: 'user', width: 22 },
        { header: '详情', key: 'detail', width: 60 },
      ];
      ws.getRow(1).font = { bold: true };
      for (const r of rows) {
        ws.addRow({
          time: dateTime(r.created_at),
          admin: `${r.admin_name}${r.admin_mobile ? `（${r.admin_mobile}）` : ''}`,
          action: r.action_label,
          user: r.user_name ? `${r.user_name}（${r.user_mobile}）` : '',
          detail: r.detail,
        });
      }
      if (truncated) ws.addRow({ time: '仅导出最新的 10000 条，请缩小筛选范围后分批导出' });
      const buffer = Buffer.from(await wb.xlsx.writeBuffer());
      const name = `审计日志-${new Date(deps.clock()).toISOString().slice(0, 10)}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="audit-log.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('cache-control', 'private, no-store')
        .send(buffer);
    },
  }),
];
