// Several app servers on one PostgreSQL (issue 15): a throwaway PostgreSQL 15 cluster loaded with demo patents plus
// the real records (pg-load.ts), the real server started as a child process on it (server.ts, DATABASE_URL), logged
// in as the demo company user; the search benchmark's query mix (search-queries.ts) sent by C concurrent clients
// through POST /v1/search/expression (total + facets + first page of 20 by relevance, the search history written as
// in real use), first through ONE server, then round-robin through TWO servers on the same database (each its own
// port and DATA_DIR, one SECRET_KEY). Prints requests/s and p50/p95 of each run, the ratio, CPU per process and the
// load average; checks that both servers answer a sample of queries alike (total + first page ids); queues exports
// through both servers during the two-server run and checks from the logs and the jobs table that each job ran
// once (the job leases of ADR 0015); lists every warning or error either server logged. Figures, not a test.
//
// Caches: each server keeps its own in-memory search columns with their kept condition sets and results (pg-store.ts,
// ADR 0070), and PostgreSQL its buffers and the page cache. So each measured run sends every query once, and the runs
// use disjoint query sets (A, B); a second pair of runs repeats the sets crosswise (1 server on B, 2 servers on A), to
// show what a warm repeat changes.
//
//   npm run bench:search:servers -- [--count 20000] [--clients 8] [--requests 500] [--sample 40] [--seed 11]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { rng } from '../../apps/server/src/search/test-data';
import { benchArgs } from './args';
import { startLoadedPg, type BenchPg } from './pg-load';
import { queryMix, type Query } from './search-queries';
import { startBenchServer, type BenchServer } from './server';

const args = benchArgs();
const num = args.num;
const COUNT = num('count', 20000);
const CLIENTS = num('clients', 8);
const REQUESTS = num('requests', 500);
const SAMPLE = num('sample', 40);
const rand = rng(num('seed', 11));
const KINDS = 5;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const CLK_TCK = 100;
/** CPU seconds (user + system) a process has used so far, from /proc (0 once it is gone). */
function cpuOf(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}
/** Busy and total jiffies of the whole machine (/proc/stat), for the share of both cores in use during a run. */
function machineCpu(): { busy: number; all: number } {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const all = f.reduce((a, b) => a + b, 0);
  return { busy: all - f[3] - f[4], all };
}
/** CPU seconds so far of each PostgreSQL process of the cluster (the postmaster named in postmaster.pid, its children). */
function pgCpu(dataDir: string): Map<number, number> {
  const pm = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const out = new Map<number, number>([[pm, cpuOf(pm)]]);
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const st = fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(st[1]) === pm) out.set(Number(d), (Number(st[11]) + Number(st[12])) / CLK_TCK);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
/** CPU the cluster used between two pgCpu readings (processes that ended in between are not counted). */
function pgCpuSince(before: Map<number, number>, dataDir: string): number {
  let t = 0;
  for (const [pid, cpu] of pgCpu(dataDir)) t += cpu - (before.get(pid) ?? 0);
  return t;
}

// ─── the servers ────────────────────────────────────────────────────────────────────────────────────────────
interface Server extends BenchServer {
  name: string;
  token: string;
  log: string[];
  dir: string;
}

async function login(base: string): Promise<string> {
  const r = await fetch(`${base}/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: '13800000001', password: 'Demo@2026' }),
  });
  const j = (await r.json()) as { code: number; msg?: string; data?: { token?: string } };
  if (!j.data?.token) throw new Error(`login failed: ${j.msg}`);
  return j.data.token;
}

const SECRET_KEY = `bench-${Math.random().toString(36).slice(2)}-shared-secret-key-0123456789`;
async function startServer(name: string, url: string): Promise<Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ip-servers-${name}-`));
  const log: string[] = [];
  const s = await startBenchServer(
    dir,
    { DATABASE_URL: url, SECRET_KEY, INSTANCE_ID: name, SEED_DEMO: 'auto', LOG_FORMAT: 'json' },
    (line) => log.push(line),
  );
  const token = await login(s.base);
  console.log(
    `${name}: ${s.base}, pid ${s.child.pid}, DATA_DIR ${dir}, listening ${(s.readyMs / 1000).toFixed(1)} s after spawn`,
  );
  return { ...s, name, token, log, dir };
}

/**
 * Waits until a freshly started server is idle: its start-up tasks (housekeeping run at start, the monitoring job
 * it queues) would otherwise run inside the first measured run. Idle: no job queued or running, and the server used
 * under 5 % of a core over the last second (at most a minute).
 */
async function settle(s: Server, k: BenchPg['k']): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < 60_000) {
    const c0 = cpuOf(s.child.pid!);
    await new Promise((r) => setTimeout(r, 1000));
    const open = await k.selectFrom('jobs').select('id').where('status', 'in', ['queued', 'running']).execute();
    if (!open.length && cpuOf(s.child.pid!) - c0 < 0.05) break;
  }
  return (performance.now() - t0) / 1000;
}

interface Answer {
  ms: number;
  total: number;
  ids: number[];
}
async function ask(s: Server, q: Query): Promise<Answer> {
  const t0 = performance.now();
  const r = await fetch(`${s.base}/v1/search/expression`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
    body: JSON.stringify({ ...q.body, page: 1, page_size: 20, facets: true, sort: 'relevance' }),
  });
  const j = (await r.json()) as { code: number; msg?: string; data?: { total: number; list: { id: number }[] } };
  const took = performance.now() - t0;
  if (j.code !== 1) throw new Error(`search failed on ${s.name}: ${JSON.stringify(q.body)} → ${j.msg}`);
  return { ms: took, total: j.data!.total, ids: j.data!.list.map((h) => h.id) };
}

// ─── a run: C clients, each taking the next query, servers in turn ──────────────────────────────────────────
interface RunResult {
  label: string;
  rps: number;
  p50: number;
  p95: number;
  wall: number;
  machine: number;
  cpu: string;
  /** CPU milliseconds per request: the app servers together, and PostgreSQL. */
  appMs: number;
  pgMs: number;
  load: string;
}
async function run(label: string, servers: Server[], queries: Query[], pgData: string): Promise<RunResult> {
  let next = 0;
  const times: number[] = [];
  const cpu0 = servers.map((s) => cpuOf(s.child.pid!));
  const pg0 = pgCpu(pgData);
  const m0 = machineCpu();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (;;) {
        const i = next++;
        if (i >= queries.length) return;
        times.push((await ask(servers[i % servers.length], queries[i])).ms);
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  const m1 = machineCpu();
  const appCpu = servers.map((s, i) => cpuOf(s.child.pid!) - cpu0[i]);
  const pgUsed = pgCpuSince(pg0, pgData);
  const cpu = [...servers.map((s, i) => `${s.name} ${appCpu[i].toFixed(1)} s`), `PostgreSQL ${pgUsed.toFixed(1)} s`].join(', ');
  const r: RunResult = {
    label,
    rps: queries.length / wall,
    p50: pct(times, 0.5),
    p95: pct(times, 0.95),
    wall,
    machine: (m1.busy - m0.busy) / (m1.all - m0.all),
    cpu,
    appMs: (appCpu.reduce((a, b) => a + b, 0) * 1000) / queries.length,
    pgMs: (pgUsed * 1000) / queries.length,
    load: loadavg(),
  };
  console.log(
    `${label.padEnd(44)} ${r.rps.toFixed(1).padStart(7)} req/s  p50 ${ms(r.p50).padStart(7)}  p95 ${ms(r.p95).padStart(7)}  ${fmt(queries.length)} in ${wall.toFixed(1)} s; machine CPU ${(r.machine * 100).toFixed(0)} % of ${os.cpus().length} cores; CPU: ${cpu}; load ${r.load}`,
  );
  return r;
}

// ─── main ───────────────────────────────────────────────────────────────────────────────────────────────────
console.log(
  `several servers on one PostgreSQL: ${fmt(COUNT)} demo patents + the real records, ${CLIENTS} clients, ${fmt(REQUESTS)} requests per run`,
);
console.log(
  `machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load ${loadavg()}, Node ${process.version}`,
);
let bench: BenchPg | null = null;
const servers: Server[] = [];
const stopServer = (s: Server) =>
  new Promise<void>((resolve) => {
    if (s.child.exitCode !== null) return resolve();
    s.child.once('exit', () => resolve());
    s.child.kill('SIGTERM');
  });
try {
  bench = await startLoadedPg({ count: COUNT });
  const pgData = path.join(
    (await sql<{ d: string }>`SELECT setting AS d FROM pg_settings WHERE name = 'data_directory'`.execute(bench.k)).rows[0].d,
  );
  console.log(`${fmt(bench.total)} patents on PostgreSQL 15; drawing the query mix …`);
  // Two disjoint sets of distinct queries (A and B), the mix's five kinds interleaved (half as many again drawn:
  // a word drawn twice is dropped); the 10 spare queries of each kind warm each server up.
  const perKind = Math.ceil((1.5 * 2 * REQUESTS) / KINDS);
  const kinds = await queryMix(bench.db, { n: perKind, rand });
  const seen = new Set<string>();
  const distinct: Query[] = [];
  const warm: Query[] = [];
  for (let i = 0; i < perKind + 10; i++)
    for (const k of kinds) {
      const q = k.queries[i];
      if (!q) continue;
      const key = JSON.stringify(q.body);
      if (seen.has(key)) continue;
      seen.add(key);
      (i >= perKind ? warm : distinct).push(q);
    }
  if (distinct.length < 2 * REQUESTS) throw new Error(`only ${distinct.length} distinct queries for 2 × ${REQUESTS}`);
  const setA = distinct.slice(0, REQUESTS);
  const setB = distinct.slice(REQUESTS, 2 * REQUESTS);
  console.log(
    `${fmt(distinct.length)} distinct queries drawn; sets A and B of ${fmt(REQUESTS)} each, ${warm.length} for warm-up`,
  );

  const s1 = await startServer('server-1', bench.url);
  servers.push(s1);
  console.log(`server-1 idle after ${(await settle(s1, bench.k)).toFixed(0)} s`);
  for (const q of warm) await ask(s1, q);
  console.log(`\nruns (${CLIENTS} concurrent clients; each query of a set sent once per run)`);
  const one = await run('1 server,  set A (first time)', [s1], setA, pgData);

  const s2 = await startServer('server-2', bench.url);
  servers.push(s2);
  console.log(`server-2 idle after ${(await settle(s2, bench.k)).toFixed(0)} s`);
  for (const q of warm) await ask(s2, q);
  const two = await run('2 servers, set B (first time), round-robin', servers, setB, pgData);
  const oneAgain = await run('1 server,  set B (repeat)', [s1], setB, pgData);
  const twoAgain = await run('2 servers, set A (repeat), round-robin', servers, setA, pgData);

  // Exports queued through both servers during one more two-server run: each must run once, on one server.
  const exportIds: number[] = [];
  const exporting = (async () => {
    for (let i = 0; i < 3; i++) {
      const s = servers[i % 2];
      const r = await fetch(`${s.base}/v1/frontend/user/patent_export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
        body: JSON.stringify({ ...setB[i].body, sort: 'date_desc' }),
      });
      const j = (await r.json()) as { code: number; msg?: string; data?: { job_id: number } };
      if (j.code === 1) exportIds.push(j.data!.job_id);
      else console.log(`export refused by ${s.name}: ${j.msg}`);
    }
  })();
  await run('2 servers, set B, with 3 exports queued', servers, setB, pgData);
  await exporting;

  // ─── same answers from both servers ──────────────────────────────────────────────────────────────────────
  const sample = [...setA.slice(0, SAMPLE / 2), ...setB.slice(0, SAMPLE / 2)];
  let same = 0;
  const differ: string[] = [];
  for (const q of sample) {
    const [a, b] = [await ask(s1, q), await ask(s2, q)];
    if (a.total === b.total && a.ids.join() === b.ids.join()) same++;
    else differ.push(`${JSON.stringify(q.body)}: ${a.total} [${a.ids.slice(0, 5)}…] vs ${b.total} [${b.ids.slice(0, 5)}…]`);
  }
  console.log(`\nsame answer (total + first page ids) from both servers: ${same} of ${sample.length} queries`);
  for (const d of differ) console.log(`  differs: ${d}`);

  // ─── background jobs under the leases ─────────────────────────────────────────────────────────────────────
  const deadline = Date.now() + 120_000;
  for (;;) {
    const open = await bench.k.selectFrom('jobs').select('id').where('status', 'in', ['queued', 'running']).execute();
    if (!open.length || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const jobs = await bench.k.selectFrom('jobs').select(['id', 'kind', 'status', 'lease_owner', 'error']).orderBy('id').execute();
  const starts = new Map<number, string[]>();
  const takeovers: string[] = [];
  for (const s of servers)
    for (const line of s.log) {
      const m = /任务 (\d+)（[^）]+）开始/.exec(line);
      if (m) (starts.get(Number(m[1])) ?? starts.set(Number(m[1]), []).get(Number(m[1]))!).push(s.name);
      if (line.includes('已由其他服务器接管')) takeovers.push(`${s.name}: ${line}`);
    }
  console.log(
    `\njobs in the database: ${jobs.length} (exports queued during the two-server run: ${exportIds.join(', ') || 'none'})`,
  );
  for (const j of jobs)
    console.log(
      `  job ${j.id} ${j.kind}: ${j.status}${j.error ? ` (${j.error})` : ''}; started on ${(starts.get(Number(j.id)) ?? ['—']).join(' + ')}`,
    );
  const twice = [...starts].filter(([, on]) => on.length > 1);
  console.log(
    twice.length
      ? `✗ started more than once: ${twice.map(([id, on]) => `job ${id} on ${on.join(' + ')}`).join('; ')}`
      : '✓ every job started once, on one server',
  );
  for (const t of takeovers) console.log(`  takeover: ${t}`);
  const monitorRuns = jobs.filter((j) => j.kind === 'monitor-run').length;
  if (monitorRuns > 1)
    console.log(
      `  note: ${monitorRuns} monitoring runs: each server's start queues one unless one is waiting (nightlyMonitoringTask, runAtStart); distinct jobs, each run once`,
    );

  // An export's file lives in the DATA_DIR of the server that wrote it: fetch its link through both servers.
  for (const id of exportIds.slice(0, 1)) {
    for (const s of servers) {
      const st = (await (
        await fetch(`${s.base}/v1/jobs/status`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
          body: JSON.stringify({ id }),
        })
      ).json()) as { data?: { status: string; result: { url?: string } } };
      const url = st.data?.result.url;
      const got = url ? await fetch(`${s.base}${url}`) : null;
      if (got) await got.arrayBuffer();
      console.log(
        `  export job ${id}'s file fetched through ${s.name}: ${got ? `HTTP ${got.status}` : `no link (${st.data?.status})`}`,
      );
    }
  }

  // ─── the servers' logs ────────────────────────────────────────────────────────────────────────────────────
  for (const s of servers) {
    const notable = s.log.filter((l) => {
      try {
        return (JSON.parse(l) as { level?: number }).level! >= 40;
      } catch {
        return l.trim() !== '';
      }
    });
    console.log(`\n${s.name} log: ${s.log.length} lines, ${notable.length} warnings/errors`);
    for (const l of notable.slice(0, 20)) console.log(`  ${l.slice(0, 400)}`);
    // What the server did besides answering requests (start-up work, scheduled tasks, jobs), with its figures: a task
    // run at start on every server must find nothing left to do on the second (e.g. delivered 0).
    const other: string[] = [];
    for (const l of s.log) {
      try {
        const j = JSON.parse(l) as Record<string, unknown>;
        if (j.req || j.res || typeof j.msg !== 'string') continue;
        const figures = Object.entries(j)
          .filter(([k, v]) => typeof v === 'number' && !['level', 'time', 'pid'].includes(k))
          .map(([k, v]) => `${k} ${v}`);
        other.push(`${j.msg.slice(0, 100)}${figures.length ? ` (${figures.join(', ')})` : ''}`);
      } catch {
        // not JSON: counted above
      }
    }
    for (const l of other.slice(0, 30)) console.log(`  · ${l}`);
    fs.writeFileSync(path.join(os.tmpdir(), `pg-servers-bench-${s.name}.log`), s.log.join('\n'));
  }
  console.log(`(full logs: ${path.join(os.tmpdir(), 'pg-servers-bench-server-N.log')})`);

  console.log(
    `\n═══ ${fmt(bench.total)} patents, PostgreSQL 15, ${CLIENTS} clients, ${fmt(REQUESTS)} distinct queries per run ═══`,
  );
  for (const r of [one, two, oneAgain, twoAgain])
    console.log(
      `${r.label.padEnd(44)} ${r.rps.toFixed(1).padStart(7)} req/s  p50 ${ms(r.p50).padStart(7)}  p95 ${ms(r.p95).padStart(7)}  CPU/request: app ${ms(r.appMs)}, PostgreSQL ${ms(r.pgMs)}; machine CPU ${(r.machine * 100).toFixed(0)} %  load ${r.load}`,
    );
  // Each set once on each side, one first time and one repeat: the geometric mean cancels both the sets' own cost
  // and what a repeat gains (if any).
  const ra = twoAgain.rps / one.rps;
  const rb = two.rps / oneAgain.rps;
  console.log(
    `2 servers / 1 server, throughput: set A ${ra.toFixed(2)}× (2 servers on the repeat), set B ${rb.toFixed(2)}× (1 server on the repeat), geometric mean ${Math.sqrt(ra * rb).toFixed(2)}×`,
  );
} finally {
  await Promise.all(servers.map(stopServer));
  for (const s of servers) fs.rmSync(s.dir, { recursive: true, force: true });
  await bench?.stop();
  console.log('\nservers stopped; PostgreSQL stopped, data directory removed');
}
process.exit(0);
