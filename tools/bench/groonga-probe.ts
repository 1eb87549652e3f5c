// Probe for issue 15's phrase kinds on PostgreSQL (ADR 0085): would an engine with positional postings answer them
// within 100 ms at a million patents? Groonga (Debian's groonga-bin) indexes the app's own main-stream tokens of
// 名称/摘要/权利要求 (search/tokenise.ts, the tokens PostgreSQL's tsvectors hold), one record per patent keyed by its
// id, with the TokenDelimit tokenizer and a positional index; a 4-character term is then the phrase of its bigrams,
// as in PostgreSQL (`'控制' <-> '制方' <-> '方法'`). For the search benchmark's 4-character terms and two-word phrases
// (search-queries.ts, the same seed as pg-search-bench.ts) it prints Groonga's time to return every matching id,
// PostgreSQL's time for the same ids (the store's own statement, textLeafIds), and whether the two id sets are equal.
// Groonga's time is this process's: the command, Groonga's search, and the ids as JSON through a pipe, parsed (its
// own elapsed time is printed beside). Figures, not a test; not used by the product.
//
//   apt-get install groonga-bin
//   npm run bench:search:pg -- --count 1000000 --dir /tmp/pg-1m --load-only pg     (the loaded cluster, kept)
//   npx tsx tools/bench/groonga-probe.ts --dir /tmp/pg-1m [--gr /tmp/gr-1m] [--n 50] [--seed 11]
//
//   --dir   a PostgreSQL cluster loaded by pg-search-bench.ts (database `bench`)
//   --gr    where the Groonga database goes (default $TMPDIR/ip-groonga): loaded from the cluster when absent
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
// @ts-expect-error scripts/pg.mjs is plain JavaScript
import { startPg } from '../../scripts/pg.mjs';
import { openDb } from '../../apps/server/src/db';
import { keywordsAst } from '../../apps/server/src/modules/search/search.service';
import { textLeafIds } from '../../apps/server/src/search/engine/compile-pg';
import { FIELD_COLUMNS, termMatch } from '../../apps/server/src/search/engine/text-query';
import { parseExpression } from '../../apps/server/src/search/expression';
import { rng } from '../../apps/server/src/search/test-data';
import { indexStreams } from '../../apps/server/src/search/tokenise';
import { benchArgs } from './args';
import { loadavg } from './pg-load';
import { queryMix } from './search-queries';

const args = benchArgs();
const N = args.num('n', 50);
const dir = args.get('dir');
const grDir = path.resolve(args.get('gr') ?? path.join(os.tmpdir(), 'ip-groonga'));
if (!dir || !fs.existsSync(path.join(dir, 'data', 'PG_VERSION'))) {
  console.error('--dir 须为 pg-search-bench.ts 装好的 PostgreSQL 集群目录（--dir DIR --load-only pg）');
  process.exit(2);
}
if (spawnSync('groonga', ['--version']).status !== 0) {
  console.error('未找到 groonga：请先 apt-get install groonga-bin');
  process.exit(2);
}
const TARGET_MS = 100;
const server = await startPg({ dir, settings: { shared_buffers: '2GB' } });
process.on('exit', () => server.stop());
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(130));
const url = server.url.replace(/\/postgres$/, '/bench');
const db = openDb({ dataDir: '', databaseUrl: url });
const mainOf = (text: string) => indexStreams(text).main.join(' ');
const dbFile = path.join(grDir, 'db');
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

// ── load ────────────────────────────────────────────────────────────────────────────────────────────────────
if (!fs.existsSync(dbFile)) {
  fs.mkdirSync(grDir, { recursive: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const out = fs.openSync(path.join(grDir, 'load.log'), 'w');
  const loader = spawn('groonga', ['-n', dbFile], { stdio: ['pipe', out, out] });
  const input = loader.stdin!;
  const write = (s: string) => new Promise<void>((ok) => (input.write(s) ? ok() : input.once('drain', () => ok())));
  await write(
    'table_create Patents TABLE_HASH_KEY UInt32\n' +
      ['ti', 'ab', 'cl'].map((c) => `column_create Patents ${c} COLUMN_SCALAR LongText\n`).join('') +
      'load --table Patents\n[\n',
  );
  const t0 = performance.now();
  let last = 0;
  let n = 0;
  for (;;) {
    const r = await client.query<{ id: number; title: string; abstract: string; claims: string }>(
      'SELECT id, title, abstract, claims FROM patents WHERE id > $1 ORDER BY id LIMIT 5000',
      [last],
    );
    if (!r.rows.length) break;
    let buf = '';
    for (const row of r.rows) {
      buf += `${JSON.stringify({ _key: row.id, ti: mainOf(row.title), ab: mainOf(row.abstract), cl: mainOf(row.claims) })},\n`;
      last = row.id;
    }
    await write(buf);
    n += r.rows.length;
  }
  await write(']\n');
  const loaded = performance.now();
  await write(
    'table_create Terms TABLE_PAT_KEY ShortText --default_tokenizer TokenDelimit\n' +
      'column_create Terms idx COLUMN_INDEX|WITH_POSITION|WITH_SECTION Patents ti,ab,cl\n',
  );
  input.end();
  await new Promise((ok) => loader.on('exit', ok));
  await client.end();
  console.log(
    `Groonga: ${fmt(n)} patents' 名称/摘要/权利要求 loaded in ${((loaded - t0) / 1000).toFixed(1)} s, positional index built in ${((performance.now() - loaded) / 1000).toFixed(1)} s; load ${loadavg()}`,
  );
}
const bytes = fs.readdirSync(grDir).reduce((s, f) => s + fs.statSync(path.join(grDir, f)).size, 0);
console.log(`Groonga database ${grDir}: ${(bytes / 2 ** 30).toFixed(1)} GiB`);

// ── queries ─────────────────────────────────────────────────────────────────────────────────────────────────
const gr = spawn('groonga', [dbFile], { stdio: ['pipe', 'pipe', 'inherit'] });
const lines = readline.createInterface({ input: gr.stdout! });
const waiting: ((line: string) => void)[] = [];
lines.on('line', (line) => waiting.shift()?.(line));
const command = (c: string) =>
  new Promise<string>((ok) => {
    waiting.push(ok);
    gr.stdin!.write(`${c}\n`);
  });
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const ms = (v: number) => `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;

const kinds = await queryMix(db, { n: N, rand: rng(args.num('seed', 11)) });
console.log(
  `\n${N} queries per kind; each id set compared with PostgreSQL's (patent_search and patent_text_chunks); load ${loadavg()}`,
);
for (const prefix of ['4-character', 'phrase']) {
  const kind = kinds.find((k) => k.label.startsWith(prefix))!;
  const grMs: number[] = [];
  const ownMs: number[] = [];
  const pgMs: number[] = [];
  let hits = 0;
  let mismatches = 0;
  for (const q of kind.queries.slice(0, N)) {
    // The condition as the search service parses it; Groonga gets its phrase tokens, PostgreSQL the store's statement.
    const node = q.body.expression ? parseExpression(q.body.expression) : keywordsAst(q.body.val!)!;
    const match = node.type === 'term' ? termMatch(node) : null;
    if (node.type !== 'term' || match?.kind !== 'phrase' || match.prefix)
      throw new Error(`not a plain phrase: ${JSON.stringify(q.body)}`);
    const term = node.value;
    const t0 = performance.now();
    const reply = JSON.parse(
      await command(
        `select Patents --match_columns '${FIELD_COLUMNS[node.field].join('||')}' --query '"${match.tokens.join(' ')}"' --limit -1 --output_columns _key --cache no`,
      ),
    ) as [[number, number, number], [[[number], unknown, ...[number][]]]];
    ownMs.push(reply[0][2] * 1000);
    const ids = new Set(reply[1][0].slice(2).map((r) => (r as [number])[0]));
    grMs.push(performance.now() - t0);
    const t1 = performance.now();
    const rows = (await textLeafIds(node)!.execute(db.db)).rows as { patent_id: number }[];
    pgMs.push(performance.now() - t1);
    hits += ids.size;
    if (rows.length !== ids.size || rows.some((r) => !ids.has(Number(r.patent_id)))) {
      mismatches++;
      console.log(`  mismatch: ${term}: Groonga ${ids.size}, PostgreSQL ${rows.length}`);
    }
  }
  const p95 = pct(grMs, 0.95);
  console.log(
    `${kind.label.padEnd(36)} mean hits ${fmt(hits / N).padStart(7)}  Groonga p50 ${ms(pct(grMs, 0.5))}, p95 ${ms(p95)} (${p95 <= TARGET_MS ? 'within' : 'over'} ${TARGET_MS} ms; its own ${ms(pct(ownMs, 0.95))}, the rest the ids' JSON)  PostgreSQL p50 ${ms(pct(pgMs, 0.5))}, p95 ${ms(pct(pgMs, 0.95))}  mismatches ${mismatches}`,
  );
}
const rss = fs.readFileSync(`/proc/${gr.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
console.log(`Groonga's RSS ${rss ? Math.round(Number(rss[1]) / 1024) : '?'} MB; load ${loadavg()}`);
gr.stdin!.end();
await db.db.destroy();
process.exit(0);
