import { z } from 'zod';
import { CERTIFICATE_KIND_LABELS, CERTIFICATE_KINDS } from './certificates';
import { IP_KIND_LABELS, IP_KINDS } from './ip-assets';
import { SORT_ORDERS, isIsoDate, recordPaging, recordText } from './ip-records';

// Issue 10 (ADR 0027): the holiday table behind the working-day calendar (administrator, /system 节假日), a company's
// warning lead times (/system 提醒设置) and certificate expiry warnings (/certificateExpire).

// ---------------------------------------------------------------------------------------------------------- holidays

/** Years an administrator may edit in the holiday table. */
export const HOLIDAY_YEAR_MIN = 1990;
export const HOLIDAY_YEAR_MAX = 2100;

const holidayYear = z.coerce
  .number({ error: '年份不正确' })
  .int('年份不正确')
  .min(HOLIDAY_YEAR_MIN, `年份须在 ${HOLIDAY_YEAR_MIN}–${HOLIDAY_YEAR_MAX} 之间`)
  .max(HOLIDAY_YEAR_MAX, `年份须在 ${HOLIDAY_YEAR_MIN}–${HOLIDAY_YEAR_MAX} 之间`);

const holidayDay = z
  .string({ error: '请填写日期' })
  .trim()
  .min(1, '请填写日期')
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isIsoDate(v), '日期格式不正确，应为有效日期 YYYY-MM-DD')
  .refine((v) => {
    const y = Number(v.slice(0, 4));
    return y >= HOLIDAY_YEAR_MIN && y <= HOLIDAY_YEAR_MAX;
  }, `日期的年份须在 ${HOLIDAY_YEAR_MIN}–${HOLIDAY_YEAR_MAX} 之间`);

/** POST /v1/system/holiday/index and /v1/system/holiday/reimport */
export const HolidayYearBody = z.object({ year: holidayYear });
export type HolidayYearBody = z.input<typeof HolidayYearBody>;

/** POST /v1/system/holiday/save: a day off (working 0) or an adjusted working day (working 1, 调休上班). */
export const HolidaySaveBody = z.object({
  day: holidayDay,
  working: z.union([z.literal(0), z.literal(1)], { error: '请选择放假或调休上班' }),
  name: recordText('名称', 50).default(''),
});
export type HolidaySaveBody = z.input<typeof HolidaySaveBody>;

/** POST /v1/system/holiday/delete */
export const HolidayDayBody = z.object({ day: holidayDay });
export type HolidayDayBody = z.input<typeof HolidayDayBody>;

export type HolidaySource = 'package' | 'admin';

export interface HolidayRow {
  day: string;
  /** 1: adjusted working day (班); 0: day off (休). */
  working: 0 | 1;
  name: string;
  source: HolidaySource;
  updated_at: string;
}

export interface HolidayList {
  year: number;
  list: HolidayRow[];
  /** Whether the bundled package (chinese-days) knows this year (re-import possible). */
  package_knows: boolean;
  /** The years the package knows, for the year picker. */
  package_years: number[];
}

// ------------------------------------------------------------------------------------------------------- lead times

export const LEAD_DAYS_MIN = 1;
export const LEAD_DAYS_MAX = 3650;
export const LEAD_TIMES_MAX = 5;

const leadDays = (label: string) =>
  z
    .array(
      z
        .number({ error: `${label}须为整数天数` })
        .int(`${label}须为整数天数`)
        .min(LEAD_DAYS_MIN, `${label}须在 ${LEAD_DAYS_MIN}–${LEAD_DAYS_MAX} 天之间`)
        .max(LEAD_DAYS_MAX, `${label}须在 ${LEAD_DAYS_MIN}–${LEAD_DAYS_MAX} 天之间`),
      { error: `${label}格式不正确` },
    )
    .min(1, `请至少设置一个${label}`)
    .max(LEAD_TIMES_MAX, `${label}最多设置 ${LEAD_TIMES_MAX} 个`)
    .refine((v) => new Set(v).size === v.length, `${label}不能重复`)
    .transform((v) => [...v].sort((a, b) => b - a));

/** POST /v1/frontend/warning/save (the company's main account). */
export const WarningSettingBody = z.object({
  fee_days: leadDays('年费提醒天数'),
  fee_grace_monthly: z.boolean({ error: '宽限期每月提醒须为是或否' }),
  certificate_days: leadDays('证书到期提醒天数'),
});
export type WarningSettingBody = z.input<typeof WarningSettingBody>;

export interface WarningSetting {
  fee_days: number[];
  fee_grace_monthly: boolean;
  certificate_days: number[];
  /** false: the defaults (the company has saved nothing). */
  custom: boolean;
  /** Whether the caller may change them (the main account; a sub-account reads). */
  editable: boolean;
  updated_at: string | null;
}

// ------------------------------------------------------------------------------------------------ certificate expiry

/** What /certificateExpire lists: every certificate kind and every non-patent IP kind with an expiry date. */
export const EXPIRE_KINDS = [...CERTIFICATE_KINDS, ...IP_KINDS] as const;
export type ExpireKind = (typeof EXPIRE_KINDS)[number];
export const EXPIRE_KIND_LABELS: Record<ExpireKind, string> = { ...CERTIFICATE_KIND_LABELS, ...IP_KIND_LABELS };

/** expired: past; warning: within the largest lead time (band = the smallest lead time it is within); normal. */
export const EXPIRE_STATES = ['expired', 'warning', 'normal'] as const;
export type ExpireState = (typeof EXPIRE_STATES)[number];

/** The state of an expiry date `days_left` days away under lead times (largest first): 已过期 / N 天内 / 正常. */
export function expireStateOf(daysLeft: number, leadDays: readonly number[]): { state: ExpireState; band: number | null } {
  if (daysLeft < 0) return { state: 'expired', band: null };
  const within = leadDays.filter((d) => daysLeft <= d);
  if (within.length === 0) return { state: 'normal', band: null };
  return { state: 'warning', band: Math.min(...within) };
}

export function expireStateLabel(state: ExpireState, band: number | null): string {
  if (state === 'expired') return '已过期';
  if (state === 'warning') return `${band} 天内`;
  return '正常';
}

export const EXPIRE_SORT_FIELDS = ['expiry_date', 'name', 'kind'] as const;

const expireFilters = {
  state: z.enum(EXPIRE_STATES, { error: '状态不正确' }).optional(),
  /** With state 'warning': only this band (one of the company's lead times). */
  band: z.coerce.number({ error: '提醒档位不正确' }).int('提醒档位不正确').min(1).max(LEAD_DAYS_MAX).optional(),
  kind: z.enum(EXPIRE_KINDS, { error: '类型不正确' }).optional(),
  /** Expiring within this many days (today included; expired ones excluded). */
  within_days: z.coerce
    .number({ error: '天数须为整数' })
    .int('天数须为整数')
    .min(0, `天数须在 0–${LEAD_DAYS_MAX} 之间`)
    .max(LEAD_DAYS_MAX, `天数须在 0–${LEAD_DAYS_MAX} 之间`)
    .optional(),
  keyword: recordText('关键词', 50).optional(),
  /** Only this certificate (a warning message links to /certificateExpire?id=<id>). */
  id: z.coerce.number({ error: '证书编号不正确' }).int('证书编号不正确').positive('证书编号不正确').max(2147483647).optional(),
  sort_field: z.enum(EXPIRE_SORT_FIELDS, { error: '排序字段不正确' }).default('expiry_date'),
  sort_order: z.enum(SORT_ORDERS, { error: '排序方式不正确' }).default('ascend'),
};

/** POST /v1/frontend/certificate/expire */
export const CertificateExpireBody = z.object({ ...recordPaging, ...expireFilters });
export type CertificateExpireBody = z.input<typeof CertificateExpireBody>;

/** POST /v1/frontend/certificate/expire-export */
export const CertificateExpireExportBody = z.object(expireFilters);
export type CertificateExpireExportBody = z.input<typeof CertificateExpireExportBody>;

export interface CertificateExpireRow {
  /** `certificate:<id>` or `ip:<id>`. */
  key: string;
  source: 'certificate' | 'ip';
  id: number;
  kind: ExpireKind;
  kind_label: string;
  number: string;
  name: string;
  expiry_date: string;
  days_left: number;
  state: ExpireState;
  band: number | null;
  state_label: string;
  /** Where its detail is: /certificateData?view=<id> or /NotpatentDetails?id=<id>. */
  link: string;
}

export interface CertificateExpireList {
  list: CertificateExpireRow[];
  total: number;
  page: number;
  page_size: number;
  /** The company's certificate lead times (largest first): the bands of the state filter. */
  lead_days: number[];
  /** Over all of the company's records with an expiry date: expired, each band, normal. */
  counts: { expired: number; normal: number; bands: Record<string, number> };
}
