// Calendar dates as ISO `YYYY-MM-DD` text (ARCHITECTURE rule 5), read from the spellings patent data uses.

const DATE_RES = [
  /^(\d{4})-(\d{1,2})-(\d{1,2})$/,
  /^(\d{4})\.(\d{1,2})\.(\d{1,2})$/,
  /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/,
  /^(\d{4})年(\d{1,2})月(\d{1,2})日?$/,
  /^(\d{4})(\d{2})(\d{2})$/,
];

/**
 * Reads a date written `2022-12-02`, `20221202`, `2022.12.02`, `2022/12/2` or `2022年12月2日` (a time part after
 * the date, as in `2022-12-02T00:00:00`, is ignored). Returns `YYYY-MM-DD`, or null when it is not a real
 * calendar date (`2021-02-30`, `2022-13-01`).
 */
export function parseDate(input: string): string | null {
  const s = input.trim().replace(/[T ]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/, '');
  let m: RegExpExecArray | null = null;
  for (const re of DATE_RES) if ((m = re.exec(s))) break;
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < 1800 || y > 2200 || mo < 1 || mo > 12 || d < 1) return null;
  if (d > daysInMonth(y, mo)) return null;
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  if (Number.isInteger(year) && year >= 100 && Number.isInteger(month) && month >= 1 && month <= 12) {
    if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
    return MONTH_DAYS[month - 1];
  }
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function toUtc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function fromUtc(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Days from 1970-01-01 to year-month-01 (proleptic Gregorian; month 1–12). */
function daysToMonthStart(year: number, month: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5);
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

/** `YYYY-MM-DD` of a day count from 1970-01-01 (years 1000–9999). */
function dateFromDays(z: number): string {
  const zz = z + 719468;
  const era = Math.floor(zz / 146097);
  const doe = zz - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${y}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `date` plus whole years and days (a 29 February with no such day in the target year rolls to 1 March). */
export function addYearsDays(date: string, years: number, days = 0): string {
  // Day arithmetic on integers (the import derives several dates per patent; Date objects cost more than the rest).
  // Same result as Date.UTC(year + years, month, day + days): the day counts from the 1st of the target month.
  const m = PLAIN_DATE.exec(date);
  if (m && Number.isInteger(years) && Number.isInteger(days)) {
    const y = Number(m[1]);
    const mo = Number(m[2]);
    const d = Number(m[3]);
    if (y >= 1000 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo)) {
      const z = daysToMonthStart(y + years, mo) + d - 1 + days;
      // 1000-01-01 … 9999-12-31
      if (z >= -354285 && z <= 2932896) return dateFromDays(z);
    }
  }
  const dt = toUtc(date);
  const out = new Date(Date.UTC(dt.getUTCFullYear() + years, dt.getUTCMonth(), dt.getUTCDate() + days));
  return fromUtc(out);
}

/** `date` plus (or minus) a number of days. */
export function addDays(date: string, days: number): string {
  return addYearsDays(date, 0, days);
}

/** Today's date (UTC) of an ISO timestamp or a Date. */
export function dateOf(now: string | Date): string {
  return (typeof now === 'string' ? now : now.toISOString()).slice(0, 10);
}
