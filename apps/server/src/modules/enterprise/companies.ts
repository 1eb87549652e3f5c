import { DEFAULT_SERVICE_LIMITS, type ServiceCompanyList, type ServiceCompanyRow, type ServiceLimits } from '@ip/contract';
import type { Deps } from '../../deps';
import { containsText } from '../../db/sql';
import { badRequest } from '../../http/errors';
import { assertInScope, inScope, type ServiceScope } from './service-scope';
import { findStaff } from './staff';

/** One page of the enterprises in scope (most patents first), with their labels and the staff serving each. */
export async function listServiceCompanies(
  deps: Deps,
  scope: ServiceScope,
  q: {
    page: number;
    page_size: number;
    keyword?: string;
    street_id?: number;
    label_id?: number;
    staff_id?: number;
    /** One enterprise (the enterprise page's summary, ADR 0049); not a field of the list call's body. */
    company_id?: number;
  },
): Promise<ServiceCompanyList> {
  const { db } = deps.db;
  if (q.staff_id !== undefined && scope.isMain) await findStaff(db, scope, q.staff_id);
  let base = db.selectFrom('companies').where(inScope(scope, scope.isMain ? q.staff_id : undefined));
  if (q.keyword) base = base.where(containsText('companies.company_name', q.keyword));
  if (q.street_id !== undefined) base = base.where('companies.street_id', '=', q.street_id);
  if (q.company_id !== undefined) base = base.where('companies.id', '=', q.company_id);
  if (q.label_id !== undefined) {
    const labelId = q.label_id;
    base = base.where((eb) =>
      eb(
        'companies.id',
        'in',
        eb.selectFrom('company_labels').select('company_labels.company_id').where('company_labels.label_id', '=', labelId),
      ),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'companies.id',
      'companies.company_name',
      'companies.street_id',
      'companies.street_name',
      'companies.industry',
      'companies.size',
      'companies.patent_num',
    ])
    .orderBy('companies.patent_num', 'desc')
    .orderBy('companies.id')
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size)
    .execute();
  const ids = rows.map((r) => Number(r.id));
  const labels = new Map<number, ServiceCompanyRow['labels']>();
  const staff = new Map<number, Map<number, string>>();
  if (ids.length) {
    for (const r of await db
      .selectFrom('company_labels')
      .innerJoin('service_labels', 'service_labels.id', 'company_labels.label_id')
      .select(['company_labels.company_id', 'service_labels.id', 'service_labels.name', 'service_labels.color'])
      .where('company_labels.company_id', 'in', ids)
      .where('company_labels.owner_id', '=', scope.ownerId)
      .orderBy('service_labels.sort')
      .orderBy('service_labels.id')
      .execute()) {
      const l = labels.get(Number(r.company_id)) ?? [];
      l.push({ id: Number(r.id), name: r.name, color: r.color });
      labels.set(Number(r.company_id), l);
    }
    const add = (companyId: number, id: number, name: string) => {
      const m = staff.get(companyId) ?? new Map<number, string>();
      m.set(id, name);
      staff.set(companyId, m);
    };
    for (const r of await db
      .selectFrom('staff_companies')
      .innerJoin('users', 'users.id', 'staff_companies.staff_id')
      .select(['staff_companies.company_id', 'users.id', 'users.name'])
      .where('staff_companies.company_id', 'in', ids)
      .where('users.com_id', '=', scope.ownerId)
      .orderBy('users.id')
      .execute())
      add(Number(r.company_id), Number(r.id), r.name);
    const streetIds = [...new Set(rows.map((r) => Number(r.street_id)).filter(Boolean))];
    if (streetIds.length) {
      const byStreet = await db
        .selectFrom('staff_streets')
        .innerJoin('users', 'users.id', 'staff_streets.staff_id')
        .select(['staff_streets.street_id', 'users.id', 'users.name'])
        .where('staff_streets.street_id', 'in', streetIds)
        .where('users.com_id', '=', scope.ownerId)
        .orderBy('users.id')
        .execute();
      for (const c of rows)
        for (const s of byStreet) if (Number(s.street_id) === Number(c.street_id)) add(Number(c.id), Number(s.id), s.name);
    }
  }
  const list: ServiceCompanyRow[] = rows.map((r) => {
    const id = Number(r.id);
    return {
      id,
      company_name: r.company_name,
      street_id: Number(r.street_id),
      street_name: r.street_name,
      industry: r.industry,
      size: r.size,
      num: Number(r.patent_num),
      labels: labels.get(id) ?? [],
      staff: [...(staff.get(id) ?? new Map<number, string>())].map(([sid, name]) => ({ id: sid, name })),
    };
  });
  return { list, total: Number(total), page: q.page, page_size: q.page_size };
}

/** visit/changeStreet: moves an enterprise in scope to another street. */
export async function changeStreet(
  deps: Deps,
  scope: ServiceScope,
  input: { company_id: number; street_id: number },
): Promise<{ company_id: number; street_id: number; street_name: string }> {
  const { db } = deps.db;
  await assertInScope(db, scope, [input.company_id]);
  const street = await db.selectFrom('streets').select(['id', 'name']).where('id', '=', input.street_id).executeTakeFirst();
  if (!street) throw badRequest('街道不存在', [{ path: 'street_id', msg: '街道不存在' }]);
  await db
    .updateTable('companies')
    .set({ street_id: input.street_id, street_name: street.name, updated_at: deps.clock().toISOString() })
    .where('id', '=', input.company_id)
    .execute();
  return { company_id: input.company_id, street_id: input.street_id, street_name: street.name };
}

/** The office's demand time limits (DOMAIN §5 defaults when never saved). */
export async function serviceLimits(deps: Deps, scope: ServiceScope): Promise<ServiceLimits> {
  const row = await deps.db.db
    .selectFrom('service_settings')
    .selectAll()
    .where('owner_id', '=', scope.ownerId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_SERVICE_LIMITS, saved: false, updated_at: null };
  return {
    contact_days: Number(row.contact_days),
    reply_days: Number(row.reply_days),
    close_days: Number(row.close_days),
    saved: true,
    updated_at: row.updated_at,
  };
}

export async function saveServiceLimits(
  deps: Deps,
  scope: ServiceScope,
  input: { contact_days: number; reply_days: number; close_days: number },
): Promise<ServiceLimits> {
  const now = deps.clock().toISOString();
  await deps.db.db
    .insertInto('service_settings')
    .values({ owner_id: scope.ownerId, ...input, updated_at: now })
    .onConflict((oc) => oc.column('owner_id').doUpdateSet({ ...input, updated_at: now }))
    .execute();
  return { ...input, saved: true, updated_at: now };
}
