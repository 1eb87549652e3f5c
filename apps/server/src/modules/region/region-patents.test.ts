import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { createOffice, insertDemand, insertVisit, type TestOffice } from '../../../test/service-office';
import { seedDemoPatents } from '../patents/patent-seed';
import { fill as fillCube } from '../../db/migrations/049-region-patent-cube';

// The district dashboards' stored patent figures (region_patents, region_office_patents, company_patent_counts;
// migration 045, ADR 0062) are kept by triggers: after a mix of writes through the API (a company user adds a patent
// to its portfolio, takes one out and back, collects one it holds and one it does not; the main account moves an
// enterprise to another street) and straight in the database (links inserted, deleted, taken out, turned into
// collected ones, moved to another patent; enterprises moved to another street, handed to another office and back,
// deleted, one inserted over links it already had; patents' legal status and type changed, a patent deleted and
// inserted again; each attribute /region/patent groups by — type, legal status, application year, IPC, grant date —
// changed alone by direct SQL, migration 048), the rows, with the patent attributes they carry, equal a recomputation
// from the links, enterprises and patents, on SQLite and PostgreSQL; and the figures a main account reads from them
// (/region/center, /region/centerarea, /region/patent) equal those of a staff member assigned every enterprise (the
// join path).

let t: TestApp;
let o: TestOffice;
let other: TestOffice;
let company: string;
let companyId: number;
const S: number[] = [];
const P: number[] = [];
const db = () => t.db.db;
const now = () => t.now().toISOString();

/** The stored rows (n = 0 rows carry nothing) and the same rows computed from the links now. */
async function storedAndRecomputed() {
  const TEXT = new Set(['type', 'legal_status', 'ipc', 'gd', 'ad']);
  const norm = (rows: Record<string, unknown>[]) =>
    rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, TEXT.has(k) || v === null ? v : Number(v)])));
  const stored = await sql<Record<string, unknown>>`select owner_id, street_id, patent_id, valid, invention, n,
      type, legal_status, app_year, ipc, gd, ad from region_patents where n <> 0 order by owner_id, street_id, patent_id`.execute(
    db(),
  );
  const fresh = await sql<Record<string, unknown>>`select c.service_owner_id as owner_id, c.street_id, p.id as patent_id,
      case when p.legal_status = '有权' then 1 else 0 end as valid,
      case when p.legal_status = '有权' and p.type = '发明' then 1 else 0 end as invention, count(*) as n,
      p.type, p.legal_status, p.app_year, substr(p.ipc_main, 1, 1) as ipc, p.gd, p.ad
    from company_patents x join companies c on c.id = x.company_id join patents p on p.id = x.patent_id
    where x.removed = 0 and x.source <> 'collect' and c.service_owner_id <> 0
    group by c.service_owner_id, c.street_id, p.id, p.legal_status, p.type, p.app_year, p.ipc_main, p.gd, p.ad
    order by 1, 2, 3`.execute(db());
  const office = await sql<
    Record<string, unknown>
  >`select owner_id, patent_id, valid, invention, n, type, legal_status, app_year, ipc, gd, ad
    from region_office_patents where n <> 0 order by owner_id, patent_id`.execute(db());
  const freshOffice = await sql<Record<string, unknown>>`select c.service_owner_id as owner_id, p.id as patent_id,
      case when p.legal_status = '有权' then 1 else 0 end as valid,
      case when p.legal_status = '有权' and p.type = '发明' then 1 else 0 end as invention, count(*) as n,
      p.type, p.legal_status, p.app_year, substr(p.ipc_main, 1, 1) as ipc, p.gd, p.ad
    from company_patents x join companies c on c.id = x.company_id join patents p on p.id = x.patent_id
    where x.removed = 0 and x.source <> 'collect' and c.service_owner_id <> 0
    group by c.service_owner_id, p.id, p.legal_status, p.type, p.app_year, p.ipc_main, p.gd, p.ad
    order by 1, 2`.execute(db());
  const counts = await sql<Record<string, unknown>>`select company_id, patents, inventions, valid, valid_inventions
    from company_patent_counts where patents <> 0 order by company_id`.execute(db());
  const freshCounts = await sql<Record<string, unknown>>`select x.company_id, count(*) as patents,
      sum(case when p.type = '发明' then 1 else 0 end) as inventions,
      sum(case when p.legal_status = '有权' then 1 else 0 end) as valid,
      sum(case when p.legal_status = '有权' and p.type = '发明' then 1 else 0 end) as valid_inventions
    from company_patents x join patents p on p.id = x.patent_id
    where x.removed = 0 and x.source <> 'collect'
    group by x.company_id order by 1`.execute(db());
  // The counts of migration 049, from the recomputed rows (street -1: the district's rows, each patent once).
  const cubeOf = (rows: Record<string, unknown>[]) => {
    const cube = new Map<string, number>();
    const days = new Map<string, number>();
    const bump = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);
    for (const r of rows) {
      const street = r.street_id ?? -1;
      bump(cube, [r.owner_id, street, r.type ?? '', r.legal_status ?? '', r.app_year ?? 0, r.ipc ?? ''].join('|'));
      for (const kind of ['ad', 'gd']) if (r[kind]) bump(days, [r.owner_id, street, kind, r[kind]].join('|'));
    }
    const sorted = (m: Map<string, number>) => [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return { cube: sorted(cube), days: sorted(days) };
  };
  const cube = await sql<Record<string, unknown>>`select owner_id, street_id, type, legal_status, app_year, ipc, n
    from region_patent_cube where n <> 0`.execute(db());
  const days = await sql<Record<string, unknown>>`select owner_id, street_id, kind, day, n
    from region_patent_days where n <> 0`.execute(db());
  const keyed = (rows: Record<string, unknown>[], cols: string[]) =>
    rows
      .map(
        (r) =>
          [
            cols.map((c) => (c === 'owner_id' || c === 'street_id' || c === 'app_year' ? Number(r[c]) : r[c])).join('|'),
            Number(r.n),
          ] as [string, number],
      )
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const freshRegion = norm(fresh.rows);
  const freshOfficeRows = norm(freshOffice.rows);
  return {
    stored: {
      region: norm(stored.rows),
      office: norm(office.rows),
      companies: norm(counts.rows),
      cube: keyed(cube.rows, ['owner_id', 'street_id', 'type', 'legal_status', 'app_year', 'ipc']),
      days: keyed(days.rows, ['owner_id', 'street_id', 'kind', 'day']),
    },
    fresh: {
      region: freshRegion,
      office: freshOfficeRows,
      companies: norm(freshCounts.rows),
      ...cubeOf([...freshRegion, ...freshOfficeRows]),
    },
  };
}

async function expectKept(label: string) {
  const { stored, fresh } = await storedAndRecomputed();
  expect(stored, label).toEqual(fresh);
  return stored;
}

const link = (company_id: number, patent_id: number, extra: { source?: string; removed?: number } = {}) =>
  db()
    .insertInto('company_patents')
    .values({ company_id, patent_id, created_at: now(), updated_at: now(), ...extra })
    .execute();

beforeAll(async () => {
  t = await createTestApp({ now: '2026-06-15T02:00:00.000Z' });
  for (const [i, name] of ['高新街道', '科创街道', '东城街道'].entries()) {
    const r = await db()
      .insertInto('streets')
      .values({ region: '测试区', name, sort: i + 1, created_at: now(), updated_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    S.push(Number(r.id));
  }
  await seedDemoPatents(t.db, 24, { now });
  P.push(...(await db().selectFrom('patents').select('id').orderBy('id').execute()).map((r) => Number(r.id)));
  for (const [i, id] of P.entries())
    await db()
      .updateTable('patents')
      .set({
        type: ['发明', '实用新型', '外观设计'][i % 3],
        legal_status: ['有权', '有权', '审中', '无权'][i % 4],
        app_year: 2018 + (i % 5),
        ipc_main: `${'ABGH'[i % 4]}01B ${i}/00`,
        gd: i % 4 === 2 ? null : `${2025 + (i % 2)}-${String((i % 12) + 1).padStart(2, '0')}-15`,
      })
      .where('id', '=', id)
      .execute();
  o = await createOffice(t, '1370000700', [
    '甲存量测试有限公司',
    '乙存量测试有限公司',
    '丙存量测试有限公司',
    '丁存量测试有限公司',
  ]);
  other = await createOffice(t, '1370000800', ['他区存量测试有限公司']);
  const [A, B, C, D] = o.companies;
  for (const [id, s] of [
    [A, 0],
    [B, 0],
    [C, 1],
    [D, 2],
    [other.companies[0], 0],
  ] as const)
    await db().updateTable('companies').set({ street_id: S[s] }).where('id', '=', id).execute();
  // Patents shared by two enterprises of one street, of two streets, of two offices; removed and collected links.
  for (const [c, p, extra] of [
    [A, 0],
    [A, 1],
    [B, 1],
    [B, 2],
    [C, 2],
    [C, 3],
    [C, 4, { removed: 1 }],
    [D, 5, { source: 'collect' }],
    [D, 6],
    [D, 7],
    [other.companies[0], 6],
  ] as [number, number, { source?: string; removed?: number }?][])
    await link(c, P[p], extra);
  // The demo company user's enterprise joins the office (straight in the database: the enterprise trigger).
  companyId = Number(
    (await db().selectFrom('users').select('company_id').where('mobile', '=', '13800000001').executeTakeFirstOrThrow())
      .company_id,
  );
  expect(companyId).toBeGreaterThan(0);
  await link(companyId, P[8]);
  await db().updateTable('companies').set({ service_owner_id: o.mainId, street_id: S[1] }).where('id', '=', companyId).execute();
  company = await loginAs(t.app, 'company');
}, 120_000);
afterAll(() => t?.close());

describe('region_patents', () => {
  it('equals a recomputation from the links after every kind of write', async () => {
    const seeded = await expectKept('seeded');
    expect(seeded.region.length).toBeGreaterThanOrEqual(9);
    expect(seeded.companies.length).toBeGreaterThanOrEqual(5);
    const [A, B, C, D] = o.companies;

    // Through the API: the company user's portfolio; the main account moves an enterprise.
    const frontend = async (url: string, body: unknown) => {
      const r = await call(t.app, 'POST', `/v1/frontend/${url}`, { token: company, body });
      expect(r.body.code, `${url} ${JSON.stringify(r.body)}`).toBe(1);
    };
    await frontend('user/save', { patent_id: P[9], category_id: 0 });
    await frontend('user/save', { patent_id: P[10], category_id: 0 });
    await frontend('patent/remove', { patent_ids: [P[8]] });
    await frontend('patent/remove', { patent_ids: [P[10]] });
    await frontend('patent/restore', { patent_ids: [P[10]] });
    await frontend('patent/collage', { patent_ids: [P[9], P[11]], collected: 1 });
    await frontend('patent/collage', { patent_ids: [P[9]], collected: 0 });
    const moved = await call(t.app, 'POST', '/v1/visit/changeStreet', {
      token: o.main,
      body: { company_id: B, street_id: S[1] },
    });
    expect(moved.body.code, JSON.stringify(moved.body)).toBe(1);
    const api = await expectKept('after the API writes');
    expect(api).not.toEqual(seeded);

    // Straight in the database: links.
    await db()
      .insertInto('company_patents')
      .values([C, D, D].map((c, i) => ({ company_id: c, patent_id: P[12 + i], created_at: now(), updated_at: now() })))
      .execute();
    await db().deleteFrom('company_patents').where('company_id', '=', A).where('patent_id', '=', P[0]).execute();
    await db()
      .updateTable('company_patents')
      .set({ removed: 0 })
      .where('company_id', '=', C)
      .where('patent_id', '=', P[4])
      .execute();
    await db()
      .updateTable('company_patents')
      .set({ source: 'collect' })
      .where('company_id', '=', C)
      .where('patent_id', '=', P[3])
      .execute();
    await db()
      .updateTable('company_patents')
      .set({ source: 'manual' })
      .where('company_id', '=', D)
      .where('patent_id', '=', P[5])
      .execute();
    await db()
      .updateTable('company_patents')
      .set({ patent_id: P[15] })
      .where('company_id', '=', D)
      .where('patent_id', '=', P[13])
      .execute();
    await expectKept('after the link writes');

    // Enterprises: another street, another office and back, an enterprise deleted and one inserted over old links.
    await db().updateTable('companies').set({ street_id: S[0] }).where('id', '=', C).execute();
    await db().updateTable('companies').set({ service_owner_id: other.mainId }).where('id', '=', D).execute();
    await expectKept('an enterprise handed to another office');
    await db().updateTable('companies').set({ service_owner_id: o.mainId, street_id: S[1] }).where('id', '=', D).execute();
    await db().updateTable('companies').set({ service_owner_id: 0 }).where('id', '=', other.companies[0]).execute();
    await db().deleteFrom('companies').where('id', '=', A).execute();
    await expectKept('after the enterprise writes');
    await db()
      .insertInto('companies')
      .values({
        id: A,
        company_name: '甲存量测试有限公司',
        credit_code: '',
        street_id: S[2],
        street_name: '',
        patent_num: 0,
        created_at: now(),
        service_owner_id: o.mainId,
      })
      .execute();

    // Patents: legal status and type changed, one deleted and inserted again (links kept meanwhile).
    await db().updateTable('patents').set({ legal_status: '有权', type: '发明' }).where('id', 'in', [P[2], P[3], P[6]]).execute();
    await db().updateTable('patents').set({ legal_status: '无权' }).where('id', '=', P[1]).execute();
    await db().updateTable('patents').set({ type: '实用新型' }).where('id', '=', P[7]).execute();
    await expectKept('legal status and type changed');
    // Each attribute /region/patent groups by, changed alone by direct SQL (the trigger columns of 048 and 049).
    for (const [set, id] of [
      ["type = '外观设计'", P[2]],
      ["legal_status = '审中'", P[6]],
      ['app_year = 2009', P[9]],
      ["ipc_main = 'C07D 1/00'", P[10]],
      ["gd = '2026-03-01'", P[14]],
      ['gd = null', P[15]],
      ["ad = '2026-02-03'", P[9]], // the application date (migration 049)
      ["ad = '2025-11-20'", P[6]],
      ["ad = '2025-04-01'", P[1]],
      ['ad = null', P[13]],
    ] as const) {
      await sql`update patents set ${sql.raw(set)} where id = ${id}`.execute(db());
      await expectKept(`patents set ${set}`);
    }
    const gone = await db().selectFrom('patents').selectAll().where('id', '=', P[12]).executeTakeFirstOrThrow();
    await db().deleteFrom('patents').where('id', '=', P[12]).execute();
    await expectKept('a patent deleted');
    await db()
      .insertInto('patents')
      .values({ ...gone, legal_status: '有权', type: '发明' })
      .execute();
    const end = await expectKept('at the end');
    expect(end).not.toEqual(api);
    expect(end.region.some((r) => r.patent_id === P[12] && r.invention === 1)).toBe(true);
    expect(end.cube.length).toBeGreaterThanOrEqual(6);
    expect(end.days.length).toBeGreaterThanOrEqual(6);

    // Migration 049 on a database with rows: the counts computed from them are the same.
    await db().deleteFrom('region_patent_cube').execute();
    await db().deleteFrom('region_patent_days').execute();
    await fillCube(db() as never);
    expect(await expectKept('counts filled as migration 049 does')).toEqual(end);
  });

  it('a main account’s figures from the stored rows equal those of the links joined to every enterprise', async () => {
    // A staff member assigned every enterprise of the office reads the join path over the same enterprises.
    const all = await db().selectFrom('companies').select('id').where('service_owner_id', '=', o.mainId).execute();
    expect(all.length).toBeGreaterThanOrEqual(4);
    await db().deleteFrom('staff_companies').where('staff_id', '=', o.staffId).execute();
    await db()
      .insertInto('staff_companies')
      .values(all.map((c) => ({ owner_id: o.mainId, staff_id: o.staffId, company_id: Number(c.id), created_at: now() })))
      .execute();
    // Visits and demands too (the demand figures of a main account read the stored demand counts, ADR 0062).
    const [A, B, C] = all.map((c) => Number(c.id));
    for (const [c, status, day] of [
      [A, 'done', '2026-02-01'],
      [B, 'done', '2026-05-20'],
      [C, 'plan', '2026-06-20'],
    ] as const)
      await insertVisit(t, { ownerId: o.mainId, companyId: c, staffId: o.staffId, status, day });
    for (const [c, status, registered, due] of [
      [A, 'registered', '2026-06-10', '2026-06-11'],
      [B, 'assigned', '2026-06-12', '2026-06-30'],
      [C, 'closed', '2026-04-01', '2026-04-02'],
      [C, 'assigned', '2025-12-01', '2025-12-05'],
    ] as const)
      await insertDemand(t, { ownerId: o.mainId, companyId: c, status, registered, contact_due: due });
    const post = (token: string, url: string, body: unknown = {}) => call(t.app, 'POST', `/v1${url}`, { token, body });
    for (const body of [{}, { street_id: S[0] }, { street_id: S[1] }]) {
      const main = (await post(o.main, '/region/center', body)).body.data;
      const staff = (await post(o.staff, '/region/center', body)).body.data;
      expect(main.figures.patents + main.figures.demands).toBeGreaterThan(0);
      expect(main, JSON.stringify(body)).toEqual(staff);
    }
    for (const body of [{}, { street_id: S[0] }, { street_id: S[1] }, { street_id: S[2] }]) {
      const main = (await post(o.main, '/region/patent', body)).body.data;
      const staff = (await post(o.staff, '/region/patent', body)).body.data;
      expect(main, JSON.stringify(body)).toEqual(staff);
      if (!('street_id' in body)) {
        // Every breakdown has something to compare.
        expect(main.total).toBeGreaterThan(3);
        for (const k of ['by_type', 'by_year', 'by_ipc', 'by_status', 'top_applicants'])
          expect(main[k].length, k).toBeGreaterThan(1);
        expect(main.grants.this_year * main.grants.last_year, 'grants').toBeGreaterThan(0);
        expect(main.by_street.filter((x: { count: number }) => x.count > 0).length).toBeGreaterThan(1);
      }
    }
    const area = (await post(o.main, '/region/centerarea')).body.data;
    expect(area).toEqual((await post(o.staff, '/region/centerarea')).body.data);
    // A patent two streets share counts once for the district.
    const sum = area.list.reduce((s: number, x: { patents: number }) => s + x.patents, 0);
    expect((await post(o.main, '/region/center')).body.data.figures.patents).toBeLessThan(sum);
    // The monthly filings and grants (/region/getleftlist): a main account's from the stored days (migration 049).
    for (const body of [
      { date_from: '2024-06-16', date_to: '2026-06-15' },
      { date_from: '2024-06-16', date_to: '2026-06-15', street_id: S[0] },
      { date_from: '2025-03-15', date_to: '2026-02-10', street_id: S[1] },
    ]) {
      const [main, staff] = await Promise.all(
        [o.main, o.staff].map(
          async (token) => (await call(t.app, 'GET', '/v1/region/getleftlist', { token, query: body })).body.data,
        ),
      );
      expect(main, JSON.stringify(body)).toEqual(staff);
      expect(main.months.length).toBeGreaterThan(1);
      if (!('street_id' in body)) {
        const sum = (k: 'filings' | 'grants') => main.months.reduce((s: number, m: Record<string, number>) => s + m[k], 0);
        expect(sum('filings') * sum('grants'), 'filings and grants').toBeGreaterThan(0);
      }
    }
    // /visit/center's valid inventions: a main account's from the stored counts (migration 049), the staff member's
    // by the join.
    for (const query of [{}, { street_id: S[0] }, { street_id: S[1] }]) {
      const [main, staff] = await Promise.all(
        [o.main, o.staff].map(async (token) => (await call(t.app, 'GET', '/v1/visit/center', { token, query })).body.data),
      );
      expect(main.granted_inventions, JSON.stringify(query)).toBe(staff.granted_inventions);
      if (!('street_id' in query)) expect(main.granted_inventions).toBeGreaterThan(0);
    }
    // A staff member serving a street and one enterprise of another directly: its valid inventions from the street's
    // stored rows plus the direct enterprise's links, each patent once — as the join over its enterprises counts them.
    const direct = o.companies[3]; // 丁, moved to the second street in the first test
    await db().deleteFrom('staff_companies').where('staff_id', '=', o.staffId).execute();
    await db().deleteFrom('staff_streets').where('staff_id', '=', o.staffId).execute();
    await db()
      .insertInto('staff_streets')
      .values({ owner_id: o.mainId, staff_id: o.staffId, street_id: S[0], created_at: now() })
      .execute();
    await db()
      .insertInto('staff_companies')
      .values({ owner_id: o.mainId, staff_id: o.staffId, company_id: direct, created_at: now() })
      .execute();
    // a patent of the street's enterprises also linked to the direct one: counted once
    const shared = await db()
      .selectFrom('company_patents')
      .innerJoin('companies', 'companies.id', 'company_patents.company_id')
      .select('patent_id')
      .where('companies.street_id', '=', S[0])
      .where('companies.service_owner_id', '=', o.mainId)
      .where('removed', '=', 0)
      .where('source', '<>', 'collect')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('patents')
      .set({ type: '发明', legal_status: '有权' })
      .where('id', '=', Number(shared.patent_id))
      .execute();
    await db()
      .insertInto('company_patents')
      .values({ company_id: direct, patent_id: Number(shared.patent_id), created_at: now(), updated_at: now() })
      .onConflict((oc) => oc.doNothing())
      .execute();
    // and one of the direct enterprise's own (a patent no other enterprise holds)
    const spare = P[P.length - 1];
    expect(await db().selectFrom('company_patents').select('patent_id').where('patent_id', '=', spare).execute()).toEqual([]);
    await link(direct, spare);
    await db().updateTable('patents').set({ type: '发明', legal_status: '有权' }).where('id', '=', spare).execute();
    const expected = async (street?: number) =>
      Number(
        (
          await sql<{ n: number }>`select count(distinct x.patent_id) as n from company_patents x
            join companies c on c.id = x.company_id join patents p on p.id = x.patent_id
            where c.service_owner_id = ${o.mainId} and x.removed = 0 and x.source <> 'collect'
              and p.type = '发明' and p.legal_status = '有权'
              and (c.street_id = ${S[0]} or c.id = ${direct}) ${street === undefined ? sql`` : sql`and c.street_id = ${street}`}`.execute(
            db(),
          )
        ).rows[0].n,
      );
    expect(await expected()).toBeGreaterThan(await expected(S[0]));
    for (const street of [undefined, S[0], S[1], S[2]]) {
      const query = street === undefined ? {} : { street_id: street };
      const staff = (await call(t.app, 'GET', '/v1/visit/center', { token: o.staff, query })).body.data;
      const viaMain = (await call(t.app, 'GET', '/v1/visit/center', { token: o.main, query: { ...query, staff_id: o.staffId } }))
        .body.data;
      expect(staff.granted_inventions, `staff ${street}`).toBe(await expected(street));
      expect(viaMain.granted_inventions, `main for the staff ${street}`).toBe(await expected(street));
    }
  });
});
