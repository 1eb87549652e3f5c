import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../../test/helpers';
import { countTurns } from '../../../test/turns';
import { createOffice, insertLitigation, insertVisit, type TestOffice } from '../../../test/service-office';
import { companyFactsTask, FACTS_RANGE, factsAsOf, rebuildCompanyFacts } from './facts';

// The ranking's stored counts (issue 12 speed, ADR 0050): kept up to date by the calls that change a fact, equal to a
// full rebuild at every step, and right on today's windows between the nightly rebuilds (a visit or a litigation
// case leaving the 365-day window at Asia/Shanghai midnight). SQLite, and PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let o: TestOffice;
const NAMES = ['甲存量测试有限公司', '乙存量测试有限公司', '丙存量测试有限公司'];
const post = (token: string, url: string, body: unknown = {}) => call(t.app, 'POST', `/v1${url}`, { token, body });

const visitDel = (id: number) => call(t.app, 'GET', `/v1/visit/visitDel?id=${id}`, { token: o.main });

type Counts = Record<string, number>;
async function ranking(): Promise<{ id: number; score: number; rank: number; counts: Counts }[]> {
  const res = await post(o.main, '/service/ranking', { page_size: 100 });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data.list;
}
async function countsOf(i: number): Promise<Counts> {
  const row = (await ranking()).find((r) => r.id === o.companies[i]);
  return row!.counts;
}
const storedFacts = () => t.db.db.selectFrom('service_company_facts').selectAll().orderBy('company_id').execute();

/** What the ranking answers now equals what it answers after a full rebuild for today, and so do the stored rows. */
async function expectSameAsRebuild() {
  const before = await ranking();
  const rows = await storedFacts();
  const asOf = await factsAsOf(t.db.db);
  if (asOf === null) throw new Error('facts never built');
  await rebuildCompanyFacts(t.deps, asOf);
  expect(await storedFacts()).toEqual(rows);
  await rebuildCompanyFacts(t.deps);
  expect(await ranking()).toEqual(before);
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-06-15T02:00:00.000Z' });
  o = await createOffice(t, '1370000300', NAMES);
  const [c0] = o.companies;
  // in the window (2025-06-15, 2026-06-15] until Shanghai midnight of 2026-06-16
  await insertVisit(t, { ownerId: o.mainId, companyId: c0, staffId: o.staffId, status: 'done', day: '2025-06-16' });
  await insertVisit(t, { ownerId: o.mainId, companyId: c0, staffId: o.staffId, status: 'done', day: '2026-01-10' });
  await insertLitigation(t, NAMES[1], '(2025)存0001号', '2025-06-20');
}, 120_000);
afterAll(() => t.close());

describe('stored counts', () => {
  it('are built by the first ranking, for today', async () => {
    expect(await factsAsOf(t.db.db)).toBeNull();
    expect(await countsOf(0)).toMatchObject({ visit: 2 });
    expect(await countsOf(1)).toMatchObject({ litigation: 1 });
    expect(await factsAsOf(t.db.db)).toBe('2026-06-15');
    expect((await storedFacts()).length).toBeGreaterThanOrEqual(3);
  });

  it('follow visits, demands and honours changed through the calls, as a full rebuild would', async () => {
    const [c0, , c2] = o.companies;
    const rec = await post(o.main, '/visit/createVisit', {
      status: 'done',
      company_id: c0,
      visit_date: '2026-06-15',
      people_met: '王总',
      content: '交流专利布局',
      demands: [{ title: '融资对接', content: '', label_id: 0 }],
    });
    expect(rec.body.code, JSON.stringify(rec.body)).toBe(1);
    expect(await countsOf(0)).toMatchObject({ visit: 3, demand: 1 });
    await expectSameAsRebuild();

    const d = await post(o.main, '/demand/register', { company_id: c2, title: '人才政策咨询' });
    expect(d.body.code, JSON.stringify(d.body)).toBe(1);
    expect(await countsOf(2)).toMatchObject({ demand: 1 });
    await post(o.main, '/demand/assign', { id: d.body.data.id, handler_id: o.mainId });
    await post(o.main, '/demand/contact', { id: d.body.data.id });
    expect(await countsOf(2)).toMatchObject({ demand: 1 });
    const h = await post(o.main, '/demand/handle', { id: d.body.data.id, result: '已答复' });
    expect(h.body.code, JSON.stringify(h.body)).toBe(1);
    expect(await countsOf(2)).toMatchObject({ demand: 0 });

    const hon = await post(o.main, '/company/honorAdd', { company_id: c2, name: '区级优秀企业', level: '区级', year: 2025 });
    expect(hon.body.code, JSON.stringify(hon.body)).toBe(1);
    expect(await countsOf(2)).toMatchObject({ honour: 1 });
    await expectSameAsRebuild();
    await post(o.main, '/company/honorDel', { id: hon.body.data.id });
    expect(await countsOf(2)).toMatchObject({ honour: 0 });

    const del = await visitDel(rec.body.data.id);
    expect(del.status, JSON.stringify(del.body)).toBe(400); // it raised a demand: kept
    const plain = await post(o.main, '/visit/createVisit', {
      status: 'done',
      company_id: c2,
      visit_date: '2026-06-14',
      people_met: '李总',
      content: '回访',
    });
    expect(await countsOf(2)).toMatchObject({ visit: 1 });
    const gone = await visitDel(plain.body.data.id);
    expect(gone.body.code, JSON.stringify(gone.body)).toBe(1);
    expect(await countsOf(2)).toMatchObject({ visit: 0 });
    await expectSameAsRebuild();
  });

  it('count today’s windows between nightly rebuilds: a visit leaves at Shanghai midnight, a case five days later', async () => {
    t.setNow('2026-06-15T15:59:59.000Z'); // 23:59:59 in Shanghai
    expect(await countsOf(0)).toMatchObject({ visit: 3 });
    t.setNow('2026-06-15T16:00:00.000Z'); // 2026-06-16 00:00: the visit of 2025-06-16 is 365 days old
    expect(await countsOf(0)).toMatchObject({ visit: 2 });
    expect(await factsAsOf(t.db.db)).toBe('2026-06-15'); // corrected, not rebuilt
    // a visit recorded today (after as_of) counts at once
    const rec = await post(o.main, '/visit/createVisit', {
      status: 'done',
      company_id: o.companies[1],
      visit_date: '2026-06-16',
      people_met: '赵总',
      content: '走访',
    });
    expect(rec.body.code, JSON.stringify(rec.body)).toBe(1);
    expect(await countsOf(1)).toMatchObject({ visit: 1, litigation: 1 });
    t.setNow('2026-06-20T02:00:00.000Z'); // the case filed 2025-06-20 is no longer new
    expect(await countsOf(1)).toMatchObject({ visit: 1, litigation: 0 });
    expect(await factsAsOf(t.db.db)).toBe('2026-06-15');
    const stale = await ranking();
    await companyFactsTask.run(t.deps); // the nightly rebuild
    expect(await factsAsOf(t.db.db)).toBe('2026-06-20');
    expect(await ranking()).toEqual(stale);
  });

  it('rebuild first when the stored day is more than 31 days back or later than today', async () => {
    t.setNow('2026-08-01T02:00:00.000Z');
    o.main = await login(t.app, '13700003001'); // the session of June has expired
    expect(await countsOf(0)).toMatchObject({ visit: 2 });
    expect(await factsAsOf(t.db.db)).toBe('2026-08-01');
    t.setNow('2026-06-16T02:00:00.000Z');
    expect(await countsOf(0)).toMatchObject({ visit: 2 });
    expect(await factsAsOf(t.db.db)).toBe('2026-06-16');
    await expectSameAsRebuild();
  });
});

describe('the rebuild in ranges of enterprises', () => {
  const wrong = { invention: 99, utility: 99, design: 99, honour: 99, demand: 99, visit: 99, litigation: 99 };

  beforeAll(async () => {
    // Own patents of every type and status, a collected and a removed link, over the office's three enterprises.
    const now = t.now().toISOString();
    const links: [number, string, string, { source?: string; removed?: number }][] = [
      [0, '发明', '有权', {}],
      [0, '实用新型', '有权', {}],
      [0, '发明', '审中', {}],
      [1, '外观设计', '有权', {}],
      [1, '发明', '有权', { source: 'collect' }],
      [1, '实用新型', '有权', {}],
      // The last enterprise's one link is removed: it is after the last range's last link.
      [2, '发明', '有权', { removed: 1 }],
    ];
    for (const [n, [i, type, status, link]] of links.entries()) {
      const row = await t.db.db
        .insertInto('patents')
        .values({
          doc_key: `FACTS-${n}`,
          an: `CN2026FACTS${n}`,
          title: `存量测试专利${n}`,
          type,
          legal_status: status,
          created_at: now,
          updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.db
        .insertInto('company_patents')
        .values({ company_id: o.companies[i]!, patent_id: Number(row.id), created_at: now, updated_at: now, ...link })
        .execute();
    }
  });

  it('ranges of one link each give every enterprise its counts, stale rows mended, rows of no enterprise dropped', async () => {
    await rebuildCompanyFacts(t.deps);
    const right = await storedFacts();
    const counts = (i: number) => {
      const r = right.find((x) => Number(x.company_id) === o.companies[i])!;
      return [r.invention, r.utility, r.design].map(Number);
    };
    expect([counts(0), counts(1), counts(2)]).toEqual([
      [1, 1, 0],
      [0, 1, 1],
      [0, 0, 0],
    ]);
    await t.db.db.updateTable('service_company_facts').set(wrong).execute();
    await t.db.db
      .insertInto('service_company_facts')
      .values({ company_id: 987_654, ...wrong })
      .execute();
    FACTS_RANGE.links = 1;
    try {
      await rebuildCompanyFacts(t.deps);
    } finally {
      FACTS_RANGE.links = 20_000;
    }
    expect(await storedFacts()).toEqual(right);
  });

  it('gives the event loop back between ranges on SQLite, so that requests are answered during the rebuild', async () => {
    const links = await t.db.db
      .selectFrom('company_patents')
      .select((eb) => eb.fn.count<number>('company_id').distinct().as('n'))
      .where('removed', '=', 0)
      .where('source', '<>', 'collect')
      .executeTakeFirstOrThrow();
    expect(Number(links.n)).toBeGreaterThanOrEqual(2);
    const counter = countTurns();
    FACTS_RANGE.links = 1;
    try {
      await rebuildCompanyFacts(t.deps);
    } finally {
      FACTS_RANGE.links = 20_000;
    }
    const turns = counter.stop();
    // A turn before each range (one per enterprise with links) and before the day moves; on PostgreSQL every query is one.
    expect(turns).toBeGreaterThanOrEqual(Number(links.n) + 1);
  });
});
