import { z } from 'zod';
import { optionalRecordDate, recordId, recordPaging, recordRequiredText, recordText } from './ip-records';
import { isMainlandMobile, trimMobile } from './validators';

// The portal's service pages (issue 14, ADR 0054): a visitor logged in by SMS code, or a logged-in user, sends a
// question (/web/askAbout), a dialogue topic (/web/dialogue) or an appointment (/web/immediately, 马上办); the
// administrator answers or handles it on /consulting (门户留言与预约 tab); the sender sees the answer on the page.

export const PORTAL_REQUEST_KINDS = ['question', 'topic', 'appointment'] as const;
export type PortalRequestKind = (typeof PORTAL_REQUEST_KINDS)[number];
export const PORTAL_REQUEST_KIND_LABELS: Record<PortalRequestKind, string> = {
  question: '在线咨询',
  topic: '对话议题',
  appointment: '马上办预约',
};
export const PORTAL_REQUEST_STATUSES = ['open', 'handled'] as const;
export type PortalRequestStatus = (typeof PORTAL_REQUEST_STATUSES)[number];
export const PORTAL_REQUEST_STATUS_LABELS: Record<PortalRequestStatus, string> = { open: '待处理', handled: '已处理' };
export const PORTAL_REQUEST_TEXT_MAX = 1000;

const kind = z.enum(PORTAL_REQUEST_KINDS, { error: '类型不正确' });

/** POST /v1/portal/request: a question, topic or appointment (an appointment needs a company and a preferred day). */
export const PortalRequestBody = z
  .object({
    kind,
    name: recordRequiredText('姓名', 30),
    company: recordText('单位名称', 100).default(''),
    mobile: z.string({ error: '请填写手机号' }).transform(trimMobile).refine(isMainlandMobile, '请填写正确的 11 位手机号'),
    content: recordRequiredText('内容', PORTAL_REQUEST_TEXT_MAX),
    preferred_date: optionalRecordDate('期望办理日期'),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'appointment') return;
    if (!v.company) ctx.addIssue({ code: 'custom', path: ['company'], message: '请填写单位名称' });
    if (!v.preferred_date) ctx.addIssue({ code: 'custom', path: ['preferred_date'], message: '请选择期望办理日期' });
  });
export type PortalRequestBody = z.input<typeof PortalRequestBody>;

/** POST /v1/portal/request/mine: the sender's own requests of one kind, newest first. */
export const PortalRequestMineBody = z.object({ ...recordPaging, kind: kind.optional() });
export type PortalRequestMineBody = z.input<typeof PortalRequestMineBody>;

/** POST /v1/portal/admin/requests: every request (administrator). */
export const PortalRequestAdminListBody = z.object({
  ...recordPaging,
  kind: kind.optional(),
  status: z.enum(PORTAL_REQUEST_STATUSES, { error: '状态不正确' }).optional(),
  keyword: recordText('关键词', 50).optional(),
});
export type PortalRequestAdminListBody = z.input<typeof PortalRequestAdminListBody>;

/** POST /v1/portal/admin/request/handle: the answer or handling note; the request becomes 已处理. */
export const PortalRequestHandleBody = z.object({
  id: recordId('留言'),
  reply: recordRequiredText('答复内容', PORTAL_REQUEST_TEXT_MAX),
});
export type PortalRequestHandleBody = z.input<typeof PortalRequestHandleBody>;

export interface PortalRequestRow {
  id: number;
  kind: PortalRequestKind;
  kind_label: string;
  name: string;
  company: string;
  mobile: string;
  content: string;
  preferred_date: string | null;
  status: PortalRequestStatus;
  status_label: string;
  reply: string;
  handled_at: string | null;
  created_at: string;
}

export interface PortalRequestList {
  list: PortalRequestRow[];
  total: number;
  page: number;
  page_size: number;
}
