// The import's fast paths give exactly what the plain versions give: indexText (one pass into a code-unit buffer)
// equals indexTokens(text).join(' '), indexTextWithMain's main stream equals indexStreams(text).main.join(' '), and
// the integer date arithmetic equals the Date.UTC-based one.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexStreams, indexText, indexTextWithMain, indexTokens, MAX_WORD } from '../../search/tokenise';
import { PATENT_DATA_DIR } from '../../search/test-data';
import { addYearsDays, daysInMonth } from './dates';
import { DemoPatentGenerator } from './demo-patents';

const reference = (text: string) => indexTokens(text).join(' ');
/** indexTextWithMain's reference: the whole string and the main stream alone (patents_tx, migration 054). */
const withMain = (text: string) => ({ text: reference(text), main: indexStreams(text).main.join(' ') });

/** A small deterministic generator (LCG). */
function lcg(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('indexText', () => {
  it('equals the token streams joined, on demo patents', () => {
    const gen = new DemoPatentGenerator(7);
    for (let i = 0; i < 300; i++) {
      const r = gen.next();
      for (const text of [
        r.title,
        r.abstract,
        r.claims,
        r.description,
        r.applicants.join(' ; '),
        r.inventors.join(' ; '),
        r.address,
        r.agency,
      ])
        expect(indexTextWithMain(text)).toEqual(withMain(text));
      // Multi-valued fields: value by value, with the gap between values.
      for (const values of [r.applicants, r.inventors, ['', ...r.inventors, '，'], [r.agency]])
        expect(indexText(values)).toBe(indexTokens(values).join(' '));
    }
  });

  it('equals the token streams joined, on mixed scripts, astral and lone surrogates, long words, tiny runs', () => {
    const pieces = [
      '锂',
      '电池',
      ' ',
      '，',
      '、',
      'A',
      'ｂ',
      '１',
      '7',
      '𠀀',
      '𪚥',
      '\ud800',
      '\udc00',
      'é',
      '\u0301',
      '-',
      '·',
      'か',
      '한',
      'Ω',
      '٣',
      '\u200b',
      '\u3000',
      '\t\n',
      '乾',
      '臺灣',
      'x'.repeat(MAX_WORD + 5),
      '𝐀'.repeat(MAX_WORD - 2),
    ];
    const rand = lcg(3);
    // Long texts make the buffers grow: long CJK runs, one-character runs (the most output per input unit), words.
    const texts = ['', ' ', '，', '锂', '𠀀', 'a'.repeat(MAX_WORD), 'ab'.repeat(5000), '锂电池组'.repeat(3000)];
    texts.push('锂，'.repeat(4000), '锂a'.repeat(4000), '𠀀𪚥'.repeat(3000), '𠀀、'.repeat(3000), '锂电，池'.repeat(3000));
    for (let i = 0; i < 3000; i++) {
      let t = '';
      const len = Math.floor(rand() * 40);
      for (let j = 0; j < len; j++) t += pieces[Math.floor(rand() * pieces.length)];
      texts.push(t);
    }
    expect(texts.filter((t) => indexText(t) !== reference(t))).toEqual([]);
    expect(texts.filter((t) => JSON.stringify(indexTextWithMain(t)) !== JSON.stringify(withMain(t)))).toEqual([]);
  });

  const file = path.join(PATENT_DATA_DIR, 'cn_full_fields_fixtures.jsonl');
  it.skipIf(!fs.existsSync(file))('equals the token streams joined, on real full-text records', () => {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      for (const v of Object.values(JSON.parse(line) as Record<string, unknown>)) {
        const text = Array.isArray(v) ? v.join(' ; ') : typeof v === 'string' ? v : '';
        expect(indexText(text)).toBe(reference(text));
        expect(indexTextWithMain(text)).toEqual(withMain(text));
      }
    }
  });
});

describe('dates', () => {
  const refDays = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  const refAdd = (date: string, years: number, days: number) => {
    const d = new Date(`${date}T00:00:00Z`);
    return new Date(Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), d.getUTCDate() + days)).toISOString().slice(0, 10);
  };

  it('daysInMonth equals the Date.UTC answer', () => {
    for (const y of [0, 4, 99, 100, 1700, 1800, 1900, 2000, 2001, 2024, 2100, 2.5])
      for (const m of [0, 1, 2, 3, 4, 6, 9, 11, 12, 13, 1.5]) expect(daysInMonth(y, m)).toBe(refDays(y, m));
  });

  it('addYearsDays equals the Date.UTC answer (29 February, month and year ends, negative days)', () => {
    const offsets: [number, number][] = [
      [0, 0],
      [0, 1],
      [0, -1],
      [1, 0],
      [4, 0],
      [10, -1],
      [20, -1],
      [0, 180],
      [0, -200],
      [3, 365],
      [0, 1500],
      [-1, 0],
      [7, 413],
    ];
    const wrong: string[] = [];
    for (let y = 1896; y <= 2105; y += 1)
      for (let m = 1; m <= 12; m++)
        for (const d of [1, 2, 15, 27, 28, 29, 30, 31]) {
          if (d > refDays(y, m)) continue;
          const date = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          for (const [years, days] of offsets) {
            const got = addYearsDays(date, years, days);
            const want = refAdd(date, years, days);
            if (got !== want) wrong.push(`${date} +${years}y ${days}d: ${got}, not ${want}`);
          }
        }
    expect(wrong).toEqual([]);
  });

  it('falls back to Date for what the fast path does not cover', () => {
    expect(addYearsDays('0999-12-31', 0, 1)).toBe(refAdd('0999-12-31', 0, 1));
    expect(addYearsDays('9999-12-31', 0, 1)).toBe(refAdd('9999-12-31', 0, 1));
    expect(() => addYearsDays('2021-13-01', 0, 0)).toThrow(RangeError);
  });
});
