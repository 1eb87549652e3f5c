import type { Kysely, Transaction, Updateable } from 'kysely';
import {
  USER_STATUS_DELETED,
  USER_KIND_LABELS,
  accountKindOf,
  type AdminUserKind,
  type CreateUserBody,
  type UpdateUserBody,
  type UpdateUserInfoBody,
} from '@ip/contract';
import type { Database, UsersTable } from '../../db/schema';
import { randomPassword } from '../../db/seed';
import { containsText } from '../../db/sql';
import type { Deps } from '../../deps';
import { endSessionsOf } from '../../http/auth';
import { badRequest, conflict, notFound } from '../../http/errors';
import { clearLoginLimits } from '../account/account.service';
import { NEW_USER } from '../account/new-user';
import { hashPassword } from '../account/passwords';
import { linkCompanyPatents, nameVariants, refreshCompanyNames } from '../company/company-link';
import { writeAudit } from './audit';
import { mobileTaken } from './managed-accounts';

type Q = Kysely<Database> | Transaction<Database>;

const DUPLICATE_MOBILE = (m: string) => `手机号 ${m} 已被其他账号使用`;
const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message ?? err));

/** The columns that make an account of a kind (DOMAIN §1); staff work under a main account (com_id). */
export function kindColumns(kind: AdminUserKind, mainId = 0) {
  switch (kind) {
    case 'admin':
      return { is_admin: 1, is_news: 0, com_id: 0, type: '0' };
    case 'main':
      return { is_admin: 0, is_news: 1, com_id: 0, type: '0' };
    case 'staff':
      return { is_admin: 0, is_news: 1, com_id: mainId, type: '0' };
    case 'trial':
      return { is_admin: 0, is_news: 0, com_id: 0, type: '1' };
    default:
      return { is_admin: 0, is_news: 0, com_id: 0, type: '0' };
  }
}

export interface CompanyInput {
  company_id?: number;
  company_name?: string;
  credit_code?: string;
  contact?: string;
}

/**
 * The company a user is linked to (ADR 0019): the chosen row (company_id); else the company with this credit code;
 * else the company known by this name (current or former, normalised: company_names); else a new company made from
 * the name and code. A code that contradicts the named company's recorded code is refused; a company without a
 * code gets the one given. New companies get their names and patents linked at once.
 */
export async function resolveCompany(
  db: Q,
  input: CompanyInput,
  now: string,
): Promise<{ id: number; company_name: string; created: boolean }> {
  const pick = (id: number) =>
    db.selectFrom('companies').select(['id', 'company_name', 'credit_code']).where('id', '=', id).executeTakeFirst();
  if (input.company_id) {
    const c = await pick(input.company_id);
    if (!c) throw notFound('所选企业不存在，请重新选择');
    return { id: c.id, company_name: c.company_name, created: false };
  }
  const name = input.company_name?.trim() ?? '';
  const code = input.credit_code ?? '';
  if (code) {
    const byCode = await db
      .selectFrom('companies')
      .select(['id', 'company_name'])
      .where('credit_code', '=', code)
      .orderBy('id', 'asc')
      .executeTakeFirst();
    if (byCode) return { id: byCode.id, company_name: byCode.company_name, created: false };
  }
  if (name) {
    const variants = nameVariants(name);
    const byName = await db
      .selectFrom('companies')
      .select(['id', 'company_name', 'credit_code'])
      .where((eb) =>
        eb.or([
          eb('company_name', '=', name),
          eb('id', 'in', eb.selectFrom('company_names').select('company_id').where('name', 'in', variants)),
        ]),
      )
      .orderBy('id', 'asc')
      .executeTakeFirst();
    if (byName) {
      if (code && byName.credit_code && byName.credit_code !== code) {
        throw badRequest(
          `企业「${byName.company_name}」已登记的统一社会信用代码为 ${byName.credit_code}，与填写的不一致，请核对`,
          [{ path: 'credit_code', msg: '与已登记的统一社会信用代码不一致' }],
        );
      }
      if (code && !byName.credit_code) {
        await db.updateTable('companies').set({ credit_code: code, updated_at: now }).where('id', '=', byName.id).execute();
      }
      return { id: byName.id, company_name: byName.company_name, created: false };
    }
  }
  if (!name) {
    throw badRequest('未找到该统一社会信用代码对应的企业，请填写公司名称以新建企业', [
      { path: 'company_name', msg: '请填写公司名称' },
    ]);
  }
  // Two approvals of the same new company at once: the unique name lets one insert win; both then read it.
  await db
    .insertInto('companies')
    .values({
      company_name: name,
      credit_code: code,
      street_id: 0,
      street_name: '',
      patent_num: 0,
      contact: input.contact ?? '',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('company_name').doNothing())
    .execute();
  const row = await db
    .selectFrom('companies')
    .select(['id', 'company_name'])
    .where('company_name', '=', name)
    .executeTakeFirstOrThrow();
  await refreshCompanyNames(db, row.id);
  return { id: row.id, company_name: row.company_name, created: true };
}

/** A main account (set C) by id, or a clear 400. */
async function mainAccount(db: Q, id: number): Promise<{ id: number; name: string }> {
  const m = await db.selectFrom('users').select(['id', 'name', 'is_news', 'com_id']).where('id', '=', id).executeTakeFirst();
  if (!m || m.is_news !== 1 || m.com_id !== 0) {
    throw badRequest('所属主账号不存在或不是企业服务主账号', [{ path: 'main_id', msg: '请选择企业服务主账号' }]);
  }
  return { id: m.id, name: m.name };
}

/** Creates an account of any kind; returns its id and, when the server made it up, the password (shown once). */
export async function createUser(
  deps: Deps,
  adminId: number,
  body: CreateUserBody,
): Promise<{ id: number; password: string | null }> {
  const { db } = deps.db;
  const now = deps.clock().toISOString();
  if (await mobileTaken(db, body.mobile)) throw conflict(DUPLICATE_MOBILE(body.mobile));
  const generated = body.password ? null : randomPassword();
  const password_hash = await hashPassword(body.password || generated!);
  try {
    const id = await db.transaction().execute(async (trx) => {
      let mainId = 0;
      if (body.kind === 'staff') mainId = (await mainAccount(trx, body.main_id!)).id;
      let companyId = 0;
      let companyName = body.company_name ?? '';
      if (body.kind === 'company') {
        const c = await resolveCompany(trx, body, now);
        companyId = c.id;
        companyName = c.company_name;
      }
      const row = await trx
        .insertInto('users')
        .values({
          ...NEW_USER,
          ...kindColumns(body.kind, mainId),
          mobile: body.mobile,
          name: body.name,
          company_name: companyName,
          company_id: companyId,
          street_id: body.street_id ?? 0,
          street_name: body.street_name ?? '',
          introduction: body.introduction ?? '',
          // Someone else set this password: the user changes it at the first login (ADR 0019).
          must_change_password: 1,
          password_hash,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (companyId) await linkCompanyPatents(trx, now, companyId);
      const where = companyName ? `，${companyName}` : '';
      await writeAudit(trx, {
        adminId,
        userId: row.id,
        action: 'create_user',
        detail: `新建${USER_KIND_LABELS[body.kind]}：${body.name}（${body.mobile}${where}）`,
        now,
      });
      return row.id;
    });
    return { id, password: generated };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE_MOBILE(body.mobile));
    throw err;
  }
}

async function targetUser(db: Q, id: number) {
  // A deleted sub-account (status -1) answers like an unknown id: nothing may bring it back (ADR 0031).
  const u = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('status', '<>', USER_STATUS_DELETED)
    .executeTakeFirst();
  if (!u) throw notFound('用户不存在');
  return u;
}

/** Edits the account fields; returns what changed, in words (the audit detail). */
export async function updateUser(deps: Deps, adminId: number, body: UpdateUserBody): Promise<{ changes: string[] }> {
  const { db } = deps.db;
  const now = deps.clock().toISOString();
  const self = body.id === adminId;
  if (self && body.kind && body.kind !== 'admin')
    throw badRequest('不能修改自己的管理员身份', [{ path: 'kind', msg: '不能修改自己的管理员身份' }]);
  if (self && body.status === 0) throw badRequest('不能停用自己的账号', [{ path: 'status', msg: '不能停用自己的账号' }]);
  try {
    return await db.transaction().execute(async (trx) => {
      const u = await targetUser(trx, body.id);
      const before = accountKindOf(u);
      const kind = body.kind ?? before;
      const changes: string[] = [];
      const patch: Updateable<UsersTable> = {};

      if (body.mobile !== undefined && body.mobile !== u.mobile) {
        if (await mobileTaken(trx, body.mobile, u.id)) throw conflict(DUPLICATE_MOBILE(body.mobile));
        patch.mobile = body.mobile;
        changes.push(`手机号：${u.mobile} → ${body.mobile}`);
      }
      if (before === 'main' && kind !== 'main') {
        const staff = await trx
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('is_news', '=', 1)
          .where('com_id', '=', u.id)
          .executeTakeFirstOrThrow();
        if (Number(staff.n) > 0) {
          throw conflict(`该主账号下还有 ${Number(staff.n)} 名员工，请先把员工调到其他主账号或停用后再修改类型`);
        }
      }
      let mainId = u.com_id;
      if (kind === 'staff' && (body.main_id !== undefined || before !== 'staff')) {
        if (!body.main_id) throw badRequest('企业服务员工须选择所属主账号', [{ path: 'main_id', msg: '请选择所属主账号' }]);
        if (body.main_id === u.id) throw badRequest('不能把账号设为自己的主账号', [{ path: 'main_id', msg: '请选择其他主账号' }]);
        mainId = (await mainAccount(trx, body.main_id)).id;
        if (mainId !== u.com_id) changes.push(`所属主账号：${mainId}`);
      }
      if (kind !== before) changes.push(`类型：${USER_KIND_LABELS[before]} → ${USER_KIND_LABELS[kind]}`);
      Object.assign(patch, kindColumns(kind, kind === 'staff' ? mainId : 0));

      const companyGiven = Boolean(body.company_id || body.company_name || body.credit_code);
      let linkTo = 0;
      if (kind === 'company') {
        if (companyGiven || !u.company_id || before !== 'company') {
          const input = companyGiven ? body : { company_name: u.company_name };
          if (!input.company_name && !companyGiven) {
            throw badRequest('企业用户须选择或填写所属企业', [{ path: 'company_name', msg: '请选择或填写所属企业' }]);
          }
          const c = await resolveCompany(trx, input, now);
          if (c.id !== u.company_id) changes.push(`所属企业：${u.company_name || '无'} → ${c.company_name}`);
          patch.company_id = c.id;
          patch.company_name = c.company_name;
          linkTo = c.id;
        }
      } else {
        // Only company users belong to a company row; the others keep the name as text (a trial user's own).
        if (u.company_id) changes.push('解除企业关联');
        patch.company_id = 0;
        if (body.company_name !== undefined && body.company_name !== u.company_name) {
          patch.company_name = body.company_name;
          changes.push(`公司名称：${u.company_name || '无'} → ${body.company_name || '无'}`);
        }
      }
      if (body.status !== undefined && body.status !== u.status) {
        patch.status = body.status;
        changes.push(body.status === 1 ? '启用' : '停用');
      }
      const changed = Object.entries(patch).some(([k, v]) => (u as Record<string, unknown>)[k] !== v);
      if (!changed) throw badRequest('没有需要修改的内容');
      await trx
        .updateTable('users')
        .set({ ...patch, updated_at: now })
        .where('id', '=', u.id)
        .execute();
      if (linkTo) await linkCompanyPatents(trx, now, linkTo);
      if (body.status === 0 && u.status !== 0) await endSessionsOf(trx, u.id);
      await writeAudit(trx, {
        adminId,
        userId: u.id,
        action: 'update_user',
        detail: `${u.name}（${u.mobile}）：${changes.join('；') || '账号信息'}`,
        now,
      });
      return { changes };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE_MOBILE(body.mobile ?? ''));
    throw err;
  }
}

const INFO_LABELS: Record<string, string> = {
  name: '姓名',
  avatar: '头像',
  introduction: '简介',
  street_id: '街道编号',
  street_name: '所属街道',
};

/** Edits the profile fields (name, avatar, introduction, street). */
export async function updateUserInfo(deps: Deps, adminId: number, body: UpdateUserInfoBody): Promise<{ changes: string[] }> {
  const { db } = deps.db;
  const now = deps.clock().toISOString();
  return db.transaction().execute(async (trx) => {
    const u = await targetUser(trx, body.id);
    const { id: _id, ...fields } = body;
    const patch = Object.fromEntries(
      Object.entries(fields).filter(([k, v]) => v !== undefined && (u as Record<string, unknown>)[k] !== v),
    );
    if (Object.keys(patch).length === 0) throw badRequest('没有需要修改的内容');
    await trx
      .updateTable('users')
      .set({ ...patch, updated_at: now })
      .where('id', '=', u.id)
      .execute();
    const changes = Object.keys(patch).map((k) => INFO_LABELS[k] ?? k);
    await writeAudit(trx, {
      adminId,
      userId: u.id,
      action: 'update_user_info',
      detail: `${u.name}（${u.mobile}）：修改${changes.join('、')}`,
      now,
    });
    return { changes };
  });
}

/**
 * Sets a user's password (typed by the administrator, or random and shown once): every session of the user ends,
 * the login lockouts on the mobile clear, and the user must change it at the next login (must_change_password).
 */
export async function setUserPassword(
  deps: Deps,
  adminId: number,
  id: number,
  typed: string | undefined,
): Promise<{ password: string | null }> {
  if (id === adminId) throw badRequest('请在「修改密码」页修改自己的密码');
  const { db } = deps.db;
  const now = deps.clock().toISOString();
  const generated = typed ? null : randomPassword();
  const password_hash = await hashPassword(typed || generated!);
  await db.transaction().execute(async (trx) => {
    const u = await targetUser(trx, id);
    await trx
      .updateTable('users')
      .set({ password_hash, must_change_password: 1, updated_at: now })
      .where('id', '=', id)
      .execute();
    await endSessionsOf(trx, id);
    await clearLoginLimits(trx, u.mobile);
    await writeAudit(trx, {
      adminId,
      userId: id,
      action: 'reset_password',
      detail: `${u.name}（${u.mobile}）：${generated ? '生成随机密码' : '设置新密码'}，下次登录须修改`,
      now,
    });
  });
  return { password: generated };
}

/** newsinfo: one account in full for the edit dialog and the detail drawer (ADR 0019). */
export async function userDetail(db: Q, id: number) {
  const u = await targetUser(db, id);
  const { password_hash: _hash, ...user } = u;
  const kind = accountKindOf(u);
  const company = u.company_id
    ? ((await db
        .selectFrom('companies')
        .select(['id', 'company_name', 'credit_code', 'address', 'contact', 'contact_phone', 'industry', 'patent_num'])
        .where('id', '=', u.company_id)
        .executeTakeFirst()) ?? null)
    : null;
  const main =
    kind === 'staff'
      ? ((await db.selectFrom('users').select(['id', 'name', 'mobile']).where('id', '=', u.com_id).executeTakeFirst()) ?? null)
      : null;
  const staff =
    kind === 'main'
      ? await db
          .selectFrom('users')
          .select(['id', 'name', 'mobile', 'street_name', 'status'])
          .where('is_news', '=', 1)
          .where('com_id', '=', u.id)
          .orderBy('id', 'asc')
          .limit(200)
          .execute()
      : [];
  const staffCounts =
    kind === 'main'
      ? await db
          .selectFrom('users')
          .select((eb) => [
            eb.fn.countAll<number | string>().as('total'),
            eb.fn.sum<number | string | null>(eb.case().when('status', '=', 1).then(1).else(0).end()).as('enabled'),
          ])
          .where('is_news', '=', 1)
          .where('com_id', '=', u.id)
          .executeTakeFirstOrThrow()
      : null;
  const verification =
    (await db
      .selectFrom('verifications')
      .select(['id', 'status', 'company_name', 'credit_code', 'remark', 'created_at', 'reviewed_at'])
      .where('user_id', '=', u.id)
      .orderBy('id', 'desc')
      .executeTakeFirst()) ?? null;
  const recentAudit = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as ad', 'ad.id', 'a.admin_id')
    .select(['a.id', 'a.action', 'a.detail', 'a.created_at', 'ad.name as admin_name'])
    .where('a.user_id', '=', u.id)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(10)
    .execute();
  return {
    user: { ...user, kind },
    company: company && { ...company, patent_num: Number(company.patent_num) },
    main,
    staff,
    staff_counts: staffCounts ? { total: Number(staffCounts.total), enabled: Number(staffCounts.enabled ?? 0) } : null,
    verification,
    recent_audit: recentAudit,
  };
}

/** Companies whose name contains the keyword or whose credit code starts with it (at most 20, biggest first). */
export async function companyOptions(db: Q, keyword: string | undefined) {
  let q = db.selectFrom('companies').select(['id', 'company_name', 'credit_code', 'patent_num']);
  if (keyword) {
    // A credit code is typed from its start; only its own characters (no LIKE wildcards) reach the pattern.
    const code = keyword
      .normalize('NFKC')
      .toUpperCase()
      .replace(/[^0-9A-Z]/g, '');
    q = q.where((eb) =>
      eb.or([containsText('company_name', keyword), ...(code.length >= 4 ? [eb('credit_code', 'like', `${code}%`)] : [])]),
    );
  }
  const rows = await q.orderBy('patent_num', 'desc').orderBy('id', 'asc').limit(20).execute();
  return rows.map((r) => ({ ...r, patent_num: Number(r.patent_num) }));
}
