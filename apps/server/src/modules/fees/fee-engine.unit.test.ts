// Table tests of the fee and term engine against DOMAIN.md §3, each case with its arithmetic (ADR 0025). Unless a case
// says otherwise the calendar has weekends off and no holidays, so a reader can check every day with a wall calendar.
import { describe, expect, it } from 'vitest';
import { calendarFromDays } from '../calendar/working-calendar';
import {
  addMonths,
  feeFor,
  feeNext,
  feeSchedule,
  feeStatus,
  patentTerm,
  type FeePatentInput,
  type FeePatentType,
  type FeePayment,
} from './fee-engine';

/** Weekends off, no holidays. */
const weekends = calendarFromDays(new Map());
/** 2026 National Day week: 1–7 October off; Sunday 27 September and Saturday 10 October worked (调休). */
const nationalDay = calendarFromDays(
  new Map<string, boolean>([
    ...['01', '02', '03', '04', '05', '06', '07'].map((d) => [`2026-10-${d}`, false] as [string, boolean]),
    ['2026-09-27', true],
    ['2026-10-10', true],
  ]),
);

function patent(
  type: FeePatentType,
  filingDate: string,
  grantDate: string | null,
  more: Partial<FeePatentInput> = {},
): FeePatentInput {
  const p: FeePatentInput = { type, filingDate, grantDate, reductionPct: 0, payments: [], ...more };
  tableCases.push(p);
  return p;
}

/** Every patent the table tests below build, checked again at the end through the paid-years path (ADR 0032). */
const tableCases: FeePatentInput[] = [];

/** The input as loadFeeFacts gives it: the paid years as bits, no payments. */
function asPaidYears(p: FeePatentInput): FeePatentInput {
  let bits = 0;
  for (const pay of p.payments) bits |= 1 << pay.year;
  return { ...p, payments: [], paidYears: bits };
}

/** Payments of years `from`..`to`, each on its anniversary (on time). */
function paidYears(filingDate: string, from: number, to: number): FeePayment[] {
  const out: FeePayment[] = [];
  for (let y = from; y <= to; y++) out.push({ year: y, paidOn: addMonths(filingDate, 12 * (y - 1)), amount: 1 });
  return out;
}

function year(p: FeePatentInput, n: number, today: string, cal = weekends) {
  const s = feeStatus(p, cal, today).years.find((y) => y.year === n);
  if (!s) throw new Error(`no year ${n}`);
  return s;
}

describe('term (DOMAIN §3: invention 20, utility 10, design 15 from 2021-06-01 else 10; last day = anniversary − 1 day)', () => {
  it.each([
    // DOMAIN's own example: filed 2010-05-05, 20 years → 2030-05-05 − 1 day = 2030-05-04.
    ['invention', '2010-05-05', 0, 20, '2030-05-04'],
    // utility model: 2015-03-10 + 10 y = 2025-03-10, − 1 day = 2025-03-09.
    ['utility', '2015-03-10', 0, 10, '2025-03-09'],
    // design filed the day before the change: 10 y → 2031-05-31 − 1 = 2031-05-30.
    ['design', '2021-05-31', 0, 10, '2031-05-30'],
    // design filed on the day of the change: 15 y → 2036-06-01 − 1 = 2036-05-31.
    ['design', '2021-06-01', 0, 15, '2036-05-31'],
    // term adjustment of 100 days: 2030-05-04 + 100 = 2030-08-12 (May 4→31: 27, June 30 → 57, July 31 → 88, + 12).
    ['invention', '2010-05-05', 100, 20, '2030-08-12'],
    // the adjustment counts for inventions only (it is granted only to them): a utility model ignores it.
    ['utility', '2015-03-10', 100, 10, '2025-03-09'],
    // filed on 29 Feb: the 10th anniversary 2034-02-29 does not exist → 2034-02-28 (month-end rule), − 1 = 2034-02-27.
    ['utility', '2024-02-29', 0, 10, '2034-02-27'],
    // … in a leap year the anniversary exists: 2000-02-29 + 20 y = 2020-02-29, − 1 = 2020-02-28.
    ['invention', '2000-02-29', 0, 20, '2020-02-28'],
    // 29 Feb filings whose last anniversary falls in a common year (ADR 0033: one rule with legal-status.ts):
    // invention 2080-02-29 + 20 y = 2100-02-29, which does not exist (2100 is not a leap year) → 2100-02-28, − 1.
    ['invention', '2080-02-29', 0, 20, '2100-02-27'],
    // … with a term adjustment of 10 days: 2100-02-27 + 10 = 2100-03-09 (February 2100 has 28 days).
    ['invention', '2080-02-29', 10, 20, '2100-03-09'],
    // utility 2016-02-29 + 10 y = 2026-02-28 (month-end rule), − 1 = 2026-02-27.
    ['utility', '2016-02-29', 0, 10, '2026-02-27'],
    // design filed after the 2021 change: 2024-02-29 + 15 y = 2039-02-28, − 1 = 2039-02-27.
    ['design', '2024-02-29', 0, 15, '2039-02-27'],
    // design filed before it: 2016-02-29 + 10 y = 2026-02-28, − 1 = 2026-02-27.
    ['design', '2016-02-29', 0, 10, '2026-02-27'],
  ] as const)('%s filed %s, adjustment %d days: %d years, last day %s', (type, filed, adj, years, expiry) => {
    expect(patentTerm(patent(type, filed, null, { termAdjustmentDays: adj }))).toEqual({ years, expiry });
  });
});

describe('fee table (DOMAIN §3), each band boundary', () => {
  it.each([
    // invention: 1–3 900 | 4–5 1,200 | 6 1,200 | 7–8 2,000 | 9 2,000 | 10 4,000 | 11–12 4,000 | 13–15 6,000 | 16–20 8,000
    ['invention', 1, 900],
    ['invention', 3, 900],
    ['invention', 4, 1200],
    ['invention', 5, 1200],
    ['invention', 6, 1200],
    ['invention', 7, 2000],
    ['invention', 8, 2000],
    ['invention', 9, 2000],
    ['invention', 10, 4000],
    ['invention', 11, 4000],
    ['invention', 12, 4000],
    ['invention', 13, 6000],
    ['invention', 15, 6000],
    ['invention', 16, 8000],
    ['invention', 20, 8000],
    ['invention', 21, 0],
    // utility model: 1–3 600 | 4–5 900 | 6–8 1,200 | 9–10 2,000 | no 11th year
    ['utility', 1, 600],
    ['utility', 3, 600],
    ['utility', 4, 900],
    ['utility', 5, 900],
    ['utility', 6, 1200],
    ['utility', 8, 1200],
    ['utility', 9, 2000],
    ['utility', 10, 2000],
    ['utility', 11, 0],
    // design: as the utility model to year 10, then 11–15 3,000 | no 16th year
    ['design', 3, 600],
    ['design', 4, 900],
    ['design', 5, 900],
    ['design', 6, 1200],
    ['design', 8, 1200],
    ['design', 9, 2000],
    ['design', 10, 2000],
    ['design', 11, 3000],
    ['design', 15, 3000],
    ['design', 16, 0],
  ] as const)('%s year %d: %d yuan', (type, y, fee) => {
    expect(feeFor(type, y)).toBe(fee);
  });

  it('a schedule has one row per year of the term: invention 20, utility 10, design 10 or 15', () => {
    expect(feeSchedule(patent('invention', '2016-03-10', '2018-08-01'), weekends)).toHaveLength(20);
    expect(feeSchedule(patent('utility', '2016-03-10', '2016-09-01'), weekends)).toHaveLength(10);
    expect(feeSchedule(patent('design', '2021-05-31', '2021-09-01'), weekends)).toHaveLength(10);
    expect(feeSchedule(patent('design', '2021-06-01', '2021-09-01'), weekends)).toHaveLength(15);
  });
});

describe('patent years, the grant year and due dates', () => {
  // Invention filed 1997-06-03, granted 2000-01-10 (in year 3: 1999-06-03 … 2000-06-02).
  const p1997 = patent('invention', '1997-06-03', '2000-01-10');

  it("DOMAIN's example: filed 1997-06-03, the 6th-year fee is due by 2002-06-03 (the 5th anniversary, a Monday)", () => {
    const y6 = feeSchedule(p1997, weekends)[5]!;
    expect(y6).toMatchObject({ year: 6, start: '2002-06-03', anniversary: '2002-06-03', due: '2002-06-03', fullFee: 1200 });
  });

  it('years before the grant year have no fee (pre_grant); the grant year is paid at grant registration', () => {
    const s = feeStatus(p1997, weekends, '2000-03-01');
    // year n starts on the (n−1)-th anniversary: year 1 1997-06-03, year 2 1998-06-03, year 3 1999-06-03.
    expect(s.years.slice(0, 3).map((y) => [y.year, y.start, y.state])).toEqual([
      [1, '1997-06-03', 'pre_grant'],
      [2, '1998-06-03', 'pre_grant'],
      [3, '1999-06-03', 'paid_at_grant'],
    ]);
    // the grant year's fee is shown (900 for year 3) and its due date is the grant date.
    expect(s.years[2]).toMatchObject({ fullFee: 900, amount: 900, due: '2000-01-10' });
    // the next fee is year 4's, due on the 3rd anniversary 2000-06-03 — a Saturday → Monday 2000-06-05.
    expect(s.next).toMatchObject({ year: 4, anniversary: '2000-06-03', due: '2000-06-05', amount: 1200, state: 'due' });
    // 2000-03-01 → 2000-06-05: March 30 days left after the 1st + April 30 + May 31 + 5 = 96.
    expect(s.next!.daysLeft).toBe(96);
  });

  it('a patent not granted has only pre_grant years and no next fee', () => {
    const s = feeStatus(patent('invention', '2022-04-01', null), weekends, '2026-11-24');
    expect(s.state).toBe('pre_grant');
    expect(s.next).toBeNull();
    expect(s.years.every((y) => y.state === 'pre_grant')).toBe(true);
  });

  it('a due date on a Saturday moves to the Monday: filed 2020-03-07, year 7 starts 2026-03-07 (Sat) → due 2026-03-09', () => {
    const p = patent('invention', '2020-03-07', '2022-06-01', { payments: paidYears('2020-03-07', 4, 6) });
    expect(year(p, 7, '2026-03-09')).toMatchObject({ due: '2026-03-09', state: 'due', daysLeft: 0, fullFee: 2000 });
    // one day after the shifted due date: in grace, still 0 % (up to one month late).
    expect(year(p, 7, '2026-03-10')).toMatchObject({
      state: 'grace',
      daysLeft: -1,
      lateFeePct: 0,
      lateFee: 0,
      totalIfPaidToday: 2000,
    });
    // the 1-month boundary counts from the nominal due date: 2026-03-07 + 1 month = 2026-04-07 (Tue): 0 % up to it…
    expect(year(p, 7, '2026-04-07').lateFeePct).toBe(0);
    // … 5 % from 2026-04-08: 2,000 × 5 % = 100.
    expect(year(p, 7, '2026-04-08')).toMatchObject({ lateFeePct: 5, lateFee: 100, totalIfPaidToday: 2100 });
  });

  it('a due date on the last day of the National Day week moves to the next working day: 2026-10-07 → 2026-10-08', () => {
    // filed 2019-10-07, granted 2021-05-01 (year 2); year 8 starts on the 7th anniversary 2026-10-07 (Wed, a holiday).
    const p = patent('invention', '2019-10-07', '2021-05-01', { payments: paidYears('2019-10-07', 3, 7) });
    expect(year(p, 8, '2026-10-01', nationalDay)).toMatchObject({
      anniversary: '2026-10-07',
      due: '2026-10-08',
      state: 'due',
      daysLeft: 7,
    });
    // with weekends alone, the Wednesday is a working day and stays the due date.
    expect(year(p, 8, '2026-10-01', weekends).due).toBe('2026-10-07');
  });

  it('an anniversary of 29 February is 28 February in other years (month-end rule)', () => {
    // utility filed 2024-02-29, granted 2024-08-01 (year 1).
    const s = feeSchedule(patent('utility', '2024-02-29', '2024-08-01'), weekends);
    // year 2: 2025-02-28 (Fri), a working day.
    expect(s[1]).toMatchObject({ start: '2025-02-28', due: '2025-02-28', fullFee: 600 });
    // year 3: 2026-02-28 is a Saturday → Monday 2026-03-02.
    expect(s[2]).toMatchObject({ start: '2026-02-28', due: '2026-03-02' });
    // year 5: 2028 is a leap year, the anniversary 2028-02-29 (Tue) exists.
    expect(s[4]).toMatchObject({ start: '2028-02-29', due: '2028-02-29', fullFee: 900 });
    // last day before lapse of year 2: 2025-02-28 + 6 months = 2025-08-28 (Thu).
    expect(s[1]!.graceEnd).toBe('2025-08-28');
  });
});

describe('fee reduction (85 % single owner, 70 % joint owners; ten years from the grant year)', () => {
  // Invention filed 2016-03-10, granted 2018-08-01: the grant year is year 3 (2018-03-10 … 2019-03-09), so the
  // reduction covers years 3 … 12 (3 + 9), and year 13 is full.
  const filed = '2016-03-10';
  const granted = '2018-08-01';

  it('85 %: year 3 (grant year) 900 × 15 % = 135 … year 12 4,000 × 15 % = 600; year 13 6,000 in full', () => {
    const s = feeSchedule(patent('invention', filed, granted, { reductionPct: 85 }), weekends);
    const rows = s.map((y) => [y.year, y.reductionPct, y.amount]);
    expect(rows.slice(0, 2)).toEqual([
      [1, 0, 900],
      [2, 0, 900],
    ]);
    expect(rows[2]).toEqual([3, 85, 135]); // 900 × 15 %
    expect(rows[3]).toEqual([4, 85, 180]); // 1,200 × 15 %
    expect(rows[6]).toEqual([7, 85, 300]); // 2,000 × 15 %
    expect(rows[11]).toEqual([12, 85, 600]); // 4,000 × 15 %, the 10th reduced year (3 + 9)
    expect(rows[12]).toEqual([13, 0, 6000]); // grant year + 10: full
    expect(rows[15]).toEqual([16, 0, 8000]);
  });

  it('70 % for joint owners: year 4 1,200 × 30 % = 360, year 12 4,000 × 30 % = 1,200, year 13 6,000', () => {
    const s = feeSchedule(patent('invention', filed, granted, { reductionPct: 70 }), weekends);
    expect([s[2]!.amount, s[3]!.amount, s[11]!.amount, s[12]!.amount]).toEqual([270, 360, 1200, 6000]);
  });

  it('the grant year shows its reduced amount as paid at grant', () => {
    expect(year(patent('invention', filed, granted, { reductionPct: 85 }), 3, '2018-09-01')).toMatchObject({
      state: 'paid_at_grant',
      amount: 135,
    });
  });

  it('a late fee is a share of the full fee, not of the reduced amount', () => {
    // year 11 (reduced, 4,000 × 15 % = 600), 2 months + 1 day late: 10 % of 4,000 = 400; total 600 + 400 = 1,000.
    const p = patent('invention', filed, granted, { reductionPct: 85, payments: paidYears(filed, 4, 10) });
    expect(year(p, 11, '2026-05-12')).toMatchObject({ amount: 600, lateFeePct: 10, lateFee: 400, totalIfPaidToday: 1000 });
  });
});

describe('grace period tiers (nominal due 2026-03-10; boundary k = due + k months, moved past days off)', () => {
  // Invention filed 2016-03-10, granted 2018-08-01, years 4–10 paid; year 11 (4,000, no reduction) starts and is due
  // on 2026-03-10 (Tue). Boundaries: +1 month 04-10 (Fri); +2 05-10 (Sun) → 05-11 (Mon); +3 06-10 (Wed);
  // +4 07-10 (Fri); +5 08-10 (Mon); +6 09-10 (Thu) = last day before lapse.
  const p = patent('invention', '2016-03-10', '2018-08-01', { payments: paidYears('2016-03-10', 4, 10) });

  it.each([
    ['2026-03-10', 'due', 0, 0], // on the due date
    ['2026-03-11', 'grace', 0, 0], // 1 day late
    ['2026-04-10', 'grace', 0, 0], // exactly 1 month late: 0 %
    ['2026-04-11', 'grace', 5, 200], // 1 month + 1 day: 5 % of 4,000
    ['2026-05-11', 'grace', 5, 200], // the 2-month boundary fell on Sunday 05-10 → Monday 05-11: still 5 %
    ['2026-05-12', 'grace', 10, 400], // 10 % of 4,000
    ['2026-06-10', 'grace', 10, 400], // exactly 3 months
    ['2026-06-11', 'grace', 15, 600],
    ['2026-07-10', 'grace', 15, 600], // exactly 4 months
    ['2026-07-11', 'grace', 20, 800],
    ['2026-08-10', 'grace', 20, 800], // exactly 5 months
    ['2026-08-11', 'grace', 25, 1000],
    ['2026-09-10', 'grace', 25, 1000], // exactly 6 months: 25 %, still payable
  ] as const)('on %s: %s, %d %% = %d yuan', (today, state, pct, fee) => {
    const y = year(p, 11, today);
    expect(y).toMatchObject({ state, lateFeePct: pct, lateFee: fee, totalIfPaidToday: 4000 + fee, graceEnd: '2026-09-10' });
    expect(feeStatus(p, weekends, today).next!.year).toBe(11);
  });

  it('6 months + 1 day: lapsed, restorable — 4,000 + 25 % (1,000) + the 1,000 restoration request fee', () => {
    const s = feeStatus(p, weekends, '2026-09-11');
    expect(s.state).toBe('lapsed');
    expect(s.next).toMatchObject({
      year: 11,
      state: 'lapsed',
      lateFeePct: 25,
      lateFee: 1000,
      restorationFee: 1000,
      totalIfPaidToday: 6000,
    });
    // the later years follow the lapse of the patent
    expect(s.years[11]!.state).toBe('lapsed');
  });

  it('a recorded payment makes the year paid, and the next year becomes the next fee', () => {
    const paid = { ...p, payments: [...p.payments, { year: 11, paidOn: '2026-04-11', amount: 4200 }] };
    const s = feeStatus(paid, weekends, '2026-04-12');
    // the record shows what the late payment cost: 1 month + 1 day → 5 %.
    expect(s.years[10]).toMatchObject({ state: 'paid', lateFeePct: 5, lateFee: 200, totalIfPaidToday: 0 });
    // year 12 is due on 2027-03-10 (Wed); today is in year 11 (from 2026-03-10), so it is 'due'.
    expect(s.next).toMatchObject({ year: 12, state: 'due', due: '2027-03-10' });
    expect(s.years[12]!.state).toBe('not_due');
  });

  it('due window: the fee of the next year is due during the year before it', () => {
    // 2025-06-01 is in year 10 (2025-03-10 …): year 11 due 2026-03-10, 282 days off
    // (June 29 + July 31 + Aug 31 + Sep 30 + Oct 31 + Nov 30 + Dec 31 + Jan 31 + Feb 28 + 10 = 282).
    expect(year(p, 11, '2025-06-01')).toMatchObject({ state: 'due', daysLeft: 282 });
    expect(year(p, 12, '2025-06-01').state).toBe('not_due');
  });
});

describe('after the term', () => {
  it('expired the day after the last day: filed 2010-05-05 invention, last day 2030-05-04', () => {
    const p = patent('invention', '2010-05-05', '2012-01-10', { payments: paidYears('2010-05-05', 3, 20) });
    expect(feeStatus(p, weekends, '2030-05-04').state).toBe('paid');
    const s = feeStatus(p, weekends, '2030-05-05');
    expect(s.state).toBe('expired');
    expect(s.next).toBeNull();
  });

  it('a term adjustment keeps the patent in force without adding a year', () => {
    const p = patent('invention', '2010-05-05', '2012-01-10', {
      termAdjustmentDays: 100,
      payments: paidYears('2010-05-05', 3, 20),
    });
    const s = feeStatus(p, weekends, '2030-08-12');
    expect(s.term.expiry).toBe('2030-08-12');
    expect(s.state).toBe('paid');
    expect(s.years).toHaveLength(20);
    expect(feeStatus(p, weekends, '2030-08-13').state).toBe('expired');
  });
});

describe('feeNext (the list and scan path)', () => {
  it('gives the same term, next fee and state as feeStatus, over many patents and days', () => {
    const types: FeePatentType[] = ['invention', 'utility', 'design'];
    let checked = 0;
    for (let i = 0; i < 300; i++) {
      const type = types[i % 3]!;
      const filed = addMonths('2004-02-29', i * 7);
      const granted = i % 11 === 0 ? null : addMonths(filed, 10 + (i % 40));
      const paidTo = 1 + (i % 9);
      const p = patent(type, filed, granted, {
        reductionPct: ([0, 70, 85] as const)[i % 3]!,
        payments: i % 5 === 0 ? [] : paidYears(filed, 2, paidTo),
      });
      for (const today of ['2010-01-01', '2016-02-29', '2021-06-01', '2026-11-24', '2040-07-15']) {
        const full = feeStatus(p, nationalDay, today);
        expect(feeNext(p, nationalDay, today)).toEqual({ term: full.term, next: full.next, state: full.state });
        checked++;
      }
    }
    expect(checked).toBe(1500);
  });

  it('with the paid years as bits (the list path, ADR 0032): the same as feeStatus for every table case above', () => {
    expect(tableCases.length).toBeGreaterThan(30);
    const days = ['2000-01-01', '2016-03-10', '2018-08-01', '2026-03-10', '2026-04-10', '2026-09-11', '2026-11-24', '2035-01-01'];
    for (const p of tableCases)
      for (const today of days)
        for (const cal of [weekends, nationalDay]) {
          const full = feeStatus(p, cal, today);
          expect(feeNext(asPaidYears(p), cal, today)).toEqual({ term: full.term, next: full.next, state: full.state });
        }
  });

  it('feeStatus refuses an input with only the paid years (it shows each payment)', () => {
    const p = patent('invention', '2016-03-10', '2018-08-01', { payments: paidYears('2016-03-10', 4, 10) });
    expect(() => feeStatus(asPaidYears(p), weekends, '2026-11-24')).toThrow();
  });
});
