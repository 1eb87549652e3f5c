// Months of the monthly report (ADR 0030): 'YYYY-MM' in Asia/Shanghai; days are 'YYYY-MM-DD' strings.

/** The calendar day in Asia/Shanghai of an instant. */
export const shanghaiDay = (d: Date): string => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
export const shanghaiMonth = (d: Date): string => shanghaiDay(d).slice(0, 7);

/** The month `n` months after `month` (negative: before). */
export function addMonths(month: string, n: number): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7)) - 1 + n;
  const yy = y + Math.floor(m / 12);
  const mm = ((m % 12) + 12) % 12;
  return `${String(yy).padStart(4, '0')}-${String(mm + 1).padStart(2, '0')}`;
}

export const firstDay = (month: string) => `${month}-01`;

export function lastDay(month: string): string {
  const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return `${month}-${String(days).padStart(2, '0')}`;
}

/** The day before `day`. */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The day after `day`. */
export function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** 2026-10 → 2026年10月 */
export const monthLabel = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;
