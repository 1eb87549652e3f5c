// patents_tx (migration 054, ADR 0073): 名称/摘要/权利要求's main streams in an FTS5 table of their own, so that the
// top bar's conditions read doclists without the other five columns. It must answer every query it is given exactly
// as patents_fts does, score as patents_fts does (ip_bm25t), be filled by the migration from the stored text, and
// follow every change of the index. SQLite only (vitest.config.ts sqliteOnly).
import Database from 'better-sqlite3';
import { attachIndexFiles } from '../../db/index-files';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { up as migrate054 } from '../../db/migrations/054-tx-index';
import { hasPatentData, readPatents } from '../test-data';
import { astOf, loadRecords, rankInputs, recordMix } from '../../modules/search/testing';
import { builtInSearchEngine } from '../../modules/search/search-engines';
import { BM25_WEIGHTS } from '../../modules/search/search.service';
import { ftsQuery, txIndexQuery } from './compile-sqlite';
import { compactTitleIndex, TITLE_SEGMENTS_MAX, writeIndex } from './index-writer';
import { seedDemoPatents } from '../../modules/patents/patent-seed';
import { storeWhenReady, type SqliteStore } from './sqlite-store';

/** Top-bar words and expressions on 名称/摘要/权利要求: terms, phrases, prefixes, NEAR, AND/OR/NOT, column subsets. */
const QUERIES = [
  '数据',
  '方法',
  '神经网络',
  '图像处理',
  '存储器',
  '数据处理方法',
  '"数据处理"',
  '数据 处理',
  'TX=batter*',
  'TX=neural',
  'TX="neural network"',
  'TX=(数据 NEAR/3 处理)',
  'TX=(图像 NEAR/1 识别)',
  '摘要=检测',
  'AB=电池 OR CL=电极',
  '权利要求=(数据 AND 存储)',
  'TX=数据 NOT TI=装置',
  'TX=存储 OR TX=图像 OR TI=系统',
  '(TX=数据 AND TX=方法) NOT TX=装置',
  'TX=(计算 AND (模型 OR 网络)) NOT AB=图像',
];
/** Queries patents_tx must not take: another column, or a one-character term (the unigrams are not there). */
const NOT_TAKEN = ['DE=数据', 'TX=数据 AND 申请人=公司', '锂', 'TX=(数据 AND 锂)', '发明人=张伟'];

describe.runIf(hasPatentData())('patents_tx: the top bar’s columns in a table of their own (SQLite)', () => {
  let t: TestApp;
  let store: SqliteStore;
  const raw = () => t.db.sqlite!;
  const ids = (table: string, q: string) =>
    raw().prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid`).pluck().all(q) as number[];
  /** Each query's ids on patents_fts and on patents_tx (the query patents_tx is given). */
  const bothTables = (q: string) => {
    const fq = ftsQuery(astOf(q))!;
    const tq = txIndexQuery(fq);
    expect(tq, q).not.toBeNull();
    return { fts: ids('patents_fts', fq), tx: ids('patents_tx', tq!) };
  };
  const everyQueryAgrees = () => {
    for (const q of QUERIES) {
      const { fts, tx } = bothTables(q);
      expect(tx, q).toEqual(fts);
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    // Chinese titles and abstracts, full-text fixtures (long claims: many positions) and English.
    const records = recordMix(400).concat(readPatents('us_uspto_fulltext_samples.jsonl'));
    await loadRecords(t.db, records);
    store = await storeWhenReady(raw());
  });
  afterAll(() => t?.close());

  it('finds what patents_fts finds, for every query it takes', () => {
    let matched = 0;
    for (const q of QUERIES) {
      const { fts, tx } = bothTables(q);
      expect(tx, q).toEqual(fts);
      if (fts.length) matched++;
    }
    // Most of them find something, so the comparison is not one of empty lists.
    expect(matched).toBeGreaterThanOrEqual(QUERIES.length - 2);
    for (const q of NOT_TAKEN) expect(txIndexQuery(ftsQuery(astOf(q))!), q).toBeNull();
  });

  it('scores as patents_fts: ip_bm25t on patents_tx gives the doubles of bm25(patents_fts)', () => {
    for (const q of QUERIES) {
      const { rq, hits } = rankInputs(store, astOf(q));
      if (!hits) continue; // NEAR: bm25() scores it (native-bm25.test.ts)
      const w = BM25_WEIGHTS.join(', ');
      const onTx = raw()
        .prepare(
          `SELECT rowid, ip_bm25t(patents_tx, (SELECT block FROM patents_fts_data WHERE id = 1), ip_doc_tokens(rowid), ${hits.map(() => '?').join(', ')}, ${w}) FROM patents_tx WHERE patents_tx MATCH ?`,
        )
        .raw()
        .all(...hits, txIndexQuery(rq)!);
      const onFts = raw()
        .prepare(`SELECT rowid, bm25(patents_fts, ${w}) FROM patents_fts WHERE patents_fts MATCH ?`)
        .raw()
        .all(rq);
      expect(onTx, q).toEqual(onFts);
      // The store's own scoring takes this path and gives the same.
      expect([...store.rankRows(rq, BM25_WEIGHTS, hits)], q).toEqual(onFts);
    }
  });

  it('refuses an averages record it cannot read', () => {
    const bad = () =>
      raw().prepare(`SELECT ip_bm25t(patents_tx, x'', 1, 1, 1.0) FROM patents_tx WHERE patents_tx MATCH '"数据"'`).all();
    expect(bad).toThrow();
  });

  it('is filled by migration 054 from the stored text: the same rows and answers', async () => {
    const rows = () => raw().prepare('SELECT count(*) FROM patents_tx_docsize').pluck().get() as number;
    expect(rows()).toBe(raw().prepare('SELECT count(*) FROM patents').pluck().get());
    const before = QUERIES.map((q) => bothTables(q).tx);
    await sql`DROP TABLE patents_tx`.execute(t.db.db);
    await migrate054(t.db.db as never, 'sqlite');
    expect(rows()).toBe(raw().prepare('SELECT count(*) FROM patents').pluck().get());
    expect(QUERIES.map((q) => bothTables(q).tx)).toEqual(before);
    everyQueryAgrees();
  });

  it('keeps patents_ti in one segment after a bulk write (the title check by id seeks in every segment)', async () => {
    const segments = () => raw().prepare('SELECT count(DISTINCT segid) FROM patents_ti_idx').pluck().get() as number;
    // Each commit leaves a segment (migration 054's merge above left one).
    for (let i = 0; i < 3; i++)
      await loadRecords(t.db, [
        { pn: `CN98700000${i}A`, ad: '2025-03-01', title: `一种数据存储装置${i}`, abstract: '数据处理方法', type: '发明' },
      ]);
    expect(segments()).toBeGreaterThan(TITLE_SEGMENTS_MAX);
    const before = QUERIES.map((q) => ids('patents_ti', ftsQuery(astOf(q))!.replace(/(\{[a-z ]+\}|[a-z]+) : /g, '')));
    expect(await compactTitleIndex(raw())).toBe(true);
    expect(segments()).toBe(1);
    expect(await compactTitleIndex(raw())).toBe(false);
    expect(QUERIES.map((q) => ids('patents_ti', ftsQuery(astOf(q))!.replace(/(\{[a-z ]+\}|[a-z]+) : /g, '')))).toEqual(before);
    // The demo patents' import, in four commits, ends merged.
    await seedDemoPatents(t.db, 400, { batchSize: 100 });
    expect(segments()).toBe(1);
    everyQueryAgrees();
  });

  it('leaves the merge to the next import while another process holds the write lock', async () => {
    const segments = () => raw().prepare('SELECT count(DISTINCT segid) FROM patents_ti_idx').pluck().get() as number;
    for (let i = 0; i < 3; i++)
      await loadRecords(t.db, [{ pn: `CN98800000${i}A`, ad: '2025-03-02', title: `一种图像采集装置${i}`, type: '发明' }]);
    const before = segments();
    expect(before).toBeGreaterThan(TITLE_SEGMENTS_MAX);
    const other = new Database(raw().name);
    attachIndexFiles(other); // patents_ti is in a side file: BEGIN IMMEDIATE locks every attached file
    other.exec('BEGIN IMMEDIATE');
    try {
      expect(await compactTitleIndex(raw())).toBe(false);
      expect(segments()).toBe(before);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(await compactTitleIndex(raw())).toBe(true);
    expect(segments()).toBe(1);
  });

  it('follows the index: a patent written again, and patents removed', async () => {
    const [first, second, third] = ids('patents_tx', '"数据"');
    await writeIndex(
      t.db.db,
      'sqlite',
      first,
      { ti: '一种图像识别装置', ab: '图像识别', cl: '', de: '数据', pa: '', inv: '', addr: '', ag: '' },
      true,
    );
    expect(ids('patents_tx', '"数据"')).not.toContain(first);
    expect(ids('patents_tx', '"图像 像识 识别"')).toContain(first);
    await builtInSearchEngine(t.deps).remove([second, third]);
    expect(ids('patents_tx', '"数据"')).not.toContain(second);
    everyQueryAgrees();
  });
});
