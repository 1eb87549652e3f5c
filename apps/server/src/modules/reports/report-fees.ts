// The fee figures of a monthly report (ADR 0030), from the fee engine (modules/fees, ADR 0025): the payments
// recorded in the month (fee_payments), the annual fees falling due next month (feeNext on the report's last day,
// with the working-day calendar), the patents that lapsed in the month for an unpaid fee (the day after the last day
// before lapse of their first lapsed year) and each patent's term expiry (patentTerm).
import type { ReportFeeItem } from '@ip/contract';
import type { Deps } from '../../deps';
import { getWorkingCalendar } from '../calendar/working-calendar';
import { feeNext } from '../fees/fee-engine';
import { loadFeeFacts } from '../fees/fee-facts';
import { dayAfter, firstDay } from './report-dates';

export interface ReportRange {
  start: string;
  end: string;
  nextStart: string;
  nextEnd: string;
  /** First month of the 12-month fee chart. */
  chartFrom: string;
}

export interface FeeFacts {
  paid: ReportFeeItem[];
  due: ReportFeeItem[];
  /** Fees paid per month (YYYY-MM) over the chart's months. */
  byMonth: Map<string, { amount: number; count: number }>;
  /** Patents that lapsed for an unpaid fee in the month: the day of the lapse. */
  lapses: Map<number, string>;
  /** Term expiry (last day in force) by patent, from the fee engine. */
  expiries: Map<number, string>;
}

export interface FeePatentInfo {
  title: string;
  an: string | null;
}

export async function reportFees(
  deps: Deps,
  companyId: number,
  patents: ReadonlyMap<number, FeePatentInfo>,
  range: ReportRange,
): Promise<FeeFacts> {
  const { start, end, nextStart, nextEnd } = range;
  // One query for the fee facts (paid years as bits) and only the next fee of each patent (ADR 0032): the first
  // unpaid year after the grant year is the only one that can lapse first or fall due next month — a later unpaid
  // year is due a year after it, when the first has lapsed (its last day is six months after its due date).
  const [facts, cal] = await Promise.all([loadFeeFacts(deps, companyId), getWorkingCalendar(deps)]);
  const due: ReportFeeItem[] = [];
  const lapses = new Map<number, string>();
  const expiries = new Map<number, string>();
  for (const { id, input } of facts) {
    const info = patents.get(id);
    if (!info) continue;
    const { term, next } = feeNext(input, cal, end);
    expiries.set(id, term.expiry);
    if (!next) continue;
    if (next.state === 'lapsed') {
      const day = dayAfter(next.graceEnd);
      if (day >= start && day <= end && day <= term.expiry) lapses.set(id, day);
      continue;
    }
    if (next.due < nextStart || next.due > nextEnd) continue;
    if (next.state !== 'due' && next.state !== 'not_due' && next.state !== 'grace') continue;
    due.push({
      patent_id: id,
      title: info.title,
      an: info.an,
      year: next.year,
      date: next.due,
      amount: next.amount,
      state: next.state,
    });
  }

  const rows = await deps.db.db
    .selectFrom('fee_payments')
    .select(['patent_id', 'year', 'paid_on', 'amount'])
    .where('company_id', '=', companyId)
    .where('paid_on', '>=', firstDay(range.chartFrom))
    .where('paid_on', '<=', end)
    .execute();
  const paid: ReportFeeItem[] = [];
  const byMonth = new Map<string, { amount: number; count: number }>();
  for (const r of rows) {
    const amount = Number(r.amount);
    const m = byMonth.get(r.paid_on.slice(0, 7)) ?? { amount: 0, count: 0 };
    m.amount += amount;
    m.count++;
    byMonth.set(r.paid_on.slice(0, 7), m);
    if (r.paid_on < start) continue;
    const info = patents.get(Number(r.patent_id));
    paid.push({
      patent_id: Number(r.patent_id),
      title: info?.title ?? '',
      an: info?.an ?? null,
      year: Number(r.year),
      date: r.paid_on,
      amount,
    });
  }
  return { paid, due, byMonth, lapses, expiries };
}
