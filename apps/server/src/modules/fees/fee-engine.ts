// The fee and term engine (DOMAIN §3, ADR 0025). Pure: no database, no clock — the dates and the working-day calendar
// are handed to it. Days are `YYYY-MM-DD` strings; all arithmetic is on whole calendar days (UTC), so no time zone
// can shift a day.
import type { WorkingCalendar } from '../calendar/working-calendar';

export type FeePatentType = 'invention' | 'utility' | 'design';
export interface FeePayment {
  year: number;
  paidOn: string;
  amount: number;
}
export interface FeePatentInput {
  type: FeePatentType;
  filingDate: string;
  grantDate: string | null;
  termAdjustmentDays?: number;
  reductionPct: 0 | 70 | 85;
  payments: FeePayment[];
  /**
   * The paid years as bits (bit y set: year y has a payment), read by feeNext instead of `payments` when present —
   * the list path loads one number per patent instead of its payments (fee-facts.ts loadFeeFacts, ADR 0032).
   * feeStatus, which shows each payment, needs `payments` and refuses an input that has only this.
   */
  paidYears?: number;
}
export interface PatentTerm {
  years: number;
  /** last day in force */
  expiry: string;
}
export type FeeYearState = 'pre_grant' | 'paid_at_grant' | 'paid' | 'not_due' | 'due' | 'grace' | 'lapsed' | 'expired';
export interface FeeYear {
  year: number;
  start: string;
  anniversary: string;
  /** working-day shifted */
  due: string;
  fullFee: number;
  reductionPct: number;
  amount: number;
  /** last day before lapse */
  graceEnd: string;
  payment: FeePayment | null;
}
export interface FeeYearStatus extends FeeYear {
  state: FeeYearState;
  /** to due, negative when late */
  daysLeft: number;
  lateFeePct: number;
  lateFee: number;
  totalIfPaidToday: number;
  restorationFee: number;
}
export interface PatentFeeStatus {
  term: PatentTerm;
  years: FeeYearStatus[];
  /** the first unpaid year that is due, in grace, or next to fall due */
  next: FeeYearStatus | null;
  state: FeeYearState;
}

/** The request fee for restoring a patent that lapsed for an unpaid annual fee (DOMAIN §3). */
export const RESTORATION_FEE = 1000;
/** The design term changed from 10 to 15 years for designs filed on or after this day. */
export const DESIGN_15_YEARS_FROM = '2021-06-01';
/** Late-fee share (%) by the number of whole months late that have been started: index k = paid after boundary k. */
export const LATE_FEE_TIERS = [0, 5, 10, 15, 20, 25] as const;
/** Months of grace after the nominal due date. */
export const GRACE_MONTHS = 6;

// ---- calendar-day arithmetic -------------------------------------------------------------------------------------

// Civil-date arithmetic without Date objects (H. Hinnant's days-from-civil): the engine runs for every patent of a
// company on every list view, so these are kept cheap.
const PAD2: string[] = Array.from({ length: 32 }, (_, i) => String(i).padStart(2, '0'));

function civilToNumber(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function formatDay(y: number, m: number, d: number): string {
  return `${y < 1000 ? String(y).padStart(4, '0') : y}-${PAD2[m]}-${PAD2[d]}`;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` day. */
export function dayNumber(day: string): number {
  return civilToNumber(Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10)));
}

/** The `YYYY-MM-DD` day of a day number. */
export function dayFromNumber(n: number): string {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return formatDay(yoe + era * 400 + (m <= 2 ? 1 : 0), m, d);
}

export function addDays(day: string, n: number): string {
  return n === 0 ? day : dayFromNumber(dayNumber(day) + n);
}

/** Days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

const MONTH_DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month1: number): number {
  return month1 === 2 && isLeap(year) ? 29 : MONTH_DAYS[month1]!;
}

/**
 * `day` plus `months` calendar months with the month-end rule of the Implementing Regulations (a period in months or
 * years ends on the corresponding day of the last month; when that month has no such day, on its last day):
 * 2024-02-29 + 12 months = 2025-02-28, 2026-01-31 + 1 month = 2026-02-28.
 */
export function addMonths(day: string, months: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 + months;
  const d = Number(day.slice(8, 10));
  const ty = y + Math.floor(m / 12);
  const tm = m - Math.floor(m / 12) * 12 + 1;
  const dim = daysInMonth(ty, tm);
  return formatDay(ty, tm, d <= dim ? d : dim);
}

/** The n-th anniversary of `day` (n = 0 is the day itself), month-end rule for 29 February. */
export function anniversary(day: string, n: number): string {
  return addMonths(day, 12 * n);
}

// ---- the calendar, memoised ----------------------------------------------------------------------------------------

// Every patent of a company asks for the same few thousand days; the calendar's answer for a day never changes within
// one calendar object, so it is kept per calendar (a WeakMap lets a replaced calendar and its cache go together).
const shiftCache = new WeakMap<WorkingCalendar, Map<string, string>>();

function onOrNextWorkingDay(cal: WorkingCalendar, day: string): string {
  let cache = shiftCache.get(cal);
  if (!cache) shiftCache.set(cal, (cache = new Map()));
  let v = cache.get(day);
  if (v === undefined) cache.set(day, (v = cal.onOrNextWorkingDay(day)));
  return v;
}

// ---- the rules ------------------------------------------------------------------------------------------------------

/** Years of protection by type and filing date (DOMAIN §3). */
export function termYears(type: FeePatentType, filingDate: string): number {
  if (type === 'invention') return 20;
  if (type === 'utility') return 10;
  return filingDate >= DESIGN_15_YEARS_FROM ? 15 : 10;
}

/**
 * The term: N years from the filing date, the last day in force being the N-th anniversary (month-end rule) minus one
 * day, plus the term adjustment days for an invention (filed 2010-05-05, invention: 2030-05-04).
 */
export function patentTerm(p: FeePatentInput): PatentTerm {
  const years = termYears(p.type, p.filingDate);
  const adjustment = p.type === 'invention' ? (p.termAdjustmentDays ?? 0) : 0;
  return { years, expiry: termLastDay(p.filingDate, years, adjustment) };
}

/**
 * The one rule for the last day a term of `years` years from `start` is in force (DOMAIN §3, ADR 0025/0033): the
 * `years`-th anniversary of `start` (month-end rule: filed 29 February → 28 February in a common year) minus one day,
 * plus `adjustmentDays` (≥ 0, whole days). The year after the term would start on that anniversary, so the term is
 * exactly the patent years 1..N: filed 2024-02-29 for 10 years → 2034-02-27. Used by the fee engine and by
 * `patents/legal-status.ts` (`patents.expiry_date`).
 */
export function termLastDay(start: string, years: number, adjustmentDays = 0): string {
  const adjustment = Math.max(0, Math.trunc(adjustmentDays));
  return addDays(anniversary(start, years), -1 + adjustment);
}

// DOMAIN §3 fee table, index = patent year − 1.
const FEES: Record<FeePatentType, readonly number[]> = {
  invention: [
    900, 900, 900, 1200, 1200, 1200, 2000, 2000, 2000, 4000, 4000, 4000, 6000, 6000, 6000, 8000, 8000, 8000, 8000, 8000,
  ],
  utility: [600, 600, 600, 900, 900, 1200, 1200, 1200, 2000, 2000],
  design: [600, 600, 600, 900, 900, 1200, 1200, 1200, 2000, 2000, 3000, 3000, 3000, 3000, 3000],
};

/** Full annual fee (DOMAIN §3 table); 0 for a year the table does not have (utility model 11+, design 16+). */
export function feeFor(type: FeePatentType, year: number): number {
  return FEES[type][year - 1] ?? 0;
}

/** The patent year (1-based) that contains `day`: the largest n whose start (the (n−1)-th anniversary) is ≤ day. */
export function patentYearOf(filingDate: string, day: string): number {
  let n = Math.max(1, Number(day.slice(0, 4)) - Number(filingDate.slice(0, 4)));
  // The guess is at most one too low or too high; step to the exact year.
  while (n > 1 && anniversary(filingDate, n - 1) > day) n--;
  while (anniversary(filingDate, n) <= day) n++;
  return n;
}

/** Reduction (%) that applies to year `year`: 85 or 70 for the grant year and the nine after it, else 0. */
export function reductionFor(p: FeePatentInput, grantYear: number | null, year: number): number {
  if (grantYear === null || (p.reductionPct !== 85 && p.reductionPct !== 70)) return 0;
  return year >= grantYear && year <= grantYear + 9 ? p.reductionPct : 0;
}

/** Amount after reduction, rounded to whole yuan (900 at 85 % off = 900 × 15 % = 135). */
export function reducedAmount(fullFee: number, reductionPct: number): number {
  return Math.round((fullFee * (100 - reductionPct)) / 100);
}

/**
 * The late-fee tier boundaries of a year: boundary k (k = 1..6) is the nominal due date (the anniversary) plus k months
 * (month-end rule), moved to the next working day when it is a day off. Boundary 6 is the last day before lapse.
 */
export function lateFeeBoundaries(nominalDue: string, cal: WorkingCalendar): string[] {
  const out: string[] = [];
  for (let k = 1; k <= GRACE_MONTHS; k++) out.push(onOrNextWorkingDay(cal, addMonths(nominalDue, k)));
  return out;
}

/**
 * Late-fee share (%) for a fee paid on `paidOn`: 0 on or before the (shifted) due date and up to boundary 1; 5 after
 * boundary 1 up to boundary 2; … 25 after boundary 5 up to boundary 6; null after boundary 6 (lapsed).
 */
export function lateFeePctOn(due: string, boundaries: readonly string[], paidOn: string): number | null {
  if (paidOn <= due) return 0;
  for (let k = 0; k < boundaries.length; k++) if (paidOn <= boundaries[k]!) return LATE_FEE_TIERS[k]!;
  return null;
}

/** The grant year: the patent year that contains the grant date (null when not granted). */
export function grantYearOf(p: FeePatentInput): number | null {
  return p.grantDate ? patentYearOf(p.filingDate, p.grantDate) : null;
}

function paymentsByYear(p: FeePatentInput): Map<number, FeePayment> {
  const paid = new Map<number, FeePayment>();
  for (const pay of p.payments) if (!paid.has(pay.year)) paid.set(pay.year, pay);
  return paid;
}

/** One patent year's dates and fees (see feeSchedule). */
function feeYear(
  p: FeePatentInput,
  cal: WorkingCalendar,
  year: number,
  grantYear: number | null,
  payment: FeePayment | null,
): FeeYear {
  const start = anniversary(p.filingDate, year - 1);
  const fullFee = feeFor(p.type, year);
  const reductionPct = reductionFor(p, grantYear, year);
  return {
    year,
    start,
    anniversary: start,
    due: year === grantYear && p.grantDate ? p.grantDate : onOrNextWorkingDay(cal, start),
    fullFee,
    reductionPct,
    amount: reducedAmount(fullFee, reductionPct),
    graceEnd: onOrNextWorkingDay(cal, addMonths(start, GRACE_MONTHS)),
    payment,
  };
}

/**
 * Every patent year of the term with its start, due date, fees and last day before lapse. The grant year's due date is
 * the grant date (its fee is paid at grant registration); every other year's is its anniversary moved to the next
 * working day. Years before grant carry the same figures for information; no fee is charged for them.
 */
export function feeSchedule(p: FeePatentInput, cal: WorkingCalendar): FeeYear[] {
  const term = patentTerm(p);
  const grantYear = grantYearOf(p);
  const paid = paymentsByYear(p);
  const out: FeeYear[] = [];
  for (let year = 1; year <= term.years; year++) out.push(feeYear(p, cal, year, grantYear, paid.get(year) ?? null));
  return out;
}

const LAST_TIER = LATE_FEE_TIERS[LATE_FEE_TIERS.length - 1]!;

/** One year's state on `today`; `lapsedBefore`: an earlier unpaid year has lapsed (the patent is terminated). */
function yearStatus(
  p: FeePatentInput,
  cal: WorkingCalendar,
  today: string,
  y: FeeYear,
  grantYear: number | null,
  expired: boolean,
  lapsedBefore: boolean,
): FeeYearStatus {
  const s: FeeYearStatus = {
    year: y.year,
    start: y.start,
    anniversary: y.anniversary,
    due: y.due,
    fullFee: y.fullFee,
    reductionPct: y.reductionPct,
    amount: y.amount,
    graceEnd: y.graceEnd,
    payment: y.payment,
    state: 'not_due',
    daysLeft: daysBetween(today, y.due),
    lateFeePct: 0,
    lateFee: 0,
    totalIfPaidToday: 0,
    restorationFee: 0,
  };
  if (grantYear === null || y.year < grantYear) s.state = 'pre_grant';
  else if (y.payment) {
    s.state = 'paid';
    // What a late payment cost (tier on the day it was paid); a payment after the last day is a restoration.
    if (y.year !== grantYear && y.payment.paidOn > y.due) {
      s.lateFeePct = lateFeePctOn(y.due, lateFeeBoundaries(y.anniversary, cal), y.payment.paidOn) ?? LAST_TIER;
      s.lateFee = Math.round((y.fullFee * s.lateFeePct) / 100);
    }
  } else if (y.year === grantYear) s.state = 'paid_at_grant';
  else if (expired) s.state = 'expired';
  else if (lapsedBefore) s.state = 'lapsed';
  else if (today <= y.due) {
    // Due during the patent year before it, which started on the (year − 2)-th anniversary.
    s.state = today >= anniversary(p.filingDate, y.year - 2) ? 'due' : 'not_due';
    s.totalIfPaidToday = s.amount;
  } else {
    const pct = lateFeePctOn(y.due, lateFeeBoundaries(y.anniversary, cal), today);
    if (pct === null) {
      s.state = 'lapsed';
      s.lateFeePct = LAST_TIER;
      s.restorationFee = RESTORATION_FEE;
    } else {
      s.state = 'grace';
      s.lateFeePct = pct;
    }
    s.lateFee = Math.round((y.fullFee * s.lateFeePct) / 100);
    s.totalIfPaidToday = s.amount + s.lateFee + s.restorationFee;
  }
  return s;
}

/**
 * Each year's state on `today` (see ADR 0025):
 * - pre_grant: a year before the grant year (or the patent is not granted): no annual fee;
 * - paid_at_grant: the grant year without a recorded payment (paid with the grant registration fees);
 * - paid: a payment is recorded for the year;
 * - expired: unpaid and today is after the term's last day;
 * - not_due: unpaid, today before the start of the patent year preceding it (its due date is more than a year off);
 * - due: unpaid, today in the preceding patent year, up to and including the due date;
 * - grace: after the due date up to and including the last day before lapse (late fee by tier);
 * - lapsed: after the last day before lapse, or any unpaid year after a lapsed one (restorable for 1,000 RMB).
 */
export function feeStatus(p: FeePatentInput, cal: WorkingCalendar, today: string): PatentFeeStatus {
  if (p.paidYears && !p.payments.length) throw new Error('feeStatus needs the payments, not only the paid years');
  const term = patentTerm(p);
  const grantYear = grantYearOf(p);
  const expired = today > term.expiry;
  const years: FeeYearStatus[] = [];
  let lapsedBefore = false;
  for (const y of feeSchedule(p, cal)) {
    const s = yearStatus(p, cal, today, y, grantYear, expired, lapsedBefore);
    if (s.state === 'lapsed') lapsedBefore = true;
    years.push(s);
  }
  const next =
    years.find((y) => y.state === 'due' || y.state === 'grace' || y.state === 'lapsed' || y.state === 'not_due') ?? null;
  return { term, years, next, state: overallState(expired, grantYear, next) };
}

function overallState(expired: boolean, grantYear: number | null, next: FeeYearStatus | null): FeeYearState {
  if (expired) return 'expired';
  if (grantYear === null) return 'pre_grant';
  return next ? next.state : 'paid';
}

/**
 * feeStatus without the list of years: the term, the next fee and the state, computing only the year that is next
 * (the first unpaid year after the grant year). For lists and scans over a whole portfolio; same answers as feeStatus.
 */
export function feeNext(p: FeePatentInput, cal: WorkingCalendar, today: string): Omit<PatentFeeStatus, 'years'> {
  const term = patentTerm(p);
  const grantYear = grantYearOf(p);
  const expired = today > term.expiry;
  let next: FeeYearStatus | null = null;
  if (!expired && grantYear !== null) {
    let year = grantYear + 1;
    if (p.paidYears !== undefined) {
      const mask = p.paidYears;
      while (year <= term.years && year < 31 && (mask >>> year) & 1) year++;
    } else {
      const paid = paymentsByYear(p);
      while (year <= term.years && paid.has(year)) year++;
    }
    if (year <= term.years) next = yearStatus(p, cal, today, feeYear(p, cal, year, grantYear, null), grantYear, false, false);
  }
  return { term, next, state: overallState(expired, grantYear, next) };
}
