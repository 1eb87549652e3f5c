// The enterprise-service dashboards benchmark of issue 13 (ADR 0052): the same district as bench:service (ADR 0043):
// --companies enterprises (default 20,000) served by the demo main account, --visits visits (default 200,000) over
// the past two years, --demands demands in every state (the handled ones with a handled time, half within their
// limit), --patents demo patents linked to the enterprises. Then the calls of /newhome, /visualization/Visit and
// /datapage (GET /v1/visit/center, centertype, getleftlist, getrightlist, /v1/street/center, centerrat, getleftlist,
// getrightlist) through HTTP (app.inject on the real app) for the main account's default range (12 months), with a
// street, and for a staff member; against a baseline measured in the same run: the enterprise directory's page
// (POST /v1/service/companies, ADR 0038). Target: p95 ≤ 150 ms. Figures, not a test.
//
//   npm run bench:service-dashboards -- [--companies 20000] [--visits 200000] [--demands 20000] [--patents 5000] [--n 30]
//                                       [--bare]  (the patents without text or index, bare-patents.ts: for 1,000,000)
//
// With TEST_DATABASE_URL (a PostgreSQL superuser URL, as for the api tests) it runs on a fresh PostgreSQL database.
import os from 'node:os';
import { sql } from 'kysely';
import { createTestApp, DEMO, login } from '../../apps/server/test/helpers';
import { benchArgs } from './args';
import { buildBenchDistrict } from './service-district';

const args = benchArgs();
const COMPANIES = args.num('companies', 20_000);
const VISITS = args.num('visits', 200_000);
const DEMANDS = args.num('demands', 20_000);
const PATENTS = args.num('patents', 5000);
const N = args.num('n', 30);
const TARGET_MS = 150;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const ms = (x: number) => `${x.toFixed(1)} ms`;

console.log(
  `enterprise-service dashboards benchmark: ${COMPANIES.toLocaleString('en-US')} enterprises, ${VISITS.toLocaleString('en-US')} visits, ${DEMANDS.toLocaleString('en-US')} demands, ${PATENTS.toLocaleString('en-US')} patents`,
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
  await buildBenchDistrict(t, { COMPANIES, VISITS, DEMANDS, PATENTS, handled: true, bare: args.has('bare') });
  if (t.dialect === 'postgres') await sql`ANALYZE`.execute(db);
  else await sql`ANALYZE`.execute(db);
  console.log(`built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const mainToken = await login(t.app, DEMO.main);
  const staffToken = await login(t.app, DEMO.staff);
  const run = async (token: string, url: string, body: unknown) => {
    const s = performance.now();
    const post = url === '/v1/service/companies';
    const res = await t.app.inject({
      method: post ? 'POST' : 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(post ? { payload: body as object } : { query: body as Record<string, string> }),
    });
    const took = performance.now() - s;
    const json = JSON.parse(res.body) as { code: number; msg?: string; data?: { total?: number; list?: unknown[] } };
    if (json.code !== 1) throw new Error(`${url}: ${json.msg}`);
    return { took, total: json.data?.total ?? json.data?.list?.length };
  };
  const street = { street_id: '3' };
  const cases: [string, string, string, unknown][] = [
    ['baseline: directory page (service/companies)', mainToken, '/v1/service/companies', { page: 1, page_size: 20 }],
    ['visit/center (key figures)', mainToken, '/v1/visit/center', {}],
    ['visit/center, one street', mainToken, '/v1/visit/center', street],
    ['visit/center, staff (2 streets)', staffToken, '/v1/visit/center', {}],
    ['visit/centertype', mainToken, '/v1/visit/centertype', {}],
    ['visit/getleftlist (by month)', mainToken, '/v1/visit/getleftlist', {}],
    ['visit/getleftlist, 2 years', mainToken, '/v1/visit/getleftlist', { date_from: '2024-11-25', date_to: '2026-11-24' }],
    ['visit/getrightlist (by staff)', mainToken, '/v1/visit/getrightlist', {}],
    ['street/center (by street)', mainToken, '/v1/street/center', {}],
    ['street/center, staff', staffToken, '/v1/street/center', {}],
    ['street/centerrat', mainToken, '/v1/street/centerrat', {}],
    ['street/getleftlist (streets)', mainToken, '/v1/street/getleftlist', {}],
    ['street/getrightlist, page 1', mainToken, '/v1/street/getrightlist', {}],
    ['street/getrightlist, one street, page 20', mainToken, '/v1/street/getrightlist', { ...street, page: '20' }],
  ];
  console.log(`\n${N} requests per call through HTTP (app.inject), after 3 warm-up requests; target p95 ≤ ${TARGET_MS} ms`);
  console.log(`${'call'.padEnd(46)} ${'total'.padStart(7)} ${'p50'.padStart(9)} ${'p95'.padStart(9)}  ×baseline p50`);
  let base = 0;
  for (const [name, token, url, body] of cases) {
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
