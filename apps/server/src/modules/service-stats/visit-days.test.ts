import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, loginAs, type TestApp } from '../../../test/helpers';
import { seedDemoEnterpriseService } from '../../db/seed/enterprise-service';
import { seedDemoVisits } from '../../db/seed/visits-demo';
import { seedDemoDemands } from '../../db/seed/demands-demo';
import { dayOf } from '../stats/stats.service';
import { inScope } from '../enterprise/service-scope';

// The dashboards' stored counts (service_visit_days, service_demand_registered, service_demand_handled; migration
// 040, ADR 0059) are kept by triggers: after a mix of writes through the API (visits: plan, record, reschedule to
// another visitor, edit the record's day, cancel, delete; demands: register, assign, contact, reply, handle, evaluate,
// revisit; an enterprise moved to another street) and straight in the database (an enterprise handed to another
// office, one deleted, batch inserts, a demand's times and limit changed, one deleted), the stored rows equal a
// recomputation from the visits and demands, on SQLite and PostgreSQL; and the office-wide figures read from them
// equal those of a staff filter covering every enterprise (the join path).

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

/** The stored rows (n = 0 rows carry nothing) and the same counts computed from the visits, demands and enterprises now. */
async function storedAndRecomputed() {
  const d = t.db.dialect;
  const tables: [string, string, ReturnType<typeof sql>][] = [
    [
      'service_visit_days',
      'owner_id, visit_day, street_id, staff_id, status',
      sql`select c.service_owner_id as owner_id, case when v.status = 'done' then v.visit_date else v.plan_date end as visit_day,
        c.street_id, v.staff_id, v.status, count(*) as n
      from visits v join companies c on c.id = v.company_id and c.service_owner_id = v.owner_id
      group by c.service_owner_id, case when v.status = 'done' then v.visit_date else v.plan_date end, c.street_id,
        v.staff_id, v.status`,
    ],
    [
      'service_demand_registered',
      'owner_id, registered_day, street_id, status, label_id',
      sql`select c.service_owner_id as owner_id, ${dayOf(d, 'v.registered_at')} as registered_day, c.street_id, v.status,
        v.label_id, count(*) as n
      from demands v join companies c on c.id = v.company_id and c.service_owner_id = v.owner_id
      group by c.service_owner_id, ${dayOf(d, 'v.registered_at')}, c.street_id, v.status, v.label_id`,
    ],
    [
      'service_demand_handled',
      'owner_id, handled_day, street_id, handler_id, on_time',
      sql`select c.service_owner_id as owner_id, ${dayOf(d, 'v.handled_at')} as handled_day, c.street_id, v.handler_id,
        case when ${dayOf(d, 'v.handled_at')} <= v.close_due then 1 else 0 end as on_time, count(*) as n
      from demands v join companies c on c.id = v.company_id and c.service_owner_id = v.owner_id
      where v.handled_at is not null
      group by c.service_owner_id, ${dayOf(d, 'v.handled_at')}, c.street_id, v.handler_id,
        case when ${dayOf(d, 'v.handled_at')} <= v.close_due then 1 else 0 end`,
    ],
  ];
  const norm = (rows: Record<string, unknown>[]) =>
    rows.map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && !/_day$|status/.test(k) ? Number(v) : v]),
      ),
    );
  const stored: Record<string, unknown[]> = {};
  const fresh: Record<string, unknown[]> = {};
  for (const [table, key, recompute] of tables) {
    stored[table] = norm(
      (
        await sql<
          Record<string, unknown>
        >`select ${sql.raw(key)}, n from ${sql.table(table)} where n <> 0 order by ${sql.raw(key)}`.execute(db())
      ).rows,
    );
    fresh[table] = norm(
      (await sql<Record<string, unknown>>`select * from (${recompute}) x order by ${sql.raw(key)}`.execute(db())).rows,
    );
  }
  return { stored, fresh };
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-10T02:00:00Z' });
  await seedDemoEnterpriseService(t.deps);
  await seedDemoVisits(t.deps);
  await seedDemoDemands(t.deps);
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
    for (const rows of Object.values(seeded.fresh)) expect(rows.length).toBeGreaterThan(0);
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
    const demand = async (company: number) =>
      (await ok(post('/demand/register', { company_id: company, title: '专利申请指导', content: '需要指导' }))).id;
    const step = (url: string, id: number, body: Record<string, unknown> = {}) => ok(post(`/demand/${url}`, { id, ...body }));
    const d1 = await demand(a.id);
    const d2 = await demand(b.id);
    await demand(c.id);
    await step('assign', d1, { handler_id: staffId });
    await step('assign', d2, { handler_id: mainId });
    await step('contact', d2);
    await step('reply', d2, { note: '已答复' });
    await step('handle', d2, { result: '已协调' });
    await step('evaluate', d2, { rating: 4, evaluation: '满意' });
    await step('revisit', d2, { note: '企业满意' });
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
    const handled = await db().selectFrom('demands').select('id').where('handled_at', 'is not', null).orderBy('id').execute();
    expect(handled.length).toBeGreaterThanOrEqual(2);
    await db()
      .updateTable('demands')
      .set({ handled_at: '2026-03-09T16:00:00.000Z', close_due: '2026-03-09' })
      .where('id', '=', handled[0].id)
      .execute();
    await db()
      .updateTable('demands')
      .set({ handler_id: staffId, label_id: 0, registered_at: '2026-01-31T15:59:59.000Z' })
      .where('id', '=', handled[1].id)
      .execute();
    await db().deleteFrom('demands').where('id', '=', d1).execute();
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
    for (const url of [
      '/visit/center',
      '/visit/centertype',
      '/visit/getleftlist',
      '/visit/getrightlist',
      '/street/center',
      '/street/centerrat',
    ]) {
      const get = (query: Record<string, string | number>) => call(t.app, 'GET', `/v1${url}`, { token: main, query });
      const stored = (await get(range)).body;
      const joined = (await get({ ...range, staff_id: staffId })).body;
      expect(stored.code, url).toBe(1);
      expect({ ...stored.data, staff_id: null }, url).toEqual({ ...joined.data, staff_id: null });
    }
  });

  it('a staff scope: the stored rows of its streets plus its own enterprises outside them equal its visits joined', async () => {
    // The staff member serves one street and three enterprises: one in that street (counted once, not twice), two
    // outside it (their visits joined one by one, ADR 0059 §6). Expected: the scope's visits (inScope, the 0052 join)
    // counted here in JavaScript.
    const now = t.now().toISOString();
    const office = (
      await db()
        .selectFrom('companies')
        .select(['id', 'street_id'])
        .where('service_owner_id', '=', mainId)
        .orderBy('id')
        .execute()
    ).map((c) => ({ id: Number(c.id), street: Number(c.street_id) }));
    const street = office[0].street;
    const inside = office.find((c) => c.street === street)!;
    const outside = office.filter((c) => c.street !== street).slice(0, 2);
    expect(outside.length).toBe(2);
    await db().deleteFrom('staff_streets').where('staff_id', '=', staffId).execute();
    await db().deleteFrom('staff_companies').where('staff_id', '=', staffId).execute();
    await db()
      .insertInto('staff_streets')
      .values({ owner_id: mainId, staff_id: staffId, street_id: street, created_at: now })
      .execute();
    await db()
      .insertInto('staff_companies')
      .values([inside, ...outside].map((c) => ({ owner_id: mainId, staff_id: staffId, company_id: c.id, created_at: now })))
      .execute();
    // Visits of every state on the enterprises outside the street, by both visitors, in and out of the range.
    const [e, f] = outside;
    const visit = (company: number, visitor: number, status: 'plan' | 'done' | 'cancelled', day: string) => ({
      owner_id: mainId,
      company_id: company,
      staff_id: visitor,
      status,
      plan_date: day,
      visit_date: status === 'done' ? day : '',
      created_by: mainId,
      created_at: now,
      updated_at: now,
    });
    await db()
      .insertInto('visits')
      .values([
        visit(e.id, staffId, 'done', '2026-03-10'),
        visit(e.id, mainId, 'done', '2026-03-03'),
        visit(e.id, staffId, 'plan', '2026-03-12'),
        visit(f.id, mainId, 'done', '2025-12-31'),
        visit(f.id, staffId, 'cancelled', '2026-01-15'),
        visit(f.id, staffId, 'done', '2024-01-05'),
        visit(inside.id, staffId, 'done', '2026-03-09'),
      ])
      .execute();
    const visits = (
      await db()
        .selectFrom('visits')
        .innerJoin('companies', 'companies.id', 'visits.company_id')
        .where('visits.owner_id', '=', mainId)
        .where(inScope({ ownerId: mainId, userId: mainId, isMain: true }, staffId))
        .select(['visits.status', 'visits.plan_date', 'visits.visit_date', 'visits.staff_id', 'companies.street_id'])
        .execute()
    ).map((v) => ({ ...v, day: v.status === 'done' ? v.visit_date : v.plan_date, staff_id: Number(v.staff_id) }));
    expect(new Set(visits.map((v) => Number(v.street_id))).size).toBe(3);
    const range = { date_from: '2025-03-01', date_to: '2026-03-31' };
    const inRange = (v: { day: string }) => v.day >= range.date_from && v.day <= range.date_to;
    const count = (pred: (v: (typeof visits)[number]) => boolean) => visits.filter(pred).length;
    const done = (v: { status: string }) => v.status === 'done';
    for (const streetId of [undefined, street, e.street]) {
      const scoped = streetId === undefined ? visits : visits.filter((v) => Number(v.street_id) === streetId);
      const n = (pred: (v: (typeof visits)[number]) => boolean) => scoped.filter(pred).length;
      const get = async (url: string) => {
        const res = await call(t.app, 'GET', `/v1${url}`, {
          token: main,
          query: { ...range, staff_id: staffId, ...(streetId === undefined ? {} : { street_id: streetId }) },
        });
        expect(res.body.code, url).toBe(1);
        return res.body.data;
      };
      // "Now" is Tuesday 2026-03-10: the week is 03-09 … 03-15.
      const week = (v: { status: string; day: string }) =>
        (v.status === 'plan' || done(v)) && v.day >= '2026-03-09' && v.day <= '2026-03-15';
      expect(await get('/visit/center'), `center ${streetId}`).toMatchObject({
        visits_today: n((v) => (v.status === 'plan' || done(v)) && v.day === '2026-03-10'),
        visits_week: n(week),
        visits_month: n((v) => done(v) && v.day >= '2026-03-01' && v.day <= '2026-03-10'),
        visits: n((v) => done(v) && inRange(v)),
      });
      expect((await get('/visit/centertype')).visits_by_status, `centertype ${streetId}`).toEqual(
        (['plan', 'done', 'cancelled'] as const).map((k) =>
          expect.objectContaining({ key: k, count: n((v) => v.status === k && inRange(v)) }),
        ),
      );
      const months = (await get('/visit/getleftlist')).list as { month: string; visits: number }[];
      for (const m of months)
        expect(m.visits, `month ${m.month} ${streetId}`).toBe(n((v) => done(v) && inRange(v) && v.day.startsWith(m.month)));
      const staffRows = (await get('/visit/getrightlist')).list as { staff_id: number; visits: number; plans: number }[];
      for (const who of [staffId, mainId]) {
        const row = staffRows.find((x) => x.staff_id === who);
        const mine = (v: { staff_id: number }) => v.staff_id === who;
        expect({ visits: row?.visits ?? 0, plans: row?.plans ?? 0 }, `staff ${who} ${streetId}`).toEqual({
          visits: n((v) => mine(v) && done(v) && inRange(v)),
          plans: n((v) => mine(v) && v.status === 'plan' && inRange(v)),
        });
      }
      const streets = (await get('/street/center')).list as { street_id: number; visits: number }[];
      for (const s of new Set(scoped.map((v) => Number(v.street_id))))
        expect(streets.find((x) => x.street_id === s)?.visits ?? 0, `street ${s} ${streetId}`).toBe(
          n((v) => Number(v.street_id) === s && done(v) && inRange(v)),
        );
    }
    expect(count((v) => done(v) && inRange(v))).toBeGreaterThan(0);
  });
});
