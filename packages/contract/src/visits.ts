import { z } from 'zod';
import type { RecordExport, RecordFile } from './ip-records';

// Visits of the enterprise service (issue 12 bundle B4, ADR 0039 tables, ADR 0040 calls): a to-visit (status 'plan'),
// its record ('done') or its cancellation ('cancelled'). Shared by the desktop pages and the mobile ones.

export const VISIT_STATUSES = ['plan', 'done', 'cancelled'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];
export const VISIT_STATUS_TEXT: Record<VisitStatus, string> = { plan: '待走访', done: '已走访', cancelled: '已取消' };
/** Photos one record may hold. */
export const VISIT_PHOTOS_MAX = 9;
/** Photo formats a record accepts (the upload's size limit applies). */
export const VISIT_PHOTO_MIMES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Days the calendar call answers at most (a month view with its leading and trailing weeks fits). */
export const VISIT_CALENDAR_MAX_DAYS = 62;
/** Rows an Excel export of the visit list holds at most. */
export const VISIT_EXPORT_MAX = 5000;
/** Demands one record may raise. */
export const VISIT_DEMANDS_MAX = 10;

const INT_MAX = 2 ** 31 - 1;
const id = (what: string) =>
  z
    .number({ error: `请选择${what}` })
    .int(`${what}编号不正确`)
    .positive(`${what}编号不正确`)
    .max(INT_MAX, `${what}编号不正确`);
const qid = (what: string) =>
  z.coerce
    .number({ error: `请选择${what}` })
    .int(`${what}编号不正确`)
    .positive(`${what}编号不正确`)
    .max(INT_MAX, `${what}编号不正确`);

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day YYYY-MM-DD that exists. */
const Day = (what: string) =>
  z
    .string({ error: `请选择${what}` })
    .regex(DAY_RE, `${what}格式应为 YYYY-MM-DD`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, `${what}不是有效日期`);
const Time = z
  .string({ error: '时间格式应为 HH:MM' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^$/, '时间格式应为 HH:MM')
  .default('');
const Purpose = z.string({ error: '走访目的须为文字' }).trim().max(500, '走访目的不能超过 500 个字').default('');
const PeopleMet = z.string({ error: '请填写接待人员' }).trim().min(1, '请填写接待人员').max(200, '接待人员不能超过 200 个字');
const Content = z.string({ error: '请填写走访内容' }).trim().min(1, '请填写走访内容').max(5000, '走访内容不能超过 5000 个字');
const Photos = z
  .array(id('照片'), { error: '照片须为文件编号列表' })
  .max(VISIT_PHOTOS_MAX, `照片最多 ${VISIT_PHOTOS_MAX} 张`)
  .default([]);
const FollowUp = z.union([z.literal(0), z.literal(1)], { error: '是否需要跟进须为 0 或 1' }).default(0);
const FollowNote = z.string({ error: '跟进说明须为文字' }).trim().max(1000, '跟进说明不能超过 1000 个字').default('');

/** A demand raised with a record (registered through the demand loop in the same transaction). */
export const VisitDemandInput = z.object({
  title: z.string({ error: '请填写需求标题' }).trim().min(1, '请填写需求标题').max(200, '需求标题不能超过 200 个字'),
  content: z.string({ error: '需求内容须为文字' }).trim().max(5000, '需求内容不能超过 5000 个字').default(''),
  label_id: z.number({ error: '需求标签不正确' }).int('需求标签不正确').min(0, '需求标签不正确').max(INT_MAX).default(0),
});
export type VisitDemandInput = z.input<typeof VisitDemandInput>;
const Demands = z
  .array(VisitDemandInput, { error: '需求须为列表' })
  .max(VISIT_DEMANDS_MAX, `一次最多登记 ${VISIT_DEMANDS_MAX} 条需求`)
  .default([]);

/** The fields of a record (登记走访). */
const RecordFields = {
  visit_date: Day('走访日期'),
  people_met: PeopleMet,
  content: Content,
  photos: Photos,
  follow_up: FollowUp,
  follow_note: FollowNote,
};

/**
 * POST /v1/visit/createVisit: a to-visit (status 'plan', the default) or a record made directly (status 'done').
 * staff_id: who visits (a staff member of the office, or the main account itself); staff plan only for themselves.
 * request_key: the client's idempotency key; the same key from the same user answers the first visit.
 */
export const VisitCreateBody = z.discriminatedUnion(
  'status',
  [
    z.object({
      status: z.literal('plan'),
      company_id: id('企业'),
      staff_id: id('走访人员').optional(),
      plan_date: Day('计划走访日期'),
      plan_time: Time,
      purpose: Purpose,
      request_key: z.string().trim().min(8, '请求标识不正确').max(64, '请求标识不正确').optional(),
    }),
    z.object({
      status: z.literal('done'),
      company_id: id('企业'),
      staff_id: id('走访人员').optional(),
      purpose: Purpose,
      ...RecordFields,
      demands: Demands,
      request_key: z.string().trim().min(8, '请求标识不正确').max(64, '请求标识不正确').optional(),
    }),
  ],
  { error: '走访状态只能是 plan（待走访）或 done（已走访）' },
);
export type VisitCreateBody = z.input<typeof VisitCreateBody>;

/**
 * POST /v1/visit/editVisit, by action: reschedule a plan (date, time, staff), record it (plan → done), cancel it,
 * edit a record, or mark a record's follow-up done.
 */
export const VisitEditBody = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('reschedule'),
      id: id('走访'),
      plan_date: Day('计划走访日期'),
      plan_time: Time.optional(),
      staff_id: id('走访人员').optional(),
      purpose: Purpose.optional(),
    }),
    z.object({ action: z.literal('record'), id: id('走访'), ...RecordFields, demands: Demands }),
    z.object({ action: z.literal('cancel'), id: id('走访') }),
    z.object({ action: z.literal('edit'), id: id('走访'), ...RecordFields }),
    z.object({ action: z.literal('follow_done'), id: id('走访'), follow_note: FollowNote.optional() }),
  ],
  { error: '操作只能是 reschedule、record、cancel、edit 或 follow_done' },
);
export type VisitEditBody = z.input<typeof VisitEditBody>;

export const VisitIdQuery = z.object({ id: qid('走访') });

const FlagQuery = z.enum(['0', '1'], { error: '取值只能是 0 或 1' }).optional();
export const VisitListQuery = z.object({
  page: z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(100_000, '页码不正确').default(1),
  page_size: z.coerce
    .number({ error: '每页条数不正确' })
    .int('每页条数不正确')
    .min(1, '每页条数不正确')
    .max(100, '每页最多 100 条')
    .default(20),
  status: z.enum(VISIT_STATUSES, { error: '走访状态不正确' }).optional(),
  staff_id: qid('走访人员').optional(),
  street_id: qid('街道').optional(),
  company_id: qid('企业').optional(),
  keyword: z.string({ error: '关键词须为文字' }).trim().max(50, '关键词不能超过 50 个字').optional(),
  date_from: Day('开始日期').optional(),
  date_to: Day('结束日期').optional(),
  /** 1: records whose follow-up is still open (待跟进); 0: the others. */
  follow_up: FlagQuery,
  sort: z.enum(['asc', 'desc'], { error: '排序只能是 asc 或 desc' }).default('desc'),
  /** 1: answer an Excel file of every matching row (at most VISIT_EXPORT_MAX) instead of a page. */
  export: FlagQuery,
});
export type VisitListQuery = z.input<typeof VisitListQuery>;

export const VisitCalendarQuery = z.object({
  from: Day('开始日期'),
  to: Day('结束日期'),
  staff_id: qid('走访人员').optional(),
});
export type VisitCalendarQuery = z.input<typeof VisitCalendarQuery>;

export const VisitNewsQuery = z.object({
  limit: z.coerce.number({ error: '条数不正确' }).int('条数不正确').min(1, '条数不正确').max(50, '最多 50 条').default(10),
});

export interface VisitRow {
  id: number;
  status: VisitStatus;
  company_id: number;
  company_name: string;
  street_name: string;
  staff_id: number;
  staff_name: string;
  /** The day it is on: visit_date of a record, plan_date otherwise. */
  day: string;
  plan_date: string;
  plan_time: string;
  purpose: string;
  visit_date: string;
  people_met: string;
  content: string;
  photo_count: number;
  follow_up: 0 | 1;
  follow_note: string;
  follow_done_at: string | null;
  /** A record whose follow-up is still open (待跟进). */
  follow_open: boolean;
  created_at: string;
  updated_at: string;
}

export interface VisitList {
  list: VisitRow[];
  total: number;
  page: number;
  page_size: number;
}

export interface VisitDemandBrief {
  id: number;
  title: string;
  status: string;
  label_name: string;
  registered_at: string;
}

export interface VisitDetail extends VisitRow {
  photos: RecordFile[];
  created_by: number;
  created_by_name: string;
  demands: VisitDemandBrief[];
}

/** visitDetailtwo: the record form's prefill. */
export interface VisitPrefill {
  visit: VisitRow;
  /** The enterprise's latest record before this one. */
  last_visit: VisitRow | null;
  /** The enterprise's open demands (registered or assigned). */
  open_demands: VisitDemandBrief[];
}

export interface VisitCalendarEntry {
  id: number;
  status: 'plan' | 'done';
  day: string;
  plan_time: string;
  company_id: number;
  company_name: string;
  staff_id: number;
  staff_name: string;
  purpose: string;
  follow_open: boolean;
}

export interface VisitNews {
  /** The latest records of the caller's scope. */
  latest: VisitRow[];
  /** The caller's own work: plans today, plans this week (Mon–Sun), open follow-ups, records this month. */
  counts: { plan_today: number; plan_week: number; follow_open: number; done_month: number; plan_overdue: number };
}

export type VisitExport = RecordExport;

/** What createVisit answers: the visit, and whether this call made it (false: an earlier call with the key did). */
export interface VisitCreated {
  id: number;
  created: boolean;
  status: VisitStatus;
  demand_ids: number[];
}
