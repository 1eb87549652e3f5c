// Export of a whole result (up to 50,000 patents) to Excel, as a job with a progress bar (DOMAIN §4): one sheet,
// the legal status in it. The file is written under DATA_DIR/uploads/exports with an unguessable name and served
// like other uploads; the job's result holds its URL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { SearchFilters, SearchSort } from '@ip/contract';
import type { JobContext, JobHandlers } from '../jobs/jobs.service';
import { queryAst, searchIds, type QueryInput } from './search.service';

export const PATENT_EXPORT_JOB = 'patent-export';
export const EXPORT_MAX = 50000;
const BATCH = 500;

export interface PatentExportParams extends QueryInput {
  filters?: SearchFilters;
  sort?: SearchSort;
}

const COLUMNS: { header: string; key: string; width: number }[] = [
  { header: '序号', key: 'n', width: 8 },
  { header: '公开（公告）号', key: 'pn', width: 18 },
  { header: '申请号', key: 'an', width: 20 },
  { header: '申请日', key: 'ad', width: 12 },
  { header: '公开（公告）日', key: 'pd', width: 14 },
  { header: '授权日', key: 'gd', width: 12 },
  { header: '名称', key: 'title', width: 40 },
  { header: '申请（专利权）人', key: 'applicants', width: 30 },
  { header: '发明人', key: 'inventors', width: 24 },
  { header: '专利类型', key: 'type', width: 10 },
  { header: '法律状态', key: 'legal_status', width: 10 },
  { header: '主分类号', key: 'ipc_main', width: 14 },
  { header: 'IPC分类号', key: 'ipc', width: 30 },
  { header: '地址', key: 'address', width: 30 },
  { header: '代理机构', key: 'agency', width: 24 },
  { header: '摘要', key: 'abstract', width: 80 },
];

function list(json: string): string {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.join('; ') : '';
  } catch {
    return '';
  }
}

async function runExport(ctx: JobContext): Promise<Record<string, unknown>> {
  const { deps } = ctx;
  const params = ctx.params as PatentExportParams;
  const ast = queryAst(params);
  const { total, ids } = await searchIds(deps, ast, {
    filters: params.filters,
    sort: params.sort ?? 'relevance',
    limit: EXPORT_MAX,
  });
  await ctx.progress({ total: ids.length, done: 0 });
  const dir = path.join(deps.config.dataDir, 'uploads', 'exports');
  fs.mkdirSync(dir, { recursive: true });
  const name = `专利检索结果-${deps.clock().toISOString().slice(0, 10)}.xlsx`;
  const file = `${crypto.randomBytes(16).toString('hex')}.xlsx`;
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path.join(dir, file), useStyles: true });
  const ws = wb.addWorksheet('检索结果');
  ws.columns = COLUMNS;
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  let n = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    ctx.checkStop();
    const batch = ids.slice(i, i + BATCH);
    const rows = await deps.db.db
      .selectFrom('patents')
      .select([
        'id',
        'pn',
        'an',
        'ad',
        'pd',
        'gd',
        'title',
        'applicants',
        'inventors',
        'type',
        'legal_status',
        'ipc_main',
        'ipc',
        'address',
        'agency',
        'abstract',
      ])
      .where('id', 'in', batch)
      .execute();
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const id of batch) {
      const r = byId.get(id);
      if (!r) continue;
      ws.addRow({
        n: ++n,
        pn: r.pn ?? '',
        an: r.an ?? '',
        ad: r.ad ?? '',
        pd: r.pd ?? '',
        gd: r.gd ?? '',
        title: r.title,
        applicants: list(r.applicants),
        inventors: list(r.inventors),
        type: r.type,
        legal_status: r.legal_status,
        ipc_main: r.ipc_main,
        ipc: list(r.ipc),
        address: r.address,
        agency: r.agency,
        abstract: r.abstract,
      }).commit();
    }
    await ctx.progress({ done: Math.min(ids.length, i + BATCH) });
  }
  ws.commit();
  await wb.commit();
  return { url: `/uploads/exports/${file}`, name, rows: n, total, truncated: total > EXPORT_MAX };
}

export const searchJobHandlers: JobHandlers = { [PATENT_EXPORT_JOB]: runExport };
