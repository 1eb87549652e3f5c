// The search benchmark on PostgreSQL (issue 15): a PostgreSQL 15 cluster loaded with `--count` demo patents plus the
// real records (pg-load.ts), the SQLite benchmark's query mix (search-queries.ts: 2- and 4-character terms, two-word
// phrases, field + date expressions, keyword + facet filter; `--n` queries per kind after 10 warm-up) timed through
// the search service in this process — total + facets + first page of 20 by relevance, what POST
// /v1/search/expression computes, without HTTP and JSON — with p50/p95 per kind against the target (≤ 100 ms) and the
// time per statement kind; then the first page of a query matching about half the patents (target ≤ 1 s); then the
// result check: `--check` queries of the mix (and the broad one) on a SQLite database holding the same patents, whole
// result sets compared by doc_key, and totals. Figures, not a test: nothing here fails a build. Needs Debian's
// postgresql package (npm test installs it when run as root).
//
//   npm run bench:search:pg -- [--count 20000] [--n 200] [--check 200] [--seed 11] [--dir DIR] [--sqlite DIR]
//                              [--product-load] [--pg name=value,…] [--load-only pg|sqlite] [--explain Q]
//                              [--groonga [--groonga-dir DIR] [--groonga-check N]]
//
//   --dir          keep the cluster there (about 13 GB per million patents); a loaded one there is reused as it is
//   --sqlite       the SQLite database of the check (default $TMPDIR/ip-bench-COUNT, search-bench.ts's; loaded through
//                  the product's import when it has fewer patents, else reused)
//   --product-load load with every index in place (the server's import) instead of the fast load (GIN indexes built
//                  after the import; the same rows, tools/bench/pg-load-check.ts)
//   --pg           server settings for this run, e.g. --pg shared_buffers=2GB,jit=off (scripts/pg.mjs: `-c` at start)
//   --load-only    load that database and stop (the two loads can then run side by side on two cores)
//   --no-check     skip the SQLite comparison
//   --slowest      after each kind, its three slowest queries with their statements' times
//   --engine sql   time the SQL path instead of the in-memory columns (pg-store.ts, the default)
//   --groonga      phrase conditions answered by Groonga (SEARCH_GROONGA=on; apt-get install groonga-bin), its index
//                  built first in --groonga-dir (default DIR/groonga); then --groonga-check N (default 100)
//                  4-character terms and phrases compared with the SQL path (--no-groonga-check: none)
//   --explain Q    only EXPLAIN (ANALYZE, BUFFERS) the statements of one search (a top-bar term, an expression with
//                  `=`, or `broad` for the ~50 % term), run once before to warm the caches
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db';
import { openDb } from '../../apps/server/src/db';
import type { Deps } from '../../apps/server/src/deps';
import { migrate } from '../../apps/server/src/db/migrate';
import { keywordsAst, search, searchIds } from '../../apps/server/src/modules/search/search.service';
import { storeWhenReady } from '../../apps/server/src/search/engine/sqlite-store';
import { pgStoreWhenReady, type PgStore } from '../../apps/server/src/search/engine/pg-store';
import { GroongaIndex, useGroonga } from '../../apps/server/src/search/engine/groonga';
import type { SearchFilters } from '../../apps/server/src/search/engine/structured';
import { parseExpression, type Node } from '../../apps/server/src/search/expression';
import { rng } from '../../apps/server/src/search/test-data';
import { benchArgs } from './args';
import { loadavg, seedPatents, startLoadedPg, type BenchPg } from './pg-load';
import { queryMix, type Query } from './search-queries';

const args = benchArgs();
const num = args.num;
const COUNT = num('count', 20000);
const N = num('n', 200);
const CHECK = args.has('no-check') ? 0 : num('check', 200);
const TARGET_MS = 100;
const BROAD_TARGET_MS = 1000;
const loadOnly = args.get('load-only');
const sqliteDir = path.resolve(args.get('sqlite') ?? path.join(os.tmpdir(), `ip-bench-${COUNT}`));
const settings = Object.fromEntries(
  (args.get('pg') ?? '')
    .split(',')
    .filter(Boolean)
    .map((kv) => kv.split('=', 2) as [string, string]),
);

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const astOf = (q: Query): Node => (q.body.expression ? parseExpression(q.body.expression) : keywordsAst(q.body.val!)!);
const filtersOf = (q: Query) => q.body.filters as SearchFilters | undefined;

/** The SQLite database of the check, loaded through the product's import like the cluster (the same patents). */
async function sqliteWithPatents(): Promise<Db> {
  const db = openDb({ dataDir: sqliteDir, databaseUrl: undefined });
  await migrate(db.db as never, db.dialect);
  // Marks a finished load; without it a load there was cut short and resumes (seedPatents).
  const loaded = path.join(sqliteDir, `loaded-${COUNT}`);
  if (fs.existsSync(loaded)) console.log(`SQLite: reusing the loaded database in ${sqliteDir}`);
  else {
    const t0 = performance.now();
    await seedPatents(db, { count: COUNT, batchSize: 2000, log: (m) => console.log(`SQLite: ${m}`) });
    fs.writeFileSync(loaded, `${new Date().toISOString()}\n`);
    console.log(`SQLite: loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  return db;
}

if (loadOnly === 'sqlite') {
  await (await sqliteWithPatents()).close();
  process.exit(0);
}

/** Which statement of a search a query is, for the per-statement figures. */
function statementOf(text: string): string {
  // The in-memory columns' statements (pg-store.ts): a condition's ids, a page's scores, a page's title check.
  if (text.startsWith('SELECT string_agg')) return 'resolve';
  if (text.includes('ts_rank')) return 'score';
  if (text.startsWith('SELECT s.patent_id AS id FROM (SELECT s.patent_id, s.ti FROM patent_search s')) return 'title';
  if (text.startsWith('SELECT s.patent_id')) return 'resolve';
  if (text.startsWith('select "id", "an"')) return 'hits';
  if (text.startsWith('WITH m AS MATERIALIZED')) return 'facets';
  if (text.includes('ORDER BY')) return 'page';
  return 'other';
}
const perStatement = new Map<string, number>();
/** The statements of one search, kept for --explain. */
let captured: { sql: string; parameters: readonly unknown[] }[] | null = null;

let bench: BenchPg | null = null;
try {
  console.log(`PostgreSQL search benchmark: ${fmt(COUNT)} demo patents + the real records; load ${loadavg()}`);
  bench = await startLoadedPg({
    count: COUNT,
    dir: args.get('dir'),
    load: args.has('product-load') ? 'product' : 'fast',
    settings,
    kyselyLog(e) {
      if (e.level !== 'query') return;
      const s = statementOf(e.query.sql);
      perStatement.set(s, (perStatement.get(s) ?? 0) + e.queryDurationMillis);
      captured?.push({ sql: e.query.sql, parameters: e.query.parameters });
    },
  });
  const { k, total } = bench;
  if (bench.loadSeconds !== null)
    console.log(`load: ${fmt(total)} patents in ${bench.loadSeconds.toFixed(0)} s (${fmt(total / bench.loadSeconds)}/s)`);
  await report(k);
  if (loadOnly !== 'pg') await measure(bench);
} finally {
  await bench?.stop();
  console.log(
    args.get('dir') ? `\nPostgreSQL stopped, data kept in ${bench?.dir}` : '\nPostgreSQL stopped, data directory removed',
  );
}

function mb(bytes: number): number {
  return Math.round(bytes / 2 ** 20);
}
/** This process's peak resident set (VmHWM). */
function peakRss(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** The query mix, the broad query, the server's memory and the result check (or only --explain). */
async function measure(bench: BenchPg) {
  const { k, db, total } = bench;
  const deps = { db, clock: () => new Date() } as unknown as Deps;
  const kinds = await queryMix(db, { n: N, rand: rng(num('seed', 11)) });
  // The in-memory columns (pg-store.ts) unless `--engine sql`: built (and their posting sets) before anything is
  // timed, and every timed search starts cold (kept condition sets and results dropped; the posting sets stay).
  const engine = args.get('engine') === 'sql' ? 'sql' : 'auto';
  let store: PgStore | null = null;
  if (engine === 'auto' && !args.get('explain')) {
    const t0 = performance.now();
    const before = process.memoryUsage().rss;
    const ready = await pgStoreWhenReady(db.db, db.pool!);
    store = ready.store;
    console.log(
      `in-memory columns with ${ready.postings} posting sets ready in ${((performance.now() - t0) / 1000).toFixed(0)} s; this process's RSS ${mb(before)} → ${mb(process.memoryUsage().rss)} MB (peak ${mb(peakRss())} MB); load ${loadavg()}`,
    );
  }
  // --groonga: phrase conditions answered by Groonga (groonga.ts, ADR 0086), its index built before anything is timed.
  let groonga: GroongaIndex | null = null;
  if (args.has('groonga') && store) {
    const dir = path.resolve(args.get('groonga-dir') ?? path.join(bench.dir ?? os.tmpdir(), 'groonga'));
    groonga = new GroongaIndex(db.db, db.pool!, { dir });
    useGroonga(db.pool!, groonga);
    const t0 = performance.now();
    await groonga.start();
    const seconds = (performance.now() - t0) / 1000;
    const how = groonga.stats.reopened
      ? `the index a clean close left reopened in ${seconds.toFixed(1)} s`
      : `${fmt(groonga.stats.loaded)} patents' 名称/摘要/权利要求 loaded and indexed in ${seconds.toFixed(0)} s (${fmt(groonga.stats.loaded / seconds)}/s)`;
    console.log(
      `Groonga: ${how}, ${(du(dir) / 2 ** 30).toFixed(1)} GiB in ${dir}; its RSS ${mb(groonga.rss())} MB; load ${loadavg()}`,
    );
  }
  const run = (q: Query) => {
    store?.clearCaches();
    return search(deps, {
      ast: astOf(q),
      filters: filtersOf(q),
      facets: true,
      sort: 'relevance',
      page: 1,
      page_size: 20,
      engine,
    });
  };
  const explain = args.get('explain');
  if (explain) {
    const q: Query =
      explain === 'broad'
        ? await broadQuery(db, kinds)
        : { body: explain.includes('=') ? { expression: explain } : { val: explain }, like: { where: '', params: [] } };
    await run(q);
    captured = [];
    await run(q);
    const statements = captured;
    captured = null;
    // Transaction control and SET LOCAL (the text conditions' statements run in a transaction) cannot be explained.
    for (const st of statements.filter((s) => !/^\s*(begin|commit|rollback|set)\b/i.test(s.sql))) {
      const plan = await db.pool!.query(`EXPLAIN (ANALYZE, BUFFERS) ${st.sql}`, [...st.parameters]);
      const text = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      console.log(`\n${statementOf(st.sql)}: ${st.sql.slice(0, 160)}…\n${text}`);
    }
    return;
  }

  console.log(
    `\n${fmt(total)} patents on PostgreSQL 15; ${N} queries per kind (after 10 warm-up) through search() in this process (${engine === 'sql' ? 'the SQL path' : 'in-memory columns, each query cold'}): total + facets + first page of 20 by relevance; load ${loadavg()}`,
  );
  console.log(
    `${'kind'.padEnd(36)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}  target  mean hits  load   per statement p95`,
  );
  for (const kind of kinds) {
    for (const q of kind.queries.slice(N, N + 10)) await run(q);
    const times: number[] = [];
    const statements = new Map<string, number[]>();
    const slowest: { ms: number; q: Query; hits: number; split: string }[] = [];
    let hits = 0;
    for (const q of kind.queries.slice(0, N)) {
      perStatement.clear();
      const t = performance.now();
      const total = (await run(q)).total;
      hits += total;
      times.push(performance.now() - t);
      const split = [...perStatement].map(([st, v]) => `${st} ${ms(v)}`).join(', ');
      slowest.push({ ms: times[times.length - 1], q, hits: total, split });
      slowest.sort((a, b) => b.ms - a.ms).splice(3);
      for (const [st, v] of perStatement) (statements.get(st) ?? statements.set(st, []).get(st)!).push(v);
    }
    const parts = [...statements]
      .filter(([st]) => st !== 'other')
      .map(([st, v]) => `${st} ${ms(pct([...v, ...Array(N - v.length).fill(0)], 0.95))}`)
      .join(', ');
    const p95 = pct(times, 0.95);
    console.log(
      `${kind.label.padEnd(36)} ${ms(pct(times, 0.5)).padStart(7)} ${ms(p95).padStart(7)} ${ms(Math.max(...times)).padStart(7)}  ${p95 <= TARGET_MS ? ' met ' : 'MISSED'}  ${fmt(hits / N).padStart(9)}  ${loadavg().split(' ')[0]}  ${parts}`,
    );
    if (args.has('slowest')) {
      for (const s of slowest) console.log(`    ${ms(s.ms)}  ${JSON.stringify(s.q.body)}  ${fmt(s.hits)} hits  ${s.split}`);
    }
  }

  const broad = await broadQuery(db, kinds);
  {
    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      hits = (await run(broad)).total;
      times.push(performance.now() - t);
    }
    console.log(
      `\nbroad query ${JSON.stringify(broad.body)}: ${fmt(hits)} hits (${((100 * hits) / total).toFixed(0)} %); first page (total + facets + 20 by relevance) ${times.map(ms).join(', ')}: median ${ms(pct(times, 0.5))}, target ≤ ${fmt(BROAD_TARGET_MS)} ms ${pct(times, 0.5) <= BROAD_TARGET_MS ? 'met' : 'MISSED'}; load ${loadavg()}`,
    );
  }

  await memory(k);
  if (groonga) {
    console.log(`Groonga: RSS ${mb(groonga.rss())} MB after the queries; ${fmt(groonga.stats.answered)} conditions answered`);
    const n = args.has('no-groonga-check') ? 0 : num('groonga-check', 100);
    if (n) await checkGroonga(deps, kinds, n);
  }

  if (CHECK) {
    const per = Math.ceil(CHECK / kinds.length);
    const queries = [...kinds.flatMap((kd) => kd.queries.slice(0, per)).slice(0, CHECK), broad];
    await check(deps, queries);
  }
  if (groonga) {
    await groonga.close();
    useGroonga(db.pool!, null);
  }
}

/** Bytes under a directory. */
function du(dir: string): number {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) n += fs.statSync(path.join(e.parentPath, e.name)).size;
  }
  return n;
}

/**
 * With --groonga: the 4-character terms and phrases of the mix (the kinds Groonga answers), each result compared with
 * the SQL path's (PostgreSQL's GIN alone): the total, and the first 1,000 ids by date (an exact order on both).
 */
async function checkGroonga(deps: Deps, kinds: Awaited<ReturnType<typeof queryMix>>, n: number) {
  const per = Math.ceil(n / 2);
  let compared = 0;
  let mismatches = 0;
  const t0 = performance.now();
  for (const kind of kinds.filter((kd) => /^(4-character|phrase)/.test(kd.label))) {
    for (const q of kind.queries.slice(0, per)) {
      const ast = astOf(q);
      const filters = filtersOf(q);
      const [a, b] = await Promise.all([
        searchIds(deps, ast, { limit: 1000, sort: 'date_desc', filters }),
        searchIds(deps, ast, { limit: 1000, sort: 'date_desc', filters, engine: 'sql' }),
      ]);
      compared++;
      if (a.total !== b.total || a.ids.join() !== b.ids.join()) {
        mismatches++;
        console.log(`  mismatch ${JSON.stringify(q.body)}: Groonga ${a.total}, PostgreSQL ${b.total}`);
      }
    }
  }
  console.log(
    `Groonga check: ${compared} queries (4-character terms and phrases), totals and first 1,000 ids by date against the SQL path: ${mismatches} mismatches (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
}

/** Sizes and memory: the database, its largest tables and indexes, the server's buffers. */
async function report(k: BenchPg['k']) {
  const size = await sql<{ s: string }>`SELECT pg_size_pretty(pg_database_size(current_database())) AS s`.execute(k);
  const settingsNow = await sql<{ name: string; setting: string }>`SELECT name, current_setting(name) AS setting FROM pg_settings
    WHERE name IN ('shared_buffers', 'work_mem', 'effective_cache_size', 'jit', 'max_parallel_workers_per_gather', 'random_page_cost')
    ORDER BY name`.execute(k);
  console.log(`database size ${size.rows[0].s}; ${settingsNow.rows.map((r) => `${r.name}=${r.setting}`).join(', ')}`);
  const rels = await sql<{ name: string; kind: string; size: string }>`SELECT c.relname AS name,
      CASE c.relkind WHEN 'i' THEN 'index' ELSE 'table' END AS kind,
      pg_size_pretty(CASE c.relkind WHEN 'i' THEN pg_relation_size(c.oid) ELSE pg_table_size(c.oid) END) AS size
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i')
    ORDER BY CASE c.relkind WHEN 'i' THEN pg_relation_size(c.oid) ELSE pg_table_size(c.oid) END DESC LIMIT 16`.execute(k);
  console.log(`largest (table sizes with TOAST): ${rels.rows.map((r) => `${r.name} ${r.size}`).join(', ')}`);
}

/**
 * The server's memory after the queries, from /proc: peak RSS (VmHWM) of the postmaster and of its largest child,
 * and the private memory (RssAnon) of all children together; shared_buffers is counted in the RSS of every process
 * that touched those pages, so the peaks overlap and are not summed.
 */
async function memory(k: BenchPg['k']) {
  const pid = Number((await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(k)).rows[0].pid);
  const status = (p: number | string) => fs.readFileSync(`/proc/${p}/status`, 'utf8');
  const field = (st: string, key: string) => Number(st.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
  const mb = (st: string, key: string) => field(st, key) / 1024;
  const postmaster = field(status(pid), 'PPid');
  const children = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const st = status(d);
        return field(st, 'PPid') === postmaster ? [st] : [];
      } catch {
        return []; // ended meanwhile
      }
    });
  const sb = (await sql<{ s: string }>`SELECT current_setting('shared_buffers') AS s`.execute(k)).rows[0].s;
  console.log(
    `\nserver memory: shared_buffers ${sb}; peak RSS postmaster ${mb(status(postmaster), 'VmHWM').toFixed(0)} MB, largest of ${children.length} children ${Math.max(...children.map((st) => mb(st, 'VmHWM'))).toFixed(0)} MB; private (RssAnon) of all children ${children.reduce((a, st) => a + mb(st, 'RssAnon'), 0).toFixed(0)} MB`,
  );
}

/**
 * A top-bar term matching about half the patents: the 2-character words of the mix and the 40 commonest CJK bigrams
 * of a sample of 2,000 patents' titles, each counted on that sample (a substring test over the stored text), the
 * one nearest 50 % taken; the report shows its real count.
 */
async function broadQuery(db: Db, kinds: { queries: Query[] }[]): Promise<Query> {
  const maxId = Number((await sql<{ m: number }>`SELECT max(id) AS m FROM patents`.execute(db.db)).rows[0].m);
  const rand = rng(5);
  const ids = Array.from({ length: 2000 }, () => 1 + Math.floor(rand() * maxId));
  const rows = (
    await sql<{ title: string; t: string }>`SELECT title,
        concat_ws(' ', title, abstract, claims, description, applicants, inventors, address, agency) AS t
      FROM patents WHERE id IN (SELECT unnest(CAST(${ids} AS integer[])))`.execute(db.db)
  ).rows;
  const bigrams = new Map<string, number>();
  for (const r of rows) {
    const seen = new Set<string>();
    for (const run of r.title.match(/[\u4e00-\u9fff]{2,}/g) ?? [])
      for (let i = 0; i + 2 <= run.length; i++) seen.add(run.slice(i, i + 2));
    for (const g of seen) bigrams.set(g, (bigrams.get(g) ?? 0) + 1);
  }
  const common = [...bigrams]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 40)
    .map(([g]) => g);
  let best = '';
  let bestShare = 0;
  for (const w of new Set([...kinds[0].queries.map((q) => q.body.val!), ...common])) {
    const share = rows.filter((r) => r.t.includes(w)).length / rows.length;
    if (!best || Math.abs(share - 0.5) < Math.abs(bestShare - 0.5)) [best, bestShare] = [w, share];
  }
  console.log(`
broad term: "${best}", in ${(bestShare * 100).toFixed(0)} % of a sample of ${rows.length} patents`);
  return { body: { val: best }, like: { where: '', params: [] } };
}

/** The same queries on SQLite: whole result sets by doc_key, and totals. Prints the mismatches. */
async function check(deps: Deps, queries: Query[]) {
  const lite = await sqliteWithPatents();
  const t0 = performance.now();
  await storeWhenReady(lite.sqlite!);
  console.log(
    `\nresult check: ${queries.length} queries on SQLite (search columns ready in ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
  const liteDeps = { db: lite, clock: () => new Date() } as unknown as Deps;
  const keys = async (d: Db) => {
    const m = new Map<number, string>();
    for (const r of (await sql<{ id: number; doc_key: string }>`SELECT id, doc_key FROM patents`.execute(d.db)).rows)
      m.set(Number(r.id), r.doc_key);
    return m;
  };
  const [pgKeys, liteKeys] = [await keys(deps.db), await keys(lite)];
  let mismatches = 0;
  let compared = 0;
  for (const q of queries) {
    const opts = { filters: filtersOf(q), sort: 'date_desc' as const, limit: Number.MAX_SAFE_INTEGER };
    const [a, b] = [await searchIds(deps, astOf(q), opts), await searchIds(liteDeps, astOf(q), opts)];
    const sa = new Set(a.ids.map((id) => pgKeys.get(id)));
    const sb = b.ids.map((id) => liteKeys.get(id));
    const same = a.total === b.total && sa.size === sb.length && sb.every((key) => sa.has(key));
    compared += a.total;
    if (!same) {
      mismatches++;
      console.log(`  MISMATCH ${JSON.stringify(q.body)}: PostgreSQL ${a.total}, SQLite ${b.total}`);
    }
  }
  console.log(
    `result check: ${mismatches} mismatches in ${queries.length} queries (${fmt(compared)} hits compared by doc_key); load ${loadavg()}`,
  );
  await lite.close();
}
