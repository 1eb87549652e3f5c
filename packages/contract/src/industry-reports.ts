import { z } from 'zod';
import { recordId, recordPaging, recordRequiredText, recordText } from './ip-records';

// Industry reports (产业报告, issue 14, ADR 0054): the administrator uploads and publishes PDF reports on
// /IndustryReport; company and trial users read them on /industry (filters, in-page preview, counted downloads).

export const INDUSTRY_REPORT_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type IndustryReportStatus = (typeof INDUSTRY_REPORT_STATUSES)[number];
export const INDUSTRY_REPORT_STATUS_LABELS: Record<IndustryReportStatus, string> = {
  draft: '未发布',
  published: '已发布',
  withdrawn: '已撤回',
};

/** The industries a report is filed under (the district's leading industries; 其他 for the rest). */
export const REPORT_INDUSTRIES = [
  '新一代信息技术',
  '高端装备制造',
  '新材料',
  '生物医药',
  '新能源',
  '节能环保',
  '新能源汽车',
  '数字创意',
  '现代服务业',
  '其他',
] as const;
export type ReportIndustry = (typeof REPORT_INDUSTRIES)[number];

export const REPORT_YEAR_MIN = 2000;
export const REPORT_YEAR_MAX = 2100;
export const REPORT_TITLE_MAX = 100;
export const REPORT_SUMMARY_MAX = 500;

const industry = z.enum(REPORT_INDUSTRIES, { error: '请选择所属行业' });
const year = z.coerce
  .number({ error: '请填写年份' })
  .int('年份不正确')
  .min(REPORT_YEAR_MIN, `年份不能早于 ${REPORT_YEAR_MIN}`)
  .max(REPORT_YEAR_MAX, `年份不能晚于 ${REPORT_YEAR_MAX}`);

const filters = {
  ...recordPaging,
  industry: industry.optional(),
  year: year.optional(),
  keyword: recordText('关键词', 50).optional(),
};

/** POST /v1/report/industry/index: the published reports (company and trial users), newest year first. */
export const IndustryReportListBody = z.object(filters);
export type IndustryReportListBody = z.input<typeof IndustryReportListBody>;

/** POST /v1/report/industry/admin/index: every report (administrator), filter by state too. */
export const IndustryReportAdminListBody = z.object({
  ...filters,
  status: z.enum(INDUSTRY_REPORT_STATUSES, { error: '状态不正确' }).optional(),
});
export type IndustryReportAdminListBody = z.input<typeof IndustryReportAdminListBody>;

/** POST /v1/report/industry/admin/save: new (no id, a draft) or an edit. */
export const IndustryReportSaveBody = z.object({
  id: recordId('报告').optional(),
  title: recordRequiredText('报告标题', REPORT_TITLE_MAX),
  industry,
  year,
  summary: recordText('报告摘要', REPORT_SUMMARY_MAX).default(''),
  /** The PDF: a private 'document' upload of /v1/common/file by an administrator. */
  file_id: recordId('报告文件'),
  /** The cover: a public 'portal' image of /v1/common/file; 0 for none. */
  cover_file_id: z.coerce.number().int().min(0).max(2147483647).default(0),
});
export type IndustryReportSaveBody = z.input<typeof IndustryReportSaveBody>;

export const IndustryReportIdBody = z.object({ id: recordId('报告') });
export type IndustryReportIdBody = z.input<typeof IndustryReportIdBody>;

export interface IndustryReportRow {
  id: number;
  title: string;
  industry: string;
  year: number;
  summary: string;
  cover_url: string;
  file_name: string;
  file_size: number;
  downloads: number;
  published_at: string | null;
}

export interface IndustryReportAdminRow extends IndustryReportRow {
  status: IndustryReportStatus;
  file_id: number;
  cover_file_id: number;
  created_at: string;
  updated_at: string;
}

export interface IndustryReportList<R = IndustryReportRow> {
  list: R[];
  total: number;
  page: number;
  page_size: number;
  /** The years that have reports (for the year filter), newest first. */
  years: number[];
}

/** POST /v1/report/industry/preview and /download: a signed link (10 minutes) to the PDF, served inline. */
export interface IndustryReportLink {
  url: string;
  name: string;
  /** The report's download count after this call (unchanged by a preview). */
  downloads: number;
}
