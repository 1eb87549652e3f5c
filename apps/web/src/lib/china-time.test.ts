import { describe, expect, it } from 'vitest';
import { chinaDay, chinaMinute, chinaSecond, chinaToday, chinaYear } from './china-time';

describe('china-time', () => {
  it('shows stored UTC times as China time, across the day and year boundary', () => {
    expect(chinaMinute('2026-11-24T02:10:00.000Z')).toBe('2026-11-24 10:10');
    expect(chinaSecond('2026-12-31T15:59:59.000Z')).toBe('2026-12-31 23:59:59');
    expect(chinaDay('2026-12-31T16:00:00.000Z')).toBe('2027-01-01');
    expect(chinaToday(new Date('2026-12-31T16:00:00.000Z'))).toBe('2027-01-01');
    expect(chinaYear(new Date('2026-12-31T15:59:59.000Z'))).toBe(2026);
    expect(chinaYear(new Date('2026-12-31T16:00:00.000Z'))).toBe(2027);
  });
  it('answers a placeholder for an empty value', () => {
    expect(chinaMinute(null)).toBe('—');
    expect(chinaSecond('')).toBe('—');
    expect(chinaDay(undefined)).toBe('');
  });
});
