import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTERPRISE_WARNING_KINDS,
  WARNING_NO_VISIT_DAYS,
  isoAddDays,
  type EnterpriseWarningCountsReply,
  type EnterpriseWarningList,
  type EnterpriseWarningRow,
} from '@ip/contract';
import { call, createTestApp, login, type TestApp } from '../../../test/helpers';
import { createOffice, insertDemand, insertLitigation, insertVisit, type TestOffice } from '../../../test/service-office';
import { seedDemoPatents } from '../patents/patent-seed';
import { getWorkingCalendar } from '../calendar/working-calendar';
import { chinaToday } from '../common/records';
import { feeNext } from '../fees/fee-engine';
import { feeTypeOf } from '../fees/fee-facts';
import { LAPSE_RANGE } from './enterprise-warnings';

// Enterprise warnings counted and paged in SQL (ADR 0058): on a random office, on days spread over two years, every
// page joined equals one ordered list whose length is the total and the sum of the counts; 久未走访 and 专利即将失效
// equal a from-scratch computation in JS (every enterprise's visits; the fee engine over every linked patent, which
// the SQL pre-filter must never narrow). SQLite, and PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let o: TestOffice;
const COMPANIES = 40;
const PATENTS = 160;
const noon = (day: string) => `${day}T04:00:00.000Z`;

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(20261127);
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

beforeAll(async () => {
  t = await createTestApp({ now: noon('2024-03-01') });
  await seedDemoPatents(t.db, PATENTS, { now: () => t.now().toISOString() });
  o = await createOffice(
    t,
    '1370000500',
    Array.from({ length: COMPANIES }, (_, i) => `随机预警${String(i).padStart(2, '0')}有限公司`),
  );
  const db = t.db.db;
  const now = t.now().toISOString();
  for (const [i, id] of o.companies.entries()) {
    // Enterprises created on different days (the base of 久未走访 when never visited); a third never visited.
    await db
      .updateTable('companies')
      .set({ created_at: `${isoAddDays('2024-01-01', i * 7)}T17:30:00.000Z` })
      .where('id', '=', id)
      .execute();
    if (i % 3 === 0) continue;
    for (let k = int(1, 4); k > 0; k--)
      await insertVisit(t, {
        ownerId: o.mainId,
        companyId: id,
        staffId: o.staffId,
        status: rand() < 0.8 ? 'done' : 'plan',
        day: isoAddDays('2024-03-01', int(0, 1000)),
      });
  }
  // The staff member serves streets 1–14 (enterprises 0–13) and enterprises 20 and 30 (besides 0): a scope given as a
  // list of enterprises (ADR 0058 §2), not the whole office.
  await db
    .insertInto('staff_streets')
    .values(
      Array.from({ length: 14 }, (_, i) => ({ owner_id: o.mainId, staff_id: o.staffId, street_id: i + 1, created_at: now })),
    )
    .execute();
  await db
    .insertInto('staff_companies')
    .values([20, 30].map((i) => ({ owner_id: o.mainId, staff_id: o.staffId, company_id: o.companies[i], created_at: now })))
    .execute();
  for (let k = 0; k < 50; k++) {
    const registered = isoAddDays('2024-06-01', int(0, 900));
    await insertDemand(t, {
      ownerId: o.mainId,
      companyId: o.companies[int(0, COMPANIES - 1)]!,
      status: (['registered', 'assigned', 'handled'] as const)[int(0, 2)],
      registered,
      contact_due: isoAddDays(registered, int(1, 3)),
      reply_due: isoAddDays(registered, int(3, 5)),
      close_due: isoAddDays(registered, int(5, 9)),
    });
  }
  for (let k = 0; k < 30; k++)
    await insertLitigation(
      t,
      `随机预警${String(int(0, COMPANIES - 1)).padStart(2, '0')}有限公司`,
      `(随机)${k}号`,
      isoAddDays('2024-06-01', int(0, 900)),
    );
  for (let k = 0; k < 40; k++) {
    const expiry = isoAddDays('2024-06-01', int(0, 1000));
    await db
      .insertInto('certificates')
      .values({
        company_id: o.companies[int(0, COMPANIES - 1)]!,
        kind: 'hightech',
        number: `GR${k}`,
        name: '高新技术企业证书',
        issue_date: '2020-01-01',
        expiry_date: expiry,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  // Patents filed on any day 2008–2025 (29 February and month ends included), granted 1–4 years later, linked to one or
  // two enterprises (some only collected, some removed), paid up to a random year, some with a gap.
  const patents = await db.selectFrom('patents').select('id').orderBy('id').execute();
  const types = ['发明', '实用新型', '外观设计'] as const;
  for (const [k, p] of patents.entries()) {
    const ad =
      k % 23 === 0
        ? `${[2008, 2012, 2016, 2020][k % 4]}-02-29`
        : k % 17 === 0
          ? '2015-08-31'
          : isoAddDays('2008-01-01', int(0, 6500));
    const gd = isoAddDays(ad, int(300, 1500));
    await db
      .updateTable('patents')
      .set({ an: null, ad, gd, type: types[k % 3], country: 'CN', term_adjustment_days: 0 })
      .where('id', '=', Number(p.id))
      .execute();
    const owners = [o.companies[k % COMPANIES]!, ...(k % 9 === 0 ? [o.companies[(k + 5) % COMPANIES]!] : [])];
    for (const [j, companyId] of owners.entries()) {
      await db
        .insertInto('company_patents')
        .values({
          company_id: companyId,
          patent_id: Number(p.id),
          source: k % 13 === 0 && j === 0 ? 'collect' : 'manual',
          removed: k % 19 === 0 ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const adYear = Number(ad.slice(0, 4));
      const paidTo = int(1, 2027 - adYear);
      const gap = rand() < 0.2 ? int(1, paidTo) : 0;
      for (let year = 1; year <= Math.min(paidTo, 20); year++)
        if (year !== gap)
          await db
            .insertInto('fee_payments')
            .values({ company_id: companyId, patent_id: Number(p.id), year, paid_on: ad, amount: 600, created_at: now })
            .execute();
    }
  }
});

afterAll(() => t?.close());

async function page(token: string, query: Record<string, string | number>) {
  const r = await call<{ code: number; msg: string; data: EnterpriseWarningList }>(t.app, 'GET', '/v1/visit/warningList_two', {
    token,
    query,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

/** Every row of a list, read page by page (7 a page, so pages cut through the merged kinds). */
async function allPages(
  token: string,
  query: Record<string, string | number> = {},
): Promise<EnterpriseWarningList & { all: EnterpriseWarningRow[] }> {
  const first = await page(token, { ...query, page: 1, page_size: 7 });
  const all = [...first.list];
  for (let p = 2; (p - 1) * 7 < first.total; p++) all.push(...(await page(token, { ...query, page: p, page_size: 7 })).list);
  return { ...first, all };
}

const order = new Map(ENTERPRISE_WARNING_KINDS.map((k, i) => [k, i]));
const byListOrder = (a: EnterpriseWarningRow, b: EnterpriseWarningRow) =>
  b.started_on.localeCompare(a.started_on) ||
  order.get(a.kind)! - order.get(b.kind)! ||
  a.company_id - b.company_id ||
  a.key.localeCompare(b.key);

/** 久未走访 from scratch: each enterprise's last done visit up to today, else its creation day (China time). */
async function noVisitKeys(today: string): Promise<string[]> {
  const db = t.db.db;
  const companies = await db
    .selectFrom('companies')
    .select(['id', 'created_at'])
    .where('service_owner_id', '=', o.mainId)
    .execute();
  const visits = await db.selectFrom('visits').select(['company_id', 'visit_date', 'status']).execute();
  const keys: string[] = [];
  for (const c of companies) {
    const last = visits
      .filter((v) => Number(v.company_id) === Number(c.id) && v.status === 'done' && v.visit_date && v.visit_date <= today)
      .map((v) => v.visit_date!)
      .sort()
      .pop();
    const started = isoAddDays(last ?? chinaToday(new Date(c.created_at)), WARNING_NO_VISIT_DAYS + 1);
    if (started <= today) keys.push(`no_visit:${c.id}:${started}`);
  }
  return keys.sort();
}

/** 专利即将失效 from scratch: the fee engine over every own linked patent, no pre-filter. */
async function patentLapseKeys(today: string): Promise<string[]> {
  const db = t.db.db;
  const cal = await getWorkingCalendar(t.deps);
  const links = await db
    .selectFrom('company_patents')
    .innerJoin('patents', 'patents.id', 'company_patents.patent_id')
    .select(['company_patents.company_id', 'patents.id', 'patents.an', 'patents.ad', 'patents.gd', 'patents.type'])
    .where('company_patents.removed', '=', 0)
    .where('company_patents.source', '<>', 'collect')
    .execute();
  const payments = await db.selectFrom('fee_payments').select(['company_id', 'patent_id', 'year']).execute();
  const keys = new Set<string>();
  for (const l of links) {
    const type = feeTypeOf(l.an, l.type);
    if (!type || !l.ad || !l.gd) continue;
    let paidYears = 0;
    for (const p of payments)
      if (Number(p.company_id) === Number(l.company_id) && Number(p.patent_id) === Number(l.id) && p.year >= 1 && p.year <= 30)
        paidYears += 2 ** p.year;
    const { next } = feeNext(
      { type, filingDate: l.ad, grantDate: l.gd, termAdjustmentDays: 0, reductionPct: 0, payments: [], paidYears },
      cal,
      today,
    );
    if (next?.state === 'grace') keys.add(`patent_lapse:${l.id}:${next.year}`);
  }
  return [...keys].sort();
}

// Days spread over two years: month ends, the turn of the year, 28 February / 1 March, and random days.
const DAYS = [
  '2024-12-31',
  '2025-01-01',
  '2025-02-28',
  '2025-03-01',
  '2025-06-30',
  '2025-08-31',
  '2026-02-28',
  '2026-03-01',
  ...Array.from({ length: 8 }, () => isoAddDays('2024-09-01', int(0, 800))),
];

describe('warnings counted and paged in SQL agree with a from-scratch computation', () => {
  it.each(DAYS)('on %s', async (day) => {
    t.setNow(noon(day));
    const main = await login(t.app, '13700005001');
    const { all, total, counts } = await allPages(main);
    expect(all.length).toBe(total);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(total);
    expect(new Set(all.map((r) => r.key)).size).toBe(total);
    expect(all).toEqual([...all].sort(byListOrder));
    for (const k of ENTERPRISE_WARNING_KINDS) expect(all.filter((r) => r.kind === k).length, k).toBe(counts[k]);
    expect(
      all
        .filter((r) => r.kind === 'no_visit')
        .map((r) => r.key)
        .sort(),
    ).toEqual(await noVisitKeys(day));
    expect(
      all
        .filter((r) => r.kind === 'patent_lapse')
        .map((r) => r.key)
        .sort(),
    ).toEqual(await patentLapseKeys(day));
    // one page of 100 is the first 100 of the joined pages; one kind's pages are that kind's rows in the same order
    expect((await page(main, { page: 1, page_size: 100 })).list).toEqual(all.slice(0, 100));
    for (const kind of ['no_visit', 'patent_lapse', 'demand_red'] as const) {
      const one = await allPages(main, { kind });
      expect(one.all).toEqual(all.filter((r) => r.kind === kind));
      expect(one.total).toBe(counts[kind]);
    }
    // a staff member's enterprises (the scope as a list), all kinds and 需求红灯 alone, and the same through the main
    // account's staff filter. 专利即将失效 aside: a patent linked to two enterprises is one row (its key has no
    // enterprise), shown under either of them in the office's list, so a narrower scope may show it under the other.
    const mine = new Set([...Array.from({ length: 14 }, (_, i) => i), 20, 30].map((i) => o.companies[i]));
    const staff = await login(t.app, '13700005002');
    const sql = (rows: EnterpriseWarningRow[]) => rows.filter((r) => r.kind !== 'patent_lapse');
    const theirs = sql(all).filter((r) => mine.has(r.company_id));
    const st = await allPages(staff);
    expect(sql(st.all)).toEqual(theirs);
    expect(st.all).toEqual([...st.all].sort(byListOrder));
    expect(st.all.length).toBe(st.total);
    expect((await allPages(staff, { kind: 'demand_red' })).all).toEqual(theirs.filter((r) => r.kind === 'demand_red'));
    expect(sql((await allPages(main, { staff_id: o.staffId })).all)).toEqual(theirs);
    // a keyword (the enterprises named by id) and one matching nothing
    const kw = await allPages(main, { keyword: '预警0' });
    expect(kw.all).toEqual(all.filter((r) => r.company_name.includes('预警0')));
    expect((await allPages(main, { keyword: '无此企业' })).total).toBe(0);
    const c = await call<{ code: number; data: EnterpriseWarningCountsReply }>(t.app, 'GET', '/v1/visit/dataList_two', {
      token: main,
    });
    expect(c.body.data).toEqual({ counts, total });
  });

  it('reads the patents of a few enterprises per statement (LAPSE_RANGE) with the same answer', async () => {
    const links = await t.db.db
      .selectFrom('company_patents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('removed', '=', 0)
      .where('source', '<>', 'collect')
      .executeTakeFirstOrThrow();
    // Ranges of 5 links: the office's patents in dozens of statements, boundaries inside every few enterprises (or,
    // on SQLite, patents counted one by one and by blocks of four ids). The keyword naming all 40 enterprises reads
    // them enterprise by enterprise on SQLite too.
    expect(Number(links.n)).toBeGreaterThan(50);
    const saved = { ...LAPSE_RANGE };
    LAPSE_RANGE.links = 5;
    let found = 0;
    try {
      for (const bits of [0, 2]) {
        LAPSE_RANGE.bits = bits;
        for (const day of DAYS) {
          t.setNow(noon(day));
          const main = await login(t.app, '13700005001');
          const lapse = await allPages(main, { kind: 'patent_lapse' });
          found += lapse.total;
          const expected = await patentLapseKeys(day);
          expect(lapse.all.map((r) => r.key).sort(), `${day}, ${bits} bits`).toEqual(expected);
          const named = await allPages(main, { kind: 'patent_lapse', keyword: '随机预警' });
          expect(named.all.map((r) => r.key).sort(), `${day}, by enterprise`).toEqual(expected);
        }
      }
    } finally {
      Object.assign(LAPSE_RANGE, saved);
    }
    expect(found).toBeGreaterThan(0);
  });

  it('the random office has warnings of every kind on some day', async () => {
    const seen = new Set<string>();
    for (const day of DAYS) {
      t.setNow(noon(day));
      const main = await login(t.app, '13700005001');
      const { counts } = await page(main, { page: 1, page_size: 1 });
      for (const k of ENTERPRISE_WARNING_KINDS) if (counts[k] > 0) seen.add(k);
    }
    expect([...seen].sort()).toEqual([...ENTERPRISE_WARNING_KINDS].sort());
  });
});
