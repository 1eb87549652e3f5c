import { z } from 'zod';
import {
  RecordFileIds,
  SORT_ORDERS,
  optionalRecordDate,
  recordPaging,
  recordId,
  recordRequiredText,
  recordText,
  type ExpiryStatus,
  type RecordFile,
} from './ip-records';

/** Non-patent IP a company records by hand (非专利). */
export const IP_KINDS = ['trademark', 'copyright', 'software'] as const;
export type IpKind = (typeof IP_KINDS)[number];
export const IP_KIND_LABELS: Record<IpKind, string> = {
  trademark: '商标',
  copyright: '作品著作权',
  software: '软件著作权',
};

export const IP_STATUSES = ['pending', 'registered', 'renewing', 'rejected', 'invalid'] as const;
export type IpStatus = (typeof IP_STATUSES)[number];
export const IP_STATUS_LABELS: Record<IpStatus, string> = {
  pending: '申请中',
  registered: '已注册',
  renewing: '续展中',
  rejected: '已驳回',
  invalid: '已失效',
};

/** Nice classification (尼斯分类): trademark classes 1–45. */
export const NICE_CLASS_MAX = 45;

export const IP_SORT_FIELDS = ['application_date', 'registration_date', 'expiry_date', 'created_at'] as const;

const kind = z.enum(IP_KINDS, { error: '类型不正确' });
const status = z.enum(IP_STATUSES, { error: '状态不正确' });

const filters = {
  kind: kind.optional(),
  status: status.optional(),
  keyword: recordText('关键词', 50).optional(),
  sort_field: z.enum(IP_SORT_FIELDS, { error: '排序字段不正确' }).default('created_at'),
  sort_order: z.enum(SORT_ORDERS, { error: '排序方式不正确' }).default('descend'),
};

/** POST /v1/frontend/ip/index */
export const IpListBody = z.object({ ...recordPaging, ...filters });
export type IpListBody = z.input<typeof IpListBody>;

/** POST /v1/frontend/ip/export */
export const IpExportBody = z.object(filters);
export type IpExportBody = z.input<typeof IpExportBody>;

/** POST /v1/frontend/ip/detail and /delete */
export const IpIdBody = z.object({ id: recordId('知识产权') });

const fields = {
  kind,
  number: recordRequiredText('注册号/登记号', 60),
  name: recordRequiredText('名称', 100),
  nice_class: z
    .union(
      [
        z
          .number({ error: '商标类别不正确' })
          .int('商标类别应为 1–45 的整数')
          .min(1, '商标类别应为 1–45')
          .max(NICE_CLASS_MAX, '商标类别应为 1–45'),
        z.literal(0),
        z.null(),
      ],
      { error: '商标类别应为 1–45 的整数' },
    )
    .optional()
    .transform((v) => v || 0),
  application_date: optionalRecordDate('申请日期'),
  registration_date: optionalRecordDate('注册/登记日期'),
  expiry_date: optionalRecordDate('有效期至'),
  owner: recordText('权利人', 100).default(''),
  status,
  note: recordText('备注', 500).default(''),
  file_ids: RecordFileIds,
};

function checkIp(
  v: {
    kind: IpKind;
    nice_class: number;
    application_date: string | null;
    registration_date: string | null;
    expiry_date: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (v.kind === 'trademark' && !v.nice_class) {
    ctx.addIssue({ code: 'custom', path: ['nice_class'], message: '商标须填写类别（1–45）' });
  }
  if (v.kind !== 'trademark' && v.nice_class) {
    ctx.addIssue({ code: 'custom', path: ['nice_class'], message: '只有商标有类别' });
  }
  if (v.application_date && v.registration_date && v.registration_date < v.application_date) {
    ctx.addIssue({ code: 'custom', path: ['registration_date'], message: '注册/登记日期不能早于申请日期' });
  }
  const start = v.registration_date ?? v.application_date;
  if (start && v.expiry_date && v.expiry_date < start) {
    ctx.addIssue({ code: 'custom', path: ['expiry_date'], message: '有效期至不能早于注册/申请日期' });
  }
}

/** POST /v1/frontend/ip/create */
export const IpCreateBody = z.object(fields).superRefine(checkIp);
export type IpCreateBody = z.input<typeof IpCreateBody>;

/** POST /v1/frontend/ip/update */
export const IpUpdateBody = z.object({ id: recordId('知识产权'), ...fields }).superRefine(checkIp);
export type IpUpdateBody = z.input<typeof IpUpdateBody>;

export interface IpRow {
  id: number;
  kind: IpKind;
  number: string;
  name: string;
  nice_class: number;
  application_date: string | null;
  registration_date: string | null;
  expiry_date: string | null;
  owner: string;
  status: IpStatus;
  note: string;
  file_count: number;
  expiry_status: ExpiryStatus;
  days_left: number | null;
  created_at: string;
  updated_at: string;
}

export interface IpDetail extends IpRow {
  files: RecordFile[];
}

export interface IpList {
  list: IpRow[];
  total: number;
  page: number;
  page_size: number;
}
