// The embedded default's two search layouts of issue 15 (ADR 0067): the title-only FTS5 table (migration 050) and
// the in-memory posting sets of frequent two-character terms. Both must answer exactly what patents_fts answers,
// after every kind of write. SQLite only (vitest.config.ts sqliteOnly).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { hasPatentData, readPatents } from '../test-data';
import { parseExpression } from '../expression';
import { loadRecords } from '../../modules/search/testing';
import { search } from '../../modules/search/search.service';
import { up as titleIndex050 } from '../../db/migrations/050-title-index';
import { writeIndex } from './index-writer';
import { postingQuery } from './postings';
import { readyStore, storeWhenReady, type SqliteStore } from './sqlite-store';

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

describe.runIf(hasPatentData())('issue 15: title index and posting sets (SQLite)', () => {
  let t: TestApp;
  let store: SqliteStore;
  const raw = () => t.db.sqlite!;
  /** What FTS5's main table answers for a query (the reference for both layouts). */
  const mainTable = (query: string) =>
    sorted(raw().prepare('SELECT rowid FROM patents_fts WHERE patents_fts MATCH ?').pluck().all(query) as number[]);
  const titleTable = (query: string) =>
    sorted(raw().prepare('SELECT rowid FROM patents_ti WHERE patents_ti MATCH ?').pluck().all(query) as number[]);
  /** Every token with a set answers as FTS5 does, through the store (which reads the set). */
  const expectSetsEqualFts = () => {
    const current = readyStore(raw())!;
    expect(current).toBe(store);
    for (const token of store.postingTokens()) {
      expect(sorted(store.ftsSet(postingQuery(token)).toArray()), token).toEqual(mainTable(postingQuery(token)));
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await loadRecords(t.db, [
      ...readPatents('cn_title_ipc_subclass.jsonl', 800),
      ...readPatents('cn_g06f_title_abstract_cpc.jsonl', 700),
    ]);
    store = await storeWhenReady(raw());
    // The defaults give sets only from 200,000 patents on; here every bigram in 25 or more of the sample.
    const n = await store.buildPostings({ minPatents: 0, minHits: 25, budgetBytes: 2 ** 20, sample: 100000 });
    expect(n).toBeGreaterThan(20);
  });
  afterAll(() => t?.close());

  it('reads the sets as bitmaps from the search extension, the same as from group_concat’s text', async () => {
    // The test machine builds the extension (npm install): the sets above came from ip_rowid_bits.
    expect(store.nativeScoring).toBe(true);
    expect(store.postingBitmaps).toBe(true);
    expectSetsEqualFts();
    const tokens = store.postingTokens();
    const asBits = new Map(tokens.map((tk) => [tk, sorted(store.ftsSet(postingQuery(tk)).toArray())]));
    store.postingBitmaps = false;
    try {
      await store.buildPostings({ minPatents: 0, minHits: 25, budgetBytes: 2 ** 20, sample: 100000 });
    } finally {
      store.postingBitmaps = true;
    }
    expect(store.postingTokens()).toEqual(tokens);
    for (const tk of tokens) expect(sorted(store.ftsSet(postingQuery(tk)).toArray()), tk).toEqual(asBits.get(tk));
  });

  it('keeps the titles in patents_ti exactly as patents_fts holds them, also when migration 050 fills it', async () => {
    const titleWords = ['系统', '方法', '装置', '数据', '检测', '控制'];
    for (const w of titleWords) expect(titleTable(`"${w}"`), w).toEqual(mainTable(`ti : "${w}"`));
    await sql`DROP TABLE patents_ti`.execute(t.db.db);
    await titleIndex050(t.db.db as never, 'sqlite');
    for (const w of titleWords) expect(titleTable(`"${w}"`), w).toEqual(mainTable(`ti : "${w}"`));
    expect(titleTable('"系统"').length).toBeGreaterThan(10);
  });

  it('answers a title-only search from patents_ti with the same patents as the SQL path', async () => {
    for (const e of ['名称=系统', '名称=(数据 AND 处理)', 'TI=控制 NOT TI=装置', 'TI=图像 NEAR/3 处理']) {
      const ast = parseExpression(e);
      const auto = await search(t.deps, { ast, engine: 'auto', page_size: 100000 });
      const viaSql = await search(t.deps, { ast, engine: 'sql', page_size: 100000 });
      expect(auto.total, e).toBe(viaSql.total);
      expect(sorted(auto.list.map((h) => h.id)), e).toEqual(sorted(viaSql.list.map((h) => h.id)));
    }
  });

  it('builds sets equal to FTS5 and keeps them equal after updates, deletes and new patents', async () => {
    expectSetsEqualFts();
    const [a, b] = store.postingTokens();
    const ids = mainTable(postingQuery(a));
    // A patent loses token a and gains token b (its stored text and its index change together, as an import does).
    const changed = ids[0];
    const text = `更新后的${b}说明`;
    await sql`UPDATE patents SET title = ${text}, abstract = '', claims = '' WHERE id = ${changed}`.execute(t.db.db);
    await writeIndex(t.db.db, 'sqlite', changed, { ti: text, ab: '', cl: '', de: '', pa: '', inv: '', addr: '', ag: '' }, true);
    // Another with token a is deleted.
    const gone = ids[1];
    await sql`DELETE FROM patents_fts WHERE rowid = ${gone}`.execute(t.db.db);
    await sql`DELETE FROM patents_ti WHERE rowid = ${gone}`.execute(t.db.db);
    await sql`DELETE FROM patents_tx WHERE rowid = ${gone}`.execute(t.db.db);
    await sql`DELETE FROM patents WHERE id = ${gone}`.execute(t.db.db);
    // New patents with ids beyond the sets' size (they grow with the store's arrays).
    await loadRecords(t.db, [
      { pn: 'CN988000001A', ad: '2025-01-02', title: `新增${a}${b}装置`, type: '发明' },
      { pn: 'CN988000002A', ad: '2025-01-03', title: '新增无关装置', abstract: `摘要含${a}`, type: '发明' },
    ]);
    expectSetsEqualFts();
    const setA = sorted(store.ftsSet(postingQuery(a)).toArray());
    expect(setA).not.toContain(changed);
    expect(setA).not.toContain(gone);
    expect(sorted(store.ftsSet(postingQuery(b)).toArray())).toContain(changed);
  });

  it('gives the same search answers (total, facets, first page by relevance) as the SQL path', async () => {
    for (const token of store.postingTokens().slice(0, 15)) {
      const ast = parseExpression(token);
      const auto = await search(t.deps, { ast, facets: true, sort: 'relevance' });
      const viaSql = await search(t.deps, { ast, facets: true, sort: 'relevance', engine: 'sql' });
      expect(auto.total, token).toBe(viaSql.total);
      expect(auto.facets, token).toEqual(viaSql.facets);
      expect(
        auto.list.map((h) => h.id),
        token,
      ).toEqual(viaSql.list.map((h) => h.id));
    }
  });
});
