// The export benchmark of issue 8 (item 7, ADR 0014): does a 50,000-row Excel export slow other requests? Starts the
// real server on a database of N demo patents, measures patent-detail latency through HTTP with no export running,
// then while one export of up to 50,000 rows runs, and prints both and their ratio. Figures, not a test.
//
//   npm run bench:export -- --count 60000 [--dir DIR] [--n 200] [--seed 5]
//
//   --count  demo patents (the server generates them on first start into an empty DIR; a DIR with a database is reused)
//   --dir    where the database lives (default: $TMPDIR/ip-bench-export-COUNT)
//   --n      detail requests per phase (default 200; 20 more warm up first)
import os from 'node:os';
import path from 'node:path';
import { rng } from '../../apps/server/src/search/test-data';
import { benchArgs } from './args';
import { startBenchServer } from './server';

const args = benchArgs();
const COUNT = args.num('count', 60000);
const N = args.num('n', 200);
const dir = path.resolve(args.get('dir') ?? path.join(os.tmpdir(), `ip-bench-export-${COUNT}`));
const rand = rng(args.num('seed', 5));
/** Matches every demo patent (each has one of the three types): the export hits its 50,000-row cap. */
const EXPRESSION = 'TYPE=发明 OR TYPE=实用新型 OR TYPE=外观设计';

const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const stats = (xs: number[]) => ({ p50: pct(xs, 0.5), p95: pct(xs, 0.95), max: Math.max(...xs), n: xs.length });

console.log(`export benchmark: ${COUNT.toLocaleString('en-US')} demo patents, database ${dir}`);
console.log(
  `machine: ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}, Node ${process.version}`,
);
const server = await startBenchServer(dir, { DEMO_PATENTS: String(COUNT), LOG_FORMAT: 'json' });
console.log(`server up, search columns and posting sets ready ${(server.readyMs / 1000).toFixed(1)} s after start`);

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const r = await fetch(`${server.base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const j = (await r.json()) as { code: number; msg?: string; data: T };
  if (j.code !== 1) throw new Error(`${url}: ${j.msg}`);
  return j.data;
}

try {
  const { token } = await post<{ token: string }>('/v1/user/login', { mobile: '13800000001', password: 'Demo@2026', type: '0' });
  const ids = await (async () => {
    const r = await post<{ list: { id: number }[] }>('/v1/search/expression', { expression: EXPRESSION, page_size: 100 }, token);
    return r.list.map((i) => i.id);
  })();
  const detail = async () => {
    const id = ids[Math.floor(rand() * ids.length)];
    const t0 = performance.now();
    await post('/v1/patents/detail', { id });
    return performance.now() - t0;
  };
  for (let i = 0; i < 20; i++) await detail();

  const idle: number[] = [];
  for (let i = 0; i < N; i++) idle.push(await detail());

  const t0 = performance.now();
  const { job_id } = await post<{ job_id: number }>('/v1/frontend/user/patent_export', { expression: EXPRESSION }, token);
  type Status = { status: string; done: number; total: number; result: { rows?: number; url?: string } };
  // Every status call is timed too, also those while queued: the job may start (and block the server) during one.
  const statusPolls: number[] = [];
  const poll = async () => {
    const s0 = performance.now();
    const s = await post<Status>('/v1/jobs/status', { id: job_id }, token);
    statusPolls.push(performance.now() - s0);
    return s;
  };
  let status = await poll();
  while (status.status === 'queued') {
    await new Promise((r) => setTimeout(r, 50));
    status = await poll();
  }
  const runStart = performance.now();
  const running: number[] = [];
  let polls = 0;
  while (status.status === 'running') {
    running.push(await detail());
    if (++polls % 10 === 0) status = await poll();
  }
  const runS = (performance.now() - runStart) / 1000;
  while (status.status !== 'done' && status.status !== 'failed') {
    await new Promise((r) => setTimeout(r, 100));
    status = await post<Status>('/v1/jobs/status', { id: job_id }, token);
  }
  const exportS = (performance.now() - t0) / 1000;
  if (status.status !== 'done') throw new Error('export failed');
  const rows = status.result.rows ?? 0;

  const a = stats(idle);
  const b = stats(running);
  console.log(
    `export: ${rows.toLocaleString('en-US')} rows in ${exportS.toFixed(1)} s (queued → done), ${runS.toFixed(1)} s seen running`,
  );
  console.log('latency via HTTP            n     p50      p95      max');
  const line = (name: string, s: ReturnType<typeof stats>) =>
    console.log(
      `${name.padEnd(26)}${String(s.n).padStart(4)} ${ms(s.p50).padStart(8)} ${ms(s.p95).padStart(8)} ${ms(s.max).padStart(8)}`,
    );
  line('detail, no export running', a);
  line('detail, export running', b);
  line('job status, queued → done', stats(statusPolls));
  console.log(`longest request while the export was queued or running: ${ms(Math.max(b.max, ...statusPolls))}`);
  console.log(
    `ratio (during / idle): p50 ×${(b.p50 / a.p50).toFixed(1)}, p95 ×${(b.p95 / a.p95).toFixed(1)}, max ×${(b.max / a.max).toFixed(1)}`,
  );
} finally {
  server.child.kill('SIGTERM');
}
