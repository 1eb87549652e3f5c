import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { countTurns } from '../../../test/turns';
import { demoPortfolio, otherCompany } from '../../../test/company-records';
import { allScheduledTasks } from '../index';
import { getWorkingCalendar } from '../calendar/working-calendar';
import { deliverToCompany } from '../messages/deliver';
import { loadFeeFacts, loadFeeInputs } from './fee-facts';
import { feeNext, feeStatus } from './fee-engine';
import { FEE_OBJECT_TYPE, markFeePaid, scanCompanyFees, scanFeeWarnings } from './fee-warnings';

// Fee warnings (ADR 0025) and the facts they read, on SQLite and PostgreSQL: the clock walks through a due date and
// each threshold is delivered once, the latest only after a gap, none after the payment.

let t: TestApp;
let a: { companyId: number; userId: number; token: string };
let b: { companyId: number; userId: number; token: string };
let c: { companyId: number; userId: number; token: string };
let patentIds: number[];
/** Invention filed 2016-03-10, granted 2018-08-01 (year 3), 85 % reduction; years 4–10 paid; year 11 due 2026-03-10. */
let p1: number;
/** Utility model filed 2019-06-18, granted 2020-01-06 (year 1); years 2–7 paid; year 8 due 2026-06-18 (Thu). */
let p2: number;

/** Noon in China on `day`. */
const noon = (day: string) => `${day}T04:00:00Z`;

async function setPatent(id: number, v: { an: string; ad: string; gd: string | null; reduction?: number; type?: string }) {
  await t.db.db
    .updateTable('patents')
    .set({
      an: v.an,
      ad: v.ad,
      gd: v.gd,
      type: v.type ?? '发明',
      country: 'CN',
      term_adjustment_days: 0,
      fee_reduction_pct: v.reduction ?? 0,
    })
    .where('id', '=', id)
    .execute();
}

async function link(companyId: number, patentId: number, extra: { source?: string; removed?: number } = {}) {
  const now = t.now().toISOString();
  await t.db.db
    .insertInto('company_patents')
    .values({ company_id: companyId, patent_id: patentId, created_at: now, updated_at: now, ...extra })
    .execute();
}

async function pay(companyId: number, patentId: number, year: number, paidOn: string, amount = 100) {
  await t.db.db
    .insertInto('fee_payments')
    .values({ company_id: companyId, patent_id: patentId, year, paid_on: paidOn, amount, created_at: t.now().toISOString() })
    .execute();
}

async function messages(companyId: number, patentId: number) {
  return t.db.db
    .selectFrom('messages')
    .select(['delivery_key', 'title', 'body', 'link', 'kind', 'object_type', 'object_id', 'handled_at', 'user_id'])
    .where('company_id', '=', companyId)
    .where('object_type', '=', FEE_OBJECT_TYPE)
    .where('object_id', '=', patentId)
    .orderBy('id')
    .execute();
}

async function scan(companyId: number, day: string) {
  t.setNow(noon(day));
  return scanCompanyFees(t.deps, companyId, await getWorkingCalendar(t.deps), day);
}
const scanA = (day: string) => scan(a.companyId, day);

beforeAll(async () => {
  t = await createTestApp({ now: noon('2025-11-01') });
  ({ patentIds } = await demoPortfolio(t, 20));
  a = await otherCompany(t, '甲方年费测试有限公司', '13911110001');
  b = await otherCompany(t, '乙方年费测试有限公司', '13911110002');
  c = await otherCompany(t, '丙方年费测试有限公司', '13911110003');
  [p1, p2] = [patentIds[0]!, patentIds[1]!];
  await setPatent(p1, { an: '201610012345.6', ad: '2016-03-10', gd: '2018-08-01', reduction: 85 });
  // the stored type says invention, the application number (5th digit 2) says utility model: the number wins.
  await setPatent(p2, { an: 'CN201920912345.1', ad: '2019-06-18', gd: '2020-01-06' });
  await link(a.companyId, p1);
  await link(a.companyId, p2);
  for (let y = 4; y <= 10; y++) await pay(a.companyId, p1, y, `${2015 + y}-03-01`);
  for (let y = 2; y <= 7; y++) await pay(a.companyId, p2, y, `${2018 + y}-06-01`);
  // company B holds p1 too (joint owners) and has paid nothing; it also collected p2 and removed another patent.
  await link(b.companyId, p1);
  await link(b.companyId, p2, { source: 'collect' });
  await link(b.companyId, patentIds[2]!, { removed: 1 });
  // company C holds p2 alone, years 2–7 paid.
  await link(c.companyId, p2);
  for (let y = 2; y <= 7; y++) await pay(c.companyId, p2, y, `${2018 + y}-06-01`);
});
afterAll(() => t.close());

describe('loadFeeInputs', () => {
  it("reads the company's own patents with type, dates, reduction and its own payments", async () => {
    const inputs = await loadFeeInputs(t.deps, a.companyId);
    expect([...inputs.keys()].sort((x, y) => x - y)).toEqual([p1, p2].sort((x, y) => x - y));
    expect(inputs.get(p1)).toMatchObject({
      type: 'invention',
      filingDate: '2016-03-10',
      grantDate: '2018-08-01',
      reductionPct: 85,
      termAdjustmentDays: 0,
    });
    expect(
      inputs
        .get(p1)!
        .payments.map((p) => p.year)
        .sort((x, y) => x - y),
    ).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(inputs.get(p2)!.type).toBe('utility');
  });

  it('leaves out collected-only and removed patents and other companies’ payments; filters by ids', async () => {
    const inputs = await loadFeeInputs(t.deps, b.companyId);
    expect([...inputs.keys()]).toEqual([p1]);
    expect(inputs.get(p1)!.payments).toEqual([]);
    expect([...(await loadFeeInputs(t.deps, a.companyId, [p2, 999999])).keys()]).toEqual([p2]);
    expect((await loadFeeInputs(t.deps, a.companyId, [])).size).toBe(0);
  });
});

describe('loadFeeFacts (one query, the paid years as bits: ADR 0032)', () => {
  it('the same patents as loadFeeInputs, each paid year a bit, and the same next fee as feeStatus', async () => {
    const cal = await getWorkingCalendar(t.deps);
    for (const company of [a, b, c]) {
      const facts = await loadFeeFacts(t.deps, company.companyId);
      const inputs = await loadFeeInputs(t.deps, company.companyId);
      expect(facts.map((f) => f.id)).toEqual([...inputs.keys()].sort((x, y) => x - y));
      for (const f of facts) {
        const full = inputs.get(f.id)!;
        expect({ ...f.input, paidYears: undefined }).toEqual({ ...full, payments: [], paidYears: undefined });
        let bits = 0;
        for (const pay of full.payments) bits |= 1 << pay.year;
        expect(f.input.paidYears).toBe(bits);
        for (const day of ['2025-11-01', '2026-03-10', '2026-06-18', '2026-09-11', '2027-01-01']) {
          const s = feeStatus(full, cal, day);
          expect(feeNext(f.input, cal, day)).toEqual({ term: s.term, next: s.next, state: s.state });
        }
      }
    }
    const a1 = (await loadFeeFacts(t.deps, a.companyId)).find((f) => f.id === p1)!;
    expect(a1.input.paidYears).toBe(0b11111110000); // years 4–10
    expect(a1).toMatchObject({ an: '201610012345.6', type: '发明', categoryId: 0, isCore: 0 });
  });

  it('narrows by ids, category and core flag; a payment recorded afterwards is read by the next call', async () => {
    expect((await loadFeeFacts(t.deps, a.companyId, { patentIds: [p2, 999999] })).map((f) => f.id)).toEqual([p2]);
    expect(await loadFeeFacts(t.deps, a.companyId, { patentIds: [] })).toEqual([]);
    expect(await loadFeeFacts(t.deps, a.companyId, { isCore: 1 })).toEqual([]);
    expect((await loadFeeFacts(t.deps, a.companyId, { categoryId: 0 })).length).toBe(2);
    expect(await loadFeeFacts(t.deps, a.companyId, { categoryId: 7 })).toEqual([]);
    const cal = await getWorkingCalendar(t.deps);
    const before = (await loadFeeFacts(t.deps, b.companyId))[0]!;
    expect(before.input.paidYears).toBe(0);
    expect(feeNext(before.input, cal, '2025-11-01').next?.year).toBe(4);
    await pay(b.companyId, p1, 4, '2025-11-01');
    try {
      const after = (await loadFeeFacts(t.deps, b.companyId))[0]!;
      expect(after.input.paidYears).toBe(1 << 4);
      expect(feeNext(after.input, cal, '2025-11-01').next?.year).toBe(5);
    } finally {
      await t.db.db.deleteFrom('fee_payments').where('company_id', '=', b.companyId).execute();
    }
  });
});

describe('loadFeeFacts reads each field as stored (PostgreSQL folds the rows into one text: ADR 0061)', () => {
  it('a missing application number, a patent not granted, several or no payments; a field holding a separator', async () => {
    const d = await otherCompany(t, '丁方年费测试有限公司', '13911110004');
    // five of the 20 demo patents the other tests leave alone
    const used = new Set([p1, p2, patentIds[2]!]);
    const free = (await t.db.db.selectFrom('patents').select('id').orderBy('id').execute())
      .map((r) => Number(r.id))
      .filter((id) => !used.has(id));
    const [q1, q2, q3, q4, q5] = free.slice(-5) as [number, number, number, number, number];
    // no application number: the stored type (design) decides; not granted; no payment.
    await t.db.db
      .updateTable('patents')
      .set({
        an: null,
        ad: '2022-05-06',
        gd: null,
        type: '外观设计',
        country: 'CN',
        term_adjustment_days: 0,
        fee_reduction_pct: 70,
      })
      .where('id', '=', q1)
      .execute();
    // granted, years 2, 3 and 5 paid (4 missed), a term adjustment, in category 3 and core.
    await setPatent(q2, { an: 'CN202010012345.6', ad: '2020-01-15', gd: '2021-02-01' });
    await t.db.db.updateTable('patents').set({ term_adjustment_days: 40 }).where('id', '=', q2).execute();
    // an application number holding the record and unit separators the folded text uses.
    await setPatent(q3, { an: 'CN2019\u001e1\u001f2', ad: '2019-04-04', gd: '2019-12-12', type: '实用新型' });
    await setPatent(q4, { an: '201710099999.1', ad: '2017-01-01', gd: '2018-01-01' });
    await setPatent(q5, { an: '201810088888.2', ad: '2018-01-01', gd: '2019-01-01' });
    await link(d.companyId, q1);
    await t.db.db
      .insertInto('company_patents')
      .values({
        company_id: d.companyId,
        patent_id: q2,
        category_id: 3,
        is_core: 1,
        created_at: t.now().toISOString(),
        updated_at: t.now().toISOString(),
      })
      .execute();
    await link(d.companyId, q3);
    await link(d.companyId, q4, { removed: 1 });
    await link(d.companyId, q5, { source: 'collect' });
    for (const y of [2, 3, 5]) await pay(d.companyId, q2, y, '2025-01-01');
    await pay(d.companyId, q4, 2, '2019-01-01'); // a removed link: neither the patent nor its payment
    await pay(a.companyId, q2, 4, '2024-01-01'); // another company's payment of the same patent
    try {
      const input = { payments: [], termAdjustmentDays: 0, reductionPct: 0 };
      const expected = [
        {
          id: q1,
          an: null,
          type: '外观设计',
          categoryId: 0,
          isCore: 0,
          input: { ...input, type: 'design', filingDate: '2022-05-06', grantDate: null, reductionPct: 70, paidYears: 0 },
        },
        {
          id: q2,
          an: 'CN202010012345.6',
          type: '发明',
          categoryId: 3,
          isCore: 1,
          input: {
            ...input,
            type: 'invention',
            filingDate: '2020-01-15',
            grantDate: '2021-02-01',
            termAdjustmentDays: 40,
            paidYears: (1 << 2) | (1 << 3) | (1 << 5),
          },
        },
        {
          id: q3,
          an: 'CN2019\u001e1\u001f2',
          type: '实用新型',
          categoryId: 0,
          isCore: 0,
          input: { ...input, type: 'utility', filingDate: '2019-04-04', grantDate: '2019-12-12', paidYears: 0 },
        },
      ].sort((x, y) => x.id - y.id);
      expect(await loadFeeFacts(t.deps, d.companyId)).toEqual(expected);
      // without the separators the rows come folded (on PostgreSQL); the same facts.
      await t.db.db.updateTable('patents').set({ an: 'CN201920099999.1' }).where('id', '=', q3).execute();
      const folded = await loadFeeFacts(t.deps, d.companyId);
      expect(folded).toEqual(expected.map((f) => (f.id === q3 ? { ...f, an: 'CN201920099999.1' } : f)));
      expect(await loadFeeFacts(t.deps, d.companyId, { patentIds: [q2, q4, q5] })).toEqual(expected.filter((f) => f.id === q2));
      expect((await loadFeeFacts(t.deps, d.companyId, { categoryId: 3, isCore: 1 })).map((f) => f.id)).toEqual([q2]);
    } finally {
      await t.db.db.deleteFrom('fee_payments').where('patent_id', 'in', [q2, q4]).execute();
    }
  });
});

describe('fee warnings through a due date', () => {
  it('is registered as a daily morning task that also runs at start', () => {
    const task = allScheduledTasks().find((x) => x.name === 'fee-warnings');
    expect(task).toMatchObject({ cron: '0 8 * * *', runAtStart: true });
  });

  it('delivers 90, 30, 7 days before, then each month of grace, once each; nothing after the payment', async () => {
    // p1 year 11: due 2026-03-10 (Tue, a working day). Thresholds: d90 2025-12-10, d30 2026-02-08, d7 2026-03-03;
    // grace g1 2026-03-11 (day after due), g2 2026-04-11 (day after the 1-month boundary 04-10, when 5 % starts).
    const walk: [string, string[]][] = [
      ['2025-12-09', []],
      ['2025-12-10', ['d90']],
      ['2025-12-11', ['d90']],
      ['2026-02-07', ['d90']],
      ['2026-02-08', ['d90', 'd30']],
      ['2026-03-03', ['d90', 'd30', 'd7']],
      ['2026-03-10', ['d90', 'd30', 'd7']],
      ['2026-03-11', ['d90', 'd30', 'd7', 'g1']],
      ['2026-04-10', ['d90', 'd30', 'd7', 'g1']],
      ['2026-04-11', ['d90', 'd30', 'd7', 'g1', 'g2']],
    ];
    for (const [day, expected] of walk) {
      await scanA(day);
      await scanA(day); // a second scan the same day (or a restart) adds nothing
      const keys = (await messages(a.companyId, p1)).map((m) => m.delivery_key);
      expect(keys, day).toEqual(expected.map((th) => `fee:${p1}:11:${th}:u${a.userId}`));
    }
    const [d90, , , g1, g2] = await messages(a.companyId, p1);
    expect(d90).toMatchObject({ kind: 'fee', link: `/costdetails?patent=${p1}`, object_id: p1, handled_at: null });
    expect(d90!.title).toBe('年费提醒：201610012345.6 第11年年费将于 2026-03-10 到期');
    // amount after reduction: year 11 is within grant year 3 + 9 → 4,000 × 15 % = 600; 90 days left.
    expect(d90!.body).toContain('缴费期限：2026-03-10（还有 90 天）');
    expect(d90!.body).toContain('应缴年费：600 元（费减 85%，全额 4000 元）');
    expect(d90!.body).toContain('最后缴费日（逾期未缴专利权终止）：2026-09-10');
    expect(g1!.title).toBe('年费逾期：201610012345.6 第11年年费已逾期，2026-09-10 前仍可补缴');
    expect(g1!.body).toContain('今日缴纳的滞纳金：0 元');
    // 1 month + 1 day late: 5 % of the full 4,000 = 200; 600 + 200 = 800.
    expect(g2!.body).toContain('今日缴纳的滞纳金：200 元（全额年费的 5%），合计 800 元');

    // company B (joint owner) recorded no payment: its year 4 lapsed in 2019, nothing to warn about.
    await scan(b.companyId, '2026-04-11');
    expect(await messages(b.companyId, p1)).toEqual([]);
    // a message of B's about p1 (as if B had been warned) must survive A's payment.
    await deliverToCompany(t.deps, b.companyId, {
      kind: 'fee',
      title: 'B',
      key: `fee:${p1}:11:d90`,
      objectType: FEE_OBJECT_TYPE,
      objectId: p1,
    });

    await pay(a.companyId, p1, 11, '2026-04-11', 800);
    await markFeePaid(t.deps, a.companyId, p1, 11);
    const after = await messages(a.companyId, p1);
    expect(after.every((m) => m.handled_at !== null)).toBe(true);
    // B's messages about the same patent are B's business: untouched.
    expect((await messages(b.companyId, p1)).every((m) => m.handled_at === null)).toBe(true);
    for (const day of ['2026-05-12', '2026-06-11', '2026-09-10', '2026-09-11']) await scanA(day);
    expect(await messages(a.companyId, p1)).toHaveLength(5);
    // year 12 (due 2027-03-10) warns 90 days before: 2026-12-10.
    await scanA('2026-12-10');
    expect((await messages(a.companyId, p1)).map((m) => m.delivery_key).at(-1)).toBe(`fee:${p1}:12:d90:u${a.userId}`);
  });

  it('after days down, only the latest passed threshold is delivered, then the next ones in turn', async () => {
    // p2 year 8: due 2026-06-18 (Thu). d90 2026-03-20, d30 2026-05-19, d7 2026-06-11. The server was "down" from
    // 2026-03-19 to 2026-05-25: the first scan after it delivers d30 only, never d90.
    expect(await messages(c.companyId, p2)).toEqual([]);
    await scan(c.companyId, '2026-03-19');
    expect(await messages(c.companyId, p2)).toEqual([]);
    await scan(c.companyId, '2026-05-25');
    expect((await messages(c.companyId, p2)).map((m) => m.delivery_key)).toEqual([`fee:${p2}:8:d30:u${c.userId}`]);
    await scan(c.companyId, '2026-06-11');
    expect((await messages(c.companyId, p2)).map((m) => m.delivery_key)).toEqual([
      `fee:${p2}:8:d30:u${c.userId}`,
      `fee:${p2}:8:d7:u${c.userId}`,
    ]);
    // utility year 8: 1,200, no reduction recorded; 2026-05-25 → 2026-06-18 is 24 days.
    expect((await messages(c.companyId, p2))[0]!.body).toContain('应缴年费：1200 元\n');
    expect((await messages(c.companyId, p2))[0]!.body).toContain('（还有 24 天）');
  });

  it('gives the event loop back between companies, so that requests are answered during a long scan', async () => {
    const counter = countTurns();
    const r = await scanFeeWarnings(t.deps);
    const turns = counter.stop();
    expect(r.companies).toBeGreaterThan(1);
    expect(turns).toBeGreaterThanOrEqual(r.companies - 1);
  });

  it('two servers scanning at once deliver each message once', async () => {
    t.setNow(noon('2026-06-19'));
    const results = await Promise.all([scanFeeWarnings(t.deps), scanFeeWarnings(t.deps)]);
    const keys = (await messages(c.companyId, p2)).map((m) => m.delivery_key);
    expect(keys.filter((k) => k.startsWith(`fee:${p2}:8:g1:`))).toHaveLength(1);
    // across both runs, each new delivery was counted once
    const all = await t.db.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '=', t.now().toISOString())
      .executeTakeFirstOrThrow();
    expect(results[0]!.delivered + results[1]!.delivered).toBe(Number(all.n));
  });
});
