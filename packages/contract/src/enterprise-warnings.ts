import { z } from 'zod';
import type { RecordExport } from './ip-records';

// Enterprise warnings of the enterprise service (issue 12 bundle B5, ADR 0048): /workWarning, GET
// /v1/visit/warningList_two (the list) and GET /v1/visit/dataList_two (the count per kind).

export const ENTERPRISE_WARNING_KINDS = ['no_visit', 'demand_red', 'patent_lapse', 'cert_expiry', 'litigation'] as const;
export type EnterpriseWarningKind = (typeof ENTERPRISE_WARNING_KINDS)[number];
export const ENTERPRISE_WARNING_LABELS: Record<EnterpriseWarningKind, string> = {
  no_visit: '久未走访',
  demand_red: '需求红灯',
  patent_lapse: '专利即将失效',
  cert_expiry: '证书即将到期',
  litigation: '新增诉讼',
};
/** An enterprise warns 久未走访 from the day after the 90th day since its last visit (or since it joined the office). */
export const WARNING_NO_VISIT_DAYS = 90;
/** A certificate warns from this many days before its expiry (the largest default lead time, DOMAIN §3). */
export const WARNING_CERT_LEAD_DAYS = 90;
/** … and still warns this many days after its expiry (as the certificate expiry scan, ADR 0027). */
export const WARNING_CERT_EXPIRED_DAYS = 30;
/** A litigation case is 新增 for this many days from its filing date. */
export const WARNING_LITIGATION_DAYS = 30;
/** Rows an Excel export of the warnings holds at most. */
export const WARNING_EXPORT_MAX = 5000;

const INT_MAX = 2 ** 31 - 1;
const qid = (what: string) =>
  z.coerce
    .number({ error: `请选择${what}` })
    .int(`${what}编号不正确`)
    .positive(`${what}编号不正确`)
    .max(INT_MAX, `${what}编号不正确`);

export const WarningCountQuery = z.object({
  street_id: qid('街道').optional(),
  /** The main account looking at one staff member's enterprises (a staff member always sees its own). */
  staff_id: qid('员工').optional(),
  keyword: z.string({ error: '关键词须为文字' }).trim().max(50, '关键词不能超过 50 个字').optional(),
});
export type WarningCountQuery = z.input<typeof WarningCountQuery>;

export const WarningListQuery = WarningCountQuery.extend({
  page: z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(100_000, '页码不正确').default(1),
  page_size: z.coerce
    .number({ error: '每页条数不正确' })
    .int('每页条数不正确')
    .min(1, '每页条数不正确')
    .max(100, '每页最多 100 条')
    .default(20),
  kind: z.enum(ENTERPRISE_WARNING_KINDS, { error: '预警类型不正确' }).optional(),
  /** 1: answer an Excel file of every matching row (at most WARNING_EXPORT_MAX) instead of a page. */
  export: z.enum(['0', '1'], { error: '取值只能是 0 或 1' }).optional(),
});
export type WarningListQuery = z.input<typeof WarningListQuery>;

export interface EnterpriseWarningRow {
  /** Unique per warning episode: `<kind>:<what it is about>:<start day or year>`. */
  key: string;
  kind: EnterpriseWarningKind;
  kind_label: string;
  company_id: number;
  company_name: string;
  street_name: string;
  /** YYYY-MM-DD: the day the warning started. */
  started_on: string;
  detail: string;
  /** Where to act on it (the demand, the enterprise page). */
  link: string;
  link_text: string;
  /** 发起走访 for this enterprise. */
  visit_link: string;
}

export type EnterpriseWarningCounts = Record<EnterpriseWarningKind, number>;

export interface EnterpriseWarningList {
  list: EnterpriseWarningRow[];
  total: number;
  page: number;
  page_size: number;
  /** Per kind under the same street / staff / keyword filters (not the kind filter). */
  counts: EnterpriseWarningCounts;
}

export interface EnterpriseWarningCountsReply {
  counts: EnterpriseWarningCounts;
  total: number;
}

export type EnterpriseWarningExport = RecordExport;
