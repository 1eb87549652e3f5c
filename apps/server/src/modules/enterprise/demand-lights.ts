import { sql, type RawBuilder } from 'kysely';
import { DEFAULT_SERVICE_LIMITS } from '@ip/contract';
import type { WorkingCalendar } from '../calendar/working-calendar';

/**
 * A demand's time limits and light (issue 12, ADR 0039, DOMAIN §5): the one place that says when a demand is due and
 * what colour it shows. Every page, list, warning and dashboard reads lights through here (or through dueSql for
 * SQL filters and sorts), so they agree.
 *
 * - Limits are working days counted from the day the demand was registered (the office's limits, default 1 / 3 / 5):
 *   contact the enterprise by contact_due, a first reply by reply_due, closed (办理 done) by close_due.
 * - An open demand ('registered' or 'assigned') is due at its current limit: contact_due until contacted, then
 *   reply_due until replied, then close_due. A handled, evaluated or closed demand has no light.
 * - red: today is past the due day; yellow: due today or on the next working day; green: later.
 */
export type DemandLight = 'green' | 'yellow' | 'red';
export const OPEN_DEMAND_STATUSES = ['registered', 'assigned'] as const;

export interface DemandLimits {
  contact_days: number;
  reply_days: number;
  close_days: number;
}
/** DOMAIN §5's defaults (an office without saved limits, see serviceLimits in companies.ts). */
export const DEFAULT_DEMAND_LIMITS: DemandLimits = DEFAULT_SERVICE_LIMITS;

/** The three due days of a demand registered on `day` (YYYY-MM-DD). */
export function demandDueDays(day: string, limits: DemandLimits, cal: WorkingCalendar) {
  return {
    contact_due: cal.addWorkingDays(day, limits.contact_days),
    reply_due: cal.addWorkingDays(day, limits.reply_days),
    close_due: cal.addWorkingDays(day, limits.close_days),
  };
}

export interface DemandDueFacts {
  status: string;
  contacted_at: string | null;
  replied_at: string | null;
  contact_due: string;
  reply_due: string;
  close_due: string;
}

/** The day an open demand is due now, or null for a demand past the loop's open part. */
export function currentDue(d: DemandDueFacts): string | null {
  if (!(OPEN_DEMAND_STATUSES as readonly string[]).includes(d.status)) return null;
  if (!d.contacted_at) return d.contact_due;
  if (!d.replied_at) return d.reply_due;
  return d.close_due;
}

/** The light of a demand on `today`, or null when it has none (not open). */
export function demandLight(d: DemandDueFacts, today: string, cal: WorkingCalendar): DemandLight | null {
  const due = currentDue(d);
  if (!due) return null;
  if (today > due) return 'red';
  if (due <= cal.addWorkingDays(today, 1)) return 'yellow';
  return 'green';
}

/** The current due day as SQL on `demands` (same rule as currentDue; NULL when not open), for filters and sorts. */
export function dueSql(table = 'demands'): RawBuilder<string | null> {
  const t = sql.ref(table);
  return sql<string | null>`(case when ${t}.status not in ('registered', 'assigned') then null
    when ${t}.contacted_at is null then ${t}.contact_due
    when ${t}.replied_at is null then ${t}.reply_due
    else ${t}.close_due end)`;
}

/**
 * The light as SQL: 'red', 'yellow', 'green' or NULL, given today and the next working day after it (both
 * YYYY-MM-DD, computed by the caller with the working calendar). Sorting by lightRankSql puts red, then yellow first.
 */
export function lightSql(today: string, nextWorkingDay: string, table = 'demands'): RawBuilder<DemandLight | null> {
  const due = dueSql(table);
  return sql<DemandLight | null>`(case when ${due} is null then null when ${due} < ${today} then 'red'
    when ${due} <= ${nextWorkingDay} then 'yellow' else 'green' end)`;
}

/** 0 red, 1 yellow, 2 green, 3 no light: order by it ascending for "red and yellow first". */
export function lightRankSql(today: string, nextWorkingDay: string, table = 'demands'): RawBuilder<number> {
  const due = dueSql(table);
  return sql<number>`(case when ${due} is null then 3 when ${due} < ${today} then 0
    when ${due} <= ${nextWorkingDay} then 1 else 2 end)`;
}
