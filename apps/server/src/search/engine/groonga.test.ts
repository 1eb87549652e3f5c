// PostgreSQL (TEST_DATABASE_URL) with Groonga (ADR 0086): phrase conditions answered by Groonga give the substring
// oracle's result sets and the SQL path's pages; a change is seen by the next search at once (PostgreSQL answers
// for the changed patents until the catch-up has loaded them into Groonga); a pruned log past Groonga's snapshot
// makes it rebuild rather than miss a change.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { queryAst, search, searchIds } from '../../modules/search/search.service';
import { loadRecords, referenceEval, setPatentText, storedDocs, type StoredDoc } from '../../modules/search/testing';
import { parseExpression } from '../expression';
import { normalise } from '../normalise';
import { hasPatentData, readPatents, rng } from '../test-data';
import { GroongaIndex, GroongaServer, useGroonga } from './groonga';
import { pgStoreWhenReady } from './pg-store';
import { pgTitleCondition, titleLeaves } from './compile-pg';

let t: TestApp;
let docs: StoredDoc[];
let groonga: GroongaIndex;
let dir: string;

const ids = async (expression: string, engine?: 'sql') =>
  (await searchIds(t.deps, queryAst({ expression }), { limit: 10000, engine })).ids.sort((a, b) => a - b);
const oracle = (expression: string) => {
  const ast = parseExpression(expression);
  return docs
    .filter((d) => referenceEval(ast, d))
    .map((d) => d.id)
    .sort((a, b) => a - b);
};

const setText = (id: number, column: 'title' | 'abstract' | 'claims', value: string) => setPatentText(t.db, id, column, value);

/**
 * Prunes the change log past every change so far, as a server prunes (pg-store.ts): below the xmin of a snapshot, so
 * that a snapshot taken later sees no gap. That xmin passes the changes only once every transaction begun before
 * them has ended, in any database of the cluster (other test files write beside this one): it is waited for.
 */
async function pruneEverything(): Promise<void> {
  const one = async (text: string) => (await t.db.pool!.query({ text, rowMode: 'array' })).rows[0][0] as string;
  const target = BigInt(await one('SELECT pg_snapshot_xmax(pg_current_snapshot())::text'));
  const deadline = Date.now() + 120_000;
  let xmin = await one('SELECT pg_snapshot_xmin(pg_current_snapshot())::text');
  while (BigInt(xmin) < target) {
    if (Date.now() > deadline) throw new Error(`a transaction before ${target} is still running (xmin ${xmin})`);
    await new Promise((ok) => setTimeout(ok, 50));
    xmin = await one('SELECT pg_snapshot_xmin(pg_current_snapshot())::text');
  }
  const { store } = await pgStoreWhenReady(t.db.db, t.db.pool!, { postings: false });
  await store.pruneBelow(xmin);
}

/** Phrases cut from the records' own texts (3–6 characters of a CJK run, and two words of a title). */
function phrases(n: number): string[] {
  const rand = rng(86);
  const out = new Set<string>();
  for (let tries = 0; out.size < n && tries < n * 50; tries++) {
    const d = docs[Math.floor(rand() * docs.length)];
    const text = normalise([d.title, d.abstract, d.claims][Math.floor(rand() * 3)] ?? '');
    const runs = text.match(/[\u4e00-\u9fff]{6,}/g);
    if (!runs) continue;
    const run = runs[Math.floor(rand() * runs.length)];
    const len = 3 + Math.floor(rand() * 4);
    const at = Math.floor(rand() * (run.length - len));
    const cut = run.slice(at, at + len);
    out.add(out.size % 5 === 4 ? `"${cut.slice(0, 2)} ${cut.slice(2)}"` : cut);
  }
  return [...out];
}

// Listed in vitest.config.ts's pgOnly: the SQLite run leaves the file out rather than reporting it skipped.
describe.runIf(process.env.TEST_DATABASE_URL && hasPatentData())('Groonga as the resolver of phrase conditions', () => {
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await loadRecords(t.db, [
      ...readPatents('cn_title_ipc_subclass.jsonl', 800),
      ...readPatents('cn_g06f_title_abstract_cpc.jsonl', 800),
      ...readPatents('cn_full_fields_fixtures.jsonl'),
    ]);
    docs = await storedDocs(t.db);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ip-groonga-test-'));
    groonga = new GroongaIndex(t.db.db, t.db.pool!, { dir, retryMs: 0 });
    useGroonga(t.db.pool!, groonga);
    await groonga.start();
    await pgStoreWhenReady(t.db.db, t.db.pool!, { postings: false });
  });
  afterAll(async () => {
    await groonga?.close();
    if (t) useGroonga(t.db.pool!, null);
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads the ids of a select from its text, an empty result and an error reply too', async () => {
    const own = await GroongaServer.start(path.join(dir, 'keys-test'));
    try {
      await own.command('table_create', { name: 'T', flags: 'TABLE_HASH_KEY', key_type: 'UInt32' });
      await own.command('column_create', { table: 'T', name: 'v', flags: 'COLUMN_SCALAR', type: 'ShortText' });
      await own.command('load', { table: 'T' }, JSON.stringify([7, 42, 1234567, 0].map((k) => ({ _key: k, v: k ? 'a' : 'b' }))));
      const keys = await own.selectKeys({ table: 'T', filter: 'v == "a"', limit: '-1' });
      expect(keys.sort((a, b) => a - b)).toEqual([7, 42, 1234567]);
      expect(await own.selectKeys({ table: 'T', filter: 'v == "c"', limit: '-1' })).toEqual([]);
      await expect(own.selectKeys({ table: 'NoSuchTable' })).rejects.toThrow(/^groonga select: /);
    } finally {
      own.stop();
      await own.exited();
    }
  });

  it('answers phrases with the oracle’s result sets, in every text field, combined with other conditions', async () => {
    const terms = [...phrases(40), '数据', '装置', 'LED', 'usb', '5G', 'wifi模块'];
    const before = groonga.stats.answered;
    let nonEmpty = 0;
    for (const term of terms) {
      for (const expression of [`TX=(${term})`, `TI=(${term}) OR AB=(${term})`, `CL=(${term}) AND AD>=2010-01-01`]) {
        const expected = oracle(expression);
        expect(await ids(expression), expression).toEqual(expected);
        if (expected.length) nonEmpty++;
      }
    }
    expect(nonEmpty).toBeGreaterThan(40);
    // Every phrase went to Groonga (not PostgreSQL's GIN): at least one condition per expression.
    expect(groonga.stats.answered - before).toBeGreaterThanOrEqual(terms.length * 3);
  });

  it('answers phrases with a common token through its rare parts, and the token alone through their prefix', async () => {
    const common = [...groonga.common];
    // The real records' claims: 其特征在于 and the like in most of them.
    expect(common.length).toBeGreaterThan(5);
    let checked = 0;
    for (const c of common.slice(0, 12)) {
      // Terms cut around an occurrence: the common token first, last and inside.
      const d = docs.find((x) => normalise(x.claims ?? '').includes(c));
      if (!d) continue;
      const text = normalise(d.claims ?? '');
      const at = text.indexOf(c);
      for (const term of [text.slice(at, at + 4), text.slice(at - 2, at + 2), text.slice(at - 1, at + 3)]) {
        if (!/^[\u4e00-\u9fff]{4}$/.test(term)) continue;
        const answered = groonga.stats.answered;
        expect(await ids(`CL=(${term})`), term).toEqual(oracle(`CL=(${term})`));
        expect(groonga.stats.answered, term).toBe(answered + 1);
        checked++;
      }
      // The token alone: the prefix of its second part (not a set kept from an earlier test).
      (await pgStoreWhenReady(t.db.db, t.db.pool!, { postings: false })).store.clearCaches();
      const answered = groonga.stats.answered;
      expect(await ids(`TX=(${c})`), c).toEqual(oracle(`TX=(${c})`));
      expect(groonga.stats.answered, c).toBe(answered + 1);
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('gives the SQL path’s total, facets and pages by date; by relevance the same total, facets and result', async () => {
    for (const expression of ['TX=(数据处理)', 'TX=(控制方法) NOT TI=(装置)', 'TI=(处理方法) OR AB=(电子设备)']) {
      const ast = queryAst({ expression });
      const answered = groonga.stats.answered;
      const all = await ids(expression, 'sql');
      for (const sort of ['relevance', 'date_desc'] as const) {
        const viaGroonga = await search(t.deps, { ast, facets: true, page_size: 50, sort });
        const viaSql = await search(t.deps, { ast, facets: true, page_size: 50, sort, engine: 'sql' });
        expect(viaGroonga.total, expression).toBeGreaterThan(0);
        if (sort === 'date_desc') expect({ ...viaGroonga, took_ms: 0 }, expression).toEqual({ ...viaSql, took_ms: 0 });
        // Tier 1's scores are the engine's own (search-engine.ts): Groonga's weighted match counts, not ts_rank.
        expect([viaGroonga.total, viaGroonga.facets], expression).toEqual([viaSql.total, viaSql.facets]);
        expect(viaGroonga.list.length, expression).toBe(Math.min(50, all.length));
        for (const hit of viaGroonga.list) expect(all, expression).toContain(hit.id);
      }
      expect(groonga.stats.answered, expression).toBeGreaterThan(answered);
    }
  });

  it('scores by relevance with Groonga: title before abstract before claims, more occurrences first', async () => {
    const [p1, p2, p3, p4] = docs.slice(10, 14);
    await setText(p1.id, 'claims', `${p1.claims}沣沣排序词`);
    await setText(p2.id, 'title', `${p2.title}沣沣排序词`);
    await setText(p3.id, 'abstract', `${p3.abstract}沣沣排序词`);
    await setText(p4.id, 'claims', `${p4.claims}沣沣排序词，沣沣排序词。`);
    await groonga.settled();
    const reply = await search(t.deps, { ast: queryAst({ expression: 'TX=(沣排序词)' }), sort: 'relevance', page_size: 10 });
    // title 10, abstract 5, claims 2 per occurrence.
    expect(reply.list.map((h) => h.id)).toEqual([p2.id, p3.id, p4.id, p1.id]);
    const byDate = await search(t.deps, { ast: queryAst({ expression: 'TX=(沣排序词)' }), sort: 'date_desc', page_size: 10 });
    expect(byDate.total).toBe(4);
  });

  it('sees an insert, an update and a delete at once, and after the catch-up', async () => {
    const [a, b] = docs;
    const marker = '沣沣沣测试短语';
    const term = `TX=(沣沣测试)`;
    expect(await ids(term)).toEqual([]);
    await setText(a.id, 'title', `${a.title}${marker}`);
    await setText(b.id, 'abstract', `${marker}。${b.abstract}`);
    // Before any catch-up: the changed patents are answered by PostgreSQL.
    expect(await ids(term)).toEqual([a.id, b.id].sort((x, y) => x - y));
    await groonga.settled();
    const loads = groonga.stats.catchUps;
    expect(loads).toBeGreaterThan(0);
    expect((await groonga.view())!.changed).toEqual([]);
    // From Groonga itself now (another phrase of the marker: a condition's set is kept until the next change).
    const answered = groonga.stats.answered;
    expect(await ids('TX=(沣测试短)')).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(groonga.stats.answered).toBe(answered + 1);
    await t.db.pool!.query('DELETE FROM patents WHERE id = $1', [b.id]);
    await setText(a.id, 'title', a.title);
    expect(await ids(term)).toEqual([]);
    await groonga.settled();
    expect(groonga.stats.catchUps).toBeGreaterThan(loads);
    expect(await ids('TX=(沣测试短)')).toEqual([]);
    expect(await ids(term, 'sql')).toEqual([]);
  });

  it('gives the title tier of a relevance page the set PostgreSQL gives, a patent changed since its snapshot included', async () => {
    const { store } = await pgStoreWhenReady(t.db.db, t.db.pool!, { postings: false });
    const [e] = docs.slice(30);
    await setText(e.id, 'title', `${e.title}沣沣标题层`);
    const expressions = ['TX=(沣标题层)', 'TX=(处理方法)', 'TI=(数据处理) OR AB=(电子设备)', 'TX=(控制方法) NOT TI=(装置)'];
    for (const expression of expressions) {
      const ast = queryAst({ expression });
      const title = pgTitleCondition(ast)!;
      const answered = groonga.stats.answered;
      const leaves = titleLeaves(ast).map((x) => x.leaf);
      const viaGroonga = Array.from((await store.titleSet(`groonga ${expression}`, title, leaves)).toArray());
      expect(groonga.stats.answered, expression).toBeGreaterThan(answered);
      const viaPg = Array.from((await store.titleSet(`sql ${expression}`, title)).toArray());
      expect(viaGroonga, expression).toEqual(viaPg);
      expect(viaPg.length, expression).toBeGreaterThan(0);
    }
  });

  it('takes the title tier from posting sets where the title twin of a condition has one, the rest from Groonga', async () => {
    const { store } = await pgStoreWhenReady(t.db.db, t.db.pool!, { postings: false });
    await store.buildPostings({ minPatents: 0, minHits: 150, budgetBytes: 2 ** 20, sample: 100000 });
    const [kept, kept2] = [...store.postingSets().keys()]
      .filter((k) => k.startsWith('TI\u0000'))
      .map((k) => k.split('\u0000')[1]);
    expect(kept2).toBeDefined();
    for (const [expression, fromGroonga] of [
      [`TX=(${kept})`, false],
      [`AB=(${kept}) AND TX=(${kept2})`, false],
      [`TX=(${kept}) OR TX=(沣标题层)`, true],
      [`TI=(${kept}) AND TX=(处理方法)`, true],
    ] as const) {
      const ast = queryAst({ expression });
      const title = pgTitleCondition(ast)!;
      const answered = groonga.stats.answered;
      const leaves = titleLeaves(ast).map((x) => x.leaf);
      const viaSets = Array.from((await store.titleSet(`sets ${expression}`, title, leaves)).toArray());
      expect(groonga.stats.answered > answered, expression).toBe(fromGroonga);
      const viaPg = Array.from((await store.titleSet(`sql ${expression}`, title)).toArray());
      expect(viaSets, expression).toEqual(viaPg);
      expect(viaPg.length, expression).toBeGreaterThan(0);
    }
  });

  it('rebuilds when the change log was pruned past its snapshot, answering through PostgreSQL meanwhile', async () => {
    const builds = groonga.stats.builds;
    const [c] = docs.slice(5);
    await setText(c.id, 'claims', `${c.claims}沣沣重建短语`);
    await pruneEverything();
    expect(await ids('TX=(沣重建短)')).toEqual([c.id]);
    expect(groonga.ready).toBe(false);
    await groonga.settled();
    expect(groonga.ready).toBe(true);
    expect(groonga.stats.builds).toBe(builds + 1);
    const answered = groonga.stats.answered;
    expect(await ids('TX=(沣沣重建)')).toEqual([c.id]);
    expect(groonga.stats.answered).toBe(answered + 1);
  });

  it('keeps its index across a clean restart, and catches up what changed while it was stopped', async () => {
    await groonga.close();
    expect(fs.existsSync(path.join(dir, 'current.json'))).toBe(true);
    const [d] = docs.slice(20);
    await setText(d.id, 'title', `${d.title}沣沣重启短语`);
    groonga = new GroongaIndex(t.db.db, t.db.pool!, { dir, retryMs: 0 });
    useGroonga(t.db.pool!, groonga);
    await groonga.start();
    expect([groonga.stats.reopened, groonga.stats.builds, groonga.stats.loaded]).toEqual([1, 0, 0]);
    // The file is gone while it runs: a crash now means a rebuild at the next start.
    expect(fs.existsSync(path.join(dir, 'current.json'))).toBe(false);
    expect(await ids('TX=(沣重启短)')).toEqual([d.id]);
    await groonga.settled();
    expect(groonga.stats.loaded).toBe(1);
    const answered = groonga.stats.answered;
    expect(await ids('TX=(沣沣重启)')).toEqual([d.id]);
    expect(await ids('TX=(处理方法)')).toEqual(oracle('TX=(处理方法)'));
    expect(groonga.stats.answered).toBe(answered + 2);
  });

  it('answers through PostgreSQL when Groonga has ended, then rebuilds it', async () => {
    const builds = groonga.stats.builds;
    process.kill(groonga.pid!, 'SIGKILL');
    const expression = 'TX=(处理装置)';
    expect(await ids(expression)).toEqual(oracle(expression));
    expect(groonga.ready).toBe(false);
    expect(groonga.stats.lastError).not.toBe('');
    // The next search starts the rebuild (retryMs 0 here; a minute, doubling, in the product).
    expect(await ids('TX=(数据处理)')).toEqual(oracle('TX=(数据处理)'));
    await groonga.settled();
    expect(groonga.ready).toBe(true);
    expect(groonga.stats.builds).toBe(builds + 1);
    const answered = groonga.stats.answered;
    expect(await ids('TX=(存储装置)')).toEqual(oracle('TX=(存储装置)'));
    expect(groonga.stats.answered).toBe(answered + 1);
  });
});
