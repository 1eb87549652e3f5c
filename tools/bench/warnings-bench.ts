// The enterprise-warnings benchmark of issue 12 (ADR 0048): a district of --companies enterprises (default 20,000)
// served by the demo main account, --visits visits (default 200,000) over the past two years, --demands demands in
// every state, --patents demo patents linked to the enterprises, --certificates certificates expiring around today and
// --cases litigation cases of the enterprises. Then /workWarning's calls through HTTP (app.inject on the real app):
// GET /v1/visit/warningList_two (one page, one kind, a staff member) and GET /v1/visit/dataList_two (count per kind),
// each against a baseline measured in the same run: the enterprise directory's page (POST /v1/service/companies).
// Target: p95 ≤ 100 ms. Figures, not a test.
//
//   npm run bench:warnings -- [--companies 20000] [--visits 200000] [--demands 20000] [--patents 5000] [--n 30]
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
const CERTIFICATES = args.num('certificates', 4000);
const CASES = args.num('cases', 2000);
const N = args.num('n', 30);
const TARGET_MS = 100;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const ms = (x: number) => `${x.toFixed(1)} ms`;

console.log(
  `enterprise-warnings benchmark: ${COMPANIES.toLocaleString('en-US')} enterprises, ${VISITS.toLocaleString('en-US')} visits, ${DEMANDS.toLocaleString('en-US')} demands, ${PATENTS.toLocaleString('en-US')} patents, ${CERTIFICATES.toLocaleString('en-US')} certificates, ${CASES.toLocaleString('en-US')} cases`,
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
  const { main, ids, now, day, rows, insert } = await buildBenchDistrict(t, { COMPANIES, VISITS, DEMANDS, PATENTS });
  await insert(
    'certificates',
    rows(CERTIFICATES, (i) => ({
      company_id: ids[(i * 17) % ids.length],
      kind: 'hightech',
      number: `GR${String(i).padStart(8, '0')}`,
      name: '高新技术企业证书',
      issue_date: '2023-01-01',
      expiry_date: day((i % 730) - 365),
      created_at: now,
      updated_at: now,
    })),
  );
  await insert(
    'litigation_cases',
    rows(CASES, (i) => ({
      case_no: `（2026）基${i}号`,
      court: '示例市中级人民法院',
      cause: '侵害发明专利权纠纷',
      trial_level: '一审',
      status: '审理中',
      filing_date: day(i % 365),
      filing_year: Number(day(i % 365).slice(0, 4)),
      created_at: now,
      updated_at: now,
    })),
  );
  await sql`INSERT INTO litigation_parties (case_id, sort, role, name, name_key)
    SELECT lc.id, 1, '被告', c.company_name, c.company_name FROM litigation_cases lc
    JOIN companies c ON c.id = (SELECT min(id) FROM companies WHERE service_owner_id = ${main}) + (lc.id * 11) % ${COMPANIES}`.execute(
    db,
  );
  // PostgreSQL: VACUUM too. The 200,000 visits' inserts fired migration 039's trigger as many times, leaving dead
  // versions of every enterprise row (and of its index entries) that autovacuum would clear on a live server before
  // long; without it every read of companies walks them and no index-only scan is possible (ADR 0058 §6).
  if (t.dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(db);
  else await sql`ANALYZE`.execute(db);
  console.log(`built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const mainToken = await login(t.app, DEMO.main);
  const staffToken = await login(t.app, DEMO.staff);
  const run = async (token: string, method: 'GET' | 'POST', url: string, params: Record<string, unknown>) => {
    const s = performance.now();
    const res = await t.app.inject(
      method === 'GET'
        ? { method, url, headers: { authorization: `Bearer ${token}` }, query: params as Record<string, string> }
        : { method, url, headers: { authorization: `Bearer ${token}` }, payload: params },
    );
    const took = performance.now() - s;
    const json = JSON.parse(res.body) as { code: number; msg?: string; data?: { total?: number } };
    if (json.code !== 1) throw new Error(`${url}: ${json.msg}`);
    return { took, total: json.data?.total };
  };
  const cases: [string, string, 'GET' | 'POST', string, Record<string, unknown>][] = [
    ['baseline: directory page (service/companies)', mainToken, 'POST', '/v1/service/companies', { page: 1, page_size: 20 }],
    ['warningList_two, main account, page 1', mainToken, 'GET', '/v1/visit/warningList_two', { page: '1', page_size: '20' }],
    ['warningList_two, main, 久未走访 page 20', mainToken, 'GET', '/v1/visit/warningList_two', { kind: 'no_visit', page: '20' }],
    ['warningList_two, main, keyword', mainToken, 'GET', '/v1/visit/warningList_two', { keyword: '企业0012' }],
    ['warningList_two, staff (2 streets)', staffToken, 'GET', '/v1/visit/warningList_two', {}],
    ['dataList_two, main account', mainToken, 'GET', '/v1/visit/dataList_two', {}],
    ['dataList_two, staff (2 streets)', staffToken, 'GET', '/v1/visit/dataList_two', {}],
  ];
  console.log(`\n${N} requests per call through HTTP (app.inject), after 3 warm-up requests; target p95 ≤ ${TARGET_MS} ms`);
  console.log(`${'call'.padEnd(46)} ${'total'.padStart(7)} ${'p50'.padStart(9)} ${'p95'.padStart(9)}  ×baseline p50`);
  let base = 0;
  for (const [name, token, method, url, params] of cases) {
    for (let i = 0; i < 3; i++) await run(token, method, url, params);
    const times: number[] = [];
    let total: number | undefined;
    for (let i = 0; i < N; i++) {
      const r = await run(token, method, url, params);
      times.push(r.took);
      total = r.total;
    }
    if (!base) base = pct(times, 0.5);
    const p95 = pct(times, 0.95);
    console.log(
      `${name.padEnd(46)} ${String(total ?? '').padStart(7)} ${ms(pct(times, 0.5)).padStart(9)} ${ms(p95).padStart(9)}  ${(pct(times, 0.5) / base).toFixed(1)}×${p95 > TARGET_MS && method === 'GET' ? '  (over target)' : ''}`,
    );
  }
} finally {
  await t.close();
}
process.exit(0);
