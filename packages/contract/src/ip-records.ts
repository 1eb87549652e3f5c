import { z } from 'zod';

// What certificates (/v1/frontend/certificate/…) and non-patent IP (/v1/frontend/ip/…) share: calendar dates,
// attachments, paging, the expiry status (ADR 0021).

/** A certificate or registration expires "soon" within this many days (the 即将到期 filter and tag). */
export const EXPIRING_SOON_DAYS = 90;
/** Largest page of a certificate or IP list. */
export const RECORD_PAGE_SIZE_MAX = 100;
/** Most attachments of one record. */
export const RECORD_FILES_MAX = 10;
/** Most rows of one Excel export of a certificate or IP list. */
export const RECORD_EXPORT_MAX = 10000;

/** Whether text is a real calendar date written YYYY-MM-DD (1900–2199). */
export function isIsoDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2199 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** A calendar date YYYY-MM-DD with a Chinese message naming the field. */
/** An optional filter day (a range's start or end): YYYY-MM-DD and a real calendar day, else a Chinese message. */
export const filterDay = (label: string) =>
  z
    .string({ error: `${label}不正确` })
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, `${label}格式应为 YYYY-MM-DD`)
    .refine(isIsoDate, `${label}不是有效日期`)
    .optional();

export const recordDate = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .refine(isIsoDate, `${label}格式不正确，应为有效日期 YYYY-MM-DD`);

/** An optional date: empty text and null mean none. */
export const optionalRecordDate = (label: string) =>
  z
    .union([z.string({ error: `${label}格式不正确` }), z.null()], { error: `${label}格式不正确` })
    .optional()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v === null || isIsoDate(v), `${label}格式不正确，应为有效日期 YYYY-MM-DD`);

/** A positive record id. */
export const recordId = (what: string) =>
  z.coerce
    .number({ error: `请选择${what}` })
    .int(`${what}编号不正确`)
    .positive(`请选择${what}`)
    .max(2147483647, `${what}编号不正确`);

/** Attachment file ids (POST /v1/common/file, private purpose): at most RECORD_FILES_MAX, duplicates dropped. */
export const RecordFileIds = z
  .array(
    z.number({ error: '附件编号不正确' }).int('附件编号不正确').positive('附件编号不正确').max(2147483647, '附件编号不正确'),
    {
      error: '附件格式不正确',
    },
  )
  .max(RECORD_FILES_MAX, `附件最多 ${RECORD_FILES_MAX} 个`)
  .default([])
  .transform((ids) => [...new Set(ids)]);

export const recordText = (label: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `请填写${label}` : `${label}格式不正确`) })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字`);

export const recordRequiredText = (label: string, max: number) => recordText(label, max).min(1, `请填写${label}`);

export const recordPaging = {
  page: z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(100000, '页码不正确').default(1),
  page_size: z.coerce
    .number({ error: '每页条数不正确' })
    .int('每页条数不正确')
    .min(1, '每页条数不正确')
    .max(RECORD_PAGE_SIZE_MAX, `每页最多 ${RECORD_PAGE_SIZE_MAX} 条`)
    .default(20),
};

export const SORT_ORDERS = ['ascend', 'descend'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const EXPIRY_STATUSES = ['valid', 'expiring', 'expired'] as const;
export type ExpiryStatus = (typeof EXPIRY_STATUSES)[number];
export const EXPIRY_STATUS_LABELS: Record<ExpiryStatus, string> = { valid: '有效', expiring: '即将到期', expired: '已过期' };

/** Whole days from `today` to `expiry` (both YYYY-MM-DD); negative once past. */
export function isoDaysBetween(today: string, expiry: string): number {
  return Math.round((Date.parse(`${expiry}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** 已过期 before today, 即将到期 within EXPIRING_SOON_DAYS (the expiry day itself still counts as valid), else 有效. */
export function expiryStatusOf(expiry: string | null, today: string): { status: ExpiryStatus; days_left: number | null } {
  if (!expiry) return { status: 'valid', days_left: null };
  const days = isoDaysBetween(today, expiry);
  return { status: days < 0 ? 'expired' : days <= EXPIRING_SOON_DAYS ? 'expiring' : 'valid', days_left: days };
}

/** Adds days to a YYYY-MM-DD date. */
export function isoAddDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** An attachment as a record's detail shows it: `url` is a signed link (minutes), usable in <img> and <iframe>. */
export interface RecordFile {
  id: number;
  name: string;
  mime: string;
  size: number;
  url: string;
}

/** What an export call answers: a signed link to the workbook. */
export interface RecordExport {
  url: string;
  name: string;
  rows: number;
  truncated: boolean;
}
