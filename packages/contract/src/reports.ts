import { z } from 'zod';
import { recordId, recordPaging } from './ip-records';

/** The monthly patent report (issue 10, ADR 0030): one per company and Asia/Shanghai month. */
export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  queued: '排队中',
  running: '生成中',
  done: '已生成',
  failed: '生成失败',
};

/** A month, YYYY-MM. */
export const ReportMonth = z
  .string({ error: '请选择月份' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式不正确（应为 YYYY-MM）');

/** POST /v1/frontend/report/index */
export const ReportListBody = z.object({ ...recordPaging });
export type ReportListBody = z.input<typeof ReportListBody>;

/** POST /v1/frontend/report/detail and /download */
export const ReportIdBody = z.object({ id: recordId('报告') });
export type ReportIdBody = z.input<typeof ReportIdBody>;

/** POST /v1/frontend/report/generate */
export const ReportGenerateBody = z.object({ month: ReportMonth });
export type ReportGenerateBody = z.input<typeof ReportGenerateBody>;

/** The section titles, the same on the page and in the PDF. */
export const REPORT_SECTIONS = {
  overview: '专利概况',
  filed: '本月新申请',
  published: '本月公开',
  granted: '本月授权',
  lapsed: '本月失效',
  expired: '本月期限届满',
  feesPaid: '本月已缴年费',
  feesDue: '下月应缴年费',
  certificates: '下月到期证书',
  monitor: '本月监控动态',
} as const;

/** A patent in one of the month's lists. */
export interface ReportPatentItem {
  patent_id: number;
  title: string;
  an: string | null;
  pn: string | null;
  type: string;
  /** The day of the event (filing, publication, grant, lapse, expiry). */
  date: string;
  legal_status: string;
  /** Why it lapsed (lapses only): the legal event's text or 未缴年费. */
  reason?: string;
}

export interface ReportFeeItem {
  patent_id: number;
  title: string;
  an: string | null;
  year: number;
  /** paid_on (fees paid) or the due date (fees due). */
  date: string;
  amount: number;
  /** Fees due: the fee state on the report day (due, grace, not_due). */
  state?: string;
}

export interface ReportCertificateItem {
  id: number;
  name: string;
  kind: string;
  expiry_date: string;
}

export interface ReportMonitorItem {
  id: number;
  title: string;
  kind: string;
  date: string;
}

/** A list in the report: at most REPORT_LIST_MAX items, `total` says how many there were. */
export interface ReportList<T> {
  total: number;
  items: T[];
}
export const REPORT_LIST_MAX = 100;

/** The figures a report shows (the `data` of the reports row). */
export interface ReportData {
  company: { id: number; name: string };
  month: string;
  /** First and last day of the month covered; for the current month, `end` is the day it was generated. */
  start: string;
  end: string;
  /** The day "next month" starts (fees and certificates due in the following month). */
  next_start: string;
  next_end: string;
  generated_at: string;
  totals: {
    patents: number;
    in_force: number;
    pending: number;
    lapsed_total: number;
    filed: number;
    published: number;
    granted: number;
    lapsed: number;
    expired: number;
    fees_paid_count: number;
    fees_paid_amount: number;
    fees_due_count: number;
    fees_due_amount: number;
    certificates_expiring: number;
    monitor_hits: number;
  };
  by_type: { type: string; count: number }[];
  by_status: { status: string; count: number }[];
  /** Patents filed, published and granted per month over the 12 months ending with this one. */
  activity_by_month: { month: string; filed: number; published: number; granted: number }[];
  /** Fees paid per month over the 12 months ending with this one. */
  fees_by_month: { month: string; amount: number; count: number }[];
  filed: ReportList<ReportPatentItem>;
  published: ReportList<ReportPatentItem>;
  granted: ReportList<ReportPatentItem>;
  lapsed: ReportList<ReportPatentItem>;
  expired: ReportList<ReportPatentItem>;
  fees_paid: ReportList<ReportFeeItem>;
  fees_due: ReportList<ReportFeeItem>;
  certificates: ReportList<ReportCertificateItem>;
  /** available: false when monitoring is not installed on this server. */
  monitor: ReportList<ReportMonitorItem> & { available: boolean };
}

/** A row of the list of reports. */
export interface ReportSummary {
  id: number;
  month: string;
  status: ReportStatus;
  generated_at: string | null;
  job_id: number;
  error: string;
  /** Whether a PDF can be downloaded. */
  has_pdf: boolean;
  /** A few headline figures (done reports). */
  totals: ReportData['totals'] | null;
}

export interface ReportListReply {
  list: ReportSummary[];
  total: number;
  page: number;
  page_size: number;
  /** The months the user may generate: from `min_month` to `max_month` (the current month). */
  min_month: string;
  max_month: string;
}

export interface ReportDetail extends ReportSummary {
  data: ReportData | null;
}

export interface ReportGenerateReply {
  id: number;
  month: string;
  job_id: number;
}
