import type { Kysely } from 'kysely';
import { SERVICE_LABEL_MAX, type LabelKind, type LabelRow } from '@ip/contract';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, badRequest, notFound } from '../../http/errors';
import { containsText } from '../../db/sql';
import { assertInScope, type ServiceScope } from './service-scope';

// Company labels and demand labels (ADR 0038): defined per main account (service_labels.owner_id); staff read and
// apply them. Every query is filtered by the office: another office's label ids answer 404 like unknown ones.

const KIND_NAME: Record<LabelKind, string> = { company: '企业标签', demand: '需求标签' };
const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String(err));
const duplicate = (kind: LabelKind) => {
  const msg = `已有同名的${KIND_NAME[kind]}`;
  return new AppError(409, msg, [{ path: 'name', msg }]);
};

export async function listLabels(
  db: Kysely<Database>,
  scope: ServiceScope,
  kind: LabelKind,
  keyword?: string,
): Promise<LabelRow[]> {
  let q = db
    .selectFrom('service_labels')
    .select(['id', 'name', 'color', 'sort'])
    .where('owner_id', '=', scope.ownerId)
    .where('kind', '=', kind);
  if (keyword) q = q.where(containsText('name', keyword));
  const rows = await q.orderBy('sort').orderBy('id').execute();
  const uses = new Map<number, number>();
  if (kind === 'company' && rows.length) {
    const counts = await db
      .selectFrom('company_labels')
      .select(['label_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('owner_id', '=', scope.ownerId)
      .groupBy('label_id')
      .execute();
    for (const c of counts) uses.set(Number(c.label_id), Number(c.n));
  }
  return rows.map((r) => ({ ...r, id: Number(r.id), use_count: uses.get(Number(r.id)) ?? 0 }));
}

async function findLabel(db: Kysely<Database>, scope: ServiceScope, kind: LabelKind, id: number) {
  const row = await db
    .selectFrom('service_labels')
    .select(['id', 'name', 'color', 'sort'])
    .where('id', '=', id)
    .where('owner_id', '=', scope.ownerId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) throw notFound(`${KIND_NAME[kind]}不存在或已删除`);
  return row;
}

export async function addLabel(
  deps: Deps,
  scope: ServiceScope,
  kind: LabelKind,
  input: { name: string; color: string; sort: number },
): Promise<LabelRow> {
  const { db } = deps.db;
  const n = await db
    .selectFrom('service_labels')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', scope.ownerId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  if (Number(n.n) >= SERVICE_LABEL_MAX)
    throw badRequest(`${KIND_NAME[kind]}最多 ${SERVICE_LABEL_MAX} 个，请先删除不再使用的标签`);
  const now = deps.clock().toISOString();
  try {
    const row = await db
      .insertInto('service_labels')
      .values({ owner_id: scope.ownerId, kind, ...input, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), ...input, use_count: 0 };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(kind);
    throw err;
  }
}

export async function editLabel(
  deps: Deps,
  scope: ServiceScope,
  kind: LabelKind,
  input: { id: number; name?: string; color?: string; sort?: number },
): Promise<LabelRow> {
  const { db } = deps.db;
  const current = await findLabel(db, scope, kind, input.id);
  const next = { name: input.name ?? current.name, color: input.color ?? current.color, sort: input.sort ?? current.sort };
  try {
    await db
      .updateTable('service_labels')
      .set({ ...next, updated_at: deps.clock().toISOString() })
      .where('id', '=', input.id)
      .where('owner_id', '=', scope.ownerId)
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(kind);
    throw err;
  }
  const uses =
    kind === 'company'
      ? await db
          .selectFrom('company_labels')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('label_id', '=', input.id)
          .executeTakeFirstOrThrow()
      : { n: 0 };
  return { id: input.id, ...next, use_count: Number(uses.n) };
}

/** Deletes a label; a company label is taken off every enterprise that carried it (answered as `removed`). */
export async function deleteLabel(
  deps: Deps,
  scope: ServiceScope,
  kind: LabelKind,
  id: number,
): Promise<{ id: number; removed: number }> {
  const { db } = deps.db;
  await findLabel(db, scope, kind, id);
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .deleteFrom('company_labels')
      .where('label_id', '=', id)
      .where('owner_id', '=', scope.ownerId)
      .executeTakeFirst();
    await trx.deleteFrom('service_labels').where('id', '=', id).where('owner_id', '=', scope.ownerId).execute();
    return { id, removed: Number(res.numDeletedRows) };
  });
}

/** Throws 400 naming the ids that are not company labels of the office. */
async function assertCompanyLabels(db: Kysely<Database>, scope: ServiceScope, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await db
    .selectFrom('service_labels')
    .select('id')
    .where('owner_id', '=', scope.ownerId)
    .where('kind', '=', 'company')
    .where('id', 'in', ids)
    .execute();
  const known = new Set(rows.map((r) => Number(r.id)));
  const unknown = [...new Set(ids.filter((i) => !known.has(i)))];
  if (unknown.length)
    throw badRequest(`企业标签不存在：编号 ${unknown.slice(0, 5).join('、')}`, [{ path: 'label_ids', msg: '企业标签不存在' }]);
}

/** labelTrue: puts one label on (or takes it off) a set of enterprises, all of them in scope. */
export async function applyLabel(
  deps: Deps,
  scope: ServiceScope,
  input: { label_id: number; company_ids: number[]; value: boolean },
): Promise<{ label_id: number; changed: number }> {
  const { db } = deps.db;
  const label = await db
    .selectFrom('service_labels')
    .select('id')
    .where('id', '=', input.label_id)
    .where('owner_id', '=', scope.ownerId)
    .where('kind', '=', 'company')
    .executeTakeFirst();
  if (!label) throw badRequest('企业标签不存在或已删除', [{ path: 'label_id', msg: '企业标签不存在' }]);
  const ids = [...new Set(input.company_ids)];
  await assertInScope(db, scope, ids);
  const now = deps.clock().toISOString();
  return db.transaction().execute(async (trx) => {
    let changed = 0;
    for (let i = 0; i < ids.length; i += 500) {
      const part = ids.slice(i, i + 500);
      if (input.value) {
        const have = new Set(
          (
            await trx
              .selectFrom('company_labels')
              .select('company_id')
              .where('label_id', '=', input.label_id)
              .where('company_id', 'in', part)
              .execute()
          ).map((r) => Number(r.company_id)),
        );
        const add = part.filter((c) => !have.has(c));
        if (add.length) {
          await trx
            .insertInto('company_labels')
            .values(
              add.map((company_id) => ({
                owner_id: scope.ownerId,
                company_id,
                label_id: input.label_id,
                created_by: scope.userId,
                created_at: now,
              })),
            )
            .onConflict((oc) => oc.columns(['company_id', 'label_id']).doNothing())
            .execute();
        }
        changed += add.length;
      } else {
        const res = await trx
          .deleteFrom('company_labels')
          .where('label_id', '=', input.label_id)
          .where('company_id', 'in', part)
          .executeTakeFirst();
        changed += Number(res.numDeletedRows);
      }
    }
    return { label_id: input.label_id, changed };
  });
}

/** visit/companyLabel: the complete label set of one enterprise in scope. */
export async function setCompanyLabels(
  deps: Deps,
  scope: ServiceScope,
  input: { company_id: number; label_ids: number[] },
): Promise<{ company_id: number; labels: { id: number; name: string; color: string }[] }> {
  const { db } = deps.db;
  await assertInScope(db, scope, [input.company_id]);
  const ids = [...new Set(input.label_ids)];
  await assertCompanyLabels(db, scope, ids);
  const now = deps.clock().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('company_labels')
      .where('company_id', '=', input.company_id)
      .where('owner_id', '=', scope.ownerId)
      .execute();
    if (ids.length) {
      await trx
        .insertInto('company_labels')
        .values(
          ids.map((label_id) => ({
            owner_id: scope.ownerId,
            company_id: input.company_id,
            label_id,
            created_by: scope.userId,
            created_at: now,
          })),
        )
        .execute();
    }
  });
  const labels = ids.length
    ? await db
        .selectFrom('service_labels')
        .select(['id', 'name', 'color'])
        .where('id', 'in', ids)
        .orderBy('sort')
        .orderBy('id')
        .execute()
    : [];
  return { company_id: input.company_id, labels: labels.map((l) => ({ ...l, id: Number(l.id) })) };
}
