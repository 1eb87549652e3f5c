// The district dashboards benchmark (issue 13, ADR 0051): one office with --companies enterprises over ten streets,
// --visits visits over two years, --demands demands, --patents demo patents linked to the enterprises (a tenth of
// them to two), then each /v1/region call (district and one street) timed p50/p95 against a baseline measured in the
// same run on the same database: the per-street visits of the range computed the naive way (the scope's visits of the
// range loaded into the server with their enterprise's street, counted in JS). Figures, not a test.
//
//   npm run bench:visualization -- [--companies 20000] [--visits 200000] [--demands 20000] [--patents 100000] [--n 20] [--bare] [--staff]
//   TEST_DATABASE_URL=postgres://… to run on PostgreSQL (a fresh database, dropped afterwards).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDb } from '../../apps/server/src/db';
import { migrate } from '../../apps/server/src/db/migrate';
import type { Deps } from '../../apps/server/src/deps';
import { seedDemoPatents } from '../../apps/server/src/modules/patents/patent-seed';
import { insertBarePatents, insertLinks } from './bare-patents';
import {
  center,
  centerArea,
  leftList,
  mapFigures,
  patentStats,
  rankList,
  regionRange,
  sixList,
} from '../../apps/server/src/modules/region/region.service';
import { createPgDatabase } from '../../apps/server/test/helpers';
import { benchArgs } from './args';

const args = benchArgs();
const COMPANIES = args.num('companies', 20000);
const VISITS = args.num('visits', 200000);
const DEMANDS = args.num('demands', 20000);
const PATENTS = args.num('patents', 100000);
/** --bare: the patents without text or search index (tools/bench/bare-patents.ts), for 1,000,000 and more. */
const BARE = args.has('bare');
/** --staff: the calls as a staff member serving streets 1 and 2 and 20 enterprises of other streets directly. */
const STAFF = args.has('staff');
const N = args.num('n', 20);
const NOW = new Date('2026-11-24T04:00:00.000Z');
const DAY = 86_400_000;
const SPAN_DAYS = 730;
const STREETS = [
  '高新街道',
  '科创街道',
  '东城街道',
  '西湖街道',
  '滨江街道',
  '南湖街道',
  '北苑街道',
  '梅林街道',
  '金桥街道',
  '龙山街道',
];

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const ms = (x: number) => `${x.toFixed(1)} ms`;
const dayOf = (i: number, n: number) =>
  new Date(NOW.getTime() - Math.floor((i * SPAN_DAYS) / n) * DAY).toISOString().slice(0, 10);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ip-visualization-bench-'));
const pgDb = process.env.TEST_DATABASE_URL ? await createPgDatabase(process.env.TEST_DATABASE_URL) : null;
const db = openDb({ dataDir: dir, databaseUrl: pgDb?.url });
console.log(
  `visualization benchmark: ${COMPANIES.toLocaleString('en-US')} enterprises, ${VISITS.toLocaleString('en-US')} visits, ${DEMANDS.toLocaleString('en-US')} demands, ${PATENTS.toLocaleString('en-US')} patents; ${db.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}`,
);
console.log(
  `machine: ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}, Node ${process.version}`,
);

try {
  await migrate(db.db as never, db.dialect);
  const t0 = performance.now();
  const now = NOW.toISOString();
  const streetIds: number[] = [];
  for (const [i, name] of STREETS.entries()) {
    const r = await db.db
      .insertInto('streets')
      .values({ region: '基准区', name, sort: i + 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    streetIds.push(Number(r.id));
  }
  /** A service-centre account of the benchmark: the main account (comId 0) or one of its staff. */
  const benchUser = async (mobile: string, name: string, comId: number) =>
    Number(
      (
        await db.db
          .insertInto('users')
          .values({
            mobile,
            password_hash: 'x',
            name,
            avatar: '',
            is_admin: 0,
            rid: 0,
            com_id: comId,
            pid: 0,
            street_id: 0,
            street_name: '',
            introduction: '',
            company_name: '基准服务中心',
            status: 1,
            newtype: 1,
            must_change_password: 0,
            type: '2',
            is_news: 1,
            company_id: 0,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const ownerId = await benchUser('13900000001', '基准主账号', 0);
  for (let i = 0; i < COMPANIES; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, COMPANIES - i) }, (_, k) => {
      const n = i + k;
      const s = (n * 7) % STREETS.length;
      return {
        company_name: `基准企业${n}有限公司`,
        credit_code: '',
        street_id: streetIds[s],
        street_name: STREETS[s],
        patent_num: 0,
        created_at: now,
        service_owner_id: ownerId,
      };
    });
    await db.db.insertInto('companies').values(rows).execute();
  }
  const companyIds = (await db.db.selectFrom('companies').select('id').orderBy('id').execute()).map((r) => Number(r.id));
  for (let i = 0; i < VISITS; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, VISITS - i) }, (_, k) => {
      const n = i + k;
      const day = dayOf(n, VISITS);
      const done = n % 10 !== 0;
      return {
        owner_id: ownerId,
        company_id: companyIds[(n * 13) % companyIds.length],
        staff_id: ownerId,
        status: done ? ('done' as const) : ('plan' as const),
        plan_date: day,
        visit_date: done ? day : '',
        created_by: ownerId,
        created_at: now,
        updated_at: now,
      };
    });
    await db.db.insertInto('visits').values(rows).execute();
  }
  const STATUSES = ['registered', 'assigned', 'handled', 'evaluated', 'closed'] as const;
  for (let i = 0; i < DEMANDS; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, DEMANDS - i) }, (_, k) => {
      const n = i + k;
      const day = dayOf(n, DEMANDS);
      const due = new Date(Date.parse(`${day}T00:00:00Z`) + 5 * DAY).toISOString().slice(0, 10);
      return {
        owner_id: ownerId,
        company_id: companyIds[(n * 31) % companyIds.length],
        source: 'staff',
        title: `需求${n}`,
        status: STATUSES[n % 5],
        registered_at: `${day}T02:00:00.000Z`,
        contact_due: due,
        reply_due: due,
        close_due: due,
        created_by: ownerId,
        created_at: now,
        updated_at: now,
      };
    });
    await db.db.insertInto('demands').values(rows).execute();
  }
  if (BARE) await insertBarePatents(db, PATENTS, now);
  else await seedDemoPatents(db, PATENTS, { batchSize: 2000 });
  // Types, statuses, dates and IPC spread deterministically over the patents; each linked to one enterprise and
  // every tenth to a second one.
  await sql`UPDATE patents SET
      type = CASE WHEN id % 3 = 0 THEN '发明' WHEN id % 3 = 1 THEN '实用新型' ELSE '外观设计' END,
      legal_status = CASE WHEN id % 4 = 0 THEN '审中' WHEN id % 4 = 3 THEN '无权' ELSE '有权' END,
      ipc_main = substr('ABCDEFGH', (id % 8) + 1, 1) || '01B 1/00'`.execute(db.db);
  // SQLite's search-index queue (the patents' triggers); PostgreSQL has none.
  if (db.dialect === 'sqlite') await sql`DELETE FROM search_changes`.execute(db.db);
  const n = companyIds.length;
  const first = companyIds[0];
  // On PostgreSQL without the link triggers, the stored rows computed afterwards (bare-patents.ts, insertLinks).
  await insertLinks(db, [
    sql`INSERT INTO company_patents (company_id, patent_id, source, category_id, is_core, is_collected, created_at, updated_at)
    SELECT ${first} + ((id * 7) % ${n}), id, 'auto', 0, 0, 0, ${now}, ${now} FROM patents`,
    sql`INSERT INTO company_patents (company_id, patent_id, source, category_id, is_core, is_collected, created_at, updated_at)
    SELECT ${first} + ((id * 11 + 1) % ${n}), id, 'auto', 0, 0, 0, ${now}, ${now} FROM patents
    WHERE id % 10 = 0 AND ((id * 11 + 1) % ${n}) <> ((id * 7) % ${n})`,
  ]);
  await sql`ANALYZE`.execute(db.db);
  const links = await db.db
    .selectFrom('company_patents')
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .executeTakeFirstOrThrow();
  console.log(
    `generated in ${((performance.now() - t0) / 1000).toFixed(1)} s (${Number(links.c).toLocaleString('en-US')} patent links)`,
  );

  const deps = { db, clock: () => NOW } as unknown as Deps;
  let scope = { ownerId, userId: ownerId, isMain: true };
  if (STAFF) {
    const staffId = await benchUser('13900000002', '基准员工', ownerId);
    await db.db
      .insertInto('staff_streets')
      .values(streetIds.slice(0, 2).map((street_id) => ({ owner_id: ownerId, staff_id: staffId, street_id, created_at: now })))
      .execute();
    const others = await db.db
      .selectFrom('companies')
      .select('id')
      .where('street_id', 'not in', streetIds.slice(0, 2))
      .orderBy('id')
      .limit(20)
      .execute();
    await db.db
      .insertInto('staff_companies')
      .values(others.map((c) => ({ owner_id: ownerId, staff_id: staffId, company_id: Number(c.id), created_at: now })))
      .execute();
    scope = { ownerId, userId: staffId, isMain: false };
    console.log('as a staff member: streets 1 and 2 (a fifth of the enterprises) and 20 enterprises of other streets');
  }
  const street = streetIds[3];

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

  /** The naive way: the range's done visits loaded with their street, counted per street in JS. */
  async function naive() {
    const r = regionRange({}, NOW);
    const rows = await db.db
      .selectFrom('visits')
      .innerJoin('companies', 'companies.id', 'visits.company_id')
      .select(['companies.street_id', 'visits.visit_date'])
      .where('visits.owner_id', '=', ownerId)
      .where('visits.status', '=', 'done')
      .where('visits.visit_date', '>=', r.from)
      .where('visits.visit_date', '<=', r.to)
      .execute();
    const m = new Map<number, number>();
    for (const x of rows) m.set(Number(x.street_id), (m.get(Number(x.street_id)) ?? 0) + 1);
    return m;
  }

  console.log(
    `\n${N} calls each (after 2 warm-up calls), range this year (${regionRange({}, NOW).from} – ${regionRange({}, NOW).to}):`,
  );
  console.log(`${'call'.padEnd(52)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'p95/base'.padStart(9)}`);
  const base = await time(naive);
  const row = (name: string, t: { p50: number; p95: number }) =>
    console.log(
      `${name.padEnd(52)} ${ms(t.p50).padStart(10)} ${ms(t.p95).padStart(10)} ${(t.p95 / base.p95).toFixed(2).padStart(9)}`,
    );
  row('baseline: visits of the year per street, in JS', base);
  const calls: [string, () => Promise<unknown>][] = [
    ['GET /v1/region/getSixList', () => sixList(deps, scope, {})],
    ['GET /v1/region/getSixList street', () => sixList(deps, scope, { street_id: street })],
    ['POST /v1/region/center', () => center(deps, scope, {})],
    ['POST /v1/region/center street', () => center(deps, scope, { street_id: street })],
    ['POST /v1/region/centerarea', () => centerArea(deps, scope, {})],
    ['GET /v1/region/rankList_two (visits)', () => rankList(deps, scope, { measure: 'visits' })],
    ['GET /v1/region/getmap (figures, inventions)', () => mapFigures(deps, scope, { measure: 'inventions' })],
    ['GET /v1/region/getleftlist', () => leftList(deps, scope, {})],
    ['GET /v1/region/getleftlist street', () => leftList(deps, scope, { street_id: street })],
    ['POST /v1/region/patent', () => patentStats(deps, scope, {})],
    ['POST /v1/region/patent street', () => patentStats(deps, scope, { street_id: street })],
  ];
  for (const [name, fn] of calls) row(name, await time(fn));
} finally {
  await db.close();
  await pgDb?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}
