// FTS5 queries in two halves of the id range, the upper one on a helper thread (fts-halves.ts, ADR 0077): every
// query must give the patents the whole query gives, on each FTS5 table the store uses, the live mask included; an
// FTS5 error must come out as before and leave the helper usable; a rowid bound must be bound as an INTEGER. Forced on
// a small database (ftsHalvesMin = 0). SQLite only (vitest.config.ts sqliteOnly).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { hasPatentData } from '../test-data';
import { astOf, loadRecords, rankInputs, recordMix } from '../../modules/search/testing';
import { BM25_WEIGHTS } from '../../modules/search/search.service';
import { seedDemoPatents } from '../../modules/patents/patent-seed';
import { ftsQuery } from './compile-sqlite';
import { closeFtsHalves, ftsHalvesOf } from './fts-halves';
import { storeWhenReady, type SqliteStore } from './sqlite-store';

/** Terms, phrases, prefixes, NEAR, AND/OR/NOT, one-character terms, title-only and full-text conditions. */
const QUERIES = [
  '数据',
  '方法',
  '神经网络',
  '"数据处理"',
  '数据处理方法',
  '锂',
  'TI=装置',
  'TI="图像处理"',
  'TX=batter*',
  'TX="neural network"',
  'TX=(数据 NEAR/3 处理)',
  'AB=电池 OR CL=电极',
  'TX=数据 NOT TI=装置',
  '(TX=数据 AND TX=方法) NOT TX=装置',
  'DE=数据',
  '申请人=公司',
];

describe.runIf(hasPatentData())('FTS5 queries in two halves, one on a helper thread (SQLite)', () => {
  let t: TestApp;
  let store: SqliteStore;
  const raw = () => t.db.sqlite!;
  const whole = (q: string) => {
    store.ftsHalvesMin = Infinity;
    return Array.from(store.ftsBitset(q).toArray());
  };
  const halves = (q: string) => {
    store.ftsHalvesMin = 0;
    return Array.from(store.ftsBitset(q).toArray());
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await seedDemoPatents(t.db, 600);
    await loadRecords(t.db, recordMix(300));
    store = await storeWhenReady(raw());
    store.ftsHalvesMin = 0;
    // The helper starts on the first query that may be split and takes the next ones once it has opened the file.
    const helper = ftsHalvesOf(raw())!;
    await vi.waitFor(() => expect(helper.ready()).toBe(true), { timeout: 20_000, interval: 50 });
  });
  afterAll(() => t?.close());

  it('finds what the whole query finds, for every query, with the helper doing the upper half', () => {
    const helper = ftsHalvesOf(raw())!;
    const before = helper.helped;
    let matched = 0;
    for (const q of QUERIES) {
      const fq = ftsQuery(astOf(q))!;
      const expected = whole(fq);
      expect(halves(fq), q).toEqual(expected);
      if (expected.length) matched++;
    }
    expect(helper.helped - before).toBe(QUERIES.length);
    expect(matched).toBeGreaterThanOrEqual(QUERIES.length - 3);
  });

  it('splits where both halves have members: the upper half is not empty, nor the lower', () => {
    const ids = whole(ftsQuery(astOf('数据'))!);
    const after = store.live.last() >>> 1;
    expect(ids.some((id) => id <= after)).toBe(true);
    expect(ids.some((id) => id > after)).toBe(true);
  });

  it('scores one-phrase queries as before: ip_hits in two halves gives the same rows and scores', () => {
    expect(store.nativeScoring).toBe(true);
    const sendHits = vi.spyOn(ftsHalvesOf(raw())!, 'sendHits');
    for (const q of ['数据', '神经网络', '"数据处理"', 'TX="neural network"', '方法', 'TX=(数据 NEAR/3 处理)']) {
      const ast = astOf(q);
      const rank = (min: number) => {
        store.clearCaches();
        store.ftsHalvesMin = min;
        const { rq, hits } = rankInputs(store, ast);
        return [...store.rankRows(rq, BM25_WEIGHTS, hits)];
      };
      const expected = rank(Infinity);
      expect(expected.length, q).toBeGreaterThan(0);
      expect(rank(0), q).toEqual(expected);
    }
    // The one-phrase queries' ip_hits went to the helper in halves; NEAR's scores come from ip_bm25t.
    expect(sendHits).toHaveBeenCalledTimes(5);
    sendHits.mockRestore();
  });

  it('counts facets in two halves, the upper on the helper, as one count does (ADR 0078)', () => {
    const helper = ftsHalvesOf(raw())!;
    const sendFacets = vi.spyOn(helper, 'sendFacets');
    const min = store.facetSplitMin;
    store.ftsHalvesMin = 0;
    try {
      const sets = ['数据', '方法', 'TX=batter*', '申请人=公司'].map((q) => [q, store.ftsSet(ftsQuery(astOf(q))!)] as const);
      sets.push(['all', store.live.clone()]);
      const before = helper.helped;
      for (const [q, set] of sets) {
        store.facetSplitMin = Infinity;
        const expected = store.facets(set, 50);
        expect(expected.applicant.length, q).toBeGreaterThan(0);
        store.facetSplitMin = 0;
        expect(store.facets(set, 50), q).toEqual(expected);
      }
      expect(sendFacets).toHaveBeenCalledTimes(sets.length);
      expect(helper.helped - before).toBe(sets.length);
    } finally {
      store.facetSplitMin = min;
      sendFacets.mockRestore();
    }
  });

  it('leaves out patents that are no longer live, in the helper’s half too', () => {
    const fq = ftsQuery(astOf('数据'))!;
    const ids = whole(fq);
    const after = store.live.last() >>> 1;
    const gone = [ids.find((id) => id <= after)!, [...ids].reverse().find((id) => id > after)!];
    const saved = store.live.clone();
    try {
      for (const id of gone) store.live.words[id >>> 5] &= ~(1 << (id & 31));
      const got = halves(fq);
      expect(got).toEqual(ids.filter((id) => !gone.includes(id)));
      expect(whole(fq)).toEqual(got);
    } finally {
      store.live.words.set(saved.words);
    }
  });

  it('throws FTS5’s error as the whole query does, and the next query is answered in halves again', () => {
    const bad = '"数据';
    const message = (() => {
      try {
        whole(bad);
      } catch (err) {
        return (err as Error).message;
      }
      return null;
    })();
    expect(message).toBeTruthy();
    expect(() => halves(bad)).toThrow(message!);
    const helper = ftsHalvesOf(raw())!;
    const before = helper.helped;
    const fq = ftsQuery(astOf('方法'))!;
    expect(halves(fq)).toEqual(whole(fq));
    expect(helper.helped).toBe(before + 1);
  });

  it('a rowid bound bound as a JavaScript number is a REAL, which FTS5 ignores: hence the BigInt', () => {
    const q = '数据';
    const all = raw().prepare('SELECT count(*) FROM patents_fts WHERE patents_fts MATCH ?').pluck().get(q) as number;
    const first = raw().prepare('SELECT min(rowid) FROM patents_fts WHERE patents_fts MATCH ?').pluck().get(q) as number;
    const eq = raw().prepare('SELECT count(*) FROM patents_fts WHERE patents_fts MATCH ? AND rowid = ?').pluck();
    expect(all).toBeGreaterThan(1);
    expect(eq.get(q, BigInt(first))).toBe(1);
    // If SQLite ever honours the REAL bound, this fails and the BigInts can go.
    expect(eq.get(q, first)).toBe(all);
  });

  it('runs whole, with the same answer, while a new helper starts after the old one was stopped', async () => {
    const fq = ftsQuery(astOf('神经网络'))!;
    const expected = whole(fq);
    await closeFtsHalves(raw());
    const helper = ftsHalvesOf(raw())!;
    expect(halves(fq)).toEqual(expected);
    expect(helper.helped).toBe(0);
    await closeFtsHalves(raw());
  });
});
