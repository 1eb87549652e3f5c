// Search latency benchmark on a database made by gen-patents.ts: keyword searches (the top-bar `val`, total +
// facets + first page by relevance) and field + date expressions, each query once after a warm-up; prints
// p50/p95/p99. Not used by tests.
//
//   npx tsx tools/bench/search-bench.ts --dir /tmp/bench1m [--n 300] [--engine auto|sql] [--cold 1] [--slow 5]
//   (--cold 1: the kept FTS5 results and whole results are dropped before every query)
//   npx tsx tools/bench/search-bench.ts --pg postgres://…/bench [--n 300]      (a PostgreSQL copy of such data)
import { Jieba } from '@node-rs/jieba';
import { sql } from 'kysely';
import { dict } from '@node-rs/jieba/dict.js';
import { openDb } from '../../apps/server/src/db';
import type { Deps } from '../../apps/server/src/deps';
import { keywordsAst, search } from '../../apps/server/src/modules/search/search.service';
import { parseExpression, type Node } from '../../apps/server/src/search/expression';
import { readyStore, storeWhenReady } from '../../apps/server/src/search/engine/sqlite-store';
import { rng } from '../../apps/server/src/search/test-data';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const dir = args.get('dir') ?? '/tmp/bench1m';
const N = Number(args.get('n') ?? 300);
const engine = (args.get('engine') ?? 'auto') as 'auto' | 'sql';
const rand = rng(Number(args.get('seed') ?? 11));

const db = openDb({ dataDir: dir, databaseUrl: args.get('pg') });
const deps = { db, clock: () => new Date(), config: { dataDir: dir } } as unknown as Deps;
const one = async <T>(q: ReturnType<typeof sql<T>>) => (await q.execute(db.db)).rows[0];
const count = Number((await one(sql<{ n: number }>`SELECT count(*) AS n FROM patents`)).n);
console.log(`${count} patents (${db.dialect})`);

let t = performance.now();
if (db.sqlite) {
  await storeWhenReady(db.sqlite);
  console.log(`in-memory search columns built in ${(performance.now() - t).toFixed(0)} ms (in the background, in chunks)`);
}

// Query words: jieba words of 2–4 characters from random stored titles.
const jieba = Jieba.withDict(dict);
const maxId = Number((await one(sql<{ m: number }>`SELECT max(id) AS m FROM patents`)).m);
const titleOf = async (id: number) =>
  (await one(sql<{ title: string }>`SELECT title FROM patents WHERE id >= ${id} ORDER BY id LIMIT 1`)).title;
const STOP = new Set(['一种', '方法', '装置', '系统', '及其', '用于', '基于', '设备', '制备', '应用']);
const words: string[] = [];
while (words.length < N * 3) {
  const title = await titleOf(1 + Math.floor(rand() * maxId));
  for (const w of jieba.cut(title, false)) {
    if (/^[\u4e00-\u9fff]{2,4}$/.test(w) && !STOP.has(w) && rand() < 0.5) words.push(w);
  }
}
const pick = () => words[Math.floor(rand() * words.length)];
const year = () => 2005 + Math.floor(rand() * 19);

const keywordQueries: Node[] = [];
for (let i = 0; i < N; i++) keywordQueries.push(keywordsAst(rand() < 0.7 ? pick() : `${pick()} ${pick()}`)!);
const fieldQueries: Node[] = [];
for (let i = 0; i < N; i++) {
  const y = year();
  const shapes = [
    `名称=${pick()} AND 申请日>=${y}-01-01`,
    `名称=(${pick()} AND ${pick()}) AND 申请日=[${y}-01-01 TO ${y + 3}-12-31]`,
    `摘要=${pick()} AND 公开日>=${y} AND 类型=发明`,
    `TI=${pick()} AND AD=${y} NOT LS=无权`,
    `(TI=${pick()} OR AB=${pick()}) AND PD<=${y}-06-30`,
    `IPC=${['H01M', 'G06F', 'A61K', 'B65G', 'H04L'][Math.floor(rand() * 5)]} AND AD>=${y} AND TX=${pick()}`,
  ];
  fieldQueries.push(parseExpression(shapes[i % shapes.length]));
}

async function run(label: string, queries: Node[], opts: { facets: boolean; sort: 'relevance' | 'date_desc' }) {
  for (const q of queries.slice(0, 20)) await search(deps, { ast: q, facets: opts.facets, sort: opts.sort, engine });
  const times: number[] = [];
  const slow: [number, string, number][] = [];
  let totals = 0;
  let big = 0;
  for (const q of queries) {
    if (args.has('cold') && db.sqlite) readyStore(db.sqlite)?.clearCaches();
    t = performance.now();
    const r = await search(deps, { ast: q, facets: opts.facets, sort: opts.sort, engine });
    const ms = performance.now() - t;
    times.push(ms);
    slow.push([ms, r.expression, r.total]);
    totals += r.total;
    if (r.total > 20000) big++;
  }
  if (args.has('slow'))
    for (const [ms, e, n] of slow.sort((a, b) => b[0] - a[0]).slice(0, Number(args.get('slow'))))
      console.log(`   ${ms.toFixed(1)} ms  ${n}  ${e}`);
  const small = slow
    .filter(([, , n]) => n <= 20000)
    .map(([ms]) => ms)
    .sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  const p = (x: number) => times[Math.min(times.length - 1, Math.floor(x * times.length))].toFixed(1);
  const ps = (x: number) => (small.length ? small[Math.min(small.length - 1, Math.floor(x * small.length))].toFixed(1) : '-');
  console.log(
    `${label.padEnd(52)} n=${times.length}  p50 ${p(0.5)}  p95 ${p(0.95)}  p99 ${p(0.99)}  max ${times[times.length - 1].toFixed(1)} ms  mean total ${Math.round(totals / times.length)}  (>20k hits: ${big}; the others: p50 ${ps(0.5)} p95 ${ps(0.95)} ms)`,
  );
}

await run('keyword (val), total + facets, relevance', keywordQueries, { facets: true, sort: 'relevance' });
await run('keyword (val), total + facets, newest first', keywordQueries, { facets: true, sort: 'date_desc' });
await run('field + date expression, total + facets, relevance', fieldQueries, { facets: true, sort: 'relevance' });
await run('field + date expression, total only, newest first', fieldQueries, { facets: false, sort: 'date_desc' });
await db.close();
