// The search benchmark on PostgreSQL: starts a throwaway PostgreSQL 15 cluster, loads demo patents plus the real
// records through the product's import path, and times the search service (total + facets + first page of 20 by
// relevance) in this process for a fixed query mix, twice: with the product's relevance rule (score only when each
// text condition matches ≤ BM25_FULL_MAX patents, else title matches first) and scoring every match (the rule
// before; --rank-max sets the limit of the first run). Prints p50/p95 per kind and per statement kind. Figures, not
// a test: nothing here fails a build. Needs Debian's postgresql package (npm test installs it when run as root).
//
//   npm run bench:search:pg -- [--count 20000] [--n 100] [--seed 7] [--rank-max 5000]
import fs from 'node:fs';
import { sql } from 'kysely';
import type { Deps } from '../../apps/server/src/deps';
import { BM25_FULL_MAX, keywordsAst, search } from '../../apps/server/src/modules/search/search.service';
import { parseExpression, type Node } from '../../apps/server/src/search/expression';
import { rng } from '../../apps/server/src/search/test-data';
import { benchArgs } from './args';
import { startLoadedPg, type BenchPg } from './pg-load';

const args = benchArgs();
const num = args.num;
const COUNT = num('count', 20000);
const N = num('n', 100);
const RANK_MAX = num('rank-max', BM25_FULL_MAX);
const rand = rng(num('seed', 7));

/** Which statement of a search a query is, for the per-statement figures. */
function statementOf(text: string): string {
  if (text.startsWith('SELECT s.patent_id')) return 'resolve';
  if (text.startsWith('select "id", "an"')) return 'hits';
  if (text.startsWith('WITH m AS MATERIALIZED')) return 'facets';
  if (text.includes('ORDER BY')) return 'page';
  return 'other';
}
const perStatement = new Map<string, number>();

let bench: BenchPg | null = null;
try {
  bench = await startLoadedPg({
    count: COUNT,
    kyselyLog(e) {
      if (e.level !== 'query') return;
      const s = statementOf(e.query.sql);
      perStatement.set(s, (perStatement.get(s) ?? 0) + e.queryDurationMillis);
    },
  });
  const { k, db, total } = bench;
  const deps = { db, clock: () => new Date() } as unknown as Deps;

  // The query mix: words cut from stored titles (2–4 characters of a CJK run), and field + date expressions.
  const titles = (await sql<{ title: string }>`SELECT title FROM patents ORDER BY id`.execute(k)).rows.map((r) => r.title);
  const word = (): string => {
    for (;;) {
      const runs = titles[Math.floor(rand() * titles.length)].match(/[\u4e00-\u9fff]{2,}/g);
      if (!runs) continue;
      const r = runs[Math.floor(rand() * runs.length)];
      const len = Math.min(r.length, 2 + Math.floor(rand() * 3));
      const s = Math.floor(rand() * (r.length - len + 1));
      return r.slice(s, s + len);
    }
  };
  const forms = [
    (a: string) => `名称=${a} AND 申请日>=2015-01-01`,
    (a: string) => `摘要=${a} AND 申请日<=2018-12-31`,
    (a: string, b: string) => `名称=${a} OR 摘要=${b}`,
    (a: string, b: string) => `关键词=${a} AND NOT 名称=${b} AND 公开日>=2010`,
    (a: string, b: string) => `(名称=${a} OR 名称=${b}) AND 申请日>=2000-01-01`,
    (a: string) => `权利要求=${a} AND 申请日>=2012`,
  ];
  const kinds: { label: string; asts: Node[] }[] = [
    { label: 'keyword (top-bar val)', asts: Array.from({ length: N + 10 }, () => keywordsAst(word())!) },
    {
      label: 'field + date expression',
      asts: Array.from({ length: N + 10 }, (_, i) => parseExpression(forms[i % forms.length](word(), word()))),
    },
  ];

  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
  const fmtMs = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
  console.log(
    `\n${total.toLocaleString('en-US')} patents on PostgreSQL 15; ${N} queries per kind (after 10 warm-up), total + facets + first page of 20 by relevance; load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  const runs: [string, number][] = [
    [`relevance rule (score when ≤ ${RANK_MAX.toLocaleString('en-US')})`, RANK_MAX],
    ['score every match', Number.MAX_SAFE_INTEGER],
  ];
  for (const kind of kinds) {
    console.log(`\n${kind.label}`);
    for (const ast of kind.asts.slice(N))
      for (const [, rankMax] of runs) await search(deps, { ast, facets: true, sort: 'relevance', rankMax });
    // Each query under both rules, alternating which goes first, so neither profits from the other's warm cache.
    const times = runs.map(() => [] as number[]);
    const statements = runs.map(() => new Map<string, number[]>());
    for (const [i, ast] of kind.asts.slice(0, N).entries()) {
      const order = i % 2 ? [1, 0] : [0, 1];
      for (const r of order) {
        perStatement.clear();
        const t = performance.now();
        await search(deps, { ast, facets: true, sort: 'relevance', rankMax: runs[r][1] });
        times[r].push(performance.now() - t);
        for (const [st, v] of perStatement) (statements[r].get(st) ?? statements[r].set(st, []).get(st)!).push(v);
      }
    }
    runs.forEach(([label], r) => {
      const parts = [...statements[r]]
        .filter(([st]) => st !== 'other')
        .map(([st, v]) => `${st} p95 ${fmtMs(pct([...v, ...Array(N - v.length).fill(0)], 0.95))}`)
        .join(', ');
      console.log(
        `  ${label.padEnd(34)} p50 ${fmtMs(pct(times[r], 0.5)).padStart(7)}  p95 ${fmtMs(pct(times[r], 0.95)).padStart(7)}   (${parts})`,
      );
    });
    console.log(`  p95, scoring every match / the rule: ${(pct(times[1], 0.95) / pct(times[0], 0.95)).toFixed(2)}×`);
  }
} finally {
  await bench?.stop();
  console.log('\nPostgreSQL stopped, data directory removed');
}
