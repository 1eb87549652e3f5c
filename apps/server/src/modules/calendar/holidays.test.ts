import chineseDays from 'chinese-days';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { nextDay, getWorkingCalendar } from './working-calendar';
import { syncHolidaysFromPackage } from './holidays.service';

// The holiday table (migration 013, ADR 0027) and /v1/system/holiday/*, on SQLite and PostgreSQL.

let t: TestApp;
let admin: string;
let company: string;
const post = (url: string, body: unknown, tok = admin) => call(t.app, 'POST', `/v1/system/holiday/${url}`, { token: tok, body });
const count = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('holidays')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T04:00:00Z' });
  admin = await loginAs(t.app, 'admin');
  company = await loginAs(t.app, 'company');
});
afterAll(() => t.close());

describe('the calendar from the holiday table', () => {
  it('agrees with chinese-days on every day of 2025 and 2026', async () => {
    const cal = await getWorkingCalendar(t.deps);
    const differ: string[] = [];
    for (let d = '2025-01-01'; d <= '2026-12-31'; d = nextDay(d)) {
      if (cal.isWorkingDay(d) !== chineseDays.isWorkday(d)) differ.push(d);
    }
    expect(differ).toEqual([]);
    expect(cal.onOrNextWorkingDay('2026-10-01')).toBe('2026-10-08');
    expect(cal.isWorkingDay('2026-10-10')).toBe(true); // 调休上班 Saturday
  });

  it('the start-up sync adds nothing when every year is there', async () => {
    const before = await count();
    expect(await syncHolidaysFromPackage(t.deps)).toEqual([]);
    expect(await count()).toBe(before);
  });
});

describe('/v1/system/holiday/*', () => {
  it('lists a year: 2026-10-01 is 国庆节, a day off, from the package', async () => {
    const res = await post('index', { year: 2026 });
    expect(res.body.code).toBe(1);
    expect(res.body.data.package_knows).toBe(true);
    expect(res.body.data.package_years).toContain(2026);
    const oct1 = res.body.data.list.find((r: { day: string }) => r.day === '2026-10-01');
    expect(oct1).toMatchObject({ working: 0, name: '国庆节', source: 'package' });
    const oct10 = res.body.data.list.find((r: { day: string }) => r.day === '2026-10-10');
    expect(oct10).toMatchObject({ working: 1, source: 'package' });
    expect((await post('index', { year: 2099 })).body.data).toMatchObject({ list: [], package_knows: false });
  });

  it('an administrator edit changes the calendar at once, is audit-logged, and survives the start-up sync', async () => {
    expect((await getWorkingCalendar(t.deps)).isWorkingDay('2026-06-01')).toBe(true); // a Monday
    const res = await post('save', { day: '2026-06-01', working: 0, name: '儿童节（测试）' });
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({ day: '2026-06-01', working: 0, source: 'admin' });
    const cal = await getWorkingCalendar(t.deps);
    expect(cal.isWorkingDay('2026-06-01')).toBe(false);
    expect(cal.onOrNextWorkingDay('2026-05-30')).toBe('2026-06-02');

    // Turning a package day into a working day.
    expect((await post('save', { day: '2026-10-07', working: 1, name: '' })).body.code).toBe(1);
    expect((await getWorkingCalendar(t.deps)).onOrNextWorkingDay('2026-10-01')).toBe('2026-10-07');

    const audit = await t.db.db.selectFrom('audit_log').selectAll().where('action', 'like', 'holiday_%').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['holiday_save', 'holiday_save']);
    expect(audit[0].detail).toContain('2026-06-01（周一）设为放假·儿童节（测试）');
    expect(audit[1].detail).toContain('原为放假·国庆节');

    await syncHolidaysFromPackage(t.deps);
    const row = await t.db.db.selectFrom('holidays').selectAll().where('day', '=', '2026-10-07').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ working: 1, source: 'admin' });
  });

  it('deletes a day (it becomes an ordinary weekday again) and re-imports a year from the package', async () => {
    expect((await post('delete', { day: '2026-06-01' })).body.code).toBe(1);
    expect((await getWorkingCalendar(t.deps)).isWorkingDay('2026-06-01')).toBe(true);
    const missing = await post('delete', { day: '2026-06-01' });
    expect(missing.body).toMatchObject({ code: 0, msg: '2026-06-01 不在节假日表中' });

    const re = await post('reimport', { year: 2026 });
    expect(re.body.code).toBe(1);
    expect(re.body.data.list.every((r: { source: string }) => r.source === 'package')).toBe(true);
    expect((await getWorkingCalendar(t.deps)).isWorkingDay('2026-10-07')).toBe(false);
    expect((await post('reimport', { year: 2099 })).body).toMatchObject({
      code: 0,
      msg: '节假日数据包中没有 2099 年的安排，请手工维护',
    });
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const before = await count();
    const bad: [unknown, string][] = [
      [{ day: '2026-02-30', working: 0 }, '日期格式不正确，应为有效日期 YYYY-MM-DD'],
      [{ day: '2026/10/01', working: 0 }, '日期格式不正确，应为有效日期 YYYY-MM-DD'],
      [{ day: '1989-10-01', working: 0 }, '日期的年份须在 1990–2100 之间'],
      [{ day: '2026-07-01', working: 2 }, '请选择放假或调休上班'],
      [{ day: '2026-07-01', working: 0, name: 'x'.repeat(51) }, '名称不能超过 50 个字'],
    ];
    for (const [body, msg] of bad) {
      const res = await post('save', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    expect((await post('index', { year: 1989 })).body.msg).toContain('年份须在 1990–2100 之间');
    expect((await post('reimport', { year: 2101 })).body.msg).toContain('年份须在 1990–2100 之间');
    expect(await count()).toBe(before);
  });

  it('is for administrators only', async () => {
    const before = await count();
    for (const url of ['index', 'save', 'delete', 'reimport']) {
      const res = await post(url, { year: 2026, day: '2026-07-01', working: 0 }, company);
      expect(res.status, url).toBe(403);
    }
    expect((await post('index', { year: 2026 }, '')).status).toBe(401);
    expect(await count()).toBe(before);
  });
});
