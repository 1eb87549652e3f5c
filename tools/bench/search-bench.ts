// The search benchmark of issue 4: loads demo patents plus the real records, starts the real server on that
// database, runs a fixed query mix through the HTTP API and prints p50/p95 per kind of query, beside the same
// queries run in this process as a LIKE scan over the stored (normalised) text and as the bare engine query; then the
// import rate and the server's memory, each against its target. Figures, not a test: nothing here fails a build.
//
//   npm run bench:search -- --count 1000000 [--dir DIR] [--n 200] [--like-n 8] [--seed 11]
//
//   --count   demo patents in the database (generated and imported through the product's import path when the
//             database has fewer; an existing database with at least as many generated patents is reused)
//   --dir     where the database lives (default: $TMPDIR/ip-bench-COUNT; about 6 GB per million patents)
//   --n       queries per kind through the HTTP API (default 200; each kind is warmed with 10 others first)
//   --like-n  queries per kind for the LIKE scan, the slow baseline (default 8; the engine columns use the same ones)
//   --import-count  demo patents imported into an empty scratch database to measure the import rate (default 20000)
//
// The database may also come from tools/bench/gen-patents.ts (a faster generator writing the tables directly).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { REPO_ROOT } from '../../apps/server/src/config';
import { openDb, type Db } from '../../apps/server/src/db';
import { migrate } from '../../apps/server/src/db/migrate';
import { importJsonlFile } from '../../apps/server/src/modules/patents/patent-import';
import { jsonlFiles, seedDemoPatents } from '../../apps/server/src/modules/patents/patent-seed';
import { keywordsAst } from '../../apps/server/src/modules/search/search.service';
import { compileSqlite } from '../../apps/server/src/search/engine/compile-sqlite';
import { parseExpression } from '../../apps/server/src/search/expression';
import { rng } from '../../apps/server/src/search/test-data';
import { benchArgs } from './args';
import { queryMix, type Query } from './search-queries';
import { startBenchServer } from './server';

// ─── arguments ──────────────────────────────────────────────────────────────────────────────────────────────
const args = benchArgs();
const num = args.num;
const COUNT = num('count', 100000);
const N = num('n', 200);
const LIKE_N = num('like-n', 8);
const IMPORT_COUNT = num('import-count', 20000);
const dir = path.resolve(args.get('dir') ?? path.join(os.tmpdir(), `ip-bench-${COUNT}`));
const rand = rng(num('seed', 11));
const dataDir = process.env.PATENT_DATA_DIR ?? path.resolve(REPO_ROOT, '../shared/data/patents');

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const cpuSeconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;
const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const summary: [string, string, string, boolean | null][] = [];

console.log(`search benchmark: ${fmt(COUNT)} demo patents + the real records, database ${dir}`);
console.log(
  `machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load ${loadavg()}, Node ${process.version}`,
);

// ─── import rate on an empty scratch database ───────────────────────────────────────────────────────────────
async function importRate(): Promise<number> {
  const scratch = `${dir}-import`;
  fs.rmSync(scratch, { recursive: true, force: true });
  const db = openDb({ dataDir: scratch, databaseUrl: undefined });
  await migrate(db.db as never, db.dialect);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await seedDemoPatents(db, IMPORT_COUNT, { batchSize: 1000 });
  const wall = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(process.cpuUsage(c0));
  await db.close();
  fs.rmSync(scratch, { recursive: true, force: true });
  const rate = IMPORT_COUNT / wall;
  console.log(
    `import: ${fmt(IMPORT_COUNT)} demo patents into an empty database in ${wall.toFixed(1)} s: ${fmt(rate)} patents/s (${fmt(IMPORT_COUNT / cpu)}/s of main-thread CPU), load ${loadavg()}`,
  );
  return rate;
}

// ─── the benchmark database ─────────────────────────────────────────────────────────────────────────────────
async function load(db: Db): Promise<{ loadRate: number | null }> {
  const generated = Number(
    (await sql<{ n: number }>`SELECT count(*) AS n FROM patents WHERE source LIKE 'demo:%' OR source = 'bench'`.execute(db.db))
      .rows[0].n,
  );
  let loadRate: number | null = null;
  // A few demo patents give way to real records with the same number: 1 % short still counts as loaded.
  if (generated >= COUNT * 0.99) console.log(`reusing ${fmt(generated)} generated patents already in ${dir}`);
  else {
    console.log(`generating and importing ${fmt(COUNT)} demo patents (${fmt(generated)} there already) …`);
    const t0 = performance.now();
    let shown = t0;
    const c = await seedDemoPatents(db, COUNT, {
      batchSize: 2000,
      onProgress: (done) => {
        const now = performance.now();
        if (now - shown < 10000) return;
        shown = now;
        console.log(`  ${fmt(done)} / ${fmt(COUNT)}  ${fmt(done / ((now - t0) / 1000))} patents/s`);
      },
    });
    const wall = (performance.now() - t0) / 1000;
    loadRate = c.inserted / wall;
    console.log(
      `  ${fmt(c.inserted)} inserted, ${fmt(c.unchanged)} unchanged in ${wall.toFixed(0)} s: ${fmt(loadRate)} new patents/s`,
    );
  }
  const files = jsonlFiles(dataDir);
  if (!files.length) console.log(`no real records in ${dataDir}`);
  for (const f of files) {
    const t0 = performance.now();
    const r = await importJsonlFile(db, f, { batchSize: 2000 });
    const s = (performance.now() - t0) / 1000;
    console.log(
      `real records ${path.basename(f)}: ${fmt(r.inserted)} inserted, ${fmt(r.updated)} updated, ${fmt(r.unchanged)} unchanged, ${fmt(r.rejected)} rejected in ${s.toFixed(1)} s (${fmt((r.inserted + r.updated + r.unchanged) / s)} records/s)`,
    );
  }
  return { loadRate };
}

// ─── the server ─────────────────────────────────────────────────────────────────────────────────────────────
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(status.match(new RegExp(`${k}:\\s+(\\d+)`))?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

// ─── main ───────────────────────────────────────────────────────────────────────────────────────────────────
const importPerSecond = await importRate();
const db = openDb({ dataDir: dir, databaseUrl: undefined });
await migrate(db.db as never, db.dialect);
const { loadRate } = await load(db);
const total = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM patents`.execute(db.db)).rows[0].n);
console.log(`${fmt(total)} patents in the database; building the query mix …`);
const kinds = await queryMix(db, { n: N, rand });

const server = await startBenchServer(dir);
console.log(
  `server up, search columns and posting sets ready ${(server.readyMs / 1000).toFixed(1)} s after start (pid ${server.child.pid})`,
);
let token = '';
{
  const r = await fetch(`${server.base}/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: '13800000001', password: 'Demo@2026' }),
  });
  const j = (await r.json()) as { code: number; data?: { token?: string } };
  token = j.data?.token ?? '';
  console.log(token ? 'searching as the demo company user (search history written as in real use)' : 'searching anonymously');
}
async function http(q: Query): Promise<{ ms: number; total: number }> {
  const t0 = performance.now();
  const r = await fetch(`${server.base}/v1/search/expression`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ ...q.body, page: 1, page_size: 20, facets: true, sort: 'relevance' }),
  });
  const j = (await r.json()) as { code: number; msg?: string; data?: { total: number } };
  const took = performance.now() - t0;
  if (j.code !== 1) throw new Error(`search failed: ${JSON.stringify(q.body)} → ${j.msg}`);
  return { ms: took, total: j.data!.total };
}

const raw = db.sqlite!;
function likeScan(q: Query): { ms: number; total: number } {
  const t0 = performance.now();
  const n = raw
    .prepare(`SELECT count(*) FROM patents WHERE ${q.like.where}`)
    .pluck()
    .get(...q.like.params) as number;
  return { ms: performance.now() - t0, total: n };
}
async function bareEngine(q: Query): Promise<{ ms: number; total: number }> {
  const ast = q.body.expression ? parseExpression(q.body.expression) : keywordsAst(q.body.val!)!;
  const t0 = performance.now();
  // The compiled engine query (FTS5 MATCH + column conditions), as SQL, counting its matches; filters as columns.
  const f = q.body.filters ?? {};
  const extra = f.type
    ? sql` AND p.type = '发明'`
    : f.legal_status
      ? sql` AND p.legal_status = '有权'`
      : f.app_year
        ? sql` AND p.app_year IN (${sql.join((f.app_year as number[]).map((y) => sql`${y}`))})`
        : sql``;
  const r = await sql<{ n: number }>`SELECT count(*) AS n FROM patents p WHERE ${compileSqlite(ast)}${extra}`.execute(db.db);
  return { ms: performance.now() - t0, total: Number(r.rows[0].n) };
}

console.log(
  `\n${N} queries per kind through POST /v1/search/expression (total + facets + first page of 20 by relevance); load ${loadavg()}`,
);
console.log(
  `${'kind'.padEnd(32)} ${'HTTP p50'.padStart(9)} ${'p95'.padStart(8)} ${'max'.padStart(8)} │ ${`same ${LIKE_N}:`.padStart(9)} ${'HTTP'.padStart(7)} ${'engine'.padStart(8)} ${'LIKE'.padStart(9)}  ${'LIKE/HTTP'.padStart(9)}  mean hits`,
);
const p95s: Record<string, number> = {};
let worstRatio = Infinity;
for (const k of kinds) {
  for (const q of k.queries.slice(N, N + 10)) await http(q);
  const times: number[] = [];
  let hits = 0;
  for (const q of k.queries.slice(0, N)) {
    const r = await http(q);
    times.push(r.ms);
    hits += r.total;
  }
  // The baseline columns on the same first LIKE_N queries (medians: a LIKE scan per query is seconds).
  const subset = k.queries.slice(0, LIKE_N);
  const h: number[] = [];
  const e: number[] = [];
  const l: number[] = [];
  for (const q of subset) {
    h.push((await http(q)).ms);
    e.push((await bareEngine(q)).ms);
    l.push(likeScan(q).ms);
  }
  const ratio = pct(l, 0.5) / pct(h, 0.5);
  worstRatio = Math.min(worstRatio, ratio);
  p95s[k.label] = pct(times, 0.95);
  console.log(
    `${k.label.padEnd(32)} ${ms(pct(times, 0.5)).padStart(9)} ${ms(pct(times, 0.95)).padStart(8)} ${ms(Math.max(...times)).padStart(8)} │ ${''.padStart(9)} ${ms(pct(h, 0.5)).padStart(7)} ${ms(pct(e, 0.5)).padStart(8)} ${ms(pct(l, 0.5)).padStart(9)}  ${`${ratio.toFixed(0)}×`.padStart(9)}  ${fmt(hits / times.length)}`,
  );
}
// A large export through the API: the job's wall time, and a search answered while it runs.
let exportLine: [string, string, string, boolean | null] | null = null;
if (token) {
  const post = async (url: string, body: unknown) =>
    (await (
      await fetch(`${server.base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      })
    ).json()) as { code: number; msg?: string; data: Record<string, unknown> };
  const broad = kinds[0].queries.find(() => true)!.body;
  const t0 = performance.now();
  const started = await post('/v1/frontend/user/patent_export', { ...broad, sort: 'date_desc' });
  if (started.code !== 1) console.log(`export refused: ${started.msg}`);
  else {
    const id = started.data.job_id as number;
    let during: number | null = null;
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      const st = await post('/v1/jobs/status', { id });
      if (during === null && st.data.status === 'running') during = (await http(kinds[1].queries[0])).ms;
      if (st.data.status === 'done' || st.data.status === 'failed') {
        const secs = (performance.now() - t0) / 1000;
        const rows = (st.data.result as { rows?: number }).rows ?? 0;
        console.log(
          `export: ${fmt(rows)} rows to Excel in ${secs.toFixed(1)} s (${st.data.status}); a search during it took ${during === null ? '-' : ms(during)}`,
        );
        exportLine = [`Excel export of ${fmt(rows)} rows (job, with progress)`, `${secs.toFixed(0)} s`, 'progress shown', null];
        break;
      }
    }
  }
}
const mem = memoryOf(server.child.pid!);
console.log(`server memory after the queries: RSS ${mem.rss.toFixed(0)} MB, peak ${mem.hwm.toFixed(0)} MB`);
server.child.kill('SIGTERM');
await db.close();

const keywordP95 = Math.max(
  p95s['2-character term (top-bar val)'],
  p95s['4-character term (top-bar val)'],
  p95s['phrase "AB" (two words, expression)'],
  p95s['keyword + facet filter'],
);
summary.push(['keyword search, total + facets, p95 (worst kind)', ms(keywordP95), '≤ 50 ms', keywordP95 <= 50]);
summary.push([
  'field + date expression p95',
  ms(p95s['field + date expression']),
  '≤ 80 ms',
  p95s['field + date expression'] <= 80,
]);
summary.push(['LIKE scan / HTTP search (worst kind, medians)', `${worstRatio.toFixed(0)}×`, '≥ 20×', worstRatio >= 20]);
summary.push([
  `import into an empty database (${fmt(IMPORT_COUNT)} demo patents)`,
  `${fmt(importPerSecond)}/s`,
  '≥ 3,000/s',
  importPerSecond >= 3000,
]);
if (loadRate !== null)
  summary.push([`import while loading ${fmt(COUNT)} patents`, `${fmt(loadRate)}/s`, '≥ 3,000/s', loadRate >= 3000]);
if (exportLine) summary.push(exportLine);
summary.push(['server memory (peak RSS)', `${mem.hwm.toFixed(0)} MB`, '≤ 500 MB', mem.hwm <= 500]);
console.log(`\n═══ ${fmt(total)} patents, SQLite (embedded default), load ${loadavg()} ═══`);
for (const [what, got, target, ok] of summary)
  console.log(`${ok === null ? '·' : ok ? '✓' : '✗'} ${what.padEnd(52)} ${got.padStart(10)}   target ${target}`);
process.exit(0);
