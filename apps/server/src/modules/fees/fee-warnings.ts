// Annual-fee warnings (DOMAIN §3, ADR 0025): every morning (and once at start, for a day missed while the server was
// down) each company's patents are checked; the next unpaid year of a patent warns the company's users through the
// message centre when today has reached one of the company's lead times before its due date (default 90, 30, 7 days)
// or the start of a month of its grace period. Each threshold is delivered once: the delivery key
// `fee:<patent>:<year>:<threshold>` is unique per user, so a second scan, a restart or a second server adds nothing.
// When several thresholds have passed since the last scan, only the latest is delivered (no burst of stale ones).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Deps } from '../../deps';
import { getWorkingCalendar, type WorkingCalendar } from '../calendar/working-calendar';
import { chinaToday } from '../common/records';
import { deliverToCompany, markHandled, reopenHandled } from '../messages/deliver';
import type { ScheduledTask } from '../scheduler/scheduler';
import { getLeadTimes, type LeadTimes } from '../warnings/lead-times';
import { addDays, feeNext, lateFeeBoundaries, type FeeYearStatus } from './fee-engine';
import { loadFeeFacts } from './fee-facts';

/** The messages' object type (object_id: the patent id). */
export const FEE_OBJECT_TYPE = 'patent_fee';

export interface FeeThreshold {
  /** `d90` (90 days before the due date) or `g2` (the start of the 2nd month of grace). */
  id: string;
  /** The day the threshold is reached. */
  day: string;
  kind: 'before' | 'grace';
}

/** The delivery key of a year's fee warning at one threshold (deliverToUser appends the user). */
export function feeWarningKey(patentId: number, year: number, threshold: string): string {
  return `fee:${patentId}:${year}:${threshold}`;
}

/**
 * The thresholds of a year's fee, earliest first: due − each lead time (only while the fee is not yet late), and, with
 * feeGraceMonthly, the first day of each month of the grace period (the day after the due date, then the day after
 * each late-fee tier boundary, which is also the day the late fee rises).
 */
export function feeThresholds(y: FeeYearStatus, lead: LeadTimes, cal: WorkingCalendar): FeeThreshold[] {
  const out: FeeThreshold[] = [];
  for (const days of [...new Set(lead.fee)].filter((d) => Number.isInteger(d) && d > 0).sort((a, b) => b - a))
    out.push({ id: `d${days}`, day: addDays(y.due, -days), kind: 'before' });
  if (lead.feeGraceMonthly) {
    const boundaries = lateFeeBoundaries(y.anniversary, cal);
    let previous = y.due;
    for (let k = 1; k <= boundaries.length; k++) {
      out.push({ id: `g${k}`, day: addDays(previous, 1), kind: 'grace' });
      previous = boundaries[k - 1]!;
    }
  }
  return out.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/**
 * The threshold to deliver on `today`: the latest one reached, as long as it still applies (a before-due threshold up
 * to the due date, a grace one up to the last day before lapse); null when none applies.
 */
export function currentFeeThreshold(y: FeeYearStatus, lead: LeadTimes, cal: WorkingCalendar, today: string): FeeThreshold | null {
  if (y.state !== 'due' && y.state !== 'not_due' && y.state !== 'grace') return null;
  let current: FeeThreshold | null = null;
  for (const th of feeThresholds(y, lead, cal)) if (th.day <= today) current = th;
  if (!current) return null;
  if (current.kind === 'before' && today > y.due) return null;
  if (current.kind === 'grace' && y.state !== 'grace') return null;
  return current;
}

const TYPE_NAMES = { invention: '发明', utility: '实用新型', design: '外观设计' } as const;

/** The message of a fee warning (Chinese): the patent, the year, the due date, the amount, today's late fee, the last day. */
export function feeWarningMessage(
  patent: { id: number; number: string; title: string; type: keyof typeof TYPE_NAMES },
  y: FeeYearStatus,
  th: FeeThreshold,
) {
  const name = patent.number || `专利 ${patent.id}`;
  const title =
    th.kind === 'before'
      ? `年费提醒：${name} 第${y.year}年年费将于 ${y.due} 到期`
      : `年费逾期：${name} 第${y.year}年年费已逾期，${y.graceEnd} 前仍可补缴`;
  const when = y.daysLeft >= 0 ? `还有 ${y.daysLeft} 天` : `已逾期 ${-y.daysLeft} 天`;
  const reduction = y.reductionPct ? `（费减 ${y.reductionPct}%，全额 ${y.fullFee} 元）` : '';
  const body = [
    `专利：${name}《${patent.title}》（${TYPE_NAMES[patent.type]}）`,
    `年度：第 ${y.year} 年（${y.start} 起）`,
    `缴费期限：${y.due}（${when}）`,
    `应缴年费：${y.amount} 元${reduction}`,
    `今日缴纳的滞纳金：${y.lateFee} 元（全额年费的 ${y.lateFeePct}%），合计 ${y.totalIfPaidToday} 元`,
    `最后缴费日（逾期未缴专利权终止）：${y.graceEnd}`,
  ].join('\n');
  return { title, body };
}

export interface FeeScanResult {
  companies: number;
  patents: number;
  /** Messages newly delivered (one per user). */
  delivered: number;
}

/** Scans one company: delivers the current threshold of each patent's next fee; returns messages delivered. */
export async function scanCompanyFees(
  deps: Pick<Deps, 'db' | 'clock'>,
  companyId: number,
  cal: WorkingCalendar,
  today: string,
): Promise<{ patents: number; delivered: number }> {
  // One query with the paid years as bits (ADR 0032): the scan needs only each patent's next fee.
  const facts = await loadFeeFacts(deps, companyId);
  const inputs = new Map(facts.map((f) => [f.id, f.input]));
  const lead = await getLeadTimes(deps, companyId);
  const due: { patentId: number; y: FeeYearStatus; th: FeeThreshold }[] = [];
  for (const [patentId, input] of inputs) {
    const { next } = feeNext(input, cal, today);
    if (!next) continue;
    const th = currentFeeThreshold(next, lead, cal, today);
    if (th) due.push({ patentId, y: next, th });
  }
  let delivered = 0;
  if (due.length) {
    const rows = await deps.db.db
      .selectFrom('patents')
      .select(['id', 'an', 'pn', 'title'])
      .where(
        'id',
        'in',
        due.map((d) => d.patentId),
      )
      .execute();
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const { patentId, y, th } of due) {
      const row = byId.get(patentId);
      const { title, body } = feeWarningMessage(
        { id: patentId, number: row?.an || row?.pn || '', title: row?.title ?? '', type: inputs.get(patentId)!.type },
        y,
        th,
      );
      delivered += await deliverToCompany(deps, companyId, {
        kind: 'fee',
        title,
        body,
        link: `/costdetails?patent=${patentId}`,
        objectType: FEE_OBJECT_TYPE,
        objectId: patentId,
        key: feeWarningKey(patentId, y.year, th.id),
      });
    }
  }
  return { patents: inputs.size, delivered };
}

/** Scans every company that holds patents (see the module comment). */
export async function scanFeeWarnings(deps: Deps): Promise<FeeScanResult> {
  const today = chinaToday(deps.clock());
  const cal = await getWorkingCalendar(deps);
  const companies = await deps.db.db
    .selectFrom('company_patents')
    .select('company_id')
    .distinct()
    .where('removed', '=', 0)
    .where('source', '<>', 'collect')
    .orderBy('company_id')
    .execute();
  const result: FeeScanResult = { companies: companies.length, patents: 0, delivered: 0 };
  for (const c of companies) {
    // On SQLite every query of the scan completes without a turn of the event loop: at 709,076 patents of 286
    // companies the scan held the server for 11 s, at start and each morning at 08:00 (ADR 0079). Requests get their
    // turn between companies.
    await nextTurn();
    const r = await scanCompanyFees(deps, Number(c.company_id), cal, today);
    result.patents += r.patents;
    result.delivered += r.delivered;
  }
  return result;
}

/**
 * Marks a year's fee warnings of a company handled (they stay in the message centre, shown as 已处理). Called when a
 * payment of that year is recorded.
 */
export async function markFeePaid(
  deps: Pick<Deps, 'db' | 'clock'>,
  companyId: number,
  patentId: number,
  year: number,
): Promise<void> {
  await markHandled(deps, FEE_OBJECT_TYPE, patentId, feeWarningKey(patentId, year, ''), companyId);
}

/**
 * The payment of a year was deleted (ADR 0033): the year's fee warnings, which only a payment marks handled, are open
 * again (their delivery keys stay taken, so no threshold is delivered twice).
 */
export async function reopenFeeWarnings(
  deps: Pick<Deps, 'db' | 'clock'>,
  companyId: number,
  patentId: number,
  year: number,
): Promise<number> {
  return reopenHandled(deps, FEE_OBJECT_TYPE, patentId, feeWarningKey(patentId, year, ''), companyId);
}

/** Every morning at 08:00 in China, and once at start (a missed day is caught up, once). */
export const feeWarningTask: ScheduledTask = {
  name: 'fee-warnings',
  cron: '0 8 * * *',
  runAtStart: true,
  async run(deps) {
    const r = await scanFeeWarnings(deps);
    deps.log.info(r, 'fee warnings scanned');
    return r;
  },
};
