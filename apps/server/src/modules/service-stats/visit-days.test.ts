import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, loginAs, type TestApp } from '../../../test/helpers';
import { seedDemoEnterpriseService } from '../../db/seed/enterprise-service';
import { seedDemoVisits } from '../../db/seed/visits-demo';

// The dashboards' stored visit counts (service_visit_days, migration 040, ADR 0059) are kept by triggers: after a
// mix of writes through the API (plan, record, reschedule to another visitor, edit the record's day, cancel, delete,
// move an enterprise to another street) and straight in the database (an enterprise handed to another office, one
// deleted, a batch insert), the stored rows equal a recomputation from the visits, on SQLite and PostgreSQL; and the
// office-wide figures read from them equal those of a staff filter covering every enterprise (the join path).

let t: TestApp;
let main: string;
let mainId: number;
let staffId: number;
const db = () => t.db.db;
const post = (url: string, body: unknown) => call(t.app, 'POST', `/v1${url}`, { token: main, body });
const ok = async (res: Promise<{ status: number; body: { code: number; data?: unknown } }>) => {
  const r = await res;
  expect(r.body.code, JSON.stringify(r.body)).toBe(1);
  return r.body.data as { id: number };
};

/** The stored rows (n = 0 rows carry nothing) and the same counts computed from the visits and enterprises now. */
async function storedAndRecomputed() {
  const stored = await sql<Record<string, unknown>>`select owner_id, visit_day, street_id, staff_id, status, n
    from service_visit_days where n <> 0 order by owner_id, visit_day, street_id, staff_id, status`.execute(db());
  const fresh = await sql<Record<string, unknown>>`select c.service_owner_id as owner_id,
      case when v.status = 'done' then v.visit_date else v.plan_date end as visit_day,
      c.street_id, v.staff_id, v.status, count(*) as n
    from visits v join companies c on c.id = v.company_id and c.service_owner_id = v.owner_id
    group by c.service_owner_id, case when v.status = 'done' then v.visit_date else v.plan_date end, c.street_id,
      v.staff_id, v.status
    order by 1, 2, 3, 4, 5`.execute(db());
  const norm = (rows: Record<string, unknown>[]) =>
    rows.map((r) => ({
      ...r,
      owner_id: Number(r.owner_id),
      street_id: Number(r.street_id),
      staff_id: Number(r.staff_id),
      n: Number(r.n),
    }));
  return { stored: norm(stored.rows), fresh: norm(fresh.rows) };
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-10T02:00:00Z' });
  await seedDemoEnterpriseService(t.deps);
  await seedDemoVisits(t.deps);
  main = await loginAs(t.app, 'main');
  const id = async (mobile: string) =>
    Number((await db().selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow()).id);
  mainId = await id(DEMO.main);
  staffId = await id(DEMO.staff);
});
afterAll(() => t?.close());

describe('service_visit_days', () => {
  it('equals a recomputation from the visits after every kind of write', async () => {
    const seeded = await storedAndRecomputed();
    expect(seeded.fresh.length).toBeGreaterThan(0);
    expect(seeded.stored).toEqual(seeded.fresh);

    const office = (
      await db()
        .selectFrom('companies')
        .select(['id', 'street_id'])
        .where('service_owner_id', '=', mainId)
        .orderBy('id')
        .execute()
    ).map((c) => ({ id: Number(c.id), street: Number(c.street_id) }));
    expect(office.length).toBeGreaterThanOrEqual(4);
    const [a, b, c, d] = office;
    const plan = (company: number, day: string) =>
      ok(post('/visit/createVisit', { status: 'plan', company_id: company, plan_date: day, purpose: '了解专利布局' }));
    const record = (company: number, day: string) =>
      ok(
        post('/visit/createVisit', { status: 'done', company_id: company, visit_date: day, people_met: '王总', content: '交流' }),
      );

    const p1 = await plan(a.id, '2026-03-12');
    const p2 = await plan(a.id, '2026-03-13');
    const p3 = await plan(b.id, '2026-03-20');
    const r1 = await record(b.id, '2026-03-09');
    const r2 = await record(c.id, '2026-03-01');
    await ok(post('/visit/editVisit', { action: 'reschedule', id: p1.id, plan_date: '2026-03-16', staff_id: staffId }));
    await ok(
      post('/visit/editVisit', { action: 'record', id: p2.id, visit_date: '2026-03-10', people_met: '李经理', content: '记录' }),
    );
    await ok(post('/visit/editVisit', { action: 'cancel', id: p3.id }));
    await ok(
      post('/visit/editVisit', { action: 'edit', id: r1.id, visit_date: '2026-03-02', people_met: '王总', content: '改期' }),
    );
    await ok(call(t.app, 'GET', '/v1/visit/visitDel', { token: main, query: { id: r2.id } }));
    const street = await db()
      .selectFrom('streets')
      .select('id')
      .where('id', '<>', a.street)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await ok(post('/visit/changeStreet', { company_id: a.id, street_id: Number(street.id) }));
    const middle = await storedAndRecomputed();
    expect(middle.stored).toEqual(middle.fresh);

    // Straight in the database: an enterprise handed to another office and back, one deleted, a batch of visits.
    await db().updateTable('companies').set({ service_owner_id: 999_999 }).where('id', '=', b.id).execute();
    const away = await storedAndRecomputed();
    expect(away.stored).toEqual(away.fresh);
    await db().updateTable('companies').set({ service_owner_id: mainId }).where('id', '=', b.id).execute();
    const now = t.now().toISOString();
    await db()
      .insertInto('visits')
      .values(
        [c.id, d.id, d.id].map((company, i) => ({
          owner_id: mainId,
          company_id: company,
          staff_id: staffId,
          status: 'done' as const,
          plan_date: `2026-02-0${i + 1}`,
          visit_date: `2026-02-0${i + 1}`,
          created_by: mainId,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db()
      .updateTable('visits')
      .set({ status: 'cancelled' })
      .where('company_id', '=', d.id)
      .where('status', '=', 'plan')
      .execute();
    await db().deleteFrom('companies').where('id', '=', c.id).execute();
    const end = await storedAndRecomputed();
    expect(end.stored).toEqual(end.fresh);
    expect(end.stored).not.toEqual(seeded.stored);
  });

  it('the office-wide figures from the stored counts equal those of the visits joined to every enterprise', async () => {
    // A staff member assigned every street and enterprise of the office: its filter takes the join path over the same
    // visits; the main account without a filter reads the stored counts.
    const now = t.now().toISOString();
    const streets = await db()
      .selectFrom('companies')
      .select('street_id')
      .distinct()
      .where('service_owner_id', '=', mainId)
      .execute();
    const all = await db().selectFrom('companies').select('id').where('service_owner_id', '=', mainId).execute();
    await db().deleteFrom('staff_streets').where('staff_id', '=', staffId).execute();
    await db().deleteFrom('staff_companies').where('staff_id', '=', staffId).execute();
    await db()
      .insertInto('staff_streets')
      .values(streets.map((s) => ({ owner_id: mainId, staff_id: staffId, street_id: Number(s.street_id), created_at: now })))
      .execute();
    await db()
      .insertInto('staff_companies')
      .values(all.map((c) => ({ owner_id: mainId, staff_id: staffId, company_id: Number(c.id), created_at: now })))
      .execute();
    const range = { date_from: '2025-03-01', date_to: '2026-03-31' };
    for (const url of ['/visit/center', '/visit/centertype', '/visit/getleftlist', '/visit/getrightlist', '/street/center']) {
      const get = (query: Record<string, string | number>) => call(t.app, 'GET', `/v1${url}`, { token: main, query });
      const stored = (await get(range)).body;
      const joined = (await get({ ...range, staff_id: staffId })).body;
      expect(stored.code, url).toBe(1);
      expect({ ...stored.data, staff_id: null }, url).toEqual({ ...joined.data, staff_id: null });
    }
  });
});
