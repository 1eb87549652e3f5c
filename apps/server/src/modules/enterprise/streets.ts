import type { Kysely } from 'kysely';
import type { StreetRow } from '@ip/contract';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, badRequest, notFound } from '../../http/errors';
import { inScope, type ServiceScope } from './service-scope';

// The district's streets (ADR 0038): one table the administrator edits on /system (街道管理); enterprises carry
// street_id and, denormalised for the older lists, street_name (kept in step on rename).

const DUPLICATE = '同一区域下已有同名街道';
const duplicate = () => new AppError(409, DUPLICATE, [{ path: 'name', msg: DUPLICATE }]);
const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String(err));

/** Every street, in display order, with its enterprise count (all offices, or the scope's enterprises). */
export async function listStreets(db: Kysely<Database>, scope?: ServiceScope): Promise<StreetRow[]> {
  const streets = await db.selectFrom('streets').select(['id', 'region', 'name', 'sort']).orderBy('sort').orderBy('id').execute();
  let counts = db
    .selectFrom('companies')
    .select(['companies.street_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('companies.street_id', '>', 0)
    .groupBy('companies.street_id');
  if (scope) counts = counts.where(inScope(scope));
  const byStreet = new Map((await counts.execute()).map((r) => [Number(r.street_id), Number(r.n)]));
  return streets.map((s) => ({ ...s, id: Number(s.id), company_count: byStreet.get(Number(s.id)) ?? 0 }));
}

export async function saveStreet(
  deps: Deps,
  input: { id?: number; name: string; region: string; sort: number },
): Promise<StreetRow> {
  const { db } = deps.db;
  const now = deps.clock().toISOString();
  try {
    if (input.id === undefined) {
      const row = await db
        .insertInto('streets')
        .values({ name: input.name, region: input.region, sort: input.sort, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(row.id), name: input.name, region: input.region, sort: input.sort, company_count: 0 };
    }
    const id = input.id;
    const current = await db.selectFrom('streets').select('id').where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound('街道不存在或已删除');
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('streets')
        .set({ name: input.name, region: input.region, sort: input.sort, updated_at: now })
        .where('id', '=', id)
        .execute();
      await trx.updateTable('companies').set({ street_name: input.name }).where('street_id', '=', id).execute();
    });
    const n = await db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('street_id', '=', id)
      .executeTakeFirstOrThrow();
    return { id, name: input.name, region: input.region, sort: input.sort, company_count: Number(n.n) };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/** Deletes a street no enterprise is on; its staff assignments go with it. */
export async function deleteStreet(deps: Deps, id: number): Promise<{ id: number }> {
  const { db } = deps.db;
  const current = await db.selectFrom('streets').select('name').where('id', '=', id).executeTakeFirst();
  if (!current) throw notFound('街道不存在或已删除');
  const n = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('street_id', '=', id)
    .executeTakeFirstOrThrow();
  if (Number(n.n) > 0) throw badRequest(`${current.name}下还有 ${Number(n.n)} 家企业，请先调整这些企业的所属街道再删除`);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('staff_streets').where('street_id', '=', id).execute();
    await trx.deleteFrom('streets').where('id', '=', id).execute();
  });
  return { id };
}
