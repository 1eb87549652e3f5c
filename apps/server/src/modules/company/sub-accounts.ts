import type { Kysely } from 'kysely';
import { SUB_ACCOUNT_MAX, SUB_ACCOUNT_RID, USER_STATUS_DELETED, type SubAccountList, type SubAccountRow } from '@ip/contract';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { containsText } from '../../db/sql';
import { endSessionsOf } from '../../http/auth';
import { badRequest, notFound } from '../../http/errors';
import { clearLoginLimits } from '../account/account.service';
import { NEW_USER } from '../account/new-user';
import { hashPassword } from '../account/passwords';
import {
  duplicateMobile,
  editManagedAccount,
  isUniqueViolation,
  mobileTaken,
  resetManagedPassword,
  type OwnedBy,
} from '../users/managed-accounts';
import type { CompanyActor } from './company-context';

// A company's sub-accounts (ADR 0022). Every query is filtered by the actor's company AND rid > 0 AND not deleted:
// ids of the main user, of another company's users, or of a deleted account answer 404 like an unknown id.

/** 409 naming the mobile field, so the form marks it. */
/** The sub-account rows a company user may change. */
const ownedByCompany =
  (actor: CompanyActor): OwnedBy =>
  (qb) =>
    qb.where('company_id', '=', actor.companyId).where('rid', '>', 0);

/** The company's sub-accounts that still exist (enabled or disabled). */
function ofCompany(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('users')
    .where('users.company_id', '=', companyId)
    .where('users.rid', '>', 0)
    .where('users.status', '<>', USER_STATUS_DELETED);
}

/** One page of the company's sub-accounts, newest first, with who created each. */
export async function listSubAccounts(
  deps: Deps,
  actor: CompanyActor,
  q: { page: number; page_size: number; keyword?: string; status?: 0 | 1 },
): Promise<SubAccountList> {
  const { db } = deps.db;
  let base = ofCompany(db, actor.companyId);
  const all = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (q.keyword) {
    const k = q.keyword;
    base = base.where((eb) => eb.or([containsText('users.mobile', k), containsText('users.name', k)]));
  }
  if (q.status !== undefined) base = base.where('users.status', '=', q.status);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('users as creator', 'creator.id', 'users.pid')
    .select([
      'users.id',
      'users.mobile',
      'users.name',
      'users.status',
      'users.must_change_password',
      'users.created_at',
      'creator.name as created_by_name',
    ])
    .orderBy('users.id', 'desc')
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size)
    .execute();
  const list: SubAccountRow[] = rows.map((r) => ({ ...r, created_by_name: r.created_by_name ?? '' }));
  return {
    list,
    total: Number(total),
    page: q.page,
    page_size: q.page_size,
    remaining: Math.max(0, SUB_ACCOUNT_MAX - Number(all.n)),
  };
}

/** The sub-account `id` of the actor's company, or 404. */
async function findSubAccount(db: Kysely<Database>, actor: CompanyActor, id: number) {
  const row = await ofCompany(db, actor.companyId)
    .select(['users.id', 'users.mobile', 'users.name', 'users.status'])
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('子账号不存在或已删除');
  return row;
}

/**
 * Creates a sub-account of the actor's company: rid 1, pid the creator, the company's name and street, the initial
 * password the main user chose, which the sub-account must change (must_change_password 1).
 */
export async function addSubAccount(
  deps: Deps,
  actor: CompanyActor,
  input: { mobile: string; name: string; password: string },
): Promise<SubAccountRow> {
  const { db } = deps.db;
  const count = await ofCompany(db, actor.companyId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= SUB_ACCOUNT_MAX)
    throw badRequest(`每个企业最多可建 ${SUB_ACCOUNT_MAX} 个子账号，请先删除不再使用的子账号`);
  if (await mobileTaken(db, input.mobile)) throw duplicateMobile();
  const owner = await db
    .selectFrom('users')
    .select(['name', 'street_id', 'street_name'])
    .where('id', '=', actor.userId)
    .executeTakeFirstOrThrow();
  const company = await db.selectFrom('companies').select('company_name').where('id', '=', actor.companyId).executeTakeFirst();
  const now = deps.clock().toISOString();
  const password_hash = await hashPassword(input.password);
  try {
    const row = await db
      .insertInto('users')
      .values({
        ...NEW_USER,
        mobile: input.mobile,
        name: input.name,
        password_hash,
        type: '0',
        rid: SUB_ACCOUNT_RID,
        pid: actor.userId,
        company_id: actor.companyId,
        company_name: company?.company_name ?? '',
        street_id: owner.street_id,
        street_name: owner.street_name,
        must_change_password: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      mobile: input.mobile,
      name: input.name,
      status: 1,
      must_change_password: 1,
      created_at: now,
      created_by_name: owner.name,
    };
  } catch (err) {
    // Two creations of one mobile at once: the unique index decides.
    if (isUniqueViolation(err)) throw duplicateMobile();
    throw err;
  }
}

/**
 * Changes a sub-account's name, mobile or status. Disabling it, or moving it to another mobile (another person may
 * now hold it), ends its sessions at once.
 */
export async function editSubAccount(
  deps: Deps,
  actor: CompanyActor,
  input: { id: number; name?: string; mobile?: string; status?: 0 | 1 },
): Promise<{ id: number; name: string; mobile: string; status: number }> {
  const current = await findSubAccount(deps.db.db, actor, input.id);
  return editManagedAccount(deps, current, input, ownedByCompany(actor));
}

/**
 * Sets a new password for a sub-account (the holder forgot it, or it changes hands): its sessions end, its login
 * lockouts end, and it must change the password at its next login.
 */
export async function resetSubAccountPassword(
  deps: Deps,
  actor: CompanyActor,
  input: { id: number; password: string },
): Promise<{ id: number; must_change_password: number }> {
  const current = await findSubAccount(deps.db.db, actor, input.id);
  return resetManagedPassword(deps, current, input, ownedByCompany(actor));
}

/**
 * Deletes a sub-account. The row stays (status -1, its name kept) so the categories, notes and follow-ups it made
 * keep naming who made them; what identifies a person or lets anyone in goes: the mobile is replaced by a tombstone
 * (so the number can be used again), the password hash is voided, WeChat bindings and sessions end.
 */
export async function deleteSubAccount(deps: Deps, actor: CompanyActor, id: number): Promise<{ id: number }> {
  const { db } = deps.db;
  const current = await findSubAccount(db, actor, id);
  const now = deps.clock().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        status: USER_STATUS_DELETED,
        mobile: `deleted-${id}`,
        // Not an argon2 hash: verifyPassword never matches it.
        password_hash: '!deleted',
        must_change_password: 0,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('company_id', '=', actor.companyId)
      .where('rid', '>', 0)
      .execute();
    await trx.deleteFrom('wechat_bindings').where('user_id', '=', id).execute();
    await endSessionsOf(trx, id);
  });
  await clearLoginLimits(db, current.mobile);
  return { id };
}
