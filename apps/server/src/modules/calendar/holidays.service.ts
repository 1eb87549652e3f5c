// The holiday table (ADR 0027): the administrator lists a year, sets one day (day off or adjusted working day), deletes
// one, or re-imports a year from chinese-days. Each change is audit-logged in its transaction and clears the
// working-day calendar cache of this server.
import { HOLIDAY_YEAR_MAX, HOLIDAY_YEAR_MIN, type HolidayList, type HolidayRow, type HolidaySource } from '@ip/contract';
import type { Deps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import { writeAudit } from '../users/audit';
import { packageHolidayRows, packageYears } from './holiday-package';
import { clearWorkingCalendarCache } from './working-calendar';

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];
const label = (working: number) => (working === 1 ? '调休上班' : '放假');
const weekday = (day: string) => `周${WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]}`;

function toRow(r: { day: string; working: number; name: string; source: string; updated_at: string }): HolidayRow {
  return {
    day: r.day,
    working: Number(r.working) === 1 ? 1 : 0,
    name: r.name,
    source: (r.source === 'admin' ? 'admin' : 'package') as HolidaySource,
    updated_at: r.updated_at,
  };
}

export async function listHolidays(deps: Deps, year: number): Promise<HolidayList> {
  const rows = await deps.db.db
    .selectFrom('holidays')
    .selectAll()
    .where('day', '>=', `${year}-01-01`)
    .where('day', '<=', `${year}-12-31`)
    .orderBy('day')
    .execute();
  const years = packageYears();
  return { year, list: rows.map(toRow), package_knows: years.includes(year), package_years: years };
}

/** Creates or changes one day; the row becomes the administrator's (a start-up import never touches it). */
export async function saveHoliday(
  deps: Deps,
  adminId: number,
  body: { day: string; working: 0 | 1; name: string },
): Promise<HolidayRow> {
  const now = deps.clock().toISOString();
  const row = { day: body.day, working: body.working, name: body.name, source: 'admin', updated_at: now };
  await deps.db.db.transaction().execute(async (trx) => {
    const old = await trx.selectFrom('holidays').selectAll().where('day', '=', body.day).executeTakeFirst();
    await trx
      .insertInto('holidays')
      .values(row)
      .onConflict((oc) =>
        oc.column('day').doUpdateSet({ working: body.working, name: body.name, source: 'admin', updated_at: now }),
      )
      .execute();
    const before = old ? `（原为${label(Number(old.working))}${old.name ? `·${old.name}` : ''}）` : '';
    await writeAudit(trx, {
      adminId,
      userId: null,
      action: 'holiday_save',
      detail: `${body.day}（${weekday(body.day)}）设为${label(body.working)}${body.name ? `·${body.name}` : ''}${before}`,
      now,
    });
  });
  clearWorkingCalendarCache(deps);
  return toRow(row);
}

export async function deleteHoliday(deps: Deps, adminId: number, day: string): Promise<void> {
  const now = deps.clock().toISOString();
  await deps.db.db.transaction().execute(async (trx) => {
    const old = await trx.selectFrom('holidays').selectAll().where('day', '=', day).executeTakeFirst();
    if (!old) throw notFound(`${day} 不在节假日表中`);
    await trx.deleteFrom('holidays').where('day', '=', day).execute();
    await writeAudit(trx, {
      adminId,
      userId: null,
      action: 'holiday_delete',
      detail: `删除 ${day}（${label(Number(old.working))}${old.name ? `·${old.name}` : ''}），恢复为${weekday(day)}的常规安排`,
      now,
    });
  });
  clearWorkingCalendarCache(deps);
}

/** Replaces a year's rows by what the package knows (the administrator's edits of that year are dropped). */
export async function reimportHolidayYear(deps: Deps, adminId: number, year: number): Promise<HolidayList> {
  const rows = packageHolidayRows(year);
  if (rows.length === 0) throw badRequest(`节假日数据包中没有 ${year} 年的安排，请手工维护`);
  const now = deps.clock().toISOString();
  await deps.db.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('holidays').where('day', '>=', `${year}-01-01`).where('day', '<=', `${year}-12-31`).execute();
    const values = rows.map((r) => ({ ...r, source: 'package', updated_at: now }));
    for (let i = 0; i < values.length; i += 200)
      await trx
        .insertInto('holidays')
        .values(values.slice(i, i + 200))
        .execute();
    await writeAudit(trx, {
      adminId,
      userId: null,
      action: 'holiday_reimport',
      detail: `从节假日数据包重新导入 ${year} 年（${rows.length} 天）`,
      now,
    });
  });
  clearWorkingCalendarCache(deps);
  return listHolidays(deps, year);
}

/**
 * At start (a scheduled task with runAtStart): adds the years the package knows that the table has no row of (a
 * newer chinese-days brings the next year). A year that has rows is left alone, so an administrator's edits and
 * deletions stay. Returns the years added.
 */
export async function syncHolidaysFromPackage(deps: Pick<Deps, 'db' | 'clock'>): Promise<number[]> {
  const present = await deps.db.db
    .selectFrom('holidays')
    .select('day')
    .where('day', '>=', `${HOLIDAY_YEAR_MIN}-01-01`)
    .where('day', '<=', `${HOLIDAY_YEAR_MAX}-12-31`)
    .execute();
  const have = new Set(present.map((r) => Number(r.day.slice(0, 4))));
  const added: number[] = [];
  const now = deps.clock().toISOString();
  for (const year of packageYears()) {
    if (have.has(year)) continue;
    const values = packageHolidayRows(year).map((r) => ({ ...r, source: 'package', updated_at: now }));
    await deps.db.db
      .insertInto('holidays')
      .values(values)
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    added.push(year);
  }
  if (added.length) clearWorkingCalendarCache(deps);
  return added;
}
