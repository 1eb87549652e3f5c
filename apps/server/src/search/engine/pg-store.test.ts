// PostgreSQL (TEST_DATABASE_URL): the in-memory search columns (pg-store.ts, ADR 0070) answer search on PostgreSQL,
// with the SQL path's results; they see every committed change, including a transaction that commits after a later
// one (its log row has the smaller sequence number: a reader that only remembered the last number would skip it);
// and a store whose last read is older than a pruned horizon rebuilds instead of missing rows.
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { seedDemoPatents } from '../../modules/patents/patent-seed';
import { queryAst, search, searchIds } from '../../modules/search/search.service';
import { loadRecords, setPatentText } from '../../modules/search/testing';
import { PgStore, readyPgStore } from './pg-store';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ seed: false, now: '2026-01-15T08:00:00.000Z' });
  await seedDemoPatents(t.db, 300);
});
afterEach(() => t.close());

const sorted = (xs: Iterable<number>) => [...xs].sort((a, b) => a - b);
const ids = async (expression: string, engine?: 'sql') =>
  (await searchIds(t.deps, queryAst({ expression }), { limit: 10000, engine })).ids.sort((a, b) => a - b);

// Listed in vitest.config.ts's pgOnly: the SQLite run leaves the file out rather than reporting it skipped.
describe.runIf(process.env.TEST_DATABASE_URL)('the PostgreSQL in-memory search columns', () => {
  it('answer search with the SQL path’s total, facets and page', async () => {
    for (const expression of [
      'TX=(电池)',
      'TX=(电池) AND LS=(有权)',
      'AD>=2020-01-01 NOT TX=(方法)',
      'TI=(装置) OR IPC=(H01M)',
    ]) {
      const ast = queryAst({ expression });
      const mem = await search(t.deps, { ast, facets: true, page_size: 50 });
      const viaSql = await search(t.deps, { ast, facets: true, page_size: 50, engine: 'sql' });
      expect(mem.total, expression).toBeGreaterThan(0);
      expect({ ...mem, took_ms: 0 }, expression).toEqual({ ...viaSql, took_ms: 0 });
    }
    const store = await readyPgStore(t.db.db, t.db.pool!);
    expect(store).not.toBeNull();
    expect(store!.live.count()).toBe(300);
  });

  it('see a transaction that commits after a later one', async () => {
    const before = await ids('LS=(无权)');
    const [x, y] = (
      await sql<{ id: number }>`SELECT id FROM patents WHERE legal_status <> '无权' ORDER BY id LIMIT 2`.execute(t.db.db)
    ).rows.map((r) => r.id);
    const a = await t.db.pool!.connect();
    try {
      await a.query('BEGIN');
      await a.query(`UPDATE patents SET legal_status = '无权' WHERE id = $1`, [x]);
      await t.db.pool!.query(`UPDATE patents SET legal_status = '无权' WHERE id = $1`, [y]);
      expect(await ids('LS=(无权)')).toEqual([...before, y].sort((m, n) => m - n));
      await a.query('COMMIT');
    } finally {
      a.release();
    }
    const after = await ids('LS=(无权)');
    expect(after).toEqual([...before, x, y].sort((m, n) => m - n));
    expect(after).toEqual(await ids('LS=(无权)', 'sql'));
    await t.db.pool!.query('DELETE FROM patents WHERE id = $1', [x]);
    expect(await ids('LS=(无权)')).toEqual([...before, y].sort((m, n) => m - n));
  });

  it('rebuild when the log was pruned past their last read', async () => {
    const stale = new PgStore(t.db.db, t.db.pool!);
    await stale.load();
    const pruner = new PgStore(t.db.db, t.db.pool!, { pruneAgeMs: 0 });
    await pruner.load();
    await t.db.pool!.query(`UPDATE patents SET type = '外观设计' WHERE id = (SELECT min(id) FROM patents)`);
    // With no age limit the pruner prunes below its own horizon at once (rows of transactions still running anywhere
    // in the cluster stay) and records it.
    expect(await pruner.refresh()).toBe(true);
    const pruned = await t.db.pool!.query('SELECT count(*)::int AS n FROM search_changes_pruned');
    expect(pruned.rows[0].n).toBe(1);
    // A horizon past the change (every transaction begun so far): its rows go, and the stale store must rebuild.
    const horizon = await t.db.pool!.query('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x');
    await pruner.pruneBelow(horizon.rows[0].x);
    const left = await t.db.pool!.query('SELECT count(*)::int AS n FROM search_changes');
    expect(left.rows[0].n).toBe(0);
    expect(await stale.refresh()).toBe(false);
  });

  it('keep the posting sets of TX, TI, AB and CL terms and IPC subclasses equal to PostgreSQL’s answer through changes', async () => {
    const store = (await readyPgStore(t.db.db, t.db.pool!))!;
    // The defaults give sets only from 200,000 patents on; here every bigram and subclass in 25 or more of the 300.
    expect(await store.buildPostings({ minPatents: 0, minHits: 25, budgetBytes: 2 ** 20, sample: 100000 })).toBeGreaterThan(20);
    const sets = () => store.postingSets();
    const keys = [...sets().keys()];
    const byField = (f: string) => keys.filter((k) => k.startsWith(`${f}\u0000`));
    for (const f of ['TX', 'TI', 'AB', 'CL', 'IPC']) expect(byField(f).length, f).toBeGreaterThan(0);
    // A field's set is that field's alone: some AB term matches fewer patents than the same term in TX.
    const tx = (k: string) =>
      sets()
        .get(`TX${k.slice(2)}`)
        ?.count() ?? 0;
    expect(byField('AB').filter((k) => sets().get(k)!.count() < tx(k)).length).toBeGreaterThan(0);
    const checked = ['TX', 'TI', 'AB', 'CL', 'IPC'].flatMap((f) => byField(f).slice(0, 6));
    const expectEqualSql = async () => {
      for (const k of checked) {
        const [field, value] = k.split('\u0000');
        const viaSql = await ids(`${field}=(${value})`, 'sql');
        expect(sorted(sets().get(k)!.toArray()), k).toEqual(viaSql);
        // Search through the store answers from the set (and gives the same).
        expect(await ids(`${field}=(${value})`), k).toEqual(viaSql);
      }
    };
    await expectEqualSql();

    // A patent loses an abstract term and gains another; one with the first is deleted; a new one has both. A patent
    // of an IPC subclass with a set gets another code; the new one has the subclass.
    const [a, b] = byField('AB').map((k) => k.split('\u0000')[1]);
    const withA = sorted(sets().get(`AB\u0000${a}`)!.toArray());
    await setPatentText(t.db, withA[0], 'abstract', `更新后${b}的摘要`);
    await t.db.pool!.query('DELETE FROM patents WHERE id = $1', [withA[1]]);
    const sc = byField('IPC')[0].split('\u0000')[1];
    const withSc = sorted(sets().get(`IPC\u0000${sc}`)!.toArray()).filter((id) => id !== withA[1]);
    const recoded = (await t.db.pool!.query('SELECT pn FROM patents WHERE id = $1', [withSc[0]])).rows[0].pn as string;
    await loadRecords(t.db, [
      { pn: 'CN988000001A', ad: '2025-01-02', title: `新增${b}装置`, abstract: `摘要含${a}`, type: '发明', ipc: [`${sc}1/00`] },
      { pn: recoded, ad: '2020-01-02', title: '改过分类号的专利', type: '发明', ipc: ['Y10T1/00'] },
    ]);
    expect(await ids('AB=(沣)')).toEqual([]); // any search brings the store up to date
    await expectEqualSql();
    const setA = sets().get(`AB\u0000${a}`)!;
    expect(setA.has(withA[0])).toBe(false);
    expect(setA.has(withA[1])).toBe(false);
    expect(sets().get(`AB\u0000${b}`)!.has(withA[0])).toBe(true);
    const added = (await t.db.pool!.query(`SELECT id FROM patents WHERE pn = 'CN988000001A'`)).rows[0].id as number;
    expect(setA.has(added)).toBe(true);
    expect(sets().get(`IPC\u0000${sc}`)!.has(added)).toBe(true);
    expect(sets().get(`IPC\u0000${sc}`)!.has(withSc[0])).toBe(false);
  });
  it('evaluate text conditions with exact bitmaps and no sequential scan, on both paths', async () => {
    // Every statement sent, by client: a text statement must follow the settings in its own transaction.
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
      const text = typeof a[0] === 'string' ? a[0] : (a[0] as { text?: string } | undefined)?.text;
      if (text) sent.push(text);
      return (query as (...b: unknown[]) => unknown).apply(this, a);
    } as typeof query;
    try {
      for (const engine of [undefined, 'sql'] as const) {
        sent.length = 0;
        await searchIds(t.deps, queryAst({ expression: 'TX=(电池组)' }), { limit: 10, engine });
        const at = sent.findIndex((q) => q.includes('@@'));
        expect(at, engine ?? 'store').toBeGreaterThan(1);
        expect(sent.slice(at - 2, at), engine ?? 'store').toEqual([
          'SET LOCAL enable_seqscan = off',
          "SET LOCAL work_mem = '64MB'",
        ]);
      }
    } finally {
      pg.Client.prototype.query = query;
    }
    // SET LOCAL: the pool's connections keep the server's own settings afterwards.
    const after = await sql<{ w: string }>`SELECT current_setting('work_mem') AS w`.execute(t.db.db);
    expect(after.rows[0].w).not.toBe('64MB');
  });
});
