import { z } from 'zod';
import { isIsoDate } from './ip-records';

// The demand loop (issue 12, ADR 0042, DOMAIN §5): 登记 → 分派 → 办理 → 评价 → 回访, with a light on each open
// demand. Office calls under /v1/demand/* (main account and staff), the company side under /v1/demand/mine/*.

export const DEMAND_STATUSES = ['registered', 'assigned', 'handled', 'evaluated', 'closed'] as const;
export type DemandStatus = (typeof DEMAND_STATUSES)[number];
export const DEMAND_STATUS_LABELS: Record<DemandStatus, string> = {
  registered: '待分派',
  assigned: '办理中',
  handled: '待评价',
  evaluated: '待回访',
  closed: '已办结',
};

export const DEMAND_LIGHTS = ['red', 'yellow', 'green'] as const;
export type DemandLightCode = (typeof DEMAND_LIGHTS)[number];
/** The light in words (a light is never shown by colour alone). */
export const DEMAND_LIGHT_LABELS: Record<DemandLightCode, string> = {
  red: '红灯·已超期',
  yellow: '黄灯·即将到期',
  green: '绿灯·正常',
};

export const DEMAND_STEPS = ['register', 'assign', 'reassign', 'contact', 'reply', 'handle', 'evaluate', 'revisit'] as const;
export type DemandStepCode = (typeof DEMAND_STEPS)[number];
export const DEMAND_STEP_LABELS: Record<DemandStepCode, string> = {
  register: '登记',
  assign: '分派',
  reassign: '改派',
  contact: '联系企业',
  reply: '首次答复',
  handle: '办理',
  evaluate: '评价',
  revisit: '回访',
};

export const DEMAND_SOURCES = ['visit', 'staff', 'company'] as const;
export type DemandSource = (typeof DEMAND_SOURCES)[number];
export const DEMAND_SOURCE_LABELS: Record<DemandSource, string> = {
  visit: '走访登记',
  staff: '服务中心登记',
  company: '企业提出',
};

/** The steps a caller may take next on a demand (the detail's buttons). */
export type DemandAction = 'assign' | 'reassign' | 'contact' | 'reply' | 'handle' | 'evaluate' | 'revisit';

export const DEMAND_TITLE_MAX = 200;
export const DEMAND_CONTENT_MAX = 5000;
export const DEMAND_NOTE_MAX = 2000;
export const DEMAND_EVALUATION_MAX = 500;

const id = (what: string) =>
  z
    .number({ error: `请选择${what}` })
    .int(`${what}编号不正确`)
    .positive(`${what}编号不正确`)
    .max(2 ** 31 - 1, `${what}编号不正确`);
const Page = z.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(100_000, '页码不正确').default(1);
const PageSize = z
  .number({ error: '每页条数不正确' })
  .int('每页条数不正确')
  .min(1, '每页条数不正确')
  .max(100, '每页最多 100 条')
  .default(20);
const Keyword = z.string({ error: '关键词须为文字' }).trim().max(50, '关键词不能超过 50 个字').optional();
const Day = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .refine(isIsoDate, `${label}格式不正确，应为有效日期 YYYY-MM-DD`)
    .optional();

const Title = z
  .string({ error: '请填写需求标题' })
  .trim()
  .min(1, '请填写需求标题')
  .max(DEMAND_TITLE_MAX, `需求标题最多 ${DEMAND_TITLE_MAX} 个字`);
const Content = z
  .string({ error: '需求内容须为文字' })
  .trim()
  .max(DEMAND_CONTENT_MAX, `需求内容最多 ${DEMAND_CONTENT_MAX} 个字`)
  .default('');
const Note = (label: string, required: boolean) => {
  const s = z.string({ error: `请填写${label}` }).trim();
  return (required ? s.min(1, `请填写${label}`) : s).max(DEMAND_NOTE_MAX, `${label}最多 ${DEMAND_NOTE_MAX} 个字`);
};

/** POST /v1/demand/register (office). */
export const DemandRegisterBody = z.object({
  company_id: id('企业'),
  title: Title,
  content: Content,
  label_id: z.number({ error: '需求标签编号不正确' }).int('需求标签编号不正确').min(0, '需求标签编号不正确').optional(),
});
export type DemandRegisterBody = z.input<typeof DemandRegisterBody>;

const ListFilters = {
  status: z.enum(DEMAND_STATUSES, { error: '需求状态不正确' }).optional(),
  /** 'open': registered or assigned. */
  open: z.boolean({ error: 'open 须为 true 或 false' }).optional(),
  light: z.enum(DEMAND_LIGHTS, { error: '灯色不正确' }).optional(),
  label_id: id('需求标签').optional(),
  /** The handler (a staff member or the main account). */
  handler_id: id('办理人').optional(),
  street_id: id('街道').optional(),
  company_id: id('企业').optional(),
  /** Company name contains, or the demand title contains. */
  keyword: Keyword,
  /** Registered on or after / on or before (YYYY-MM-DD, Asia/Shanghai). */
  date_from: Day('开始日期'),
  date_to: Day('结束日期'),
  /** Only demands of this id (a message's link). */
  id: id('需求').optional(),
};
/** POST /v1/demand/list: sorted red, yellow, green, then no light; then by due day and newest. */
export const DemandListBody = z.object({ page: Page, page_size: PageSize, ...ListFilters });
export type DemandListBody = z.input<typeof DemandListBody>;
export const DemandExportBody = z.object(ListFilters);
export type DemandExportBody = z.input<typeof DemandExportBody>;

export const DemandIdBody = z.object({ id: id('需求') });
export type DemandIdBody = z.input<typeof DemandIdBody>;
/** POST /v1/demand/assign: assign (registered) or reassign (assigned) to a staff member or the main account. */
export const DemandAssignBody = z.object({ id: id('需求'), handler_id: id('办理人') });
export type DemandAssignBody = z.input<typeof DemandAssignBody>;
/** POST /v1/demand/contact: the enterprise was contacted (note optional). */
export const DemandContactBody = z.object({ id: id('需求'), note: Note('联系情况', false).default('') });
export type DemandContactBody = z.input<typeof DemandContactBody>;
/** POST /v1/demand/reply: the first reply to the enterprise. */
export const DemandReplyBody = z.object({ id: id('需求'), note: Note('答复内容', true) });
export type DemandReplyBody = z.input<typeof DemandReplyBody>;
/** POST /v1/demand/handle: 办理 done, with the result. */
export const DemandHandleBody = z.object({ id: id('需求'), result: Note('办理结果', true) });
export type DemandHandleBody = z.input<typeof DemandHandleBody>;
/** POST /v1/demand/evaluate and /v1/demand/mine/evaluate: 1–5 and words. */
export const DemandEvaluateBody = z.object({
  id: id('需求'),
  rating: z
    .number({ error: '请选择满意度评分' })
    .int('满意度评分为 1–5 的整数')
    .min(1, '满意度评分为 1–5 的整数')
    .max(5, '满意度评分为 1–5 的整数'),
  evaluation: z
    .string({ error: '评价内容须为文字' })
    .trim()
    .max(DEMAND_EVALUATION_MAX, `评价内容最多 ${DEMAND_EVALUATION_MAX} 个字`)
    .default(''),
});
export type DemandEvaluateBody = z.input<typeof DemandEvaluateBody>;
/** POST /v1/demand/revisit: 回访 done (closes the demand). */
export const DemandRevisitBody = z.object({ id: id('需求'), note: Note('回访情况', true) });
export type DemandRevisitBody = z.input<typeof DemandRevisitBody>;

/** POST /v1/demand/follow: the caller's open demands (red and yellow first) and visits waiting for a follow-up. */
export const DemandFollowBody = z.object({ page: Page, page_size: PageSize });
export type DemandFollowBody = z.input<typeof DemandFollowBody>;

/** POST /v1/demand/mine/raise (company user). */
export const CompanyDemandRaiseBody = z.object({ title: Title, content: Content });
export type CompanyDemandRaiseBody = z.input<typeof CompanyDemandRaiseBody>;
/** POST /v1/demand/mine/list (company user). */
export const CompanyDemandListBody = z.object({
  page: Page,
  page_size: PageSize,
  status: z.enum(DEMAND_STATUSES, { error: '需求状态不正确' }).optional(),
});
export type CompanyDemandListBody = z.input<typeof CompanyDemandListBody>;
/** POST /v1/demand/mine/visits (company user): the visits the office recorded at the company. */
export const CompanyVisitListBody = z.object({ page: Page, page_size: PageSize });
export type CompanyVisitListBody = z.input<typeof CompanyVisitListBody>;

export interface DemandStepRow {
  id: number;
  step: DemandStepCode;
  step_label: string;
  actor_name: string;
  note: string;
  created_at: string;
}

export interface DemandRow {
  id: number;
  company_id: number;
  company_name: string;
  street_name: string;
  title: string;
  content: string;
  source: DemandSource;
  source_label: string;
  label: { id: number; name: string; color: string } | null;
  status: DemandStatus;
  status_label: string;
  handler_id: number;
  handler_name: string;
  registered_at: string;
  /** The registration day (Asia/Shanghai). */
  register_day: string;
  contact_due: string;
  reply_due: string;
  close_due: string;
  /** The day the demand is due now (open demands), else null. */
  due: string | null;
  /** What is due now: 联系企业, 首次答复 or 办结 (open demands). */
  due_label: string | null;
  light: DemandLightCode | null;
  assigned_at: string | null;
  contacted_at: string | null;
  replied_at: string | null;
  handled_at: string | null;
  result: string;
  evaluated_at: string | null;
  rating: number;
  evaluation: string;
  closed_at: string | null;
  visit_id: number;
}

export interface DemandDetail extends DemandRow {
  steps: DemandStepRow[];
  /** What the caller may do next. */
  actions: DemandAction[];
}

export interface DemandList {
  list: DemandRow[];
  total: number;
  page: number;
  page_size: number;
  /** Open demands in the filter by light (the light filter itself left out). */
  counts: Record<DemandLightCode, number>;
}

export interface FollowVisitRow {
  id: number;
  company_id: number;
  company_name: string;
  staff_id: number;
  staff_name: string;
  visit_date: string;
  content: string;
  follow_note: string;
}

export interface DemandFollow {
  demands: DemandList;
  visits: { list: FollowVisitRow[]; total: number };
}

/** A company's own demand as it sees it (no internal due days). */
export interface CompanyDemandRow {
  id: number;
  title: string;
  content: string;
  source: DemandSource;
  source_label: string;
  status: DemandStatus;
  status_label: string;
  handler_name: string;
  registered_at: string;
  result: string;
  rating: number;
  evaluation: string;
  steps: DemandStepRow[];
  can_evaluate: boolean;
}

export interface CompanyDemandList {
  list: CompanyDemandRow[];
  total: number;
  page: number;
  page_size: number;
  /** The office serving the company, or null when none does (raising a demand is then refused). */
  office: string | null;
}

export interface CompanyVisitRow {
  id: number;
  visit_date: string;
  staff_name: string;
  people_met: string;
  content: string;
}

export interface CompanyVisitList {
  list: CompanyVisitRow[];
  total: number;
  page: number;
  page_size: number;
}
