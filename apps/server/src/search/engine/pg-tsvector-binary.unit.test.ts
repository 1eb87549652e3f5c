// The import's binary tsvectors (tsvectorChunksBinary) decode to the lexemes and positions of the tsvector literals
// tsvectorChunks writes, chunk for chunk, in the server's order (by UTF-8 bytes) — on demo patents, real records and
// made-up edge cases. pg-bulk-index.test.ts checks on a PostgreSQL server that the values are equal.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DemoPatentGenerator } from '../../modules/patents/demo-patents';
import { PATENT_DATA_DIR } from '../test-data';
import { indexStreams, indexUnits, MAX_WORD } from '../tokenise';
import { fieldTsvectorsBinary, tsvectorChunks, tsvectorChunksBinary, tsvectorOfUnits } from './pg-tsvector';

/** A binary tsvector as `lexeme:positions` strings, in its order. */
function decode(buf: Buffer): string[] {
  const out: string[] = [];
  let off = 4;
  for (let i = 0; i < buf.readInt32BE(0); i++) {
    const end = buf.indexOf(0, off);
    const lexeme = buf.toString('utf8', off, end);
    off = end + 1;
    const n = buf.readUInt16BE(off);
    off += 2;
    const pos: number[] = [];
    for (let j = 0; j < n; j++, off += 2) pos.push(buf.readUInt16BE(off));
    out.push(n ? `${lexeme}:${pos.join(',')}` : lexeme);
  }
  expect(off).toBe(buf.length);
  return out;
}

/** A tsvector literal of tsvectorChunks as the same strings, sorted by UTF-8 bytes (the server's order). */
function parseLiteral(literal: string): string[] {
  const out: string[] = [];
  for (const m of literal.matchAll(/'((?:[^'\\]|''|\\.)*)'(?::([\d,]+))?/g)) {
    const lexeme = m[1].replace(/''/g, "'").replace(/\\(.)/g, '$1');
    out.push(m[2] ? `${lexeme}:${m[2]}` : lexeme);
  }
  const key = (s: string) => Buffer.from(s.replace(/:[\d,]+$/, ''), 'utf8');
  return out.sort((a, b) => Buffer.compare(key(a), key(b)));
}

function check(text: string | readonly string[]) {
  const { main, unigrams } = indexStreams(text);
  expect(tsvectorChunksBinary(main, unigrams).map(decode)).toEqual(tsvectorChunks(main, unigrams).map(parseLiteral));
}

/**
 * fieldTsvectorsBinary gives tsvectorChunksBinary's buffers byte for byte; resolves whether its fast path
 * (tsvectorOfUnits) made them rather than the fallback.
 */
function checkFast(text: string | readonly string[]): boolean {
  const { main, unigrams } = indexStreams(text);
  const want = tsvectorChunksBinary(main, unigrams);
  const got = fieldTsvectorsBinary(text);
  expect(got.length).toBe(want.length);
  got.forEach((b, i) => expect(b.equals(want[i]), `${JSON.stringify(text).slice(0, 80)} chunk ${i}`).toBe(true));
  const units = indexUnits(text);
  return tsvectorOfUnits(units.main, units.unigrams) !== null;
}

describe('tsvectorChunksBinary', () => {
  it('equals the literals on demo patents, field by field and value by value', () => {
    const gen = new DemoPatentGenerator(5);
    for (let i = 0; i < 200; i++) {
      const r = gen.next();
      for (const text of [r.title, r.abstract, r.claims, r.description, r.address, r.agency]) check(text);
      for (const values of [r.applicants, r.inventors, ['', ...r.inventors, '，', ''], [r.agency], []]) check(values);
    }
  });

  it('equals the literals on edge cases: astral characters, long words, quotes, chunked fields', () => {
    const long = Array.from({ length: 40_000 }, (_, i) => '锂电池正极材料的制备方法'[(i * 7) % 12]).join('');
    const cases: (string | string[])[] = [
      '',
      '锂',
      'a',
      "it's a \\back\\slash'd word",
      '𠀀𠀁 字𪚥 ＡＢＣ 𠀀',
      'x'.repeat(MAX_WORD + 5) + ' ' + 'é'.repeat(MAX_WORD + 1),
      '用4G/5G通信模块，锂电池。Lithium-ion battery',
      long,
      long.slice(0, 3000),
      Array.from({ length: 300 }, () => 'cell').join(' '),
      ['中科大数据研究院', '', "O'Brien & Co", '𠀀公司'],
      ['', ''],
      ['', '锂电'],
      Array.from({ length: 200 }, (_, i) => `申请人${i}`),
    ];
    for (const c of cases) check(c);
  });

  it('is what the fast path (fieldTsvectorsBinary) makes, on demo patents and edge cases', () => {
    const gen = new DemoPatentGenerator(7);
    let fields = 0;
    let fast = 0;
    for (let i = 0; i < 300; i++) {
      const r = gen.next();
      for (const text of [r.title, r.abstract, r.claims, r.description, r.address, r.agency, r.applicants, r.inventors]) {
        fields++;
        if (checkFast(text)) fast++;
      }
      checkFast(['', ...r.inventors, '，', '']);
    }
    expect(fast).toBe(fields); // every demo field takes the fast path
    const words = (n: number, len: number) => Array.from({ length: n }, (_, i) => `w${i}`.padEnd(len, 'x')).join(' ');
    const fastCases: (string | string[])[] = [
      '',
      '锂',
      'a',
      // Words of one, two and more units around each other and around CJK tokens: the merge of long words.
      'abc ab a b 4g 4gx 5 a0 zz zzz éé é ж жж 锂电 锂 锂电池 Ａ',
      'x'.repeat(MAX_WORD + 5) + ' ' + 'é'.repeat(MAX_WORD + 1),
      '用4G/5G通信模块，锂电池。Lithium-ion battery lifepo4 g06f',
      Array.from({ length: 256 }, () => 'cell').join(' '),
      Array.from({ length: 256 }, () => '锂').join('，'),
      ['中科大数据研究院', '', "O'Brien & Co"],
      ['', ''],
      ['', '锂电'],
      Array.from({ length: 150 }, (_, i) => `申请人${i}`),
      words(15_000, 3),
    ];
    for (const c of fastCases) expect(checkFast(c), JSON.stringify(c).slice(0, 40)).toBe(true);
    // The fallback (tsvectorChunksBinary) where the old path differs: a surrogate, a lexeme's 257th position,
    // more than one chunk's positions, the byte budget.
    const slowCases: (string | string[])[] = [
      '𠀀𠀁 字𪚥 ＡＢＣ 𠀀',
      ['中科大数据研究院', '𠀀公司'],
      Array.from({ length: 257 }, () => 'cell').join(' '),
      Array.from({ length: 257 }, () => '锂').join('，'),
      Array.from({ length: 257 }, () => 'cells').join(' '),
      Array.from({ length: 16_001 }, (_, i) => '锂电池正极材料的制备方法'[(i * 7) % 12]).join(''),
      words(16_001, 3),
      words(10_000, MAX_WORD),
    ];
    for (const c of slowCases) expect(checkFast(c), JSON.stringify(c).slice(0, 40)).toBe(false);
  });

  const files = fs.existsSync(PATENT_DATA_DIR) ? fs.readdirSync(PATENT_DATA_DIR).filter((f) => f.endsWith('.jsonl')) : [];
  it.skipIf(!files.length)('equals the literals on the real records (the first 150 lines of each file)', () => {
    for (const f of files) {
      const lines = fs.readFileSync(path.join(PATENT_DATA_DIR, f), 'utf8').split('\n').slice(0, 150);
      for (const line of lines) {
        if (!line.trim()) continue;
        for (const v of Object.values(JSON.parse(line) as Record<string, unknown>)) {
          if (typeof v === 'string') {
            check(v);
            checkFast(v);
          } else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) {
            check(v as string[]);
            checkFast(v as string[]);
          }
        }
      }
    }
  });
});
