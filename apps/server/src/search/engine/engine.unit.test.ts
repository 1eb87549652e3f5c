import { describe, expect, it } from 'vitest';
import { parseExpression, type NearNode } from '../expression';
import { rng } from '../test-data';
import { Bitset } from './bitset';
import { ftsQuery, rankFtsQuery, titleFtsQuery } from './compile-sqlite';
import { chunkRanges, quoteLexeme, tsvectorChunks } from './pg-tsvector';
import { nearTsquery, termTsquery } from './text-query';
import { CHUNK_OVERLAP, MAX_TERM_TOKENS, MAX_WINDOW, PG_CHUNK_POSITIONS, PG_MAX_POSITIONS_PER_LEXEME } from './limits';
import { MAX_NEAR_DISTANCE } from '../expression';
import { topK } from './sqlite-store';

describe('PostgreSQL chunks', () => {
  function check(main: string[], limits: { positions: number; perLexeme: number; bytes: number; overlap: number }) {
    const ranges = chunkRanges(main, limits);
    expect(ranges[0][0]).toBe(0);
    expect(ranges[ranges.length - 1][1]).toBe(main.length);
    for (const [s, e] of ranges) {
      expect(e - s).toBeLessThanOrEqual(limits.positions);
      const counts = new Map<string, number>();
      for (let i = s; i < e; i++) counts.set(main[i], (counts.get(main[i]) ?? 0) + 1);
      for (const n of counts.values()) expect(n).toBeLessThanOrEqual(limits.perLexeme);
    }
    // Every window of overlap + 1 tokens lies inside one chunk.
    const w = limits.overlap + 1;
    const uncovered: number[] = [];
    let k = 0;
    for (let i = 0; i + w <= main.length; i++) {
      while (k < ranges.length && ranges[k][1] < i + w) k++;
      if (!(k < ranges.length && ranges[k][0] <= i)) uncovered.push(i);
    }
    expect(uncovered).toEqual([]);
    return ranges;
  }

  it('cuts long streams so every window of the overlap + 1 lies in one chunk', () => {
    const rand = rng(3);
    for (let round = 0; round < 40; round++) {
      const vocab = 1 + Math.floor(rand() * 30);
      const main = Array.from({ length: Math.floor(rand() * 400) }, () => `t${Math.floor(rand() * vocab)}`);
      check(main, { positions: 60, perLexeme: 12, bytes: 1e9, overlap: 8 });
    }
    // One lexeme only: the worst case still moves forward.
    const ranges = check(
      Array.from({ length: 500 }, () => 'x'),
      { positions: 60, perLexeme: 12, bytes: 1e9, overlap: 8 },
    );
    expect(ranges.length).toBeGreaterThan(40);
  });

  it('keeps the real limits consistent', () => {
    expect(CHUNK_OVERLAP).toBeLessThan(PG_MAX_POSITIONS_PER_LEXEME);
    expect(PG_CHUNK_POSITIONS).toBeLessThan(16383);
    // The widest query window: a NEAR of two longest terms at the longest distance.
    expect(2 * MAX_TERM_TOKENS + MAX_NEAR_DISTANCE).toBeLessThanOrEqual(MAX_WINDOW);
    const main = Array.from({ length: 40000 }, (_, i) => (i % 3 === 0 ? '所述' : `w${i % 1000}`));
    const ranges = check(main, {
      positions: PG_CHUNK_POSITIONS,
      perLexeme: PG_MAX_POSITIONS_PER_LEXEME,
      bytes: 600_000,
      overlap: CHUNK_OVERLAP,
    });
    expect(ranges.length).toBeGreaterThan(1);
  });

  it('writes tsvector literals with positions, unigrams without, quotes escaped', () => {
    expect(tsvectorChunks(['锂b', '锂电', '电池', '池e', '锂电'], ['·锂', '·电', '·池', '·锂'])).toEqual([
      "'锂b':1 '锂电':2,5 '电池':3 '池e':4 '·锂' '·电' '·池'",
    ]);
    expect(tsvectorChunks([], [])).toEqual(['']);
    expect(quoteLexeme("it's\\")).toBe("'it''s\\\\'");
  });
});

describe('query text', () => {
  it('compiles text-only trees into one FTS5 query', () => {
    expect(ftsQuery(parseExpression('锂电池'))).toBe('{ti ab cl} : "锂电 电池"');
    expect(ftsQuery(parseExpression('TI=锂 AND NOT AB=batter*'))).toBe('(ti : "·锂") NOT (ab : "batter"*)');
    expect(ftsQuery(parseExpression('TI=(a OR "4G通信")'))).toBe('(ti : "a") OR (ti : "4g 通b 通信")');
    expect(ftsQuery(parseExpression('AB=(锂 NEAR/5 电池)'))).toBe('ab : NEAR("锂"* "电池", 5)');
    expect(ftsQuery(parseExpression('NOT TI=a'))).toBeNull();
    expect(ftsQuery(parseExpression('TI=a AND AD>=2020'))).toBeNull();
    expect(rankFtsQuery(parseExpression('TI=a AND AD>=2020 AND NOT TI=b'))).toBe('(ti : "a") NOT (ti : "b")');
    expect(rankFtsQuery(parseExpression('TI=a OR AD>=2020'))).toBe('(ti : "a")');
    expect(titleFtsQuery(parseExpression('TX=a OR AB=b OR TI=c'))).toBe('(ti : "a") OR (ti : "c")');
  });

  it('builds tsqueries from the same tokens', () => {
    const term = (e: string) => termTsquery(parseExpression(e) as never);
    expect(term('TI=锂电池')).toBe("('锂电' <-> '电池')");
    expect(term('TI=锂')).toBe("'·锂'");
    expect(term('TI=batter*')).toBe("'batter':*");
    const near = nearTsquery(parseExpression('TI=(a NEAR/1 b)') as NearNode)!;
    for (const k of [0, 1, 2]) {
      expect(near).toContain(`('a' <${k}> 'b')`);
      expect(near).toContain(`('b' <${k}> 'a')`);
    }
    expect(near).not.toContain('<3>');
    // Overlapping phrases that agree where they overlap become one phrase.
    expect(nearTsquery(parseExpression('TI=(锂电池 NEAR/1 电池组)') as NearNode)).toContain(
      "(('锂电' <-> '电池') <0> ('电池' <-> '池组'))",
    );
    expect(nearTsquery(parseExpression('TI=(锂电池组 NEAR/1 电池)') as NearNode)).toContain("(('锂电' <-> '电池' <-> '池组'))");
    expect(nearTsquery(parseExpression('TI=(锂 NEAR/1 电)') as NearNode)).toContain("('锂':* <0> '电':*)");
  });
});

describe('Bitset and topK', () => {
  it('counts, iterates and combines', () => {
    const a = Bitset.fromIds(100, [1, 5, 31, 32, 64, 100]);
    const b = Bitset.fromIds(100, [5, 32, 99]);
    expect(a.count()).toBe(6);
    expect([...a.toArray()]).toEqual([1, 5, 31, 32, 64, 100]);
    expect([...a.clone().and(b).toArray()]).toEqual([5, 32]);
    expect([...a.clone().or(b).toArray()]).toEqual([1, 5, 31, 32, 64, 99, 100]);
    expect([...a.clone().andNot(b).toArray()]).toEqual([1, 31, 64, 100]);
  });

  it('selects the first k like a full sort', () => {
    const rand = rng(5);
    const items = Array.from({ length: 20000 }, () => Math.floor(rand() * 5000));
    const cmp = (x: number, y: number) => (x % 97) - (y % 97) || y - x;
    expect(topK(items, 50, cmp)).toEqual([...items].sort(cmp).slice(0, 50));
    expect(topK(items, 0, cmp)).toEqual([]);
  });
});
