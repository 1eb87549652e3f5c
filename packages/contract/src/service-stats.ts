import { z } from 'zod';
import { filterDay } from './ip-records';
import type { DemandStatus } from './demands';
import type { VisitStatus } from './visits';

// The enterprise-service dashboards (/newhome, /visualization/Visit, /datapage; issue 13, ADR 0052): visits and
// demands of the caller's scope by street, staff and month, computed in SQL. Every call takes the same filter.

/** The longest range one request may cover (two years), so a per-month series stays bounded. */
export const SERVICE_STATS_RANGE_MAX_DAYS = 731;
/** Rows one Excel export of a dashboard table holds at most. */
export const SERVICE_STATS_EXPORT_MAX = 10000;

const qid = (what: string) =>
  z.coerce
    .number({ error: `${what}不正确` })
    .int(`${what}编号不正确`)
    .positive(`${what}编号不正确`)
    .max(2 ** 31 - 1, `${what}编号不正确`)
    .optional();

const rangeOk = (b: { date_from?: string; date_to?: string }) => !b.date_from || !b.date_to || b.date_from <= b.date_to;
const rangeShort = (b: { date_from?: string; date_to?: string }) =>
  !b.date_from ||
  !b.date_to ||
  (Date.parse(`${b.date_to}T00:00:00Z`) - Date.parse(`${b.date_from}T00:00:00Z`)) / 86_400_000 < SERVICE_STATS_RANGE_MAX_DAYS;

const FilterFields = {
  date_from: filterDay('开始日期'),
  date_to: filterDay('结束日期'),
  street_id: qid('街道'),
  /** The main account looking at one staff member's enterprises (ignored for a staff member: always its own). */
  staff_id: qid('走访人员'),
};

/** The dashboards' filter: a China-time range (default the 12 months ending this month), a street, a staff member. */
export const ServiceStatsQuery = z
  .object(FilterFields)
  .refine(rangeOk, { message: '开始日期不能晚于结束日期' })
  .refine(rangeShort, { message: `日期范围不能超过 ${SERVICE_STATS_RANGE_MAX_DAYS} 天` });
export type ServiceStatsQuery = z.input<typeof ServiceStatsQuery>;

export const SERVICE_COMPANY_SORTS = ['visits', 'demands', 'open_demands', 'name'] as const;
export const ServiceCompanyListQuery = z
  .object({
    ...FilterFields,
    page: z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(100_000, '页码不正确').default(1),
    page_size: z.coerce
      .number({ error: '每页条数不正确' })
      .int('每页条数不正确')
      .min(1, '每页条数不正确')
      .max(100, '每页最多 100 条')
      .default(20),
    sort: z.enum(SERVICE_COMPANY_SORTS, { error: '排序方式不正确' }).default('visits'),
  })
  .refine(rangeOk, { message: '开始日期不能晚于结束日期' })
  .refine(rangeShort, { message: `日期范围不能超过 ${SERVICE_STATS_RANGE_MAX_DAYS} 天` });
export type ServiceCompanyListQuery = z.input<typeof ServiceCompanyListQuery>;

export const SERVICE_STAT_TABLES = ['streets', 'staff', 'months', 'demands', 'companies'] as const;
export type ServiceStatTable = (typeof SERVICE_STAT_TABLES)[number];
export const SERVICE_STAT_TABLE_LABELS: Record<ServiceStatTable, string> = {
  streets: '按街道',
  staff: '按人员',
  months: '按月份',
  demands: '需求状态与亮灯',
  companies: '企业走访明细',
};
export const ServiceStatsExportQuery = z
  .object({ ...FilterFields, table: z.enum(SERVICE_STAT_TABLES, { error: '请选择数据表' }) })
  .refine(rangeOk, { message: '开始日期不能晚于结束日期' })
  .refine(rangeShort, { message: `日期范围不能超过 ${SERVICE_STATS_RANGE_MAX_DAYS} 天` });
export type ServiceStatsExportQuery = z.input<typeof ServiceStatsExportQuery>;

/** The range and filter an answer was computed for. */
export interface ServiceStatsScope {
  date_from: string;
  date_to: string;
  street_id: number | null;
  staff_id: number | null;
}

/** GET /v1/visit/center: the key figures. "Now" figures ignore the range; the range ones say so. */
export interface ServiceCenter extends ServiceStatsScope {
  enterprises: number;
  /** Distinct granted (有权) invention patents the scope's enterprises own. */
  granted_inventions: number;
  /** Visits today / this week (Monday–Sunday): planned for then or done then. */
  visits_today: number;
  visits_week: number;
  /** Done visits this calendar month. */
  visits_month: number;
  open_demands: number;
  red_demands: number;
  yellow_demands: number;
  /** In the range: done visits, demands registered, demands handled, handled within their limit. */
  visits: number;
  demands: number;
  handled: number;
  on_time: number;
  /** on_time / handled in percent (one decimal), null when none was handled. */
  on_time_rate: number | null;
}

export interface CountBy<K extends string> {
  key: K;
  label: string;
  count: number;
}

/** GET /v1/visit/centertype: visits by state (planned in the range), demands by state, light and label (registered in the range). */
export interface ServiceCenterType extends ServiceStatsScope {
  visits_by_status: CountBy<VisitStatus>[];
  demands_by_status: CountBy<DemandStatus>[];
  /** Open demands now, by light (not limited to the range). */
  lights: { red: number; yellow: number; green: number };
  demands_by_label: { label_id: number; name: string; count: number }[];
}

export interface ServiceStatsMonthRow {
  month: string;
  visits: number;
  demands: number;
  handled: number;
  on_time: number;
}
/** GET /v1/visit/getleftlist: one row per month of the range (zeros included). */
export interface ServiceMonths extends ServiceStatsScope {
  list: ServiceStatsMonthRow[];
}

export interface ServiceStatsStaffRow {
  staff_id: number;
  name: string;
  visits: number;
  plans: number;
  handled: number;
  on_time: number;
  on_time_rate: number | null;
}
/** GET /v1/visit/getrightlist: per staff member (visits done and planned in the range; demands handled). */
export interface ServiceStaffStats extends ServiceStatsScope {
  list: ServiceStatsStaffRow[];
}

export interface ServiceStatsStreetRow {
  street_id: number;
  street_name: string;
  enterprises: number;
  visits: number;
  demands: number;
  open_demands: number;
  red_demands: number;
}
/** GET /v1/street/center: per street (the scope's enterprises' street). */
export interface ServiceStreets extends ServiceStatsScope {
  list: ServiceStatsStreetRow[];
}

export interface ServiceStatsStreetRateRow {
  street_id: number;
  street_name: string;
  handled: number;
  on_time: number;
  on_time_rate: number | null;
}
/** GET /v1/street/centerrat: completion within limits per street. */
export interface ServiceStreetRates extends ServiceStatsScope {
  list: ServiceStatsStreetRateRow[];
}

/** GET /v1/street/getleftlist: the streets of the scope (the street filter's options). */
export interface ServiceStreetOption {
  street_id: number;
  street_name: string;
  enterprises: number;
}

export interface ServiceStatsCompanyRow {
  company_id: number;
  company_name: string;
  street_name: string;
  visits: number;
  last_visit: string | null;
  demands: number;
  open_demands: number;
}
/** GET /v1/street/getrightlist: the enterprises (of a street) with their visits and demands in the range, paged. */
export interface ServiceStatsCompanyList extends ServiceStatsScope {
  total: number;
  page: number;
  page_size: number;
  list: ServiceStatsCompanyRow[];
}
