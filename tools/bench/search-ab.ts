// A paired comparison of two server settings on one SQLite database (ADR 0073): two servers from the same bundle,
// each with one environment variable of its own, answer the search benchmark's query mix; every query goes to both,
// in alternating order, so that the machine's changing speed (ADR 0072: tens of percent between runs) weighs on both
// alike. Prints p50 / p95 per kind for each and how many queries differed in total or first page.
//
//   npm run bench:search:ab -- --dir /tmp/ip-bench-1m --a IP_TX_INDEX=off --b IP_TX_INDEX=on [--n 200] [--seed 11]
//
// The database is one `npm run bench:search` has built. Figures, not a test.
import { openDb } from '../../apps/server/src/db';
import { rng } from '../../apps/server/src/search/test-data';
import { benchArgs } from './args';
import { queryMix, type Query } from './search-queries';
import { startBenchServer, type BenchServer } from './server';

const args = benchArgs();
const dir = args.get('dir');
const N = args.num('n', 200);
const setting = (name: 'a' | 'b'): Record<string, string> => {
  const v = args.get(name) ?? '';
  const eq = v.indexOf('=');
  if (eq < 1) {
    console.error(`--${name} 须为 变量=值，例如 --${name} IP_TX_INDEX=off`);
    process.exit(2);
  }
  return { [v.slice(0, eq)]: v.slice(eq + 1) };
};
if (!dir) {
  console.error('--dir 须为 npm run bench:search 建好的数据库目录');
  process.exit(2);
}
const envA = setting('a');
const envB = setting('b');

const db = openDb({ dataDir: dir, databaseUrl: undefined });
const kinds = await queryMix(db, { n: N, rand: rng(args.num('seed', 11)) });
await db.close();

const a = await startBenchServer(dir, envA);
const b = await startBenchServer(dir, envB);
console.log(
  `A ${JSON.stringify(envA)} ready in ${(a.readyMs / 1000).toFixed(1)} s; B ${JSON.stringify(envB)} in ${(b.readyMs / 1000).toFixed(1)} s`,
);

async function http(server: BenchServer, q: Query): Promise<{ ms: number; answer: string }> {
  const t0 = performance.now();
  const r = await fetch(`${server.base}/v1/search/expression`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...q.body, page: 1, page_size: 20, facets: true, sort: 'relevance' }),
  });
  const j = (await r.json()) as { code: number; msg?: string; data?: { total: number; list: { id: number }[] } };
  const ms = performance.now() - t0;
  if (j.code !== 1) throw new Error(`search failed: ${JSON.stringify(q.body)} → ${j.msg}`);
  return { ms, answer: `${j.data!.total} ${j.data!.list.map((h) => h.id).join(',')}` };
}
const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.floor(p * (xs.length - 1))];
const fmt = (xs: number[]) => `${pct(xs, 0.5).toFixed(0)} / ${pct(xs, 0.95).toFixed(0)}`;

let differing = 0;
console.log(`\n${N} queries per kind, each to both servers (p50 / p95 ms)`);
console.log(`${'kind'.padEnd(36)} ${'A'.padStart(11)} ${'B'.padStart(11)}`);
for (const k of kinds) {
  for (const q of k.queries.slice(N, N + 10)) for (const s of [a, b]) await http(s, q);
  const ta: number[] = [];
  const tb: number[] = [];
  for (const [i, q] of k.queries.slice(0, N).entries()) {
    const first = i % 2 ? a : b;
    const x = await http(first, q);
    const y = await http(first === a ? b : a, q);
    const [ra, rb] = first === a ? [x, y] : [y, x];
    ta.push(ra.ms);
    tb.push(rb.ms);
    if (ra.answer !== rb.answer) differing++;
  }
  console.log(`${k.label.padEnd(36)} ${fmt(ta).padStart(11)} ${fmt(tb).padStart(11)}`);
}
console.log(`queries whose total or first page differed: ${differing} of ${N * kinds.length}`);
a.child.kill('SIGTERM');
b.child.kill('SIGTERM');
process.exit(0);
