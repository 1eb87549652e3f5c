import { z } from 'zod';
import { COMPANY_NAME_MAX, COMPANY_NAME_MIN, Mobile, PERSON_NAME_MAX } from './account';
import { creditCodeProblem, normaliseCreditCode, passwordProblem } from './validators';

// The administrator's calls of issue 9 (ADR 0019): accounts (news/user/*), verification applications and the audit
// log. Every message is Chinese; every limit is a named constant the web forms use too.

/** The account kinds an administrator creates and edits (DOMAIN §1). */
export const ADMIN_USER_KINDS = ['company', 'trial', 'main', 'staff', 'admin'] as const;
export type AdminUserKind = (typeof ADMIN_USER_KINDS)[number];

export const USER_KIND_LABELS: Record<AdminUserKind, string> = {
  company: '企业用户',
  trial: '试用用户',
  main: '企业服务主账号',
  staff: '企业服务员工',
  admin: '管理员',
};

export const INTRODUCTION_MAX = 500;
export const STREET_NAME_MAX = 30;
export const REMARK_MAX = 200;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** The most audit rows one Excel export holds. */
export const AUDIT_EXPORT_MAX = 10000;

const INT_MAX = 2147483647;

/** A positive row id (a 32-bit integer column in both databases). */
export const RowId = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg).max(INT_MAX, msg);

const optionalId = (msg: string) => RowId(msg).optional();

const Page = z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(100000, '页码不正确').default(1);
const PageSize = z.coerce
  .number({ error: '每页条数不正确' })
  .int('每页条数不正确')
  .min(1, '每页条数不正确')
  .max(ADMIN_PAGE_SIZE_MAX, `每页最多 ${ADMIN_PAGE_SIZE_MAX} 条`)
  .default(20);
const Keyword = z.string({ error: '关键词不正确' }).trim().max(50, '关键词不能超过 50 个字').optional();
/** A calendar day (China time) as YYYY-MM-DD. */
const Day = (label: string) =>
  z
    .string({ error: `${label}不正确` })
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, `${label}格式应为 YYYY-MM-DD`)
    .optional();

const Name = z
  .string({ error: '请输入姓名' })
  .trim()
  .min(1, '请输入姓名')
  .max(PERSON_NAME_MAX, `姓名不能超过 ${PERSON_NAME_MAX} 个字`);

/** A company name typed by the administrator (empty: none given). */
const CompanyNameText = z
  .string({ error: '公司名称不正确' })
  .trim()
  .max(COMPANY_NAME_MAX, `公司名称不能超过 ${COMPANY_NAME_MAX} 个字`)
  .refine((v) => v === '' || v.length >= COMPANY_NAME_MIN, `公司名称至少 ${COMPANY_NAME_MIN} 个字`);

/** A unified social credit code: normalised (full-width, spaces, case), then checked (GB 32100-2015); '' = none. */
export const CreditCodeText = z
  .string({ error: '统一社会信用代码不正确' })
  .max(40, '统一社会信用代码应为 18 位')
  .transform(normaliseCreditCode)
  .superRefine((v, ctx) => {
    const problem = v === '' ? null : creditCodeProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A password the administrator types; '' or absent: the server makes a random one and shows it once. */
const AdminSetPassword = z
  .string({ error: '密码不正确' })
  .max(200, '密码过长')
  .superRefine((p, ctx) => {
    if (p === '') return;
    const problem = passwordProblem(p);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .optional();

const Avatar = z
  .string({ error: '头像地址不正确' })
  .max(500, '头像地址过长')
  .refine((v) => v === '' || /^\/uploads\/[\w.-]+$/.test(v), '头像地址不正确，请重新上传');

const StreetId = z.coerce.number({ error: '街道不正确' }).int('街道不正确').min(0, '街道不正确').max(INT_MAX, '街道不正确');
const StreetName = z.string({ error: '街道名称不正确' }).trim().max(STREET_NAME_MAX, `街道名称不能超过 ${STREET_NAME_MAX} 个字`);

/**
 * The company of a company user: an existing companies row (company_id), or a name (and credit code) that the
 * server matches to an existing company by normalised name or credit code, or creates.
 */
const companyFields = {
  company_id: optionalId('请选择企业'),
  company_name: CompanyNameText.optional(),
  credit_code: CreditCodeText.optional(),
};

/** POST /v1/news/user/create: an account of any kind (DOMAIN §1). */
export const CreateUserBody = z
  .object({
    mobile: Mobile,
    name: Name,
    kind: z.enum(ADMIN_USER_KINDS, { error: '请选择用户类型' }),
    password: AdminSetPassword,
    ...companyFields,
    /** staff: the enterprise-service main account it works under. */
    main_id: optionalId('请选择所属主账号'),
    street_id: StreetId.optional(),
    street_name: StreetName.optional(),
    introduction: z.string({ error: '简介不正确' }).max(INTRODUCTION_MAX, `简介不能超过 ${INTRODUCTION_MAX} 个字`).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'company' && !b.company_id && !b.company_name && !b.credit_code) {
      ctx.addIssue({ code: 'custom', path: ['company_name'], message: '企业用户须选择或填写所属企业' });
    }
    if (b.kind === 'staff' && !b.main_id) {
      ctx.addIssue({ code: 'custom', path: ['main_id'], message: '企业服务员工须选择所属主账号' });
    }
  });
export type CreateUserBody = z.infer<typeof CreateUserBody>;

/** POST /v1/news/user/update-user: the account fields (mobile, kind, company, main account, status). */
export const UpdateUserBody = z.object({
  id: RowId('请选择用户'),
  mobile: Mobile.optional(),
  kind: z.enum(ADMIN_USER_KINDS, { error: '用户类型不正确' }).optional(),
  ...companyFields,
  main_id: optionalId('请选择所属主账号'),
  status: z.union([z.literal(0), z.literal(1)], { error: '状态只能是 0（停用）或 1（启用）' }).optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** POST /v1/news/user/update-user-info: the profile fields. */
export const UpdateUserInfoBody = z.object({
  id: RowId('请选择用户'),
  name: Name.optional(),
  avatar: Avatar.optional(),
  introduction: z.string({ error: '简介不正确' }).max(INTRODUCTION_MAX, `简介不能超过 ${INTRODUCTION_MAX} 个字`).optional(),
  street_id: StreetId.optional(),
  street_name: StreetName.optional(),
});
export type UpdateUserInfoBody = z.infer<typeof UpdateUserInfoBody>;

/** POST /v1/news/user/password: set (typed) or reset (random) a user's password. */
export const AdminPasswordBody = z.object({ id: RowId('请选择用户'), password: AdminSetPassword });

/** POST /v1/news/user/newsinfo: one account in full. */
export const UserInfoBody = z.object({ id: RowId('请选择用户') });

/** POST /v1/news/user/companies: companies to link a user to, by name or credit code. */
export const CompanyOptionsBody = z.object({ keyword: Keyword });

export const APPLICATION_STATUSES = ['all', 'pending', 'approved', 'rejected'] as const;
export type ApplicationStatusFilter = (typeof APPLICATION_STATUSES)[number];
/** verifications.status: 0 pending, 1 approved, 2 rejected. */
export const APPLICATION_STATUS_LABELS: Record<0 | 1 | 2, string> = { 0: '待审核', 1: '已通过', 2: '已驳回' };

/** POST /v1/news/user/queue: the verification applications, pending first. */
export const ApplicationListBody = z.object({
  page: Page,
  page_size: PageSize,
  status: z.enum(APPLICATION_STATUSES, { error: '审核状态不正确' }).default('all'),
  keyword: Keyword,
  date_from: Day('开始日期'),
  date_to: Day('结束日期'),
  sort: z.enum(['created_at', 'reviewed_at'], { error: '排序字段不正确' }).default('created_at'),
  order: z.enum(['asc', 'desc'], { error: '排序方向不正确' }).default('desc'),
});
export type ApplicationListBody = z.infer<typeof ApplicationListBody>;

/** POST /v1/news/user/queuestate: approve (1) or reject (2, with a reason) a pending application. */
export const ApplicationDecisionBody = z
  .object({
    id: RowId('请选择申请'),
    status: z.union([z.literal(1), z.literal(2)], { error: '审核结果只能是 1（通过）或 2（驳回）' }),
    remark: z.string({ error: '审核意见不正确' }).trim().max(REMARK_MAX, `审核意见不能超过 ${REMARK_MAX} 个字`).optional(),
    /** Approve: link to this existing company instead of the one matched or created from the application. */
    company_id: optionalId('请选择企业'),
  })
  .superRefine((b, ctx) => {
    if (b.status === 2 && !b.remark) ctx.addIssue({ code: 'custom', path: ['remark'], message: '请填写驳回原因' });
  });
export type ApplicationDecisionBody = z.infer<typeof ApplicationDecisionBody>;

/** POST /v1/system/audit-log (and …/export): the audit log, newest first. */
export const AuditListBody = z.object({
  page: Page,
  page_size: PageSize,
  admin_id: optionalId('管理员不正确'),
  user_id: optionalId('用户不正确'),
  /** The target user's mobile or name (part of). */
  user_keyword: Keyword,
  /** An action code, or 'admin_view' for every action taken in admin view (`POST /…`). */
  action: z.string({ error: '操作类型不正确' }).trim().max(80, '操作类型不正确').optional(),
  date_from: Day('开始日期'),
  date_to: Day('结束日期'),
});
export type AuditListBody = z.infer<typeof AuditListBody>;

/** The Chinese name of each audit action code (what /system 审计日志 shows). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create_user: '新建用户',
  update_user: '修改账号',
  update_user_info: '修改资料',
  reset_password: '设置密码',
  disable_user: '停用用户',
  enable_user: '启用用户',
  enter_admin_view: '进入企业端',
  send_info: '发送短信通知',
  approve_verification: '通过认证申请',
  reject_verification: '驳回认证申请',
  admin_view: '管理端代操作',
  holiday_save: '修改节假日',
  holiday_delete: '删除节假日',
  holiday_reimport: '重新导入节假日',
};

/**
 * What an audit row's action reads as: the label of its code; an action taken in admin view (`POST /url`, the route
 * summary in detail) reads 管理端代操作：<summary>; an unknown code is shown as it is.
 */
export function auditActionLabel(action: string, detail = ''): string {
  if (/^(POST|GET) \//.test(action)) return `管理端代操作：${detail || action}`;
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** The ISO time where a China-time calendar day (YYYY-MM-DD) starts; with next: where the day after starts. */
export function chinaDayStart(day: string, next = false): string {
  const t = new Date(`${day}T00:00:00+08:00`).getTime() + (next ? 24 * 60 * 60 * 1000 : 0);
  return new Date(t).toISOString();
}
