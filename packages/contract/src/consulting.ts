import { z } from 'zod';
import {
  optionalRecordDate,
  recordId,
  recordPaging,
  recordRequiredText,
  recordText,
  RecordFileIds,
  type RecordFile,
} from './ip-records';

// Business consulting (业务咨询, issue 14, ADR 0046): a company user asks (/UserConsulting, /consulting in set A;
// POST /v1/frontend/ask/content), the administrator answers and closes (/consulting in set B); each reply reaches the
// company's message centre.

export const CONSULT_CATEGORIES = ['patent', 'trademark', 'copyright', 'protection', 'finance', 'policy', 'other'] as const;
export type ConsultCategory = (typeof CONSULT_CATEGORIES)[number];
export const CONSULT_CATEGORY_LABELS: Record<ConsultCategory, string> = {
  patent: '专利',
  trademark: '商标',
  copyright: '版权',
  protection: '知识产权保护',
  finance: '知识产权金融',
  policy: '政策申报',
  other: '其他',
};

/** 待回复 (open: asked, or the company added to the thread), 已回复 (replied), 已关闭 (closed). */
export const CONSULT_STATUSES = ['open', 'replied', 'closed'] as const;
export type ConsultStatus = (typeof CONSULT_STATUSES)[number];
export const CONSULT_STATUS_LABELS: Record<ConsultStatus, string> = { open: '待回复', replied: '已回复', closed: '已关闭' };

export const CONSULT_TEXT_MAX = 2000;
export const CONSULT_TITLE_MAX = 60;

const category = z.enum(CONSULT_CATEGORIES, { error: '请选择咨询类别' });
const status = z.enum(CONSULT_STATUSES, { error: '状态不正确' });

/** POST /v1/frontend/ask/content: a company user's question. */
export const ConsultAskBody = z.object({
  category,
  title: recordRequiredText('咨询标题', CONSULT_TITLE_MAX),
  content: recordRequiredText('咨询内容', CONSULT_TEXT_MAX),
  file_ids: RecordFileIds,
});
export type ConsultAskBody = z.input<typeof ConsultAskBody>;

const listFilters = {
  ...recordPaging,
  status: status.optional(),
  category: category.optional(),
  date_from: optionalRecordDate('开始日期'),
  date_to: optionalRecordDate('结束日期'),
  keyword: recordText('关键词', 50).optional(),
};
const datesInOrder = (v: { date_from?: string | null; date_to?: string | null }, ctx: z.RefinementCtx) => {
  if (v.date_from && v.date_to && v.date_to < v.date_from) {
    ctx.addIssue({ code: 'custom', path: ['date_to'], message: '结束日期不能早于开始日期' });
  }
};

/** POST /v1/frontend/ask/index: the company's own questions, newest first. */
export const ConsultListBody = z.object(listFilters).superRefine(datesInOrder);
export type ConsultListBody = z.input<typeof ConsultListBody>;

/** POST /v1/consult/index: every company's questions (administrator), filter by company too. */
export const ConsultAdminListBody = z
  .object({ ...listFilters, company: recordText('企业名称', 50).optional() })
  .superRefine(datesInOrder);
export type ConsultAdminListBody = z.input<typeof ConsultAdminListBody>;

export const ConsultIdBody = z.object({ id: recordId('咨询') });

/** POST /v1/frontend/ask/reply (the company adds to its thread) and /v1/consult/reply (the administrator answers). */
export const ConsultReplyBody = z.object({
  id: recordId('咨询'),
  content: recordRequiredText('回复内容', CONSULT_TEXT_MAX),
  file_ids: RecordFileIds,
});
export type ConsultReplyBody = z.input<typeof ConsultReplyBody>;

/** POST /v1/consult/public: whether a question and its answers show on /web/askAbout (published Q&A). */
export const ConsultPublicBody = z.object({
  id: recordId('咨询'),
  public: z.boolean({ error: '公开设置不正确' }),
});

export interface ConsultRow {
  id: number;
  company_id: number;
  company_name: string;
  asker_name: string;
  category: ConsultCategory;
  category_label: string;
  title: string;
  status: ConsultStatus;
  status_label: string;
  public: boolean;
  replies: number;
  created_at: string;
  last_reply_at: string | null;
}

export interface ConsultList {
  list: ConsultRow[];
  total: number;
  page: number;
  page_size: number;
  /** Questions per status under the other filters. */
  counts: Record<ConsultStatus, number>;
}

export interface ConsultMessage {
  id: number;
  /** 'company' (the asker's side) or 'admin' (the office). */
  author: 'company' | 'admin';
  author_name: string;
  content: string;
  files: RecordFile[];
  created_at: string;
}

export interface ConsultThread extends ConsultRow {
  content: string;
  files: RecordFile[];
  messages: ConsultMessage[];
  closed_at: string | null;
}

/** POST /v1/frontend/ask/public: the published Q&As of the portal's /web/askAbout (anyone; no company named). */
export const ConsultPublicListBody = z.object({
  ...recordPaging,
  category: category.optional(),
  keyword: recordText('关键词', 50).optional(),
});
export type ConsultPublicListBody = z.input<typeof ConsultPublicListBody>;

export interface PublicQa {
  id: number;
  category: ConsultCategory;
  category_label: string;
  title: string;
  content: string;
  /** The office's answers, oldest first (the company's follow-ups are left out). */
  answers: { content: string; created_at: string }[];
  created_at: string;
}

export interface PublicQaList {
  list: PublicQa[];
  total: number;
  page: number;
  page_size: number;
}
