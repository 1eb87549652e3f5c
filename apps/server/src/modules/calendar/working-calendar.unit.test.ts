import { describe, expect, it } from 'vitest';
import { calendarFromDays, chineseDaysCalendar, nextDay } from './working-calendar';

describe('working calendar', () => {
  it('moves a deadline off weekends and listed holidays, and counts adjusted working days', () => {
    // 2026-10-01 (Thu) … 10-08 off in this table; 2026-10-10 (Sat) an adjusted working day.
    const days = new Map<string, boolean>([['2026-10-10', true]]);
    for (let d = '2026-10-01'; d <= '2026-10-08'; d = nextDay(d)) days.set(d, false);
    const cal = calendarFromDays(days);
    expect(cal.isWorkingDay('2026-10-09')).toBe(true);
    expect(cal.isWorkingDay('2026-10-11')).toBe(false); // Sunday
    expect(cal.onOrNextWorkingDay('2026-10-03')).toBe('2026-10-09');
    expect(cal.onOrNextWorkingDay('2026-10-10')).toBe('2026-10-10');
    expect(cal.onOrNextWorkingDay('2026-11-28')).toBe('2026-11-30'); // Saturday → Monday
    expect(cal.addWorkingDays('2026-09-30', 2)).toBe('2026-10-10');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });

  it('knows China’s 2026 National Day week from chinese-days', () => {
    const cal = chineseDaysCalendar();
    expect(cal.isWorkingDay('2026-10-01')).toBe(false);
    expect(cal.isWorkingDay('2026-10-10')).toBe(true); // 调休 Saturday
    expect(cal.onOrNextWorkingDay('2026-10-01')).toBe('2026-10-08'); // 1–7 October off
  });
});
