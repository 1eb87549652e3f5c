// ip_bm25 (apps/server/native/ip_fts5.c, ADR 0072): the store scores a query with each phrase's count and each
// patent's token count it already holds, instead of FTS5's bm25() finding both again. The scores must be the
// very doubles bm25() gives, before and after patents change, so that a relevance page is what it always was.
// SQLite only (vitest.config.ts sqliteOnly). `npm test` builds the library first (scripts/build-native.mjs).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { loadSearchExtension, NATIVE_SEARCH_LIBRARY } from '../../db/native';
import { hasPatentData, readPatents } from '../test-data';
import { parseExpression } from '../expression';
import { astOf, loadRecords, rankInputs, recordMix } from '../../modules/search/testing';
import { BM25_WEIGHTS, keywordsAst, phraseHits, search } from '../../modules/search/search.service';
import { positiveLeafQueries, rankFtsQuery } from './compile-sqlite';
import { writeIndex } from './index-writer';
import { storeWhenReady, tokenTotal, type SqliteStore } from './sqlite-store';

/**
 * Top-bar words and expressions: 2- to 4-character terms, phrases, title, abstract, a prefix word (one phrase each),
 * and two or three conditions (AND, OR, NOT: one count per phrase, a negated one 0).
 */
const QUERIES = [
  '数据',
  '方法',
  '神经网络',
  '图像处理',
  '存储',
  '控制器',
  'TI=装置',
  '"数据处理"',
  '摘要=检测',
  'TX=batter*',
  'AB=电池',
  '数据 处理',
  '名称=(数据 AND 处理)',
  'TX=数据 NOT TI=装置',
  'TX=存储 OR TX=图像 OR TI=系统',
  '(TX=数据 AND TX=方法) NOT TX=装置',
];

describe.runIf(hasPatentData())('ip_bm25: bm25() with the count and token counts the store holds (SQLite)', () => {
  let t: TestApp;
  let store: SqliteStore;
  const raw = () => t.db.sqlite!;

  /** Both ways of scoring a query, after evaluating it, with the counts search() gives ip_bm25. */
  const bothWays = (q: string) => {
    const { rq, hits } = rankInputs(store, astOf(q));
    expect(hits, q).not.toBeNull();
    const native = [...store.rankRows(rq, BM25_WEIGHTS, hits)];
    const builtIn = [...store.rankRows(rq, BM25_WEIGHTS, null)];
    return { native, builtIn };
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    // Chinese titles and abstracts, full-text fixtures (long claims and descriptions: large token counts) and English.
    const records = recordMix(700).concat(
      readPatents('cn_title_ipc_subclass.jsonl', 500),
      readPatents('us_uspto_fulltext_samples.jsonl'),
    );
    await loadRecords(t.db, records);
    store = await storeWhenReady(raw());
  });
  afterAll(() => t?.close());

  it('is built and loaded (npm install and npm test build it; without it search falls back to bm25())', () => {
    expect(NATIVE_SEARCH_LIBRARY).toMatch(/ip_fts5\.so$/);
    expect(loadSearchExtension(raw())).toBe(true);
    expect(store.nativeScoring).toBe(true);
  });

  it('reads a row of patents_fts_docsize as FTS5 writes it (one varint per column)', () => {
    expect(tokenTotal(Uint8Array.from([]))).toBe(0);
    expect(tokenTotal(Uint8Array.from([3, 0, 0x81, 0x00, 5]))).toBe(3 + 0 + 128 + 5);
    expect(tokenTotal(Uint8Array.from([0x82, 0x80, 0x01]))).toBe(2 * 16384 + 1);
    // Every patent has its row (the scores below depend on each of them: they are equal only if these are right).
    const rows = raw().prepare('SELECT count(*) FROM patents_fts_docsize').pluck().get() as number;
    expect(rows).toBe(raw().prepare('SELECT count(*) FROM patents').pluck().get());
  });

  it.each(QUERIES)('%s: the same [patent, score] pairs as bm25(), in the same order', (q) => {
    const { native, builtIn } = bothWays(q);
    expect(builtIn.length, q).toBeGreaterThan(0);
    expect(native, q).toEqual(builtIn);
  });

  it('stays equal after a patent changes, one is deleted and new ones come (the token counts follow the change log)', async () => {
    const before = bothWays('数据');
    const [first, second] = before.builtIn.map(([id]) => id);
    // The first gets a much longer abstract (its token count changes), the second is deleted.
    await loadRecords(t.db, [
      {
        pn: 'CN989000001A',
        ad: '2025-02-03',
        title: '一种数据压缩装置',
        abstract: '数据压缩'.repeat(200),
        type: '发明',
      },
    ]);
    await sql`UPDATE patents SET abstract = ${'很长的摘要'.repeat(300)} WHERE id = ${first}`.execute(t.db.db);
    const row = (
      await sql<{ title: string; claims: string | null }>`SELECT title, claims FROM patents WHERE id = ${first}`.execute(t.db.db)
    ).rows[0];
    await writeIndex(
      t.db.db,
      'sqlite',
      first,
      { ti: row.title, ab: '很长的摘要'.repeat(300) + '数据', cl: row.claims ?? '', de: '', pa: '', inv: '', addr: '', ag: '' },
      true,
    );
    await sql`DELETE FROM patents_fts WHERE rowid = ${second}`.execute(t.db.db);
    await sql`DELETE FROM patents_ti WHERE rowid = ${second}`.execute(t.db.db);
    await sql`DELETE FROM patents_tx WHERE rowid = ${second}`.execute(t.db.db);
    await sql`DELETE FROM patents WHERE id = ${second}`.execute(t.db.db);
    store = await storeWhenReady(raw());
    for (const q of ['数据', '数据压缩', '摘要=数据']) {
      const { native, builtIn } = bothWays(q);
      expect(native, q).toEqual(builtIn);
      expect(
        builtIn.map(([id]) => id),
        q,
      ).not.toContain(second);
    }
    const after = bothWays('数据');
    expect(after.builtIn.find(([id]) => id === first)?.[1]).not.toBe(before.builtIn.find(([id]) => id === first)?.[1]);
  });

  it('gives the relevance page the SQL path gives (bm25() in SQL), query by query', async () => {
    for (const q of QUERIES) {
      const ast = astOf(q);
      const auto = await search(t.deps, { ast, facets: true, sort: 'relevance', page_size: 50 });
      const viaSql = await search(t.deps, { ast, facets: true, sort: 'relevance', page_size: 50, engine: 'sql' });
      expect(auto.total, q).toBe(viaSql.total);
      expect(
        auto.list.map((h) => h.id),
        q,
      ).toEqual(viaSql.list.map((h) => h.id));
    }
  });

  it('scores with bm25() when the library is switched off, and answers the same', async () => {
    const previous = process.env.IP_NATIVE_SEARCH;
    process.env.IP_NATIVE_SEARCH = 'off';
    let off: TestApp | undefined;
    try {
      off = await createTestApp({ seed: false });
      await loadRecords(off.db, readPatents('cn_g06f_title_abstract_cpc.jsonl', 300));
      const offStore = await storeWhenReady(off.db.sqlite!);
      expect(offStore.nativeScoring).toBe(false);
      const ast = keywordsAst('数据')!;
      const auto = await search(off.deps, { ast, sort: 'relevance', page_size: 30 });
      const viaSql = await search(off.deps, { ast, sort: 'relevance', page_size: 30, engine: 'sql' });
      expect(auto.list.map((h) => h.id)).toEqual(viaSql.list.map((h) => h.id));
      expect(auto.total).toBeGreaterThan(0);
    } finally {
      if (previous === undefined) delete process.env.IP_NATIVE_SEARCH;
      else process.env.IP_NATIVE_SEARCH = previous;
      await off?.close();
    }
  });

  describe('ip_hits: a one-phrase query scored from its term counts per column (ADR 0075)', () => {
    const ONE_PHRASE = [
      '数据',
      '方法',
      '神经网络',
      '图像处理',
      '控制器',
      '"数据处理"',
      'battery',
      'TI=装置',
      '摘要=检测',
      'AB=电池',
    ];

    it.each(ONE_PHRASE)('%s: scored from ip_hits, the same [patent, score] pairs as bm25()', (q) => {
      store.clearCaches();
      const { rq, hits } = rankInputs(store, astOf(q));
      const counted = [...store.rankRows(rq, BM25_WEIGHTS, hits)];
      expect(store.scoredQueries(), q).toContain(rq);
      const builtIn = [...store.rankRows(rq, BM25_WEIGHTS, null)];
      expect(counted.length, q).toBeGreaterThan(0);
      expect(counted, q).toEqual(builtIn);
      // The next page takes the kept counts.
      expect([...store.rankRows(rq, BM25_WEIGHTS, hits)], q).toEqual(builtIn);
    });

    it('leaves a query of several phrases to ip_bm25t', () => {
      store.clearCaches();
      for (const q of ['数据 处理', 'TX=数据 NOT TI=装置', 'TX=存储 OR TX=图像 OR TI=系统']) {
        const { rq, hits } = rankInputs(store, astOf(q));
        expect([...store.rankRows(rq, BM25_WEIGHTS, hits)], q).toEqual([...store.rankRows(rq, BM25_WEIGHTS, null)]);
        expect(store.scoredQueries(), q).not.toContain(rq);
      }
    });

    it('refuses arguments besides the table, and a query of two phrases', () => {
      expect(() =>
        raw().prepare('SELECT ip_hits(patents_tx, 10) FROM patents_tx WHERE patents_tx MATCH ?').all('"数据"'),
      ).toThrow(/only the table/);
      expect(() =>
        raw().prepare('SELECT ip_hits(patents_tx) FROM patents_tx WHERE patents_tx MATCH ?').all('"数据" AND "方法"'),
      ).toThrow(/one phrase/);
    });
  });

  it('leaves NEAR to bm25() (its phrases have no count of their own here), and refuses too few counts', () => {
    const ast = parseExpression('TI=图像 NEAR/3 处理');
    const rq = rankFtsQuery(ast)!;
    expect(phraseHits(ast, rq, positiveLeafQueries(ast), [1])).toBeNull();
    const q = '({ti ab cl} : "数据") AND ({ti ab cl} : "方法")';
    expect(() => raw().prepare('SELECT ip_bm25(patents_fts, 1, 1) FROM patents_fts WHERE patents_fts MATCH ?').all(q)).toThrow(
      /one count per phrase/,
    );
  });
});
