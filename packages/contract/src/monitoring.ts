import { z } from 'zod';
import { isIsoDate, recordId, recordPaging, recordRequiredText } from './ip-records';

// Patent monitoring (/v1/frontend/monitor/…, ADR 0029): a company's rules and what their runs found.

/** Most rules one company may keep. */
export const MONITOR_RULES_MAX = 50;
/** Most patent numbers in one rule of kind 'patents'. */
export const MONITOR_NUMBERS_MAX = 200;

export const MONITOR_RULE_KINDS = ['applicant', 'expression', 'ipc', 'patents'] as const;
export type MonitorRuleKind = (typeof MONITOR_RULE_KINDS)[number];
export const MONITOR_RULE_KIND_LABELS: Record<MonitorRuleKind, string> = {
  applicant: '竞争对手（申请人）',
  expression: '检索式',
  ipc: 'IPC 分类',
  patents: '指定专利',
};

export const MONITOR_EVENTS = ['publication', 'grant', 'status'] as const;
export type MonitorEvent = (typeof MONITOR_EVENTS)[number];
export const MONITOR_EVENT_LABELS: Record<MonitorEvent, string> = {
  publication: '新公开',
  grant: '新授权',
  status: '法律状态变更',
};

/** Why a trial user cannot create rules (DOMAIN §1). */
export const MONITOR_TRIAL_REFUSED = '试用用户不能设置专利监控，请先完成企业认证';

const kind = z.enum(MONITOR_RULE_KINDS, { error: '监控类型不正确' });
const fields = {
  name: recordRequiredText('规则名称', 50),
  kind,
  value: recordRequiredText('监控内容', 4000),
  enabled: z.boolean({ error: '启用状态不正确' }).default(true),
};

/** POST /v1/frontend/monitor/rule/create */
export const MonitorRuleCreateBody = z.object(fields);
export type MonitorRuleCreateBody = z.input<typeof MonitorRuleCreateBody>;

/** POST /v1/frontend/monitor/rule/update */
export const MonitorRuleUpdateBody = z.object({ id: recordId('监控规则'), ...fields });
export type MonitorRuleUpdateBody = z.input<typeof MonitorRuleUpdateBody>;

/** POST /v1/frontend/monitor/rule/detail, /delete, /run, /compare */
export const MonitorIdBody = z.object({ id: recordId('监控规则') });

const optionalDate = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .refine((v) => v === '' || isIsoDate(v), `${label}格式不正确，应为有效日期 YYYY-MM-DD`)
    .optional()
    .transform((v) => v || undefined);

/** POST /v1/frontend/monitor/hits: unread first, then newest event first. */
export const MonitorHitListBody = z.object({
  ...recordPaging,
  rule_id: recordId('监控规则').optional(),
  event: z.enum(MONITOR_EVENTS, { error: '事件类型不正确' }).optional(),
  date_from: optionalDate('开始日期'),
  date_to: optionalDate('结束日期'),
  unread: z.boolean({ error: '未读筛选不正确' }).optional(),
});
export type MonitorHitListBody = z.input<typeof MonitorHitListBody>;
export type MonitorHitListQuery = z.output<typeof MonitorHitListBody>;

/** POST /v1/frontend/monitor/hit/detail */
export const MonitorHitIdBody = z.object({ id: recordId('监控结果') });

/** POST /v1/frontend/monitor/hit/read: these hits, or every hit of a rule, or all of the company's. */
export const MonitorReadBody = z
  .object({
    ids: z.array(recordId('监控结果'), { error: '监控结果编号不正确' }).max(200, '一次最多 200 条').optional(),
    rule_id: recordId('监控规则').optional(),
    all: z.boolean({ error: '参数不正确' }).optional(),
  })
  .refine((v) => (v.ids && v.ids.length > 0) || v.rule_id || v.all, '请选择要标记的监控结果');
export type MonitorReadBody = z.input<typeof MonitorReadBody>;
export type MonitorReadQuery = z.output<typeof MonitorReadBody>;

export interface MonitorRule {
  id: number;
  name: string;
  kind: MonitorRuleKind;
  value: string;
  enabled: boolean;
  created_at: string;
  updated_at: string;
  last_run_at: string | null;
  hits: number;
  unread: number;
}

export interface MonitorRuleList {
  list: MonitorRule[];
  max: number;
}

export interface MonitorHit {
  id: number;
  rule_id: number;
  rule_name: string;
  patent_id: number;
  event: MonitorEvent;
  event_date: string;
  detail: string;
  found_at: string;
  read: boolean;
  title: string;
  an: string | null;
  pn: string | null;
  first_applicant: string;
  type: string;
  legal_status: string;
  ipc_main: string;
}

export interface MonitorHitList {
  total: number;
  unread: number;
  page: number;
  page_size: number;
  list: MonitorHit[];
}

export interface MonitorRunReply {
  rules: number;
  hits: number;
}

/** Hits of one rule by month and event (/compdetail's chart). */
export interface MonitorTimeline {
  rule: MonitorRule;
  months: { month: string; publication: number; grant: number; status: number }[];
}

export interface MonitorCountRow {
  key: string;
  competitor: number;
  company: number;
}

/** A competitor (an applicant rule) beside the company (/cutDetails). */
export interface MonitorCompare {
  rule: MonitorRule;
  competitor: { name: string; total: number };
  company: { name: string; total: number };
  years: MonitorCountRow[];
  ipc_sections: MonitorCountRow[];
  ipc_classes: MonitorCountRow[];
  types: MonitorCountRow[];
  legal_status: MonitorCountRow[];
}
