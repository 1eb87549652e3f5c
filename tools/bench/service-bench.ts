// The enterprise-service benchmark of issue 12 (ADR 0043): a district of --companies enterprises (default 20,000)
// served by the demo main account, --visits visits (default 200,000) over the past two years, --demands demands in
// every state, and --patents demo patents linked to the enterprises. Then /workCompany's call (POST
// /v1/service/ranking: the score of every enterprise in scope, ranked, one page) through HTTP (app.inject on the real
// app), for the main account, with a filter, and for a staff member; and the grade counts. Each against a baseline
// measured in the same run: the enterprise directory's page (POST /v1/service/companies, ADR 0038). Target: p95 ≤
// 100 ms. Figures, not a test.
//
//   npm run bench:service -- [--companies 20000] [--visits 200000] [--demands 20000] [--patents 5000] [--n 30]
//
// With TEST_DATABASE_URL (a PostgreSQL superuser URL, as for the api tests) it runs on a fresh PostgreSQL database.
import os from 'node:os';
import { sql } from 'kysely';
import { createTestApp, DEMO, login } from '../../apps/server/test/helpers';
import { rebuildCompanyFacts, refreshCompanyFacts } from '../../apps/server/src/modules/grading/facts';
import { benchArgs } from './args';
import { buildBenchDistrict } from './service-district';

const args = benchArgs();
const COMPANIES = args.num('companies', 20_000);
const VISITS = args.num('visits', 200_000);
const DEMANDS = args.num('demands', 20_000);
const PATENTS = args.num('patents', 5000);
const N = args.num('n', 30);
const TARGET_MS = 100;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const ms = (x: number) => `${x.toFixed(1)} ms`;

console.log(
  `enterprise-service benchmark: ${COMPANIES.toLocaleString('en-US')} enterprises, ${VISITS.toLocaleString('en-US')} visits, ${DEMANDS.toLocaleString('en-US')} demands, ${PATENTS.toLocaleString('en-US')} patents`,
);
console.log(
  `machine: ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}, Node ${process.version}`,
);
const t = await createTestApp({ now: '2026-11-24T02:00:00.000Z' });
console.log(`database: ${t.dialect === 'postgres' ? 'PostgreSQL (TEST_DATABASE_URL, a fresh database)' : 'SQLite'}`);
try {
  const db = t.db.db;
  const t0 = performance.now();
  const { ids } = await buildBenchDistrict(t, { COMPANIES, VISITS, DEMANDS, PATENTS });
  if (t.dialect === 'postgres') await sql`ANALYZE`.execute(db);
  else await sql`ANALYZE`.execute(db);
  console.log(`built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // The ranking's stored counts (ADR 0050): a full rebuild (the seed's and the nightly task's) and one enterprise's
  // refresh (what a visit, demand step or honour adds to its write).
  const r0 = performance.now();
  const built = await rebuildCompanyFacts(t.deps);
  console.log(`stored counts: full rebuild of ${built.rows.toLocaleString('en-US')} rows in ${ms(performance.now() - r0)}`);
  const refresh: number[] = [];
  for (let i = 0; i < N; i++) {
    const s = performance.now();
    await refreshCompanyFacts(db, [ids[(i * 97) % ids.length]]);
    refresh.push(performance.now() - s);
  }
  console.log(`stored counts: one enterprise refreshed, p50 ${ms(pct(refresh, 0.5))}, p95 ${ms(pct(refresh, 0.95))}`);

  const mainToken = await login(t.app, DEMO.main);
  const staffToken = await login(t.app, DEMO.staff);
  const run = async (token: string, url: string, body: unknown) => {
    const s = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      payload: body as object,
    });
    const took = performance.now() - s;
    const json = JSON.parse(res.body) as { code: number; msg?: string; data?: { total?: number } };
    if (json.code !== 1) throw new Error(`${url}: ${json.msg}`);
    return { took, total: json.data?.total };
  };
  const cases: [string, string, string, unknown][] = [
    ['baseline: directory page (service/companies)', mainToken, '/v1/service/companies', { page: 1, page_size: 20 }],
    ['ranking, main account, page 1', mainToken, '/v1/service/ranking', { page: 1, page_size: 20 }],
    ['ranking, main account, page 50', mainToken, '/v1/service/ranking', { page: 50, page_size: 20 }],
    ['ranking, grade B + industry', mainToken, '/v1/service/ranking', { grade: 'B', industry: '医药制造业' }],
    ['ranking, staff (2 streets)', staffToken, '/v1/service/ranking', { page: 1, page_size: 20 }],
    ['grade counts (service/grades)', mainToken, '/v1/service/grades', {}],
    // the next day before the nightly rebuild: the stored counts are a day old and the windows are corrected
    ['NEXT_DAY ranking, page 1, counts a day old', mainToken, '/v1/service/ranking', { page: 1, page_size: 20 }],
    ['NEXT_DAY grade counts, counts a day old', mainToken, '/v1/service/grades', {}],
  ];
  console.log(`\n${N} requests per call through HTTP (app.inject), after 3 warm-up requests; target p95 ≤ ${TARGET_MS} ms`);
  console.log(`${'call'.padEnd(46)} ${'total'.padStart(7)} ${'p50'.padStart(9)} ${'p95'.padStart(9)}  ×baseline p50`);
  let base = 0;
  for (const [label, token, url, body] of cases) {
    const name = label.replace('NEXT_DAY ', '');
    if (label !== name) t.setNow('2026-11-25T02:00:00.000Z');
    for (let i = 0; i < 3; i++) await run(token, url, body);
    const times: number[] = [];
    let total: number | undefined;
    for (let i = 0; i < N; i++) {
      const r = await run(token, url, body);
      times.push(r.took);
      total = r.total;
    }
    if (!base) base = pct(times, 0.5);
    const p95 = pct(times, 0.95);
    console.log(
      `${name.padEnd(46)} ${String(total ?? '').padStart(7)} ${ms(pct(times, 0.5)).padStart(9)} ${ms(p95).padStart(9)}  ${(pct(times, 0.5) / base).toFixed(1)}×${p95 > TARGET_MS && url !== '/v1/service/companies' ? '  (over target)' : ''}`,
    );
  }
} finally {
  await t.close();
}
process.exit(0);
