import { z } from 'zod';
import {
  EXPIRY_STATUSES,
  RecordFileIds,
  SORT_ORDERS,
  recordDate,
  optionalRecordDate,
  recordPaging,
  recordId,
  recordRequiredText,
  recordText,
  type ExpiryStatus,
  type RecordFile,
} from './ip-records';

/** Kinds of certificate (证书管理): a patent certificate belongs to a patent of the company's portfolio. */
export const CERTIFICATE_KINDS = ['patent', 'hightech', 'iso', 'honor', 'qualification', 'other'] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];
export const CERTIFICATE_KIND_LABELS: Record<CertificateKind, string> = {
  patent: '专利证书',
  hightech: '高新技术企业证书',
  iso: 'ISO 体系认证证书',
  honor: '荣誉证书',
  qualification: '资质证书',
  other: '其他证书',
};

export const CERTIFICATE_SORT_FIELDS = ['expiry_date', 'issue_date', 'created_at'] as const;

const kind = z.enum(CERTIFICATE_KINDS, { error: '证书类型不正确' });

/** The filters of the list and of the export. */
const filters = {
  kind: kind.optional(),
  status: z.enum(EXPIRY_STATUSES, { error: '证书状态不正确' }).optional(),
  keyword: recordText('关键词', 50).optional(),
  patent_id: recordId('专利').optional(),
  sort_field: z.enum(CERTIFICATE_SORT_FIELDS, { error: '排序字段不正确' }).default('expiry_date'),
  sort_order: z.enum(SORT_ORDERS, { error: '排序方式不正确' }).default('ascend'),
};

/** POST /v1/frontend/certificate/index */
export const CertificateListBody = z.object({ ...recordPaging, ...filters });
export type CertificateListBody = z.input<typeof CertificateListBody>;

/** POST /v1/frontend/certificate/export: the list's filters, every row (up to RECORD_EXPORT_MAX). */
export const CertificateExportBody = z.object(filters);
export type CertificateExportBody = z.input<typeof CertificateExportBody>;

/** POST /v1/frontend/certificate/detail and /delete */
export const CertificateIdBody = z.object({ id: recordId('证书') });

const fields = {
  kind,
  number: recordRequiredText('证书编号', 60),
  name: recordRequiredText('证书名称', 100),
  issuer: recordText('发证机构', 100).default(''),
  issue_date: recordDate('发证日期'),
  expiry_date: optionalRecordDate('有效期至'),
  patent_id: z
    .union([recordId('专利'), z.literal(0), z.null()], { error: '所属专利不正确' })
    .optional()
    .transform((v) => v || 0),
  note: recordText('备注', 500).default(''),
  file_ids: RecordFileIds,
};

function checkCertificate(
  v: { kind: CertificateKind; issue_date: string; expiry_date: string | null; patent_id: number },
  ctx: z.RefinementCtx,
) {
  if (v.expiry_date && v.expiry_date < v.issue_date) {
    ctx.addIssue({ code: 'custom', path: ['expiry_date'], message: '有效期至不能早于发证日期' });
  }
  if (v.kind === 'patent' && !v.patent_id) {
    ctx.addIssue({ code: 'custom', path: ['patent_id'], message: '专利证书须选择所属专利' });
  }
}

/** POST /v1/frontend/certificate/create */
export const CertificateCreateBody = z.object(fields).superRefine(checkCertificate);
export type CertificateCreateBody = z.input<typeof CertificateCreateBody>;

/** POST /v1/frontend/certificate/update: every field again (the form sends the whole record). */
export const CertificateUpdateBody = z.object({ id: recordId('证书'), ...fields }).superRefine(checkCertificate);
export type CertificateUpdateBody = z.input<typeof CertificateUpdateBody>;

/** POST /v1/frontend/certificate/patents: the company's portfolio patents for the form's picker. */
export const CertificatePatentsBody = z.object({
  keyword: recordText('关键词', 50).optional(),
  limit: z.coerce.number({ error: '条数不正确' }).int('条数不正确').min(1, '条数不正确').max(50, '最多 50 条').default(20),
});

/** A patent as the picker and the certificate show it. */
export interface CertificatePatent {
  id: number;
  title: string;
  an: string | null;
  gn: string | null;
  type: string;
  legal_status: string;
  expiry_date: string | null;
}

/** A row of the certificate list. */
export interface CertificateRow {
  id: number;
  kind: CertificateKind;
  number: string;
  name: string;
  issuer: string;
  issue_date: string;
  expiry_date: string | null;
  patent_id: number;
  patent: CertificatePatent | null;
  note: string;
  file_count: number;
  status: ExpiryStatus;
  /** Days until the expiry date (negative: expired that many days ago); null without an expiry date. */
  days_left: number | null;
  created_at: string;
  updated_at: string;
}

export interface CertificateDetail extends CertificateRow {
  files: RecordFile[];
}

export interface CertificateList {
  list: CertificateRow[];
  total: number;
  page: number;
  page_size: number;
  /** Counts over the company's certificates (not the filters): the cards above the list. */
  counts: Record<ExpiryStatus, number> & { total: number };
}
