import { z } from 'zod';
import { Mobile, NewPassword, PERSON_NAME_MAX } from './account';
import { STREET_NAME_MAX } from './admin';

// The enterprise-service foundation (issue 12, ADR 0038): streets, company and demand labels, staff of a main
// account (set C) and their assignments, and the demand loop's time limits (DOMAIN §5).

/** Default demand time limits in working days (DOMAIN §5): contact 1, first reply 3, closed 5. */
export const DEFAULT_SERVICE_LIMITS = { contact_days: 1, reply_days: 3, close_days: 5 } as const;
/** Largest time limit a main account may set, in working days. */
export const SERVICE_LIMIT_MAX = 60;
export const SERVICE_LABEL_NAME_MAX = 20;
/** Labels of one kind a main account may define. */
export const SERVICE_LABEL_MAX = 100;
/** Staff (enabled or disabled) a main account may create. */
export const SERVICE_STAFF_MAX = 200;
/** Enterprises one assignment call may set. */
export const ASSIGN_COMPANIES_MAX = 5000;

export const LABEL_COLORS = ['blue', 'green', 'orange', 'red', 'purple', 'cyan', 'gold', 'magenta'] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

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

// ---- streets (administrator) ----

const StreetName = z
  .string({ error: '请输入街道名称' })
  .trim()
  .min(1, '请输入街道名称')
  .max(STREET_NAME_MAX, `街道名称不能超过 ${STREET_NAME_MAX} 个字`);
const RegionName = z
  .string({ error: '所属区域须为文字' })
  .trim()
  .max(STREET_NAME_MAX, `所属区域不能超过 ${STREET_NAME_MAX} 个字`)
  .default('');

/** POST /v1/system/street/save: add (no id) or edit a street. */
export const StreetSaveBody = z.object({
  id: id('街道').optional(),
  name: StreetName,
  region: RegionName,
  sort: z
    .number({ error: '排序须为数字' })
    .int('排序须为整数')
    .min(0, '排序不能小于 0')
    .max(9999, '排序不能大于 9999')
    .default(0),
});
export type StreetSaveBody = z.input<typeof StreetSaveBody>;
export const StreetDeleteBody = z.object({ id: id('街道') });

export interface StreetRow {
  id: number;
  region: string;
  name: string;
  sort: number;
  /** Enterprises on the street (all offices for the administrator; the caller's scope otherwise). */
  company_count: number;
}

// ---- labels (main account) ----

export type LabelKind = 'company' | 'demand';

const LabelName = z
  .string({ error: '请输入标签名称' })
  .trim()
  .min(1, '请输入标签名称')
  .max(SERVICE_LABEL_NAME_MAX, `标签名称不能超过 ${SERVICE_LABEL_NAME_MAX} 个字`);
const LabelColor = z.enum(LABEL_COLORS, { error: '标签颜色不正确' });

/** POST /v1/company/companyLabelIndex and demandLabelIndex. */
export const LabelListBody = z.object({ keyword: Keyword });
export const LabelAddBody = z.object({
  name: LabelName,
  color: LabelColor.default('blue'),
  sort: z
    .number({ error: '排序须为数字' })
    .int('排序须为整数')
    .min(0, '排序不能小于 0')
    .max(9999, '排序不能大于 9999')
    .default(0),
});
export type LabelAddBody = z.input<typeof LabelAddBody>;
export const LabelEditBody = z
  .object({
    id: id('标签'),
    name: LabelName.optional(),
    color: LabelColor.optional(),
    sort: z
      .number({ error: '排序须为数字' })
      .int('排序须为整数')
      .min(0, '排序不能小于 0')
      .max(9999, '排序不能大于 9999')
      .optional(),
  })
  .refine((b) => b.name !== undefined || b.color !== undefined || b.sort !== undefined, {
    message: '请填写要修改的内容',
    path: ['name'],
  });
export type LabelEditBody = z.input<typeof LabelEditBody>;
export const LabelDeleteBody = z.object({ id: id('标签') });

export interface LabelRow {
  id: number;
  name: string;
  color: string;
  sort: number;
  /** Enterprises carrying a company label (0 for demand labels until demands exist). */
  use_count: number;
}

/** POST /v1/company/labelTrue: put one company label on (value true) or take it off (false) a set of enterprises. */
export const LabelTrueBody = z.object({
  label_id: id('标签'),
  company_ids: z
    .array(id('企业'), { error: '请选择企业' })
    .min(1, '请选择企业')
    .max(ASSIGN_COMPANIES_MAX, `一次最多 ${ASSIGN_COMPANIES_MAX} 家企业`),
  value: z.boolean({ error: 'value 须为 true（打标签）或 false（取消）' }).default(true),
});
export type LabelTrueBody = z.input<typeof LabelTrueBody>;

/** POST /v1/visit/companyLabel: the complete set of company labels of one enterprise. */
export const CompanyLabelSetBody = z.object({
  company_id: id('企业'),
  label_ids: z.array(id('标签'), { error: '标签须为列表' }).max(SERVICE_LABEL_MAX, `最多 ${SERVICE_LABEL_MAX} 个标签`),
});
export type CompanyLabelSetBody = z.input<typeof CompanyLabelSetBody>;

// ---- staff (main account) ----

const StaffName = z
  .string({ error: '请输入姓名' })
  .trim()
  .min(1, '请输入姓名')
  .max(PERSON_NAME_MAX, `姓名不能超过 ${PERSON_NAME_MAX} 个字`);
const Status = z.union([z.literal(0), z.literal(1)], { error: '状态只能是 0（停用）或 1（启用）' });

/** POST /v1/visit/staff: the main account's staff (assignment pickers use it too; staff see only themselves). */
export const StaffListBody = z.object({ page: Page, page_size: PageSize, keyword: Keyword, status: Status.optional() });
export type StaffListBody = z.input<typeof StaffListBody>;
export const StaffAddBody = z.object({ mobile: Mobile, name: StaffName, password: NewPassword });
export type StaffAddBody = z.input<typeof StaffAddBody>;
export const StaffEditBody = z
  .object({ id: id('员工'), name: StaffName.optional(), mobile: Mobile.optional(), status: Status.optional() })
  .refine((b) => b.name !== undefined || b.mobile !== undefined || b.status !== undefined, {
    message: '请填写要修改的内容',
    path: ['name'],
  });
export type StaffEditBody = z.input<typeof StaffEditBody>;
export const StaffPasswordBody = z.object({ id: id('员工'), password: NewPassword });
export type StaffPasswordBody = z.input<typeof StaffPasswordBody>;
/** POST /v1/service/staff/assign: the complete sets of enterprises and streets of one staff member. */
export const StaffAssignBody = z.object({
  id: id('员工'),
  company_ids: z
    .array(id('企业'), { error: '企业须为列表' })
    .max(ASSIGN_COMPANIES_MAX, `一次最多分配 ${ASSIGN_COMPANIES_MAX} 家企业`),
  street_ids: z.array(id('街道'), { error: '街道须为列表' }).max(200, '街道最多 200 个'),
});
export type StaffAssignBody = z.input<typeof StaffAssignBody>;
export const StaffDetailBody = z.object({ id: id('员工') });

export interface StaffRow {
  id: number;
  mobile: string;
  name: string;
  status: number;
  must_change_password: number;
  created_at: string;
  /** Enterprises assigned directly. */
  company_count: number;
  /** Streets assigned. */
  streets: { id: number; name: string }[];
  /** Enterprises in scope (direct or through a street). */
  scope_count: number;
}
export interface StaffList {
  list: StaffRow[];
  total: number;
  page: number;
  page_size: number;
}
export interface StaffAssignment {
  id: number;
  company_ids: number[];
  street_ids: number[];
}

// ---- enterprises in scope ----

/** POST /v1/service/companies: one page of the enterprises in the caller's scope. */
export const ServiceCompanyListBody = z.object({
  page: Page,
  page_size: PageSize,
  keyword: Keyword,
  street_id: id('街道').optional(),
  label_id: id('标签').optional(),
  /** Only the enterprises assigned to this staff member (directly or through a street); main account only. */
  staff_id: id('员工').optional(),
});
export type ServiceCompanyListBody = z.input<typeof ServiceCompanyListBody>;

export interface ServiceCompanyRow {
  id: number;
  company_name: string;
  street_id: number;
  street_name: string;
  industry: string;
  size: string;
  num: number;
  labels: { id: number; name: string; color: string }[];
  staff: { id: number; name: string }[];
}
export interface ServiceCompanyList {
  list: ServiceCompanyRow[];
  total: number;
  page: number;
  page_size: number;
}

/** POST /v1/visit/changeStreet: move an enterprise to another street of the district. */
export const ChangeStreetBody = z.object({ company_id: id('企业'), street_id: id('街道') });

// ---- time limits ----

const Days = (what: string) =>
  z
    .number({ error: `请输入${what}` })
    .int(`${what}须为整数个工作日`)
    .min(1, `${what}至少 1 个工作日`)
    .max(SERVICE_LIMIT_MAX, `${what}不能超过 ${SERVICE_LIMIT_MAX} 个工作日`);

/** POST /v1/service/limits/save: contact ≤ first reply ≤ closed. */
export const ServiceLimitsBody = z
  .object({ contact_days: Days('联系时限'), reply_days: Days('首次答复时限'), close_days: Days('办结时限') })
  .refine((b) => b.contact_days <= b.reply_days, { message: '首次答复时限不能短于联系时限', path: ['reply_days'] })
  .refine((b) => b.reply_days <= b.close_days, { message: '办结时限不能短于首次答复时限', path: ['close_days'] });
export type ServiceLimitsBody = z.input<typeof ServiceLimitsBody>;
export interface ServiceLimits {
  contact_days: number;
  reply_days: number;
  close_days: number;
  /** false: the defaults of DOMAIN §5 (never saved). */
  saved: boolean;
  updated_at: string | null;
}
