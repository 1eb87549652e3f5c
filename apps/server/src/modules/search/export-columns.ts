// The columns of the Excel export and how a patent row becomes a sheet row. Shared by the job (search.export.ts) and
// the worker thread that writes the file (export.worker.ts); it imports nothing, so the worker stays small.

export const EXPORT_COLUMNS: { header: string; key: string; width: number }[] = [
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

export const EXPORT_SHEET = '检索结果';

/** The stored columns an export reads (JSON arrays as text). */
export interface ExportRecord {
  pn: string | null;
  an: string | null;
  ad: string | null;
  pd: string | null;
  gd: string | null;
  title: string;
  applicants: string;
  inventors: string;
  type: string;
  legal_status: string;
  ipc_main: string;
  ipc: string;
  address: string;
  agency: string;
  abstract: string;
}

function list(json: string): string {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.join('; ') : '';
  } catch {
    return '';
  }
}

/** One sheet row (n counts from 1). */
export function excelRow(n: number, r: ExportRecord): Record<string, string | number> {
  return {
    n,
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
  };
}

/** Messages to the worker, and its answers (one answer per message, in order). */
export type ToWorker = { type: 'rows'; rows: ExportRecord[] } | { type: 'end' };
export type FromWorker = { type: 'ack'; rows: number } | { type: 'done'; rows: number } | { type: 'error'; message: string };
