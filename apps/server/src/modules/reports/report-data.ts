// The figures of a company's monthly patent report (ADR 0030): what happened to its patents in an Asia/Shanghai
// month (filings, publications, grants, lapses, term expiries), the fees paid in it and due the next month, the
// certificates expiring next month and the month's monitoring hits. One pass over the company's portfolio rows (a
// 20,000-patent company is read once, the lists capped at REPORT_LIST_MAX rows each).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { REPORT_LIST_MAX, type ReportData, type ReportList, type ReportMonitorItem, type ReportPatentItem } from '@ip/contract';
import type { Deps } from '../../deps';
import { eventEffect, type LegalEvent } from '../patents/legal-status';
import { addMonths, firstDay, lastDay } from './report-dates';
import { reportFees, type ReportRange } from './report-fees';

interface PatentRow {
  id: number;
  title: string;
  an: string | null;
  pn: string | null;
  type: string;
  legal_status: string;
  ad: string | null;
  pd: string | null;
  gd: string | null;
  publications: string;
  legal_events: string;
  expiry_date: string | null;
}

const parseArray = <T>(text: string): T[] => {
  if (!text || text === '[]') return [];
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
};

function list<T>(items: T[], order: (a: T, b: T) => number): ReportList<T> {
  return { total: items.length, items: [...items].sort(order).slice(0, REPORT_LIST_MAX) };
}

const byDate = (a: { date: string }, b: { date: string }) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
const within = (d: string | null | undefined, from: string, to: string): d is string => !!d && d >= from && d <= to;

/** Whether a lapse event is the term running out (counted as an expiry, not a lapse). */
const TERM_END = /届满|期满|expir/i;

/** The month's range: the whole month, or up to `asOf` when the month is not over yet. */
export function reportRange(month: string, asOf: string): ReportRange {
  const start = firstDay(month);
  const full = lastDay(month);
  const next = addMonths(month, 1);
  return {
    start,
    end: asOf < full ? asOf : full,
    nextStart: firstDay(next),
    nextEnd: lastDay(next),
    chartFrom: addMonths(month, -11),
  };
}

/** The months of the charts: the 12 ending with `month`. */
const chartMonths = (month: string) => Array.from({ length: 12 }, (_, i) => addMonths(month, i - 11));

const EVENT_LABELS: Record<string, string> = { publication: '公开', grant: '授权', status: '法律状态变更' };

/** The month's monitoring hits (monitor_hits, ADR 0029): the events dated in the month, newest first. */
async function monitorHits(deps: Deps, companyId: number, start: string, end: string) {
  const base = deps.db.db
    .selectFrom('monitor_hits as h')
    .where('h.company_id', '=', companyId)
    .where('h.event_date', '>=', start)
    .where('h.event_date', '<=', end);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .innerJoin('monitor_rules as r', 'r.id', 'h.rule_id')
    .innerJoin('patents as p', 'p.id', 'h.patent_id')
    .select(['h.id', 'h.event', 'h.event_date', 'h.detail', 'r.name as rule', 'p.title', 'p.pn', 'p.an'])
    .orderBy('h.event_date', 'desc')
    .orderBy('h.id', 'desc')
    .limit(REPORT_LIST_MAX)
    .execute();
  const items: ReportMonitorItem[] = rows.map((r) => ({
    id: Number(r.id),
    title: `【${r.rule}】${r.pn ?? r.an ?? ''} ${r.title}${r.detail ? `（${r.detail}）` : ''}`,
    kind: EVENT_LABELS[r.event] ?? r.event,
    date: r.event_date,
  }));
  return { available: true, total: Number(n), items };
}

/** Computes the report of `companyId` for `month` as of `asOf` (the day it is generated, Asia/Shanghai). */
export async function computeReportData(deps: Deps, companyId: number, month: string, asOf: string): Promise<ReportData> {
  const { db } = deps.db;
  const range = reportRange(month, asOf);
  const { start, end, nextStart, nextEnd } = range;
  const company = await db
    .selectFrom('companies')
    .select(['id', 'company_name'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const rows: PatentRow[] = await db
    .selectFrom('company_patents as cp')
    .innerJoin('patents as p', 'p.id', 'cp.patent_id')
    .where('cp.company_id', '=', companyId)
    .where('cp.removed', '=', 0)
    .where('cp.source', '<>', 'collect')
    .select([
      'p.id',
      'p.title',
      'p.an',
      'p.pn',
      'p.type',
      'p.legal_status',
      'p.ad',
      'p.pd',
      'p.gd',
      'p.publications',
      'p.legal_events',
      'p.expiry_date',
    ])
    .execute();
  // An enterprise's thousands of patents take a few hundred ms to read and to run through the fee engine: other
  // requests go between the parts (ADR 0080).
  await nextTurn();
  const fees = await reportFees(deps, companyId, new Map(rows.map((r) => [Number(r.id), { title: r.title, an: r.an }])), range);
  await nextTurn();

  const months = chartMonths(month);
  const activity = new Map(months.map((m) => [m, { month: m, filed: 0, published: 0, granted: 0 }]));
  const byType = new Map<string, number>();
  const byStatus = new Map<string, number>();
  const filed: ReportPatentItem[] = [];
  const published: ReportPatentItem[] = [];
  const granted: ReportPatentItem[] = [];
  const lapsed: ReportPatentItem[] = [];
  const expired: ReportPatentItem[] = [];
  const chartFrom = firstDay(months[0]);

  for (const r of rows) {
    const id = Number(r.id);
    const type = r.type || '未知';
    const status = r.legal_status || '未知';
    byType.set(type, (byType.get(type) ?? 0) + 1);
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    const item = (date: string, reason?: string): ReportPatentItem => ({
      patent_id: id,
      title: r.title,
      an: r.an,
      pn: r.pn,
      type,
      date,
      legal_status: status,
      ...(reason ? { reason } : {}),
    });
    const bump = (day: string | null | undefined, key: 'filed' | 'published' | 'granted') => {
      if (day && day >= chartFrom && day <= end) {
        const a = activity.get(day.slice(0, 7));
        if (a) a[key]++;
      }
    };
    if (within(r.ad, start, end)) filed.push(item(r.ad));
    bump(r.ad, 'filed');
    if (within(r.gd, start, end)) granted.push(item(r.gd));
    bump(r.gd, 'granted');
    // Publications of the application (not the grant's announcement): the A documents, else the first publication date.
    const pubs = parseArray<{ pn?: string; date?: string; kind?: string }>(r.publications);
    const appPubs = pubs.filter((p) => p.date && !(r.gd && p.date === r.gd) && !/^[BCUYSD]/i.test(p.kind ?? ''));
    const pubDates = appPubs.length ? [...new Set(appPubs.map((p) => p.date as string))] : r.pd && r.pd !== r.gd ? [r.pd] : [];
    for (const d of pubDates) bump(d, 'published');
    const pubIn = pubDates.find((d) => within(d, start, end));
    if (pubIn) published.push(item(pubIn));
    // Term expiry: the fee engine's term when it knows the patent, else the stored expiry date.
    const expiry = fees.expiries.get(id) ?? r.expiry_date;
    if (within(expiry, start, end)) expired.push(item(expiry));
    // Lapses: the month's legal events that end the right (not the term's end, counted above), then unpaid fees.
    if (r.legal_events && r.legal_events !== '[]') {
      const lapse = parseArray<LegalEvent>(r.legal_events).find(
        (e) =>
          within(e.date, start, end) &&
          eventEffect({ code: e.code ?? '', text: e.text ?? '' }) === 'lapse' &&
          !TERM_END.test(e.text ?? ''),
      );
      if (lapse) {
        lapsed.push(item(lapse.date, lapse.text || lapse.code || '失效'));
        continue;
      }
    }
    const feeLapse = fees.lapses.get(id);
    if (feeLapse) lapsed.push(item(feeLapse, '未缴年费'));
  }

  const certRows = await db
    .selectFrom('certificates')
    .select(['id', 'name', 'kind', 'expiry_date'])
    .where('company_id', '=', companyId)
    .where('expiry_date', '>=', nextStart)
    .where('expiry_date', '<=', nextEnd)
    .orderBy('expiry_date', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const certificates = certRows.map((c) => ({ id: Number(c.id), name: c.name, kind: c.kind, expiry_date: c.expiry_date ?? '' }));
  const monitor = await monitorHits(deps, companyId, start, end);

  const sum = (xs: { amount: number }[]) => Math.round(xs.reduce((s, x) => s + x.amount, 0) * 100) / 100;
  const desc = (m: Map<string, number>, key: 'type' | 'status') =>
    [...m.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([k, count]) => ({ [key]: k, count }));
  const count = (s: string) => byStatus.get(s) ?? 0;
  return {
    company: { id: Number(company.id), name: company.company_name },
    month,
    start,
    end,
    next_start: nextStart,
    next_end: nextEnd,
    generated_at: deps.clock().toISOString(),
    totals: {
      patents: rows.length,
      in_force: count('有权'),
      pending: count('审中'),
      lapsed_total: count('无权'),
      filed: filed.length,
      published: published.length,
      granted: granted.length,
      lapsed: lapsed.length,
      expired: expired.length,
      fees_paid_count: fees.paid.length,
      fees_paid_amount: sum(fees.paid),
      fees_due_count: fees.due.length,
      fees_due_amount: sum(fees.due),
      certificates_expiring: certificates.length,
      monitor_hits: monitor.total,
    },
    by_type: desc(byType, 'type') as { type: string; count: number }[],
    by_status: desc(byStatus, 'status') as { status: string; count: number }[],
    activity_by_month: [...activity.values()],
    fees_by_month: months.map((m) => ({
      month: m,
      amount: fees.byMonth.get(m)?.amount ?? 0,
      count: fees.byMonth.get(m)?.count ?? 0,
    })),
    filed: list(filed, byDate),
    published: list(published, byDate),
    granted: list(granted, byDate),
    lapsed: list(lapsed, byDate),
    expired: list(expired, byDate),
    fees_paid: list(fees.paid, byDate),
    fees_due: list(fees.due, byDate),
    certificates: { total: certificates.length, items: certificates.slice(0, REPORT_LIST_MAX) },
    monitor,
  };
}
