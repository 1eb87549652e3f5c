import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, loginAs, type TestApp } from '../../../test/helpers';
import { seedDemoEnterpriseService } from '../../db/seed/enterprise-service';
import { seedDemoVisits } from '../../db/seed/visits-demo';

// service_visit_windows (migration 047, ADR 0059 §6): done visits per office × 12-month window × enterprise, kept by
// triggers. After a mix of writes through the API (plan, record, reschedule, record a plan, cancel, edit the day,
// delete) and straight in the database (a batch insert, a bulk cancel, a visit moved to another enterprise and to
// another office, an enterprise handed to another office and back, one deleted), the stored rows equal a
// recomputation in JavaScript from the visits and enterprises, on SQLite and PostgreSQL; and /datapage's enterprise
// table, sorted by visits in the default range (read from these rows), is in the order of its own per-row figures.

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

/** The stored rows (n = 0 rows carry nothing) and the same counts from the done visits their serving office recorded. */
async function storedAndRecomputed() {
  const stored = (
    await sql<{
      owner_id: number | string;
      from_month: string;
      company_id: number | string;
      n: number | string;
    }>`select owner_id, from_month, company_id, n from service_visit_windows where n <> 0`.execute(db())
  ).rows.map((r) => `${Number(r.owner_id)} ${r.from_month} ${Number(r.company_id)} ${Number(r.n)}`);
  const visits = await db()
    .selectFrom('visits as v')
    .innerJoin('companies as c', (j) => j.onRef('c.id', '=', 'v.company_id').onRef('c.service_owner_id', '=', 'v.owner_id'))
    .where('v.status', '=', 'done')
    .select(['c.service_owner_id', 'c.id', 'v.visit_date'])
    .execute();
  const counts = new Map<string, number>();
  for (const v of visits) {
    const first = new Date(`${v.visit_date.slice(0, 7)}-01T00:00:00Z`);
    for (let k = 0; k < 12; k++) {
      const d = new Date(first);
      d.setUTCMonth(d.getUTCMonth() - k);
      const key = `${Number(v.service_owner_id)} ${d.toISOString().slice(0, 7)} ${Number(v.id)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const fresh = [...counts].map(([k, n]) => `${k} ${n}`);
  return { stored: stored.sort(), fresh: fresh.sort() };
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

/** Every row of /datapage's enterprise table for the default range, sorted by visits. */
async function datapage(pageSize = 100) {
  const rows: { company_id: number; visits: number }[] = [];
  for (let page = 1; ; page++) {
    const res = await call(t.app, 'GET', '/v1/street/getrightlist', { token: main, query: { page, page_size: pageSize } });
    expect(res.body.code).toBe(1);
    const d = res.body.data as { total: number; list: { company_id: number; visits: number }[] };
    rows.push(...d.list);
    if (rows.length >= d.total || !d.list.length) return rows;
  }
}

describe('service_visit_windows', () => {
  it('equals a recomputation from the visits after every kind of write, and sorts the default datapage', async () => {
    const seeded = await storedAndRecomputed();
    expect(seeded.fresh.length).toBeGreaterThan(0);
    expect(seeded.stored).toEqual(seeded.fresh);

    const office = (
      await db().selectFrom('companies').select('id').where('service_owner_id', '=', mainId).orderBy('id').execute()
    ).map((c) => Number(c.id));
    expect(office.length).toBeGreaterThanOrEqual(4);
    const [a, b, c, d] = office;
    const plan = (company: number, day: string) =>
      ok(post('/visit/createVisit', { status: 'plan', company_id: company, plan_date: day, purpose: '了解专利布局' }));
    const record = (company: number, day: string) =>
      ok(
        post('/visit/createVisit', { status: 'done', company_id: company, visit_date: day, people_met: '王总', content: '交流' }),
      );
    const p1 = await plan(a, '2026-03-12');
    const p2 = await plan(a, '2026-03-13');
    const p3 = await plan(b, '2026-03-20');
    const r1 = await record(b, '2026-03-09');
    const r2 = await record(c, '2025-04-01');
    await record(d, '2025-03-31');
    await ok(post('/visit/editVisit', { action: 'reschedule', id: p1.id, plan_date: '2026-03-16', staff_id: staffId }));
    await ok(
      post('/visit/editVisit', { action: 'record', id: p2.id, visit_date: '2026-03-10', people_met: '李经理', content: '记录' }),
    );
    await ok(post('/visit/editVisit', { action: 'cancel', id: p3.id }));
    await ok(
      post('/visit/editVisit', { action: 'edit', id: r1.id, visit_date: '2025-12-31', people_met: '王总', content: '改期' }),
    );
    await ok(call(t.app, 'GET', '/v1/visit/visitDel', { token: main, query: { id: r2.id } }));
    const middle = await storedAndRecomputed();
    expect(middle.stored).toEqual(middle.fresh);

    // Straight in the database: a batch (one after today in this month, which the default range leaves out), a bulk
    // cancel, a visit moved to another enterprise and one to another office, an enterprise handed away and back, one
    // deleted.
    const now = t.now().toISOString();
    const visit = (company: number, day: string) => ({
      owner_id: mainId,
      company_id: company,
      staff_id: staffId,
      status: 'done' as const,
      plan_date: day,
      visit_date: day,
      created_by: mainId,
      created_at: now,
      updated_at: now,
    });
    await db()
      .insertInto('visits')
      .values([visit(c, '2026-02-01'), visit(d, '2026-03-25'), visit(d, '2026-03-25'), visit(b, '2024-12-31')])
      .execute();
    await db()
      .updateTable('visits')
      .set({ status: 'cancelled' })
      .where('company_id', '=', a)
      .where('status', '=', 'plan')
      .execute();
    const moved = await db()
      .selectFrom('visits')
      .select('id')
      .where('company_id', '=', c)
      .where('status', '=', 'done')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('visits').set({ company_id: a }).where('id', '=', moved.id).execute();
    const away = await db()
      .selectFrom('visits')
      .select('id')
      .where('company_id', '=', b)
      .where('status', '=', 'done')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('visits').set({ owner_id: 999_999 }).where('id', '=', away.id).execute();
    await db().updateTable('companies').set({ service_owner_id: 999_999 }).where('id', '=', d).execute();
    const handed = await storedAndRecomputed();
    expect(handed.stored).toEqual(handed.fresh);
    await db().updateTable('companies').set({ service_owner_id: mainId }).where('id', '=', d).execute();
    await db().deleteFrom('companies').where('id', '=', c).execute();
    const end = await storedAndRecomputed();
    expect(end.stored).toEqual(end.fresh);
    expect(end.stored).not.toEqual(seeded.stored);

    // The default range (2025-04-01 … 2026-03-10) read from the windows: the order of the per-row visit figures, the
    // visits of 2026-03-25 (after today) and of 2025-03-31 (before the range) left out.
    const rows = await datapage();
    expect(rows.length).toBe(office.length - 1);
    const sorted = [...rows].sort((x, y) => y.visits - x.visits || x.company_id - y.company_id);
    expect(rows.map((x) => x.company_id)).toEqual(sorted.map((x) => x.company_id));
    const inRange = await db()
      .selectFrom('visits')
      .where('owner_id', '=', mainId)
      .where('company_id', '=', d)
      .where('status', '=', 'done')
      .where('visit_date', '>=', '2025-04-01')
      .where('visit_date', '<=', '2026-03-10')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(rows.find((x) => x.company_id === d)?.visits).toBe(Number(inRange.n));
    expect(rows.filter((x) => x.visits > 0).length).toBeGreaterThan(3);
    // Pages of 3: those among the enterprises with visits are read from the window's rows alone, the rest joined.
    expect(await datapage(3)).toEqual(rows);
  });
});
