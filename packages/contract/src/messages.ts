import { z } from 'zod';
import { optionalRecordDate, recordId, recordPaging, recordText } from './ip-records';

// The message centre (/center, /centerDetail; /v1/frontend/message/…, ADR 0028): every warning, monitoring hit,
// approval result, monthly report and administrator push is a message of one user.

/** What a message is about (`messages.kind`). */
export const MESSAGE_KINDS = ['fee', 'certificate', 'monitor', 'approval', 'report', 'system', 'push'] as const;
export type MessageKindCode = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_KIND_LABELS: Record<MessageKindCode, string> = {
  fee: '年费预警',
  certificate: '证书到期',
  monitor: '监控预警',
  approval: '审核结果',
  report: '月度报告',
  system: '系统通知',
  push: '系统通知',
};

/**
 * The filter tabs of /center. 系统通知 covers the product's own notices and the administrator's push (B7): a user
 * does not care which of the two wrote it.
 */
export const MESSAGE_TABS = ['fee', 'certificate', 'monitor', 'approval', 'report', 'system'] as const;
export type MessageTab = (typeof MESSAGE_TABS)[number];

/** The kinds one tab (the list's `kind` filter, read_all's `kind`) covers. */
export function kindsOfTab(tab: MessageTab): MessageKindCode[] {
  return tab === 'system' ? ['system', 'push'] : [tab];
}

/** Most ids in one mark-read or delete call. */
export const MESSAGE_IDS_MAX = 100;

const kind = z.enum(MESSAGE_TABS, { error: '消息类型不正确' });

/** POST /v1/frontend/message/index: one page of the user's messages, unread first, then newest. */
export const MessageListBody = z
  .object({
    ...recordPaging,
    kind: kind.optional(),
    read: z.enum(['all', 'unread', 'read'], { error: '已读状态不正确' }).default('all'),
    handled: z.enum(['all', 'handled', 'unhandled'], { error: '处理状态不正确' }).default('all'),
    date_from: optionalRecordDate('开始日期'),
    date_to: optionalRecordDate('结束日期'),
    keyword: recordText('关键词', 50).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.date_from && v.date_to && v.date_to < v.date_from) {
      ctx.addIssue({ code: 'custom', path: ['date_to'], message: '结束日期不能早于开始日期' });
    }
  });
export type MessageListBody = z.input<typeof MessageListBody>;

/** POST /v1/frontend/message/detail */
export const MessageIdBody = z.object({ id: recordId('消息') });

/** POST /v1/frontend/message/read and /delete: one or several of the user's messages. */
export const MessageIdsBody = z.object({
  ids: z
    .array(recordId('消息'), { error: '请选择消息' })
    .min(1, '请选择消息')
    .max(MESSAGE_IDS_MAX, `一次最多选择 ${MESSAGE_IDS_MAX} 条消息`)
    .transform((ids) => [...new Set(ids)]),
});
export type MessageIdsBody = z.input<typeof MessageIdsBody>;

/** POST /v1/frontend/message/read_all: every unread message (of one tab) becomes read. */
export const MessageReadAllBody = z.object({ kind: kind.optional() });
export type MessageReadAllBody = z.input<typeof MessageReadAllBody>;

/** One message as the list and the detail show it. */
export interface MessageRow {
  id: number;
  kind: MessageKindCode;
  kind_label: string;
  title: string;
  body: string;
  /** The web route of the message's object ('' when it has none). */
  link: string;
  object_type: string;
  object_id: number;
  created_at: string;
  read_at: string | null;
  handled_at: string | null;
}

export interface MessageList {
  list: MessageRow[];
  total: number;
  page: number;
  page_size: number;
  /** Unread messages under the same kind filter (for 全部已读). */
  unread: number;
}

/** POST /v1/frontend/message/unread_count: the bell's badge and the tabs' counts. */
export interface MessageUnreadCount {
  total: number;
  by_kind: Record<MessageTab, number>;
}

/** What read, read_all and delete answer. */
export interface MessageChange {
  /** Rows changed (read: those that were unread; delete: those removed). */
  count: number;
}
