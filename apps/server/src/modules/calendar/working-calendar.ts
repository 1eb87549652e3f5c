// The working-day calendar (DOMAIN §3 fee deadlines, DOMAIN §5 demand time limits): a day is a working day unless it
// is a weekend or a public holiday, and an adjusted working day (调休) on a weekend is one. Days are `YYYY-MM-DD`
// strings in Asia/Shanghai. Pure: what the calendar knows is handed to it.
import chineseDays from 'chinese-days';
import type { Deps } from '../../deps';

export interface WorkingCalendar {
  /** true on a working day. */
  isWorkingDay(day: string): boolean;
  /** `day` itself when it is a working day, else the next working day (a deadline that falls on a day off). */
  onOrNextWorkingDay(day: string): string;
  /** The n-th working day after `day` (n ≥ 0; n = 0 is onOrNextWorkingDay). */
  addWorkingDays(day: string, n: number): string;
}

/** The day after `day` (`YYYY-MM-DD`), in plain calendar arithmetic (UTC, so no time zone can shift it). */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function isWeekend(day: string): boolean {
  const wd = new Date(`${day}T00:00:00Z`).getUTCDay();
  return wd === 0 || wd === 6;
}

/**
 * A calendar from explicit exceptions: `days` maps a day to true (an adjusted working day on a weekend) or false (a
 * public holiday on a weekday, or any day off); every other day is a working day from Monday to Friday.
 */
export function calendarFromDays(days: ReadonlyMap<string, boolean>): WorkingCalendar {
  return calendarFrom((day) => days.get(day) ?? !isWeekend(day));
}

/** A calendar from a predicate saying which days are working days. */
export function calendarFrom(isWorkingDay: (day: string) => boolean): WorkingCalendar {
  const onOrNextWorkingDay = (day: string) => {
    let d = day;
    // A run of days off is at most a few weeks; the bound only guards against a table marking every day off.
    for (let i = 0; i < 400 && !isWorkingDay(d); i++) d = nextDay(d);
    return d;
  };
  return {
    isWorkingDay,
    onOrNextWorkingDay,
    addWorkingDays(day, n) {
      let d = onOrNextWorkingDay(day);
      for (let i = 0; i < n; i++) d = onOrNextWorkingDay(nextDay(d));
      return d;
    },
  };
}

/** The calendar of China's public holidays and adjusted working days as the `chinese-days` package knows them. */
export function chineseDaysCalendar(): WorkingCalendar {
  return calendarFrom((day) => chineseDays.isWorkday(day));
}

/** How long a loaded calendar is used without asking the table whether it changed (another server's edit). */
export const CALENDAR_CHECK_MS = 60_000;

interface CachedCalendar {
  calendar: WorkingCalendar;
  /** count and max(updated_at) of the table when it was loaded. */
  version: string;
  checkedAt: number;
}

/** One calendar per database (tests run several apps in one process). */
const cache = new WeakMap<object, CachedCalendar>();

async function tableVersion(deps: Pick<Deps, 'db'>): Promise<string> {
  const r = await deps.db.db
    .selectFrom('holidays')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('latest')])
    .executeTakeFirstOrThrow();
  return `${Number(r.n)}:${r.latest ?? ''}`;
}

/** Forgets the loaded calendar (an administrator changed the holiday table on this server). */
export function clearWorkingCalendarCache(deps: Pick<Deps, 'db'>): void {
  cache.delete(deps.db);
}

/**
 * The calendar every working-day computation of the product uses: the holiday table (migration 013, filled from
 * chinese-days, edited by the administrator on /system 节假日). Loaded once and kept in memory; an edit on this
 * server clears it at once, and after CALENDAR_CHECK_MS a cheap count/max(updated_at) query tells whether another
 * server changed the table (then it is loaded again). ADR 0027.
 */
export async function getWorkingCalendar(deps: Deps): Promise<WorkingCalendar> {
  const hit = cache.get(deps.db);
  const now = Date.now();
  if (hit && now - hit.checkedAt < CALENDAR_CHECK_MS) return hit.calendar;
  const version = await tableVersion(deps);
  if (hit && hit.version === version) {
    hit.checkedAt = now;
    return hit.calendar;
  }
  const rows = await deps.db.db.selectFrom('holidays').select(['day', 'working']).execute();
  const calendar = calendarFromDays(new Map(rows.map((r) => [r.day, Number(r.working) === 1])));
  cache.set(deps.db, { calendar, version, checkedAt: now });
  return calendar;
}
