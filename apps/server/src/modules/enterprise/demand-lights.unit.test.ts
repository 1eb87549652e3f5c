import { describe, expect, it } from 'vitest';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { DUE_EXPR } from '../../db/migrations/044-demand-due-index';
import { calendarFromDays } from '../calendar/working-calendar';
import { DEFAULT_DEMAND_LIMITS, currentDue, demandDueDays, demandLight, dueSql } from './demand-lights';

// 2026-10-01..07 are days off (国庆), 2026-10-10 (Saturday) a working day; other weekends off.
const cal = calendarFromDays(
  new Map<string, boolean>([
    ...['01', '02', '03', '04', '05', '06', '07'].map((d) => [`2026-10-${d}`, false] as [string, boolean]),
    ['2026-10-10', true],
  ]),
);

describe('demand limits and lights (ADR 0039)', () => {
  it('counts the limits in working days across a weekend and a holiday', () => {
    // Friday 2026-11-20: contact Monday, reply Wednesday, close Friday the 27th.
    expect(demandDueDays('2026-11-20', DEFAULT_DEMAND_LIMITS, cal)).toEqual({
      contact_due: '2026-11-23',
      reply_due: '2026-11-25',
      close_due: '2026-11-27',
    });
    // Registered on 30 September: the holiday week is skipped, the adjusted Saturday counts.
    expect(demandDueDays('2026-09-30', DEFAULT_DEMAND_LIMITS, cal)).toEqual({
      contact_due: '2026-10-08',
      reply_due: '2026-10-10',
      close_due: '2026-10-13',
    });
  });

  it('moves the due day along the loop and gives red, yellow and green', () => {
    const d = {
      status: 'assigned',
      contacted_at: null as string | null,
      replied_at: null as string | null,
      ...demandDueDays('2026-11-20', DEFAULT_DEMAND_LIMITS, cal),
    };
    expect(currentDue(d)).toBe('2026-11-23');
    expect(demandLight(d, '2026-11-20', cal)).toBe('yellow'); // due on the next working day (Monday)
    expect(demandLight(d, '2026-11-24', cal)).toBe('red');
    const contacted = { ...d, contacted_at: '2026-11-23T02:00:00Z' };
    expect(currentDue(contacted)).toBe('2026-11-25');
    expect(demandLight(contacted, '2026-11-23', cal)).toBe('green');
    expect(demandLight(contacted, '2026-11-24', cal)).toBe('yellow');
    const replied = { ...contacted, replied_at: '2026-11-24T02:00:00Z' };
    expect(currentDue(replied)).toBe('2026-11-27');
    expect(demandLight({ ...replied, status: 'handled' }, '2026-12-30', cal)).toBeNull();
  });

  it('writes the due day as migration 044 indexes it (an expression index is used only for the identical expression)', () => {
    const db = new Kysely<unknown>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (k) => new PostgresIntrospector(k),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    const words = (s: string) => s.replace(/\s+/g, ' ').trim();
    expect(words(dueSql('d').compile(db).sql)).toBe(
      words(`(${DUE_EXPR.replace(/\b(status|contacted_at|replied_at|contact_due|reply_due|close_due)\b/g, '"d".$1')})`),
    );
  });
});
