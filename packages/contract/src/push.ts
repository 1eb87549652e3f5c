import { z } from 'zod';
import { recordId, recordPaging, recordRequiredText, recordText } from './ip-records';

// The administrator's message push (issue 14, ADR 0046): GET /v1/compnay/push (the spec's spelling) lists what was
// sent with delivery counts; POST /v1/compnay/push sends a message to companies' message centres (and by SMS).

export const PUSH_TARGETS = ['all', 'street', 'label', 'industry', 'companies'] as const;
export type PushTarget = (typeof PUSH_TARGETS)[number];
export const PUSH_TARGET_LABELS: Record<PushTarget, string> = {
  all: '全部企业',
  street: '按街道',
  label: '按企业标签',
  industry: '按行业',
  companies: '指定企业',
};
export const PUSH_TITLE_MAX = 60;
export const PUSH_BODY_MAX = 1000;
export const PUSH_COMPANIES_MAX = 200;

/** POST /v1/compnay/push */
export const PushSendBody = z
  .object({
    title: recordRequiredText('标题', PUSH_TITLE_MAX),
    body: recordRequiredText('内容', PUSH_BODY_MAX),
    link: z
      .string({ error: '链接格式不正确' })
      .trim()
      .max(200, '链接不能超过 200 个字')
      .refine((v) => v === '' || /^\/[A-Za-z]/.test(v), '链接须为站内页面路径，如 /policy')
      .default(''),
    target: z.enum(PUSH_TARGETS, { error: '请选择推送对象' }),
    street_id: recordId('街道').optional(),
    label_id: recordId('企业标签').optional(),
    industry: recordText('行业', 50).optional(),
    company_ids: z
      .array(recordId('企业'), { error: '请选择企业' })
      .max(PUSH_COMPANIES_MAX, `一次最多指定 ${PUSH_COMPANIES_MAX} 家企业`)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    sms: z.boolean({ error: '短信设置不正确' }).default(false),
  })
  .superRefine((v, ctx) => {
    if (v.target === 'street' && !v.street_id) ctx.addIssue({ code: 'custom', path: ['street_id'], message: '请选择街道' });
    if (v.target === 'label' && !v.label_id) ctx.addIssue({ code: 'custom', path: ['label_id'], message: '请选择企业标签' });
    if (v.target === 'industry' && !v.industry) ctx.addIssue({ code: 'custom', path: ['industry'], message: '请选择行业' });
    if (v.target === 'companies' && !v.company_ids.length) {
      ctx.addIssue({ code: 'custom', path: ['company_ids'], message: '请选择企业' });
    }
  });
export type PushSendBody = z.input<typeof PushSendBody>;

/** GET /v1/compnay/push?page=&page_size= */
export const PushListQuery = z.object(recordPaging);

/** POST /v1/compnay/push/targets: what a push can be sent to; companies matching the keyword (at most 20). */
export const PushTargetsBody = z.object({ keyword: recordText('关键词', 50).optional() });

export interface PushTargets {
  streets: { id: number; name: string }[];
  labels: { id: number; name: string }[];
  industries: string[];
  companies: { id: number; name: string }[];
}

export interface PushRow {
  id: number;
  title: string;
  body: string;
  link: string;
  target: PushTarget;
  target_label: string;
  /** Who it went to, in words: 全部企业, 街道：…, 标签：…, 行业：…, 3 家企业. */
  target_text: string;
  sms: boolean;
  companies: number;
  /** Messages delivered (one per user) and how many of them are read now. */
  sent: number;
  read: number;
  sms_sent: number;
  created_at: string;
}

export interface PushList {
  list: PushRow[];
  total: number;
  page: number;
  page_size: number;
}
