import { z } from 'zod';
import { Mobile, NewPassword, PERSON_NAME_MAX } from './account';

// A company's sub-accounts (spec §7 /v1/frontend/visitor/*, DOMAIN §1 rid > 0; ADR 0022): users of the same
// company with rid SUB_ACCOUNT_RID, created and managed by the company's main user (rid 0).

/** rid of a sub-account (子账号). rid 0 is the company's main user; other values are reserved for later roles. */
export const SUB_ACCOUNT_RID = 1;
/** users.status of a deleted account: the row stays so what it did stays attributed (ADR 0022). */
export const USER_STATUS_DELETED = -1;
/** At most this many sub-accounts (enabled or disabled, not deleted) per company. */
export const SUB_ACCOUNT_MAX = 50;

const Id = z
  .number({ error: '请选择子账号' })
  .int('子账号编号不正确')
  .positive('子账号编号不正确')
  .max(2 ** 31 - 1, '子账号编号不正确');

const SubName = z
  .string({ error: '请输入姓名' })
  .trim()
  .min(1, '请输入姓名')
  .max(PERSON_NAME_MAX, `姓名不能超过 ${PERSON_NAME_MAX} 个字`);

const Status = z.union([z.literal(0), z.literal(1)], { error: '状态只能是 0（停用）或 1（启用）' });

/** POST /v1/frontend/visitor/index: one page of the company's sub-accounts; status omitted = all. */
export const SubAccountListBody = z.object({
  page: z.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(100_000, '页码不正确').default(1),
  page_size: z
    .number({ error: '每页条数不正确' })
    .int('每页条数不正确')
    .min(1, '每页条数不正确')
    .max(100, '每页最多 100 条')
    .default(20),
  keyword: z.string({ error: '关键词须为文字' }).trim().max(50, '关键词不能超过 50 个字').optional(),
  status: Status.optional(),
});
export type SubAccountListBody = z.input<typeof SubAccountListBody>;

/** POST /v1/frontend/visitor/add_visitor: the main user sets the initial password; the sub-account must change it. */
export const AddSubAccountBody = z.object({ mobile: Mobile, name: SubName, password: NewPassword });
export type AddSubAccountBody = z.input<typeof AddSubAccountBody>;

/** POST /v1/frontend/visitor/edit_visitor: name, mobile, enable (1) / disable (0); at least one of them. */
export const EditSubAccountBody = z
  .object({ id: Id, name: SubName.optional(), mobile: Mobile.optional(), status: Status.optional() })
  .refine((b) => b.name !== undefined || b.mobile !== undefined || b.status !== undefined, {
    message: '请填写要修改的内容',
    path: ['name'],
  });
export type EditSubAccountBody = z.input<typeof EditSubAccountBody>;

/** POST /v1/frontend/visitor/edit_info: reset a sub-account's password (it must change it at its next login). */
export const ResetSubAccountPasswordBody = z.object({ id: Id, password: NewPassword });
export type ResetSubAccountPasswordBody = z.input<typeof ResetSubAccountPasswordBody>;

/** POST /v1/frontend/visitor/del_visitor. */
export const DeleteSubAccountBody = z.object({ id: Id });

/** One row of the sub-account list. */
export interface SubAccountRow {
  id: number;
  mobile: string;
  name: string;
  /** 1 enabled, 0 disabled. */
  status: number;
  /** 1: still on the initial (or reset) password the main user set. */
  must_change_password: number;
  created_at: string;
  /** Name of the user who created it. */
  created_by_name: string;
}

export interface SubAccountList {
  list: SubAccountRow[];
  total: number;
  page: number;
  page_size: number;
  /** How many more the company may create (SUB_ACCOUNT_MAX less the existing ones). */
  remaining: number;
}
