import { describe, expect, it } from 'vitest';
import { parseExpression, quoteValue, type NearNode } from '../expression';
import { rng } from '../test-data';
import { addBitmap, addIdList, Bitset } from './bitset';
import { ftsQuery, rankFtsQuery, titleFtsQuery, titleIndexQuery, txIndexQuery } from './compile-sqlite';
import { chunkRanges, quoteLexeme, tsvectorChunks } from './pg-tsvector';
import { nearSides, nearTsquery, termTsquery } from './text-query';
import { indexStreams, VALUE_GAP } from '../tokenise';
import { referenceNear } from '../../modules/search/testing';
import { CHUNK_OVERLAP, MAX_TERM_TOKENS, MAX_WINDOW, PG_CHUNK_POSITIONS, PG_MAX_POSITIONS_PER_LEXEME } from './limits';
import { MAX_NEAR_DISTANCE } from '../expression';
import { topK } from './sqlite-store';
import { inHalves } from './fts-halves';
import { addFacetCounts, countFacets, FACET_BLOCK, facetCounters, middleWord, type FacetCounters } from './facet-count';

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
    // The widest query window: a NEAR of two longest terms at the longest distance (nearSides adds one
    // position, to a side's width or to the distance).
    expect(2 * MAX_TERM_TOKENS + MAX_NEAR_DISTANCE + 1).toBeLessThanOrEqual(MAX_WINDOW);
    // No NEAR reaches across the gap between two values: the engine distance is at most MAX_NEAR_DISTANCE + 1.
    expect(VALUE_GAP).toBeGreaterThan(MAX_NEAR_DISTANCE + 1);
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
    expect(tsvectorChunks(['锂电', '电池', '池e', '锂电'], ['·锂', '·电', '·池', '·锂'])).toEqual([
      "'锂电':1,4 '电池':2 '池e':3 '·锂' '·电' '·池'",
    ]);
    // Gap tokens between values take positions but are not written.
    expect(tsvectorChunks(indexStreams(['a b', 'c']).main, [])).toEqual([`'a':1 'b':2 'c':${3 + VALUE_GAP}`]);
    expect(tsvectorChunks([], [])).toEqual(['']);
    expect(quoteLexeme("it's\\")).toBe("'it''s\\\\'");
  });
});

describe('query text', () => {
  it('compiles text-only trees into one FTS5 query', () => {
    expect(ftsQuery(parseExpression('锂电池'))).toBe('{ti ab cl} : "锂电 电池"');
    expect(ftsQuery(parseExpression('TI=锂 AND NOT AB=batter*'))).toBe('(ti : "·锂") NOT (ab : "batter"*)');
    expect(ftsQuery(parseExpression('TI=(a OR "4G通信")'))).toBe('(ti : "a") OR (ti : "4g 通信")');
    // NEAR counts units: a CJK side gets its last character as a prefix slot when only it needs one…
    expect(ftsQuery(parseExpression('AB=(锂 NEAR/5 电池)'))).toBe('ab : NEAR("锂"* "电池 池"*, 5)');
    // …and when both sides end with a CJK run, the distance grows by one instead.
    expect(ftsQuery(parseExpression('名称=(正极材料 NEAR/1 制备方法)'))).toBe('ti : NEAR("正极 极材 材料" "制备 备方 方法", 2)');
    expect(ftsQuery(parseExpression('TI=(graphics NEAR/1 unit)'))).toBe('ti : NEAR("graphics" "unit", 1)');
    expect(ftsQuery(parseExpression('NOT TI=a'))).toBeNull();
    expect(ftsQuery(parseExpression('TI=a AND AD>=2020'))).toBeNull();
    expect(rankFtsQuery(parseExpression('TI=a AND AD>=2020 AND NOT TI=b'))).toBe('(ti : "a") NOT (ti : "b")');
    expect(rankFtsQuery(parseExpression('TI=a OR AD>=2020'))).toBe('(ti : "a")');
    expect(titleFtsQuery(parseExpression('TX=a OR AB=b OR TI=c'))).toBe('(ti : "a") OR (ti : "c")');
  });

  it('sends title-only FTS5 queries to patents_ti without their column filters, and nothing else', () => {
    const title = (e: string) => titleIndexQuery(ftsQuery(parseExpression(e))!);
    expect(title('TI=锂电池')).toBe('"锂电 电池"');
    expect(title('名称=(正极 NOT 负极)')).toBe('("正极") NOT ("负极")');
    expect(title('TI=(正极材料 NEAR/1 制备方法)')).toBe('NEAR("正极 极材 材料" "制备 备方 方法", 2)');
    expect(title('TI=a OR AB=b')).toBeNull();
    expect(title('锂电池')).toBeNull();
    expect(titleIndexQuery('"a"')).toBeNull();
    expect(titleIndexQuery(titleFtsQuery(parseExpression('TX=a OR TI=c'))!)).toBe('("a") OR ("c")');
  });

  it('sends queries on 名称/摘要/权利要求 alone to patents_tx, unless a one-character term needs the unigrams', () => {
    const tx = (e: string) => txIndexQuery(ftsQuery(parseExpression(e))!);
    // The top bar's keyword: every filter is all three columns, so none is needed there.
    expect(tx('锂电池')).toBe('"锂电 电池"');
    expect(tx('TX=(锂电池 NOT 钠离子)')).toBe('("锂电 电池") NOT ("钠离 离子")');
    expect(tx('TX=(正极材料 NEAR/1 制备方法)')).toBe('NEAR("正极 极材 材料" "制备 备方 方法", 2)');
    // Fewer columns keep their filters (patents_tx names its columns as patents_fts does).
    expect(tx('AB=锂电池 AND TX=正极')).toBe('(ab : "锂电 电池") AND ({ti ab cl} : "正极")');
    expect(tx('摘要=锂电池 OR 权利要求=隔膜')).toBe('(ab : "锂电 电池") OR (cl : "隔膜")');
    // Another column, or a one-character term (its unigram token), stays on patents_fts.
    expect(tx('TX=锂电池 AND DE=隔膜')).toBeNull();
    expect(tx('申请人=华为')).toBeNull();
    expect(tx('锂')).toBeNull();
    expect(tx('TX=(锂电池 AND 锂)')).toBeNull();
    expect(txIndexQuery('"a"')).toBeNull();
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

/** FTS5's NEAR over a main stream, given the compiled sides and distance (what the SQLite index does). */
function engineNear(text: string | string[], node: NearNode): boolean {
  const near = nearSides(node);
  if (!near) return false;
  const { main } = indexStreams(text);
  const starts = (p: { token: string; prefix: boolean }[]) => {
    const out: number[] = [];
    for (let i = 0; i + p.length <= main.length; i++) {
      if (p.every((s, j) => (s.prefix ? main[i + j].startsWith(s.token) : main[i + j] === s.token))) out.push(i);
    }
    return out;
  };
  const A = starts(near.A);
  const B = starts(near.B);
  const d = near.distance;
  return A.some((a) => B.some((b) => (a <= b ? b - a - near.A.length <= d : a - b - near.B.length <= d)));
}

describe('NEAR/n counts units: a word, or one CJK character', () => {
  const near = (e: string) => parseExpression(e) as NearNode;

  // [text, left, right, units between]: NEAR/(k−1) misses, NEAR/k and NEAR/(k+1) find it.
  const cases: [string, string, string, number][] = [
    ['正极材料的制备方法', '正极材料', '制备方法', 1],
    ['正极材料及其制备方法', '正极材料', '制备方法', 2],
    ['一种正极材料和它的制备方法', '正极材料', '方法', 5],
    ['graphics processing unit', 'graphics', 'unit', 1],
    ['graphics and audio processing unit', 'graphics', 'unit', 3],
    ['基于GPU的图形处理单元', 'gpu', '处理单元', 3],
    ['基于GPU的图形处理单元', '基于', '处理单元', 4],
    ['图形 processing 单元', '图形', '单元', 1],
    ['图形，处理单元', '图形', '单元', 2],
    ['锂离子电池', '锂', '池', 3],
    ['a锂离子电池b', 'a锂', '池b', 3],
    ['a锂离子电池b', '锂离', '电池b', 1],
  ];
  it.each(cases)('%s: %s … %s, %i between', (text, left, right, k) => {
    for (const [l, r] of [
      [left, right],
      [right, left],
    ]) {
      for (const n of [k - 1, k, k + 1].filter((x) => x >= 1)) {
        const node = near(`TI=(${quoteValue(l, true)} NEAR/${n} ${quoteValue(r, true)})`);
        expect({ l, r, n, engine: engineNear(text, node) }).toEqual({ l, r, n, engine: n >= k });
        expect({ l, r, n, reference: referenceNear(text, l, r, n) }).toEqual({ l, r, n, reference: n >= k });
      }
    }
  });

  it('agrees with the reference on random terms of mixed Chinese and English text', () => {
    const rand = rng(11);
    const pieces = [
      '正极',
      '材料',
      '的',
      '制备',
      '方法',
      'gpu',
      'graphics',
      'unit',
      '，',
      ' ',
      '图形处理',
      '4g',
      '通信模块',
      '锂',
    ];
    const failures: string[] = [];
    for (let round = 0; round < 300; round++) {
      const text = Array.from({ length: 3 + Math.floor(rand() * 10) }, () => pieces[Math.floor(rand() * pieces.length)]).join('');
      const chars = Array.from(text);
      const sub = () => {
        const len = 1 + Math.floor(rand() * 4);
        const at = Math.floor(rand() * Math.max(1, chars.length - len));
        return chars
          .slice(at, at + len)
          .join('')
          .trim();
      };
      const l = sub();
      const r = sub();
      if (!/[\p{L}\p{N}]/u.test(l) || !/[\p{L}\p{N}]/u.test(r) || /["\\]/.test(l + r)) continue;
      const n = 1 + Math.floor(rand() * 4);
      const node = near(`TI=(${quoteValue(l, true)} NEAR/${n} ${quoteValue(r, true)})`);
      if (engineNear(text, node) !== referenceNear(text, l, r, n)) failures.push(`${text}: ${l} NEAR/${n} ${r}`);
    }
    expect(failures).toEqual([]);
  });

  it('never reaches from one value of a multi-valued field into the next', () => {
    const values = ['Magnus Ekman', 'James van Zoeren'];
    expect(engineNear(values, near('IN=(ekman NEAR/100 james)'))).toBe(false);
    expect(engineNear(values, near('IN=(magnus NEAR/1 ekman)'))).toBe(true);
    expect(engineNear(['王伟', '李明'], near('IN=(王伟 NEAR/100 李明)'))).toBe(false);
    expect(engineNear(['王伟', '李明'], near('IN=(伟 NEAR/100 李)'))).toBe(false);
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
    expect(a.last()).toBe(100);
    expect(b.last()).toBe(99);
    expect(new Bitset(100).last()).toBe(-1);
  });

  it('reads a group_concat id list into the bits, within the mask and the words', () => {
    const words = new Bitset(100).words;
    addIdList(words, '0,7,31,32,99,100,5000');
    expect([...Array.from({ length: 101 }, (_, i) => i).filter((i) => words[i >>> 5] & (1 << (i & 31)))]).toEqual([
      0, 7, 31, 32, 99, 100,
    ]);
    const masked = new Bitset(100);
    addIdList(masked.words, '7,31,32,99', Bitset.fromIds(100, [31, 99]).words);
    expect([...masked.toArray()]).toEqual([31, 99]);
  });

  it('selects the first k like a full sort', () => {
    const rand = rng(5);
    const items = Array.from({ length: 20000 }, () => Math.floor(rand() * 5000));
    const cmp = (x: number, y: number) => (x % 97) - (y % 97) || y - x;
    expect(topK(items, 50, cmp)).toEqual([...items].sort(cmp).slice(0, 50));
    expect(topK(items, 0, cmp)).toEqual([]);
  });
});

describe('inHalves: a query’s two halves side by side (ADR 0077)', () => {
  it('takes the helper’s half when it answers, after running the lower half here', () => {
    const order: string[] = [];
    const got = inHalves(
      () => (order.push('wait'), 'upper'),
      () => (order.push('lower'), 'low'),
      () => (order.push('here'), 'upper here'),
    );
    expect(got).toEqual(['low', 'upper']);
    expect(order).toEqual(['lower', 'wait']);
  });

  it('runs the upper half here when the helper failed or did not answer', () => {
    const order: string[] = [];
    const got = inHalves<string, string>(
      () => (order.push('wait'), null),
      () => (order.push('lower'), 'low'),
      () => (order.push('here'), 'upper here'),
    );
    expect(got).toEqual(['low', 'upper here']);
    expect(order).toEqual(['lower', 'wait', 'here']);
  });

  it('still waits for the helper when the lower half throws, and throws that error', () => {
    const order: string[] = [];
    expect(() =>
      inHalves(
        () => (order.push('wait'), 'upper'),
        () => {
          order.push('lower');
          throw new Error('fts5: syntax error');
        },
        () => (order.push('here'), 'upper here'),
      ),
    ).toThrow('fts5: syntax error');
    expect(order).toEqual(['lower', 'wait']);
  });
});

describe('countFacets: gathered in blocks, counted as one loop would, in halves as whole', () => {
  const APPS = 500;
  const sizes = [8, 16, APPS] as const;
  // A store's arrays: 5 blocks and a partial one of patents, a tenth without an applicant, a fifth with more.
  const rand = rng(7);
  const cap = 5 * FACET_BLOCK + 1234;
  const rec = new Int32Array(4 * (cap + 1));
  const poolList: number[] = [0];
  const more = new Bitset(cap);
  for (let id = 0; id <= cap; id++) {
    const k = 4 * id;
    rec[k] = Math.floor(rand() * 3) | (Math.floor(rand() * 4) << 8) | ((1985 + Math.floor(rand() * 40)) << 16);
    rec[k + 1] = Math.floor(rand() * 40);
    rec[k + 2] = rand() < 0.1 ? -1 : Math.floor(rand() * APPS);
    if (rec[k + 2] >= 0 && rand() < 0.2) {
      const extra = 1 + Math.floor(rand() * 3);
      rec[k + 3] = poolList.length;
      poolList.push(extra);
      for (let j = 0; j < extra; j++) poolList.push(Math.floor(rand() * APPS));
      more.add(id);
    }
  }
  const pool = Int32Array.from(poolList);
  const secOf = Int32Array.from({ length: 40 }, (_, i) => i % 8);
  const clsOf = Int32Array.from({ length: 40 }, (_, i) => i % 16);
  // Members in every word of the range, the highest bit of a word among them (id 31: the sign bit of an int32).
  const set = new Bitset(cap);
  for (let id = 0; id <= cap; id++) if (rand() < 0.7 || id % 32 === 31) set.add(id);
  const ids = Array.from(set.toArray());
  const count = (from: number, to: number, c: FacetCounters) =>
    countFacets(set.words, from, to, { rec, secOf, clsOf, moreWords: more.words, pool }, c);

  it('counts every member across several blocks, the last one partial, with further applicants and none', () => {
    expect(ids.length).toBeGreaterThan(3 * FACET_BLOCK);
    const got = facetCounters(sizes);
    const noApplicant = count(0, set.words.length, got);

    const want = facetCounters(sizes);
    let wantNone = 0;
    for (const id of ids) {
      const k = 4 * id;
      want.typeN[rec[k] & 0xff]++;
      want.lsN[(rec[k] >>> 8) & 0xff]++;
      want.yearN[rec[k] >>> 16]++;
      want.secN[secOf[rec[k + 1]]]++;
      want.clsN[clsOf[rec[k + 1]]]++;
      if (rec[k + 2] < 0) {
        wantNone++;
        continue;
      }
      want.appN[rec[k + 2]]++;
      if (more.has(id)) for (let j = 1; j <= pool[rec[k + 3]]; j++) want.appN[pool[rec[k + 3] + j]]++;
    }
    expect(noApplicant).toBe(wantNone);
    for (const key of ['typeN', 'lsN', 'yearN', 'secN', 'clsN', 'appN'] as const) expect(got[key], key).toEqual(want[key]);
    expect([...got.touched!].sort((a, b) => a - b)).toEqual([...want.appN.keys()].filter((a) => want.appN[a] > 0));
    expect(new Set(got.touched).size).toBe(got.touched!.length);
  });

  it('gives the same counts in two halves, the upper one into shared counters, added up', () => {
    const whole = facetCounters(sizes);
    const noneWhole = count(0, set.words.length, whole);
    const [total, mid] = middleWord(set.words);
    expect(total).toBe(ids.length);
    // The halves hold about as many members each.
    const lower = ids.filter((id) => id >>> 5 < mid).length;
    expect(Math.abs(2 * lower - total)).toBeLessThanOrEqual(64);
    const low = facetCounters(sizes);
    const shared = new SharedArrayBuffer(4 * 40000);
    const up = facetCounters(sizes, shared);
    expect(up.touched).toBeNull();
    const none = count(0, mid, low) + count(mid, set.words.length, up);
    addFacetCounts(low, up);
    expect(none).toBe(noneWhole);
    for (const key of ['typeN', 'lsN', 'yearN', 'secN', 'clsN', 'appN'] as const) expect(low[key], key).toEqual(whole[key]);
    expect([...low.touched!].sort((a, b) => a - b)).toEqual([...whole.touched!].sort((a, b) => a - b));
  });

  it('counts nothing for an empty set, and splits it nowhere', () => {
    const c = facetCounters([1, 1, 4]);
    const empty = new Bitset(100);
    expect(
      countFacets(
        empty.words,
        0,
        empty.words.length,
        { rec: new Int32Array(404), secOf, clsOf, moreWords: empty.words, pool },
        c,
      ),
    ).toBe(0);
    expect(c.typeN.every((n) => n === 0)).toBe(true);
    expect(c.touched).toEqual([]);
    expect(middleWord(empty.words)[0]).toBe(0);
  });
});

describe('addBitmap: ORs ip_rowid_bits’ words into a set', () => {
  const blob = (words: number[], offset = 0) => {
    const bytes = new Uint8Array(offset + words.length * 4);
    const view = new Uint8Array(bytes.buffer, offset, words.length * 4);
    const u = new Uint32Array(words);
    view.set(new Uint8Array(u.buffer));
    return view;
  };

  it('ORs word for word, masked, and leaves out words past the end of the set', () => {
    const set = new Bitset(63);
    set.add(1);
    addBitmap(set.words, blob([0b1010, 0x80000000, 0xffffffff]), Uint32Array.from([0b1000, 0xffffffff]));
    expect(Array.from(set.toArray())).toEqual([1, 3, 63]);
    const all = new Bitset(95);
    addBitmap(all.words, blob([0b1, 0, 0b10]));
    expect(Array.from(all.toArray())).toEqual([0, 65]);
  });

  it('reads a bitmap whose bytes do not start at a multiple of 4 (a pooled Buffer)', () => {
    const set = new Bitset(63);
    const b = blob([0b110, 0b1], 1);
    expect(b.byteOffset % 4).toBe(1);
    addBitmap(set.words, b);
    expect(Array.from(set.toArray())).toEqual([1, 2, 32]);
  });
});
