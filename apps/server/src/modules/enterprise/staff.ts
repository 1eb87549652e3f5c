import type { Kysely } from 'kysely';
import { SERVICE_STAFF_MAX, USER_STATUS_DELETED, type StaffAssignment, type StaffList, type StaffRow } from '@ip/contract';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { containsText } from '../../db/sql';
import { badRequest, notFound } from '../../http/errors';
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
import { inScope, type ServiceScope } from './service-scope';

// Staff of a main account (ADR 0038; DOMAIN §1: is_news 1, com_id = the main account's id). Built like the company
// sub-accounts of ADR 0022: the main account sets the initial password, the staff member must change it at its first
// login; disabling ends its sessions. Every query is filtered by com_id = the office: another office's staff (and
// the main account itself) answer 404 like unknown ids.

/** The staff rows a main account may change. */
const ownedByOffice =
  (scope: ServiceScope): OwnedBy =>
  (qb) =>
    qb.where('com_id', '=', scope.ownerId).where('is_news', '=', 1);

function ofOffice(db: Kysely<Database>, ownerId: number) {
  return db
    .selectFrom('users')
    .where('users.com_id', '=', ownerId)
    .where('users.is_news', '=', 1)
    .where('users.status', '<>', USER_STATUS_DELETED);
}

export async function findStaff(db: Kysely<Database>, scope: ServiceScope, id: number) {
  const row = await ofOffice(db, scope.ownerId)
    .select(['users.id', 'users.mobile', 'users.name', 'users.status'])
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('员工不存在或不属于本中心');
  return row;
}

/** One page of the office's staff (a staff member sees only itself), with assignment counts and streets. */
export async function listStaff(
  deps: Deps,
  scope: ServiceScope,
  q: { page: number; page_size: number; keyword?: string; status?: 0 | 1 },
): Promise<StaffList> {
  const { db } = deps.db;
  let base = ofOffice(db, scope.ownerId);
  if (!scope.isMain) base = base.where('users.id', '=', scope.userId);
  if (q.keyword) {
    const k = q.keyword;
    base = base.where((eb) => eb.or([containsText('users.mobile', k), containsText('users.name', k)]));
  }
  if (q.status !== undefined) base = base.where('users.status', '=', q.status);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['users.id', 'users.mobile', 'users.name', 'users.status', 'users.must_change_password', 'users.created_at'])
    .orderBy('users.id', 'desc')
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size)
    .execute();
  const ids = rows.map((r) => Number(r.id));
  const direct = new Map<number, number>();
  const streets = new Map<number, { id: number; name: string }[]>();
  if (ids.length) {
    for (const r of await db
      .selectFrom('staff_companies')
      .innerJoin('companies', 'companies.id', 'staff_companies.company_id')
      .select(['staff_companies.staff_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('staff_companies.staff_id', 'in', ids)
      .where('companies.service_owner_id', '=', scope.ownerId)
      .groupBy('staff_companies.staff_id')
      .execute())
      direct.set(Number(r.staff_id), Number(r.n));
    for (const r of await db
      .selectFrom('staff_streets')
      .innerJoin('streets', 'streets.id', 'staff_streets.street_id')
      .select(['staff_streets.staff_id', 'streets.id', 'streets.name'])
      .where('staff_streets.staff_id', 'in', ids)
      .orderBy('streets.sort')
      .orderBy('streets.id')
      .execute()) {
      const list = streets.get(Number(r.staff_id)) ?? [];
      list.push({ id: Number(r.id), name: r.name });
      streets.set(Number(r.staff_id), list);
    }
  }
  const list: StaffRow[] = [];
  for (const r of rows) {
    const id = Number(r.id);
    const scopeCount = await db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(inScope(scope, id))
      .executeTakeFirstOrThrow();
    list.push({
      ...r,
      id,
      company_count: direct.get(id) ?? 0,
      streets: streets.get(id) ?? [],
      scope_count: Number(scopeCount.n),
    });
  }
  return { list, total: Number(total), page: q.page, page_size: q.page_size };
}

/** Creates a staff member of the office: is_news 1, com_id and pid the main account, must change the password. */
export async function addStaff(
  deps: Deps,
  scope: ServiceScope,
  input: { mobile: string; name: string; password: string },
): Promise<StaffRow> {
  const { db } = deps.db;
  const n = await ofOffice(db, scope.ownerId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n.n) >= SERVICE_STAFF_MAX) throw badRequest(`每个企业服务中心最多可建 ${SERVICE_STAFF_MAX} 名员工`);
  if (await mobileTaken(db, input.mobile)) throw duplicateMobile();
  const owner = await db
    .selectFrom('users')
    .select(['company_name', 'street_id', 'street_name'])
    .where('id', '=', scope.ownerId)
    .executeTakeFirstOrThrow();
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
        is_news: 1,
        com_id: scope.ownerId,
        pid: scope.ownerId,
        company_name: owner.company_name,
        street_id: owner.street_id,
        street_name: owner.street_name,
        must_change_password: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      id: Number(row.id),
      mobile: input.mobile,
      name: input.name,
      status: 1,
      must_change_password: 1,
      created_at: now,
      company_count: 0,
      streets: [],
      scope_count: 0,
    };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateMobile();
    throw err;
  }
}

/** Changes a staff member's name, mobile or status; disabling it or moving it to another mobile ends its sessions. */
export async function editStaff(
  deps: Deps,
  scope: ServiceScope,
  input: { id: number; name?: string; mobile?: string; status?: 0 | 1 },
): Promise<{ id: number; name: string; mobile: string; status: number }> {
  const current = await findStaff(deps.db.db, scope, input.id);
  return editManagedAccount(deps, current, input, ownedByOffice(scope));
}

/** A new password for a staff member: sessions and login lockouts end; it must change it at its next login. */
export async function resetStaffPassword(
  deps: Deps,
  scope: ServiceScope,
  input: { id: number; password: string },
): Promise<{ id: number; must_change_password: number }> {
  const current = await findStaff(deps.db.db, scope, input.id);
  return resetManagedPassword(deps, current, input, ownedByOffice(scope));
}

export async function staffAssignment(deps: Deps, scope: ServiceScope, id: number): Promise<StaffAssignment> {
  const { db } = deps.db;
  await findStaff(db, scope, id);
  const companies = await db
    .selectFrom('staff_companies')
    .innerJoin('companies', 'companies.id', 'staff_companies.company_id')
    .select('staff_companies.company_id')
    .where('staff_companies.staff_id', '=', id)
    .where('companies.service_owner_id', '=', scope.ownerId)
    .orderBy('staff_companies.company_id')
    .execute();
  const streets = await db
    .selectFrom('staff_streets')
    .select('street_id')
    .where('staff_id', '=', id)
    .orderBy('street_id')
    .execute();
  return { id, company_ids: companies.map((c) => Number(c.company_id)), street_ids: streets.map((s) => Number(s.street_id)) };
}

/**
 * Replaces a staff member's enterprises and streets. Every enterprise must be one the office serves and every street
 * must exist; otherwise 400 naming them and nothing changes.
 */
export async function assignStaff(
  deps: Deps,
  scope: ServiceScope,
  input: { id: number; company_ids: number[]; street_ids: number[] },
): Promise<StaffAssignment> {
  const { db } = deps.db;
  await findStaff(db, scope, input.id);
  const companyIds = [...new Set(input.company_ids)];
  const streetIds = [...new Set(input.street_ids)];
  const known = new Set<number>();
  for (let i = 0; i < companyIds.length; i += 500) {
    for (const r of await db
      .selectFrom('companies')
      .select('id')
      .where('id', 'in', companyIds.slice(i, i + 500))
      .where(inScope(scope))
      .execute())
      known.add(Number(r.id));
  }
  const outside = companyIds.filter((c) => !known.has(c));
  if (outside.length)
    throw badRequest(`企业不在本中心服务范围内：编号 ${outside.slice(0, 5).join('、')}`, [
      { path: 'company_ids', msg: '企业不在本中心服务范围内' },
    ]);
  if (streetIds.length) {
    const streets = new Set(
      (await db.selectFrom('streets').select('id').where('id', 'in', streetIds).execute()).map((s) => Number(s.id)),
    );
    const unknown = streetIds.filter((s) => !streets.has(s));
    if (unknown.length)
      throw badRequest(`街道不存在：编号 ${unknown.slice(0, 5).join('、')}`, [{ path: 'street_ids', msg: '街道不存在' }]);
  }
  const now = deps.clock().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('staff_companies').where('staff_id', '=', input.id).execute();
    await trx.deleteFrom('staff_streets').where('staff_id', '=', input.id).execute();
    for (let i = 0; i < companyIds.length; i += 500) {
      await trx
        .insertInto('staff_companies')
        .values(
          companyIds
            .slice(i, i + 500)
            .map((company_id) => ({ owner_id: scope.ownerId, staff_id: input.id, company_id, created_at: now })),
        )
        .execute();
    }
    if (streetIds.length) {
      await trx
        .insertInto('staff_streets')
        .values(streetIds.map((street_id) => ({ owner_id: scope.ownerId, staff_id: input.id, street_id, created_at: now })))
        .execute();
    }
  });
  return { id: input.id, company_ids: companyIds.sort((a, b) => a - b), street_ids: streetIds.sort((a, b) => a - b) };
}
