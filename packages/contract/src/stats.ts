import { z } from 'zod';
import { filterDay } from './ip-records';
import { ADMIN_USER_KINDS, type AdminUserKind } from './admin';

// The administrator's statistics (/dataShow 统计概览, /dataShow/newList 统计明细; issue 13, ADR 0047).
// Every figure is computed in SQL over a China-time date range (both ends included).

/** The longest range one request may cover (two years), so a per-day series stays bounded. */
export const STATS_RANGE_MAX_DAYS = 731;
/** Rows one Excel export of a statistics table holds at most. */
export const STATS_EXPORT_MAX = 10000;

const rangeOk = (b: { date_from?: string; date_to?: string }) => !b.date_from || !b.date_to || b.date_from <= b.date_to;
const rangeShort = (b: { date_from?: string; date_to?: string }) =>
  !b.date_from ||
  !b.date_to ||
  (Date.parse(`${b.date_to}T00:00:00Z`) - Date.parse(`${b.date_from}T00:00:00Z`)) / 86_400_000 < STATS_RANGE_MAX_DAYS;

const RangeFields = { date_from: filterDay('开始日期'), date_to: filterDay('结束日期') };

/** A date range; missing ends default to the 30 days that end today (China time). */
export const StatsRangeBody = z
  .object(RangeFields)
  .refine(rangeOk, { message: '开始日期不能晚于结束日期' })
  .refine(rangeShort, { message: `日期范围不能超过 ${STATS_RANGE_MAX_DAYS} 天` });
export type StatsRangeBody = z.infer<typeof StatsRangeBody>;

/** The kinds of account (DOMAIN §1), as the statistics count them (the administrator's user list's kinds). */
export const USER_KINDS = ADMIN_USER_KINDS;
export type UserKind = AdminUserKind;

/** The tables behind the charts (/dataShow/newList). */
export const STAT_TABLES = ['users', 'verifications', 'searches', 'terms', 'exports', 'logins', 'companies'] as const;
export type StatTable = (typeof STAT_TABLES)[number];
export const STAT_TABLE_LABELS: Record<StatTable, string> = {
  users: '新增用户',
  verifications: '认证申请',
  searches: '检索记录',
  terms: '热门检索词',
  exports: '导出记录',
  logins: '登录记录',
  companies: '活跃企业',
};

export const StatsListBody = z
  .object({
    table: z.enum(STAT_TABLES, { error: '统计表不正确' }),
    ...RangeFields,
    keyword: z.string({ error: '关键词不正确' }).trim().max(50, '关键词不能超过 50 个字').optional(),
    /** users: one kind of account. */
    kind: z.enum(USER_KINDS, { error: '用户类型不正确' }).optional(),
    /** verifications: 0 pending, 1 approved, 2 rejected. */
    status: z.coerce.number({ error: '状态不正确' }).int('状态不正确').min(0, '状态不正确').max(2, '状态不正确').optional(),
    page: z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(100000, '页码不正确').default(1),
    page_size: z.coerce
      .number({ error: '每页条数不正确' })
      .int('每页条数不正确')
      .min(1, '每页条数不正确')
      .max(100, '每页最多 100 条')
      .default(20),
  })
  .refine(rangeOk, { message: '开始日期不能晚于结束日期' })
  .refine(rangeShort, { message: `日期范围不能超过 ${STATS_RANGE_MAX_DAYS} 天` });
export type StatsListBody = z.infer<typeof StatsListBody>;

export interface DayCount {
  day: string;
  count: number;
}

export interface StatsOverview {
  date_from: string;
  date_to: string;
  users: {
    total: number;
    by_kind: { kind: UserKind; label: string; count: number }[];
    /** One row per month (YYYY-MM) of the range, with a count for each kind. */
    by_month: ({ month: string } & Record<UserKind, number>)[];
  };
  verifications: {
    total: number;
    pending: number;
    approved: number;
    rejected: number;
    /** Median hours from submission to approval of the approved ones; null when none. */
    median_hours: number | null;
  };
  searches: { total: number; users: number; per_day: DayCount[]; top_terms: { term: string; count: number }[] };
  exports: { total: number; per_day: DayCount[] };
  logins: { total: number; users: number; per_day: DayCount[] };
  active_companies: {
    count: number;
    top: { company_id: number; company_name: string; logins: number; searches: number; exports: number }[];
  };
}

export interface StatsListAnswer {
  table: StatTable;
  date_from: string;
  date_to: string;
  total: number;
  list: Record<string, string | number | null>[];
}
