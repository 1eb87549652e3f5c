import { z } from 'zod';
import { SORT_ORDERS, isIsoDate, recordId, recordPaging, recordText, type RecordFile } from './ip-records';

// Annual fees of a company's patents (年费预警 /costdetails, ADR 0026): the calls under /v1/frontend/fee/…, on the
// fee engine of modules/fees (DOMAIN §3).

/** A patent year's state on a given day (the fee engine's FeeYearState). */
export const FEE_STATES = ['pre_grant', 'paid_at_grant', 'paid', 'not_due', 'due', 'grace', 'lapsed', 'expired'] as const;
export type FeeState = (typeof FEE_STATES)[number];

/** The states the list filters on (a patent's state: its next fee's, or paid/expired when none is left). */
export const FEE_FILTER_STATES = ['not_due', 'due', 'grace', 'lapsed', 'expired', 'paid'] as const;
export type FeeFilterState = (typeof FEE_FILTER_STATES)[number];

export const FEE_FILTER_STATE_LABELS: Record<FeeFilterState, string> = {
  not_due: '未到期',
  due: '待缴费',
  grace: '宽限期',
  lapsed: '已失效（可恢复）',
  expired: '已届满',
  paid: '已缴',
};

/** The Chinese tag of a state; in grace with the late-fee share of today. */
export function feeStateLabel(state: FeeState, lateFeePct = 0): string {
  switch (state) {
    case 'not_due':
      return '未到期';
    case 'due':
      return '待缴费';
    case 'grace':
      return `宽限期（滞纳金 ${lateFeePct}%）`;
    case 'lapsed':
      return '已失效（可恢复）';
    case 'expired':
      return '已届满';
    case 'paid':
      return '已缴';
    case 'paid_at_grant':
      return '已缴（授权时）';
    case 'pre_grant':
      return '授权前';
  }
}

export const FEE_SORT_FIELDS = ['due', 'amount', 'late_fee', 'grace_end', 'an'] as const;
export type FeeSortField = (typeof FEE_SORT_FIELDS)[number];

/** Largest "due within N days" filter. */
export const FEE_WITHIN_MAX = 3650;
/** Most rows of one import file. */
export const FEE_IMPORT_MAX_ROWS = 5000;
/** Largest amount of one payment (RMB). */
export const FEE_AMOUNT_MAX = 1_000_000;
/** The forecast covers this many years from the current month. */
export const FEE_FORECAST_YEARS = 5;

const filters = {
  state: z.enum(FEE_FILTER_STATES, { error: '缴费状态不正确' }).optional(),
  within_days: z.coerce
    .number({ error: '到期天数不正确' })
    .int('到期天数应为整数')
    .min(0, '到期天数不能为负数')
    .max(FEE_WITHIN_MAX, `到期天数不能超过 ${FEE_WITHIN_MAX} 天`)
    .optional(),
  category_id: z.coerce.number({ error: '分类不正确' }).int('分类不正确').min(0, '分类不正确').optional(),
  is_core: z.union([z.literal(0), z.literal(1)], { error: '核心专利筛选不正确' }).optional(),
  keyword: recordText('关键词', 50).optional(),
  sort_field: z.enum(FEE_SORT_FIELDS, { error: '排序字段不正确' }).default('due'),
  sort_order: z.enum(SORT_ORDERS, { error: '排序方式不正确' }).default('ascend'),
};

/** POST /v1/frontend/fee/index */
export const FeeListBody = z.object({ ...recordPaging, ...filters });
export type FeeListBody = z.input<typeof FeeListBody>;
export type FeeListQuery = z.output<typeof FeeListBody>;

/** POST /v1/frontend/fee/export: the list's filters, every row. */
export const FeeExportBody = z.object(filters);
export type FeeExportBody = z.input<typeof FeeExportBody>;

/** POST /v1/frontend/fee/schedule */
export const FeePatentBody = z.object({ patent_id: recordId('专利') });

const year = z.coerce
  .number({ error: '缴费年度不正确' })
  .int('缴费年度应为整数')
  .min(1, '缴费年度不正确')
  .max(100, '缴费年度不正确');

/** An amount in RMB: a number (or numeric text) ≥ 0, two decimals at most. */
export const feeAmount = z.union([z.number(), z.string().trim()], { error: '缴费金额应为数字' }).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : v === '' ? NaN : Number(v);
  if (!Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: '缴费金额应为数字' });
    return z.NEVER;
  }
  if (n < 0) {
    ctx.addIssue({ code: 'custom', message: '缴费金额不能为负数' });
    return z.NEVER;
  }
  if (n === 0) {
    ctx.addIssue({ code: 'custom', message: '缴费金额必须大于 0' });
    return z.NEVER;
  }
  if (n > FEE_AMOUNT_MAX) {
    ctx.addIssue({ code: 'custom', message: `缴费金额不能超过 ${FEE_AMOUNT_MAX} 元` });
    return z.NEVER;
  }
  if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) {
    ctx.addIssue({ code: 'custom', message: '缴费金额最多保留两位小数' });
    return z.NEVER;
  }
  return Math.round(n * 100) / 100;
});

const paidOn = z
  .string({ error: '请填写缴费日期' })
  .trim()
  .min(1, '请填写缴费日期')
  .refine(isIsoDate, '缴费日期格式不正确，应为有效日期 YYYY-MM-DD');

/** POST /v1/frontend/fee/pay */
export const FeePayBody = z.object({
  patent_id: recordId('专利'),
  year,
  paid_on: paidOn,
  amount: feeAmount,
  payer: recordText('缴费人', 100).default(''),
  file_id: z
    .union([recordId('缴费凭证'), z.literal(0), z.null()], { error: '缴费凭证不正确' })
    .optional()
    .transform((v) => v || 0),
  note: recordText('备注', 200).default(''),
});
export type FeePayBody = z.input<typeof FeePayBody>;
export type FeePayInput = z.output<typeof FeePayBody>;

/** POST /v1/frontend/fee/delete_payment */
export const FeeDeletePaymentBody = z.object({ patent_id: recordId('专利'), year });

/** POST /v1/frontend/fee/import: an .xlsx uploaded first through POST /v1/common/file (purpose document). */
export const FeeImportBody = z.object({ file_id: recordId('导入文件') });

/** The next fee of a patent, or a year of its schedule. */
export interface FeeYearView {
  year: number;
  start: string;
  due: string;
  full_fee: number;
  reduction_pct: number;
  amount: number;
  grace_end: string;
  state: FeeState;
  days_left: number;
  late_fee_pct: number;
  late_fee: number;
  total_if_paid_today: number;
  restoration_fee: number;
  /** Whether a payment may be recorded for this year today. */
  payable: boolean;
  payment: FeePaymentView | null;
}

export interface FeePaymentView {
  year: number;
  paid_on: string;
  amount: number;
  payer: string;
  note: string;
  file: RecordFile | null;
  created_at: string;
}

/** A row of the fee-warning list: a patent of the company with its next fee. */
export interface FeeRow {
  patent_id: number;
  title: string;
  an: string | null;
  type: string;
  category_id: number;
  is_core: number;
  reduction_pct: number;
  expiry: string;
  /** The patent's state (its next fee's; paid when nothing is left to pay this term; expired). */
  state: FeeState;
  next: FeeYearView | null;
}

export interface FeeCounts {
  total: number;
  due_30: number;
  due_30_amount: number;
  due_90: number;
  due_90_amount: number;
  grace: number;
  grace_amount: number;
  lapsed: number;
}

export interface FeeList {
  list: FeeRow[];
  total: number;
  page: number;
  page_size: number;
  counts: FeeCounts;
  today: string;
}

export interface FeeSchedule {
  patent: { id: number; title: string; an: string | null; type: string; filing_date: string; grant_date: string | null };
  reduction_pct: number;
  term_adjustment_days: number;
  term: { years: number; expiry: string };
  state: FeeState;
  next: FeeYearView | null;
  years: FeeYearView[];
  today: string;
}

export interface FeeImportRow {
  /** The sheet's row number (1 = the header). */
  row: number;
  an: string;
  year: number | null;
  ok: boolean;
  msg: string;
}

export interface FeeImportReport {
  total: number;
  recorded: number;
  refused: number;
  rows: FeeImportRow[];
}

export interface FeeForecast {
  /** 60 months from the current one: YYYY-MM, the amount after reduction, the number of fees. */
  months: { month: string; amount: number; count: number }[];
  total: number;
  years: { year: number; amount: number }[];
}

/** The fee slots of /home and the cards of /costdetails. */
export interface FeeSummary {
  due_30: number;
  due_30_amount: number;
  due_90: number;
  due_90_amount: number;
  grace: number;
  grace_amount: number;
  lapsed: number;
}

/** The import sheet's headers, in order. */
export const FEE_IMPORT_HEADERS = ['专利号', '年度', '缴费日期', '金额', '缴费人'] as const;
