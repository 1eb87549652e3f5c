// China time for display (DOMAIN: times are Asia/Shanghai, UTC+8 all year, no daylight saving). Stored times are
// ISO UTC strings; days are YYYY-MM-DD China days. The one place the web app turns a time into China time.

const OFFSET_MS = 8 * 3_600_000;

/** The ISO text of a time shifted to China time (its digits read as China's wall clock). */
const shifted = (t: string | number | Date) => new Date(new Date(t).getTime() + OFFSET_MS).toISOString();

/** 2026-11-24T02:10:00Z → 2026-11-24 (China day). '' for an empty value. */
export const chinaDay = (iso: string | null | undefined): string => (iso ? shifted(iso).slice(0, 10) : '');

/** 2026-11-24T02:10:00Z → 2026-11-24 10:10. '—' for an empty value. */
export const chinaMinute = (iso: string | null | undefined): string => (iso ? shifted(iso).slice(0, 16).replace('T', ' ') : '—');

/** 2026-11-24T02:10:05Z → 2026-11-24 10:10:05. '—' for an empty value. */
export const chinaSecond = (iso: string | null | undefined): string => (iso ? shifted(iso).slice(0, 19).replace('T', ' ') : '—');

/** Today's China day, YYYY-MM-DD. */
export const chinaToday = (now: Date = new Date()): string => shifted(now).slice(0, 10);

/** This year in China. */
export const chinaYear = (now: Date = new Date()): number => Number(shifted(now).slice(0, 4));
