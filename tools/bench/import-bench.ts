// Import throughput benchmark, through the real code path (upsertPatents + writeIndexes): N generated demo patents
// (seedDemoPatents) into a fresh database, then the real records of ../shared/data/patents (importJsonlFile, file by
// file in one bulkImport, as `npm run import` does) into another fresh one, each followed by the same import again
// (nothing changes: every record counts as unchanged). Prints patents/s by wall clock and by CPU time
// (process.cpuUsage: user + system of the whole process, worker threads included) and the load average, since the
// machine may be shared. SQLite by default (the databases
// are deleted at the end unless --keep is given); with --pg a throwaway PostgreSQL cluster (scripts/pg.mjs, one
// fresh database per part, removed at the end), where `cpu` is this process's and `server` the PostgreSQL
// processes' (from /proc: the postmaster, its live children, and its waited-for children's times). On SQLite a second
// line tells how much of the wall time the statements took (the writing thread's floor), by kind, and each part runs
// with one writer and then with the import's two index workers (ADR 0089), their ratio printed. The one-writer run
// also prints the rate its statements alone allow on every CPU, and --pg the rate this process's and the server's CPU
// together allow: the import's ceilings on the machine it runs on (ADR 0090). Not used by tests.
//
//   npx tsx tools/bench/import-bench.ts [--pg] [--n 20000] [--batch 1000] [--only demo|real] [--workers on|off] [--data DIR] [--dir /tmp/x] [--keep 1]
//   (--data: the JSON Lines files to import, default ../shared/data/patents; --dir/--keep: where the SQLite databases go, kept)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
// @ts-expect-error scripts/pg.mjs is plain JavaScript
import { startPg } from '../../scripts/pg.mjs';
import { openDb, type Db } from '../../apps/server/src/db';
import { migrate } from '../../apps/server/src/db/migrate';
import { importJsonlFile } from '../../apps/server/src/modules/patents/patent-import';
import { jsonlFiles, seedDemoPatents } from '../../apps/server/src/modules/patents/patent-seed';
import { PATENT_DATA_DIR } from '../../apps/server/src/search/test-data';
import { bulkImport } from '../../apps/server/src/search/engine/index-files';
import { benchArgs } from './args';

const args = benchArgs();
const N = args.num('n', 20000);
const batchSize = args.num('batch', 1000);
const only = args.get('only');
const base = args.get('dir') ?? fs.mkdtempSync(path.join(os.tmpdir(), 'import-bench-'));
const keep = args.has('keep');
const dataDir = args.get('data') ?? PATENT_DATA_DIR;
const usePg = args.has('pg');
const server: { url: string; dir: string; stop(): void } | null = usePg ? await startPg() : null;
if (server) {
  process.on('exit', () => server.stop());
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(130));
}

const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).join(' ');
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** CPU seconds the PostgreSQL cluster has used so far (postmaster + children, live and ended), or 0 without one. */
function serverCpu(): number {
  if (!server) return 0;
  const tick = 100; // USER_HZ on Linux
  const pidFile = path.join(server.dir, 'data', 'postmaster.pid');
  const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  let ticks = 0;
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
    } catch {
      continue;
    }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // f[1] ppid, f[11] utime, f[12] stime, f[13] cutime, f[14] cstime (fields 4, 14–17 of proc(5))
    const pid = Number(d);
    if (pid === postmaster) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    else if (Number(f[1]) === postmaster) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks / tick;
}

/**
 * SQLite: the time spent inside better-sqlite3's statements, by kind, since the last reset. The import writes from
 * one thread, so this is the part of its wall time no JavaScript moved elsewhere (a worker thread, say) can save:
 * measured with every record generated, validated and tokenised beforehand, 7.0 of 7.9 s for 10,000 demo patents
 * (ADR 0076).
 */
const sqlTime = new Map<string, number>();

function statementKind(src: string): string {
  if (/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(src)) return 'BEGIN/COMMIT';
  if (/^\s*(insert|delete)\b/i.test(src) && /\bpatents_(fts|ti|tx)\b/.test(src)) return 'FTS5 rows';
  if (/^\s*(insert|update|delete|replace)\b/i.test(src)) return 'other rows';
  return 'reads';
}

/** Times every statement prepared on `raw` from now on (each run/get/all call). */
function timeStatements(raw: NonNullable<Db['sqlite']>): void {
  const prepare = raw.prepare.bind(raw);
  raw.prepare = ((src: string) => {
    const st = prepare(src);
    const kind = statementKind(src);
    for (const m of ['run', 'get', 'all'] as const) {
      const call = (st[m] as (...a: unknown[]) => unknown).bind(st);
      (st as unknown as Record<string, unknown>)[m] = (...a: unknown[]) => {
        const t = performance.now();
        try {
          return call(...a);
        } finally {
          sqlTime.set(kind, (sqlTime.get(kind) ?? 0) + performance.now() - t);
        }
      };
    }
    return st;
  }) as typeof raw.prepare;
}

async function freshDb(name: string): Promise<Db> {
  if (server) {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const db = openDb({ dataDir: '', databaseUrl: server.url.replace(/\/postgres$/, `/${name}`) });
    await migrate(db.db as never, db.dialect);
    return db;
  }
  const dir = path.join(base, name);
  fs.rmSync(dir, { recursive: true, force: true });
  const db = openDb({ dataDir: dir, databaseUrl: undefined });
  timeStatements(db.sqlite!);
  await migrate(db.db as never, db.dialect);
  return db;
}

/**
 * Runs `work` (which returns how many patents it handled) and prints its rates. `floor`: the run had one writer, so
 * its statements' time is CPU no thread can share, and also prints the rate they alone would allow were they spread
 * evenly over every CPU (the import's ceiling on this machine whatever moves to other threads: ADRs 0082, 0090).
 */
async function measure(label: string, work: () => Promise<{ n: number; note: string }>, floor = false): Promise<number> {
  const load = loadavg();
  const cpu0 = process.cpuUsage();
  const srv0 = serverCpu();
  sqlTime.clear();
  const t0 = performance.now();
  const { n, note } = await work();
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(cpu0);
  const cpu = (c.user + c.system) / 1e6;
  const srv = serverCpu() - srv0;
  // With a server: its CPU too, and the rate both CPUs together allow (a figure less at the mercy of the load).
  // On every CPU together at most that many times as fast (the import's ceiling on this machine: ADR 0085).
  const cores = os.cpus().length;
  const other = server
    ? `  server cpu ${srv.toFixed(2)} s, cpu+server ${fmt(n / (cpu + srv))}/s (at most ${fmt((n / (cpu + srv)) * cores)}/s on ${cores} CPUs)`
    : '';
  console.log(
    `${label.padEnd(34)} ${fmt(n).padStart(7)} patents  wall ${wall.toFixed(2).padStart(6)} s ${fmt(n / wall).padStart(6)}/s` +
      `  cpu ${cpu.toFixed(2).padStart(6)} s ${fmt(n / cpu).padStart(6)}/s  (user ${(c.user / 1e6).toFixed(2)}, sys ${(c.system / 1e6).toFixed(2)})` +
      `${other}  load ${load} → ${loadavg()}  ${note}`,
  );
  if (sqlTime.size) {
    const total = [...sqlTime.values()].reduce((a, b) => a + b, 0) / 1000;
    const parts = [...sqlTime].sort((a, b) => b[1] - a[1]).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(2)}`);
    console.log(
      `${''.padEnd(34)} in SQLite's statements ${total.toFixed(2)} s (${Math.round((total / wall) * 100)} % of wall): ` +
        `${parts.join(', ')}; the rest ${(wall - total).toFixed(2)} s`,
    );
    if (floor && n)
      console.log(
        `${''.padEnd(34)} → SQLite's statements alone: ${((total / n) * 1000).toFixed(3)} ms a patent, at most ` +
          `${fmt(n / (total / os.cpus().length))}/s on ${os.cpus().length} CPUs with no other work (target 3,000/s)`,
      );
  }
  return n / wall;
}

console.log(
  `node ${process.version}, ${os.cpus().length} CPUs, batch ${batchSize}, ` +
    (server ? `PostgreSQL at ${server.url}` : `SQLite databases under ${base}`),
);

/**
 * SQLite: each part twice, into a fresh database each time: with one writer (IP_INDEX_WORKERS=off, the layout's
 * baseline) and with the import's two index workers (ADR 0089); `--workers on|off` runs one of them.
 */
const modes: ('off' | 'on')[] = server
  ? ['on']
  : args.get('workers') === 'on'
    ? ['on']
    : args.get('workers') === 'off'
      ? ['off']
      : ['off', 'on'];
const firstRates = new Map<string, number>();
const modeLabel = (m: 'off' | 'on') => (server ? '' : m === 'off' ? ' [one writer]' : ' [2 index workers]');

async function inMode<T>(m: 'off' | 'on', run: () => Promise<T>): Promise<T> {
  if (m === 'off') process.env.IP_INDEX_WORKERS = 'off';
  else delete process.env.IP_INDEX_WORKERS;
  try {
    return await run();
  } finally {
    delete process.env.IP_INDEX_WORKERS;
  }
}

function ratio(part: string, m: 'off' | 'on', rate: number): void {
  if (m === 'off') firstRates.set(part, rate);
  else if (firstRates.has(part))
    console.log(
      `${''.padEnd(34)} → two index workers / one writer = ${(rate / firstRates.get(part)!).toFixed(2)}× (target 3,000/s)`,
    );
}

if (only !== 'real') {
  for (const m of modes) {
    const db = await freshDb(`demo${server ? '' : `_${m}`}`);
    const seed = async () => {
      const c = await inMode(m, () => seedDemoPatents(db, N, { seed: 20260101, batchSize }));
      return { n: N, note: `(inserted ${c.inserted}, updated ${c.updated}, unchanged ${c.unchanged})` };
    };
    ratio('demo', m, await measure(`demo patents, fresh database${modeLabel(m)}`, seed, !server && m === 'off'));
    await measure(`demo patents again (no change)${modeLabel(m)}`, seed);
    await db.close();
  }
}

if (only !== 'demo') {
  const files = jsonlFiles(dataDir);
  if (!files.length) console.log(`no JSON Lines files in ${dataDir}`);
  else
    for (const m of modes) {
      const db = await freshDb(`real${server ? '' : `_${m}`}`);
      const importAll = async () => {
        const t = { read: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0 };
        const all = async () => {
          for (const f of files) {
            const r = await importJsonlFile(db, f, { batchSize });
            for (const k of Object.keys(t) as (keyof typeof t)[]) t[k] += r[k];
          }
        };
        // As `npm run import -- *.jsonl` and the import job do: the files as one bulk import (ADR 0090).
        await inMode(m, () => bulkImport(db, all));
        return {
          n: t.read - t.rejected,
          note: `(${files.length} files, inserted ${t.inserted}, updated ${t.updated}, unchanged ${t.unchanged}, rejected ${t.rejected})`,
        };
      };
      ratio('real', m, await measure(`real records, fresh database${modeLabel(m)}`, importAll, !server && m === 'off'));
      await measure(`real records again (no change)${modeLabel(m)}`, importAll);
      await db.close();
    }
}

server?.stop();
if (!keep && !args.has('dir')) fs.rmSync(base, { recursive: true, force: true });
