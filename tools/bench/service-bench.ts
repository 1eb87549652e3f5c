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
import { seedDemoPatents } from '../../apps/server/src/modules/patents/patent-seed';
import { rebuildCompanyFacts, refreshCompanyFacts } from '../../apps/server/src/modules/grading/facts';
import { benchArgs } from './args';

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
  await seedDemoPatents(t.db, PATENTS, { batchSize: 2000 });
  const main = Number((await db.selectFrom('users').select('id').where('mobile', '=', DEMO.main).executeTakeFirstOrThrow()).id);
  const staff = Number((await db.selectFrom('users').select('id').where('mobile', '=', DEMO.staff).executeTakeFirstOrThrow()).id);
  const now = t.now().toISOString();
  const industries = ['软件和信息技术服务业', '医药制造业', '通用设备制造业', '化学原料和化学制品制造业', '新能源'];
  const rows = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
  const insert = async (table: string, list: Record<string, unknown>[], size = 500) => {
    for (let i = 0; i < list.length; i += size)
      await db
        .insertInto(table as never)
        .values(list.slice(i, i + size) as never)
        .execute();
  };
  await insert(
    'companies',
    rows(COMPANIES, (i) => ({
      company_name: `基准测试企业${String(i).padStart(5, '0')}有限公司`,
      credit_code: '',
      street_id: (i % 10) + 1,
      street_name: `街道${(i % 10) + 1}`,
      industry: industries[i % industries.length],
      patent_num: 0,
      created_at: now,
      service_owner_id: main,
    })),
  );
  const ids = (await db.selectFrom('companies').select('id').where('service_owner_id', '=', main).orderBy('id').execute()).map(
    (c) => Number(c.id),
  );
  await sql`INSERT INTO company_names (company_id, name) SELECT id, company_name FROM companies WHERE service_owner_id = ${main}`.execute(
    db,
  );
  await sql`INSERT INTO company_patents (company_id, patent_id, source, category_id, is_core, is_collected, created_at, updated_at)
    SELECT c.id, p.id, 'auto', 0, 0, 0, ${now}, ${now} FROM patents p
    JOIN companies c ON c.service_owner_id = ${main} AND c.id = (SELECT min(id) FROM companies WHERE service_owner_id = ${main}) + (p.id * 7) % ${COMPANIES}`.execute(
    db,
  );
  await insert(
    'staff_streets',
    [1, 2].map((s) => ({ owner_id: main, staff_id: staff, street_id: s, created_at: now })),
  );
  const day = (i: number) => new Date(Date.UTC(2026, 10, 24) - (i % 730) * 86_400_000).toISOString().slice(0, 10);
  await insert(
    'visits',
    rows(VISITS, (i) => ({
      owner_id: main,
      company_id: ids[(i * 13) % ids.length],
      staff_id: staff,
      status: i % 10 === 0 ? 'plan' : 'done',
      plan_date: day(i),
      visit_date: i % 10 === 0 ? '' : day(i),
      created_by: staff,
      created_at: now,
      updated_at: now,
    })),
    1000,
  );
  const states = ['registered', 'assigned', 'handled', 'evaluated', 'closed'] as const;
  await insert(
    'demands',
    rows(DEMANDS, (i) => ({
      owner_id: main,
      company_id: ids[(i * 31) % ids.length],
      source: 'staff',
      title: `基准需求${i}`,
      status: states[i % states.length],
      registered_at: `${day(i % 60)}T02:00:00.000Z`,
      contact_due: day((i % 60) - 1),
      reply_due: day((i % 60) - 3),
      close_due: day((i % 60) - 5),
      created_by: main,
      created_at: now,
      updated_at: now,
    })),
    1000,
  );
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
