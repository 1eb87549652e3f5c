// What the chinese-days package knows (its bundled chinese-days.json): public holidays (days off, weekends within a
// holiday run included) and adjusted working days (调休上班), for the years 2004 onwards that the State Council has
// announced. The holiday table is filled from it; an administrator's edits take precedence.
import { createRequire } from 'node:module';

interface ChineseDaysData {
  holidays: Record<string, string>;
  workdays: Record<string, string>;
}

let data: ChineseDaysData | undefined;

function load(): ChineseDaysData {
  data ??= createRequire(import.meta.url)('chinese-days/dist/chinese-days.json') as ChineseDaysData;
  return data;
}

/** "National Day,国庆节,3" → 国庆节 */
function zhName(text: string): string {
  return (text.split(',')[1] ?? text).trim().slice(0, 50);
}

export interface PackageHoliday {
  day: string;
  working: 0 | 1;
  name: string;
}

/** Every day the package knows (optionally of one year), in day order. */
export function packageHolidayRows(year?: number): PackageHoliday[] {
  const d = load();
  const out: PackageHoliday[] = [];
  const prefix = year ? `${year}-` : '';
  for (const [day, text] of Object.entries(d.holidays))
    if (day.startsWith(prefix)) out.push({ day, working: 0, name: zhName(text) });
  for (const [day, text] of Object.entries(d.workdays))
    if (day.startsWith(prefix)) out.push({ day, working: 1, name: zhName(text) });
  return out.sort((a, b) => a.day.localeCompare(b.day));
}

/** The years the package knows, ascending. */
export function packageYears(): number[] {
  const d = load();
  return [...new Set([...Object.keys(d.holidays), ...Object.keys(d.workdays)].map((k) => Number(k.slice(0, 4))))].sort(
    (a, b) => a - b,
  );
}
