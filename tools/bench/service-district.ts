// The district the enterprise-service benchmarks share (bench:service, bench:warnings, bench:service-dashboards):
// COMPANIES enterprises served by the demo main account in ten streets, PATENTS demo patents linked to them, VISITS
// visits over the two years before 2026-11-24 and DEMANDS demands in every state (with `handled`, the handled ones
// carry a handling time, on or after their limit), the demo staff member serving streets 1 and 2. Deterministic;
// inserted in batches straight into the database.
import { sql } from 'kysely';
import { DEMO, type TestApp } from '../../apps/server/test/helpers';
import { seedDemoPatents } from '../../apps/server/src/modules/patents/patent-seed';
import { insertBarePatents, insertLinks } from './bare-patents';

export interface BenchDistrictSize {
  COMPANIES: number;
  VISITS: number;
  DEMANDS: number;
  PATENTS: number;
  handled?: boolean;
  /** The patents without text or search index (bare-patents.ts), for 1,000,000 and more. */
  bare?: boolean;
}

export async function buildBenchDistrict(
  t: TestApp,
  { COMPANIES, VISITS, DEMANDS, PATENTS, handled = false, bare = false }: BenchDistrictSize,
) {
  const db = t.db.db;
  const now = t.now().toISOString();
  if (bare) await insertBarePatents(t.db, PATENTS, now);
  else await seedDemoPatents(t.db, PATENTS, { batchSize: 2000 });
  const main = Number((await db.selectFrom('users').select('id').where('mobile', '=', DEMO.main).executeTakeFirstOrThrow()).id);
  const staff = Number((await db.selectFrom('users').select('id').where('mobile', '=', DEMO.staff).executeTakeFirstOrThrow()).id);
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
  // Each patent to one enterprise by arithmetic on the office's ids (contiguous: inserted above in one go) — a join
  // to companies on that expression made SQLite scan the patents once per enterprise. On PostgreSQL without the
  // link triggers, the stored rows computed afterwards (bare-patents.ts, insertLinks).
  if (ids[ids.length - 1] - ids[0] !== COMPANIES - 1) throw new Error("the benchmark enterprises' ids are not contiguous");
  await insertLinks(t.db, [
    sql`INSERT INTO company_patents (company_id, patent_id, source, category_id, is_core, is_collected, created_at, updated_at)
  SELECT ${ids[0]} + (p.id * 7) % ${COMPANIES}, p.id, 'auto', 0, 0, 0, ${now}, ${now} FROM patents p`,
  ]);
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
      ...(handled ? { handled_at: i % 5 >= 2 ? `${day((i % 60) - 5 - (i % 2))}T08:00:00.000Z` : null } : {}),
      created_by: main,
      created_at: now,
      updated_at: now,
    })),
    1000,
  );
  return { main, staff, ids, now, day, rows, insert };
}
