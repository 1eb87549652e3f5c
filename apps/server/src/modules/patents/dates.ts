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

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function toUtc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function fromUtc(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** `date` plus whole years and days (a 29 February with no such day in the target year rolls to 1 March). */
export function addYearsDays(date: string, years: number, days = 0): string {
  const d = toUtc(date);
  const out = new Date(Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), d.getUTCDate() + days));
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
