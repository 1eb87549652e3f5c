import { describe, expect, it } from 'vitest';
import { addYearsDays, parseDate } from './dates';
import { dayFromNumber, dayNumber, patentTerm } from '../fees/fee-engine';
import { deriveLegalStatus, eventEffect, statusFromText, termEnd, type LegalStatusInput } from './legal-status';

const TODAY = '2026-01-15';
const base = (over: Partial<LegalStatusInput>): LegalStatusInput => ({
  type: '发明',
  country: 'CN',
  ad: '2020-03-01',
  publications: [],
  legalEvents: [],
  today: TODAY,
  ...over,
});

describe('dates', () => {
  it.each([
    ['2022-12-02', '2022-12-02'],
    ['20221202', '2022-12-02'],
    ['2022.12.02', '2022-12-02'],
    ['2022/1/2', '2022-01-02'],
    ['2022年12月2日', '2022-12-02'],
    ['2024-02-29', '2024-02-29'],
    ['2022-12-02T00:00:00Z', '2022-12-02'],
  ])('reads %s', (input, want) => expect(parseDate(input)).toBe(want));

  it.each(['2021-02-29', '2022-13-01', '2022-00-10', '2022-04-31', '2022121', 'yesterday', '2022-12'])('refuses %s', (input) => {
    expect(parseDate(input)).toBeNull();
  });

  it('adds years the way a term runs (29 February rolls over)', () => {
    expect(addYearsDays('2010-05-05', 20, -1)).toBe('2030-05-04');
    expect(addYearsDays('2020-02-29', 10, -1)).toBe('2030-02-28');
  });
});

describe('termEnd (DOMAIN §3)', () => {
  it('invention 20 years from filing: filed 2010-05-05 → in force through 2030-05-04', () => {
    expect(termEnd({ type: '发明', country: 'CN', ad: '2010-05-05' })).toBe('2030-05-04');
  });
  it('adds an invention’s term adjustment', () => {
    expect(termEnd({ type: '发明', country: 'CN', ad: '2010-05-05', termAdjustmentDays: 30 })).toBe('2030-06-03');
    expect(termEnd({ type: '实用新型', country: 'CN', ad: '2010-05-05', termAdjustmentDays: 30 })).toBe('2020-05-04');
  });
  it('utility model 10 years; design 10 years before 2021-06-01 and 15 from then', () => {
    expect(termEnd({ type: '实用新型', country: 'CN', ad: '2018-01-10' })).toBe('2028-01-09');
    expect(termEnd({ type: '外观设计', country: 'CN', ad: '2021-05-31' })).toBe('2031-05-30');
    expect(termEnd({ type: '外观设计', country: 'CN', ad: '2021-06-01' })).toBe('2036-05-31');
  });
  // Filed on 29 February (ADR 0033): the same rule as the fee engine — the N-th anniversary (28 February in a common
  // year, month-end rule) minus one day, so the last day in force is 27 February, the day before year N + 1 would start.
  it.each([
    ['发明', '2080-02-29', 0, '2100-02-27'],
    ['发明', '2080-02-29', 10, '2100-03-09'],
    ['发明', '2000-02-29', 0, '2020-02-28'],
    ['实用新型', '2016-02-29', 0, '2026-02-27'],
    ['实用新型', '2024-02-29', 0, '2034-02-27'],
    ['外观设计', '2024-02-29', 0, '2039-02-27'],
    ['外观设计', '2016-02-29', 0, '2026-02-27'],
  ] as const)('%s filed %s (adjustment %d days): in force through %s', (type, ad, adj, want) => {
    expect(termEnd({ type, country: 'CN', ad, termAdjustmentDays: adj })).toBe(want);
  });
  it('gives the fee engine’s term for every filing day of a leap-year span (one rule)', () => {
    const types = [
      ['发明', 'invention'],
      ['实用新型', 'utility'],
      ['外观设计', 'design'],
    ] as const;
    const differ: string[] = [];
    for (let d = dayNumber('2019-12-01'); d <= dayNumber('2024-03-31'); d++) {
      const ad = dayFromNumber(d);
      for (const [cn, en] of types) {
        const fee = patentTerm({ type: en, filingDate: ad, grantDate: null, reductionPct: 0, payments: [] });
        if (termEnd({ type: cn, country: 'CN', ad }) !== fee.expiry) differ.push(`${cn} ${ad}`);
      }
    }
    expect(differ).toEqual([]);
  });
  it('a 29 February filing is 无权 from the day after its last day', () => {
    const p = { type: '实用新型' as const, ad: '2016-02-29', publications: [{ kind: 'U', date: '2016-08-01' }] };
    expect(deriveLegalStatus(base({ ...p, today: '2026-02-27' })).status).toBe('有权');
    expect(deriveLegalStatus(base({ ...p, today: '2026-02-28' })).status).toBe('无权');
  });
  it('is unknown without a filing date', () => {
    expect(termEnd({ type: '发明', country: 'CN', ad: null })).toBeNull();
  });
});

describe('eventEffect', () => {
  it.each([
    [{ code: 'PB01', text: '公开' }, 'pending'],
    [{ code: 'SE01', text: '实质审查的生效' }, 'pending'],
    [{ code: 'GR01', text: '授权' }, 'grant'],
    [{ code: 'C14', text: '' }, 'grant'],
    [{ code: 'PC01', text: '未缴年费专利权终止' }, 'lapse'],
    [{ code: 'RJ01', text: '发明专利申请公布后的驳回' }, 'lapse'],
    [{ code: 'WD01', text: '发明专利申请公布后的视为撤回' }, 'lapse'],
    [{ code: 'CF01', text: '专利权有效期届满终止' }, 'lapse'],
    [{ code: 'TR01', text: '专利权的转移' }, 'none'],
    [{ code: '', text: '专利权的恢复' }, 'restore'],
    [{ code: '', text: '专利权授予' }, 'grant'],
    [{ code: '', text: '授权后视为放弃' }, 'lapse'],
    [{ code: '', text: '宣告专利权全部无效' }, 'lapse'],
    [{ code: '', text: '无效宣告请求' }, 'none'],
    [{ code: 'X99', text: '著录事项变更' }, 'none'],
    [{ code: 'grant', text: '' }, 'grant'],
    [{ code: 'fee_lapse', text: '' }, 'lapse'],
  ])('%o → %s', (e, want) => expect(eventEffect(e)).toBe(want));
});

describe('statusFromText', () => {
  it.each([
    ['有权-审定授权', '有权'],
    ['审中-实质审查', '审中'],
    ['无权-未缴年费', '无权'],
    ['有权', '有权'],
    ['失效', '无权'],
    ['专利权有效期届满', '无权'],
    ['pending', '审中'],
    ['', null],
    ['未知', null],
  ])('%s → %s', (text, want) => expect(statusFromText(text)).toBe(want));
});

describe('deriveLegalStatus', () => {
  it('legal events decide: granted → 有权', () => {
    const r = deriveLegalStatus(
      base({
        legalEvents: [
          { date: '2021-09-01', code: 'PB01', text: '公开' },
          { date: '2021-10-01', code: 'SE01', text: '实质审查的生效' },
          { date: '2023-02-01', code: 'GR01', text: '授权' },
        ],
        publications: [{ kind: 'A', date: '2021-09-01' }],
      }),
    );
    expect(r).toEqual({ status: '有权', expiryDate: '2040-02-29', basis: 'events' });
  });

  it('published and in examination → 审中; rejected or withdrawn → 无权', () => {
    const pub = [{ date: '2021-09-01', code: 'PB01', text: '公开' }];
    expect(deriveLegalStatus(base({ legalEvents: pub })).status).toBe('审中');
    expect(deriveLegalStatus(base({ legalEvents: [...pub, { date: '2023-01-01', code: 'RJ01', text: '驳回' }] })).status).toBe(
      '无权',
    );
    expect(
      deriveLegalStatus(base({ legalEvents: [...pub, { date: '2023-01-01', code: 'WD01', text: '视为撤回' }] })).status,
    ).toBe('无权');
  });

  it('events are read in date order whatever their order in the record', () => {
    const events = [
      { date: '2024-06-01', code: 'PC01', text: '未缴年费专利权终止' },
      { date: '2022-01-01', code: 'GR01', text: '授权' },
    ];
    expect(deriveLegalStatus(base({ legalEvents: events })).status).toBe('无权');
  });

  it('a restoration after a fee lapse brings the patent back in force', () => {
    const events = [
      { date: '2022-01-01', code: 'GR01', text: '授权' },
      { date: '2024-06-01', code: 'PC01', text: '未缴年费专利权终止' },
      { date: '2024-09-01', code: 'RR01', text: '专利权的恢复' },
    ];
    expect(deriveLegalStatus(base({ legalEvents: events })).status).toBe('有权');
  });

  it('events that change nothing fall through to the status text, then the kinds', () => {
    const transfer = [{ date: '2023-01-01', code: 'TR01', text: '专利权的转移' }];
    expect(deriveLegalStatus(base({ legalEvents: transfer, statusText: '有权-审定授权' }))).toMatchObject({
      status: '有权',
      basis: 'text',
    });
    expect(deriveLegalStatus(base({ legalEvents: transfer, publications: [{ kind: 'A', date: '2021-09-01' }] }))).toMatchObject({
      status: '审中',
      basis: 'kind',
    });
  });

  it('granted kinds → 有权, an application only → 审中', () => {
    expect(
      deriveLegalStatus(
        base({
          publications: [
            { kind: 'A', date: '2021-09-01' },
            { kind: 'B', date: '2023-02-01' },
          ],
        }),
      ).status,
    ).toBe('有权');
    expect(deriveLegalStatus(base({ type: '实用新型', publications: [{ kind: 'U', date: '2020-09-01' }] })).status).toBe('有权');
    expect(deriveLegalStatus(base({ type: '外观设计', publications: [{ kind: 'S', date: '2020-09-01' }] })).status).toBe('有权');
    expect(deriveLegalStatus(base({ publications: [{ kind: 'A', date: '2021-09-01' }] })).status).toBe('审中');
    expect(deriveLegalStatus(base({ country: 'US', publications: [{ kind: 'B2', date: '2021-09-01' }] })).status).toBe('有权');
    expect(deriveLegalStatus(base({ country: 'US', publications: [{ kind: 'A1', date: '2021-09-01' }] })).status).toBe('审中');
  });

  it('a run-out term makes any status 无权', () => {
    // Utility model filed 2014: ten years ran out in 2024.
    expect(
      deriveLegalStatus(base({ type: '实用新型', ad: '2014-03-01', publications: [{ kind: 'U', date: '2014-09-01' }] })),
    ).toMatchObject({
      status: '无权',
      expiryDate: '2024-02-29',
    });
    expect(deriveLegalStatus(base({ ad: '2005-01-10', statusText: '有权-审定授权' })).status).toBe('无权');
    expect(
      deriveLegalStatus(base({ ad: '2005-01-10', legalEvents: [{ date: '2008-01-01', code: 'GR01', text: '授权' }] })).status,
    ).toBe('无权');
    // A design filed before 2021-06-01 has 10 years, after it 15.
    expect(
      deriveLegalStatus(base({ type: '外观设计', ad: '2015-06-01', publications: [{ kind: 'S', date: '2015-12-01' }] })).status,
    ).toBe('无权');
    expect(
      deriveLegalStatus(base({ type: '外观设计', ad: '2021-06-01', publications: [{ kind: 'S', date: '2021-12-01' }] })).status,
    ).toBe('有权');
  });

  it('without a filing date, an expiry is concluded only when the publication date proves it', () => {
    // Published 2003: filed before, so 20 years have certainly passed.
    expect(deriveLegalStatus(base({ ad: null, publications: [{ kind: null, date: '2003-05-01' }] }))).toMatchObject({
      status: '无权',
      basis: 'term',
    });
    expect(deriveLegalStatus(base({ ad: null, publications: [{ kind: 'B', date: '2004-05-01' }] })).status).toBe('无权');
    // Published 2010 with a grant kind: may still be in force.
    expect(deriveLegalStatus(base({ ad: null, publications: [{ kind: 'B', date: '2010-05-01' }] })).status).toBe('有权');
    // Nothing tells.
    expect(deriveLegalStatus(base({ ad: null, publications: [{ kind: null, date: '2015-05-01' }] }))).toEqual({
      status: '',
      expiryDate: null,
      basis: 'none',
    });
  });
});
