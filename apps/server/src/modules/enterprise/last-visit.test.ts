import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoAddDays } from '@ip/contract';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { createOffice, type TestOffice } from '../../../test/service-office';

// companies.last_visit_date (migration 039, ADR 0058): the latest day of an enterprise's done visits, kept by
// triggers on visits. After every step of a mix of writes — the visits API (record, plan then record, edit the day,
// cancel, delete) and direct writes as a seed or an import does them (insert, status and day changed, a visit moved
// to another enterprise, deleted, a day ahead of today) — the stored day of every enterprise equals a recomputation
// from visits. SQLite, and PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let o: TestOffice;
const TODAY = '2026-03-10';

const post = (url: string, body: Record<string, unknown>) =>
  call<{ code: number; msg: string; data: { id: number } }>(t.app, 'POST', `/v1${url}`, { token: o.main, body });

async function expectStoredDaysRight(step: string) {
  const rows = await t.db.db
    .selectFrom('companies')
    .select([
      'companies.id',
      'companies.last_visit_date',
      (eb) =>
        eb
          .selectFrom('visits')
          .select((v) => v.fn.max('visits.visit_date').as('d'))
          .whereRef('visits.company_id', '=', 'companies.id')
          .where('visits.status', '=', 'done')
          .as('expected'),
    ])
    .execute();
  for (const r of rows) expect(r.last_visit_date ?? null, `${step}: enterprise ${r.id}`).toBe(r.expected ?? null);
}

beforeAll(async () => {
  t = await createTestApp({ now: `${TODAY}T02:00:00.000Z` });
  o = await createOffice(t, '1370000600', ['甲走访日有限公司', '乙走访日有限公司', '丙走访日有限公司']);
  await t.db.db
    .insertInto('staff_companies')
    .values({ owner_id: o.mainId, staff_id: o.staffId, company_id: o.companies[1]!, created_at: t.now().toISOString() })
    .execute();
});

afterAll(() => t?.close());

describe('companies.last_visit_date follows every write of visits', () => {
  it('through the visits API', async () => {
    const [a, b] = o.companies as [number, number];
    await expectStoredDaysRight('migrated');
    const record = (companyId: number, day: string) =>
      post('/visit/createVisit', {
        company_id: companyId,
        staff_id: o.staffId,
        status: 'done',
        visit_date: day,
        people_met: '王总',
        content: '交流了专利申请计划',
      });
    const first = await record(a, '2026-02-01');
    expect(first.body.code, JSON.stringify(first.body)).toBe(1);
    await expectStoredDaysRight('recorded');
    const older = await record(a, '2026-01-05');
    expect(older.body.code).toBe(1);
    await expectStoredDaysRight('an older visit recorded');
    const plan = await post('/visit/createVisit', {
      company_id: b,
      staff_id: o.staffId,
      status: 'plan',
      plan_date: TODAY,
      purpose: '了解专利布局',
    });
    expect(plan.body.code, JSON.stringify(plan.body)).toBe(1);
    await expectStoredDaysRight('planned');
    const rec = await post('/visit/editVisit', {
      action: 'record',
      id: plan.body.data.id,
      visit_date: TODAY,
      people_met: '李经理',
      content: '企业计划申请发明专利',
    });
    expect(rec.body.code, JSON.stringify(rec.body)).toBe(1);
    await expectStoredDaysRight('plan recorded');
    const edit = await post('/visit/editVisit', {
      action: 'edit',
      id: first.body.data.id,
      visit_date: '2025-12-20',
      people_met: '王总',
      content: '改了日期',
    });
    expect(edit.body.code, JSON.stringify(edit.body)).toBe(1);
    await expectStoredDaysRight('day edited');
    const plan2 = await post('/visit/createVisit', {
      company_id: a,
      staff_id: o.staffId,
      status: 'plan',
      plan_date: TODAY,
      purpose: 'x',
    });
    expect((await post('/visit/editVisit', { action: 'cancel', id: plan2.body.data.id })).body.code).toBe(1);
    await expectStoredDaysRight('plan cancelled');
    const del = await call<{ code: number }>(t.app, 'GET', '/v1/visit/visitDel', {
      token: o.main,
      query: { id: older.body.data.id },
    });
    expect(del.body.code, JSON.stringify(del.body)).toBe(1);
    await expectStoredDaysRight('visit deleted');
    const del2 = await call<{ code: number }>(t.app, 'GET', '/v1/visit/visitDel', {
      token: o.main,
      query: { id: first.body.data.id },
    });
    expect(del2.body.code).toBe(1);
    await expectStoredDaysRight('last visit deleted');
    expect(
      (await t.db.db.selectFrom('companies').select('last_visit_date').where('id', '=', a).executeTakeFirstOrThrow())
        .last_visit_date,
    ).toBeNull();
  });

  it('through direct writes, in a random mix', async () => {
    const db = t.db.db;
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const now = t.now().toISOString();
    for (let step = 0; step < 60; step++) {
      const ids = (await db.selectFrom('visits').select('id').execute()).map((r) => Number(r.id));
      const op = ids.length < 3 ? 'insert' : pick(['insert', 'insert', 'status', 'day', 'move', 'delete'] as const);
      const day = isoAddDays(TODAY, Math.floor(rand() * 400) - 360); // some ahead of today
      if (op === 'insert') {
        const status = pick(['done', 'done', 'plan'] as const);
        await db
          .insertInto('visits')
          .values({
            owner_id: o.mainId,
            company_id: pick(o.companies),
            staff_id: o.staffId,
            status,
            plan_date: day,
            visit_date: status === 'done' ? day : '',
            created_by: o.mainId,
            created_at: now,
            updated_at: now,
          })
          .execute();
      } else if (op === 'status') {
        const status = pick(['done', 'plan', 'cancelled'] as const);
        await db
          .updateTable('visits')
          .set({ status, visit_date: status === 'done' ? day : '' })
          .where('id', '=', pick(ids))
          .execute();
      } else if (op === 'day') {
        await db
          .updateTable('visits')
          .set({ visit_date: day })
          .where('id', '=', pick(ids))
          .where('status', '=', 'done')
          .execute();
      } else if (op === 'move') {
        await db
          .updateTable('visits')
          .set({ company_id: pick(o.companies) })
          .where('id', '=', pick(ids))
          .execute();
      } else {
        await db.deleteFrom('visits').where('id', '=', pick(ids)).execute();
      }
      await expectStoredDaysRight(`step ${step} (${op})`);
    }
  });
});
