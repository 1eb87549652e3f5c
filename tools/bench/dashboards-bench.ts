// The administrator statistics benchmark (issue 13, ADR 0047): --users accounts (a tenth of them companies' users),
// their verification applications, --searches search_history rows and --events logins and exports spread over two
// years, then each /dataShow call (POST /v1/stats/overview over 30 and 365 days, each table of /v1/stats/list,
// page 1) timed p50/p95, against a baseline measured in the same run on the same database: the per-day searches
// and logins of the range computed the naive way, loading the rows' times into the server and counting in JS.
// Figures, not a test.
//
//   npm run bench:dashboards -- [--users 20000] [--searches 300000] [--events 300000] [--n 20] [--dir DIR] [--reuse]
//   BENCH_DATABASE_URL=postgres://… to run on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { STAT_TABLES } from '@ip/contract';
import { openDb } from '../../apps/server/src/db';
import { migrate } from '../../apps/server/src/db/migrate';
import { listTable, overview, resolveRange } from '../../apps/server/src/modules/stats/stats.service';
import { benchArgs } from './args';

const args = benchArgs();
const USERS = args.num('users', 20000);
const SEARCHES = args.num('searches', 300000);
const EVENTS = args.num('events', 300000);
const N = args.num('n', 20);
const dir = path.resolve(args.get('dir') ?? path.join(os.tmpdir(), `ip-dashboards-bench-${USERS}-${SEARCHES}`));
const NOW = new Date('2026-11-24T04:00:00.000Z');
const DAY = 86_400_000;
const SPAN_DAYS = 730;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const ms = (x: number) => `${x.toFixed(1)} ms`;

console.log(
  `dashboards benchmark: ${USERS.toLocaleString('en-US')} users, ${SEARCHES.toLocaleString('en-US')} searches, ${EVENTS.toLocaleString('en-US')} logins/exports over ${SPAN_DAYS} days, database ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : dir}`,
);
console.log(
  `machine: ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}, Node ${process.version}`,
);

const reuse = args.has('reuse') && fs.existsSync(path.join(dir, 'app.db'));
if (!reuse) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
}
const db = openDb({ dataDir: dir, databaseUrl: process.env.BENCH_DATABASE_URL });
await migrate(db.db as never, db.dialect);
/** A deterministic time within the span: the i-th of n rows, spread evenly, at a varying hour. */
const timeOf = (i: number, n: number) =>
  new Date(NOW.getTime() - ((i * SPAN_DAYS) / n) * DAY - ((i * 7919) % 86_400) * 1000).toISOString();

if (!reuse) {
  const t0 = performance.now();
  const companies = Math.ceil(USERS / 10);
  for (let i = 0; i < companies; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, companies - i) }, (_, k) => ({
      company_name: `基准测试企业${i + k}有限公司`,
      credit_code: '',
      street_id: 0,
      street_name: '',
      patent_num: 0,
      created_at: NOW.toISOString(),
    }));
    await db.db.insertInto('companies').values(rows).execute();
  }
  const companyIds = (await db.db.selectFrom('companies').select('id').orderBy('id').execute()).map((r) => Number(r.id));
  for (let i = 0; i < USERS; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, USERS - i) }, (_, k) => {
      const n = i + k;
      const created = timeOf(n, USERS);
      return {
        mobile: `15${String(n).padStart(9, '0')}`,
        password_hash: 'x',
        name: `用户${n}`,
        avatar: '',
        is_admin: 0,
        rid: 0,
        com_id: 0,
        pid: 0,
        street_id: 0,
        street_name: '',
        introduction: '',
        company_name: '',
        status: 1,
        newtype: 1,
        must_change_password: 0,
        type: n % 7 === 0 ? '1' : '2',
        is_news: n % 50 === 0 ? 1 : 0,
        company_id: n % 7 === 0 || n % 50 === 0 ? 0 : companyIds[n % companyIds.length],
        created_at: created,
        updated_at: created,
      };
    });
    await db.db.insertInto('users').values(rows).execute();
  }
  const userIds = (await db.db.selectFrom('users').select('id').orderBy('id').execute()).map((r) => Number(r.id));
  const apps = Math.ceil(USERS / 4);
  for (let i = 0; i < apps; i += 500) {
    const rows = Array.from({ length: Math.min(500, apps - i) }, (_, k) => {
      const n = i + k;
      const created = timeOf(n, apps);
      const status = n % 5 === 0 ? 0 : n % 5 === 1 ? 2 : 1;
      return {
        user_id: userIds[(n * 4) % userIds.length],
        company_name: `申请企业${n}`,
        credit_code: '91310000MA1FL0001X',
        contact: '联系人',
        license: '',
        remark: '',
        reviewer_id: null,
        status,
        created_at: created,
        reviewed_at: status === 0 ? null : new Date(Date.parse(created) + ((n * 37) % 96) * 3600_000).toISOString(),
      };
    });
    await db.db.insertInto('verifications').values(rows).execute();
  }
  const terms = Array.from({ length: 500 }, (_, k) => `检索词${k} AND 电池`);
  for (let i = 0; i < SEARCHES; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, SEARCHES - i) }, (_, k) => {
      const n = i + k;
      return {
        user_id: userIds[(n * 13) % userIds.length],
        expression: terms[Math.floor(Math.sqrt((n * 7919) % 250_000))],
        total: n % 1000,
        created_at: timeOf(n, SEARCHES),
      };
    });
    await db.db.insertInto('search_history').values(rows).execute();
  }
  for (let i = 0; i < EVENTS; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, EVENTS - i) }, (_, k) => {
      const n = i + k;
      return {
        kind: n % 9 === 0 ? ('export' as const) : ('login' as const),
        user_id: userIds[(n * 17) % userIds.length],
        created_at: timeOf(n, EVENTS),
      };
    });
    await db.db.insertInto('activity_log').values(rows).execute();
  }
  if (db.dialect === 'postgres') await sql`ANALYZE`.execute(db.db);
  console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

async function time(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 2; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < N; i++) {
    const s = performance.now();
    await fn();
    xs.push(performance.now() - s);
  }
  return { p50: pct(xs, 0.5), p95: pct(xs, 0.95) };
}

const r30 = resolveRange({}, NOW);
const r365 = resolveRange({ date_from: '2025-11-25', date_to: '2026-11-24' }, NOW);

/** The naive way: the range's search and login times loaded into the server, days counted in JS. */
async function naive(r: typeof r30) {
  const count = (rows: { created_at: string }[]) => {
    const m = new Map<string, number>();
    for (const x of rows) {
      const d = new Date(Date.parse(x.created_at) + 8 * 3600_000).toISOString().slice(0, 10);
      m.set(d, (m.get(d) ?? 0) + 1);
    }
    return m;
  };
  const s = await db.db
    .selectFrom('search_history')
    .select('created_at')
    .where('created_at', '>=', r.lo)
    .where('created_at', '<', r.hi)
    .execute();
  const l = await db.db
    .selectFrom('activity_log')
    .select('created_at')
    .where('kind', '=', 'login')
    .where('created_at', '>=', r.lo)
    .where('created_at', '<', r.hi)
    .execute();
  return [count(s), count(l)];
}

console.log(`\n${N} calls each (after 2 warm-up calls):`);
console.log(`${'call'.padEnd(46)} ${'p50'.padStart(10)} ${'p95'.padStart(10)}`);
const row = (name: string, t: { p50: number; p95: number }) =>
  console.log(`${name.padEnd(46)} ${ms(t.p50).padStart(10)} ${ms(t.p95).padStart(10)}`);
const o30 = await time(() => overview(db.db, db.dialect, r30));
row('POST /v1/stats/overview (30 days)', o30);
const o365 = await time(() => overview(db.db, db.dialect, r365));
row('POST /v1/stats/overview (365 days)', o365);
for (const table of STAT_TABLES) {
  row(`POST /v1/stats/list ${table} (365 days, page 1)`, await time(() => listTable(db.db, db.dialect, r365, { table }, 20, 0)));
}
row(
  'POST /v1/stats/list searches, keyword (365 days)',
  await time(() => listTable(db.db, db.dialect, r365, { table: 'searches', keyword: '检索词7' }, 20, 0)),
);
const b30 = await time(() => naive(r30));
row('baseline: rows loaded, counted in JS (30 d)', b30);
const b365 = await time(() => naive(r365));
row('baseline: rows loaded, counted in JS (365 d)', b365);
console.log(
  `\nratio baseline (two series only) / overview (all six charts), p95: 30 days ${(b30.p95 / o30.p95).toFixed(2)}, 365 days ${(b365.p95 / o365.p95).toFixed(2)}`,
);
await db.close();
