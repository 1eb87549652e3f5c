import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegionCenter, RegionLeftList, RegionPatentStats } from '@ip/contract';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { seedDemoPatents } from '../patents/patent-seed';
import { createOffice, insertDemand, insertVisit, type TestOffice } from '../../../test/service-office';

// The district map and dashboards (issue 13, ADR 0051) on one fixed data set: every figure by hand, the scope (an
// other office, a staff member, wrong roles), the street filter, bad input, the map's ETag, and the administrator's
// upload and reset of the boundaries. SQLite, and PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let o: TestOffice;
let other: TestOffice;
let admin: string;
let company: string;
const S: number[] = [];
const NAMES = ['甲区域测试有限公司', '乙区域测试有限公司', '丙区域测试有限公司'];
const get = (token: string, url: string, query: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  call(t.app, 'GET', `/v1${url}`, { token, query: query as Record<string, string>, headers });
const post = (token: string, url: string, body: unknown = {}) => call(t.app, 'POST', `/v1${url}`, { token, body });

beforeAll(async () => {
  t = await createTestApp({ now: '2026-06-15T02:00:00.000Z' });
  const db = t.db.db;
  const now = t.now().toISOString();
  for (const [i, name] of ['高新街道', '科创街道', '东城街道'].entries()) {
    const r = await db
      .insertInto('streets')
      .values({ region: '测试区', name, sort: i + 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    S.push(Number(r.id));
  }
  await seedDemoPatents(t.db, 20, { now: () => now });
  o = await createOffice(t, '1370000500', NAMES);
  other = await createOffice(t, '1370000600', ['他区区域测试有限公司']);
  const [A, B, C] = o.companies;
  const D = other.companies[0];
  for (const [id, s] of [
    [A, 0],
    [B, 0],
    [C, 1],
    [D, 0],
  ] as const)
    await db.updateTable('companies').set({ street_id: S[s], street_name: '' }).where('id', '=', id).execute();
  const p = (await db.selectFrom('patents').select('id').orderBy('id').limit(7).execute()).map((r) => Number(r.id));
  const facts: [number, string, string, string, string | null, string, number][] = [
    [p[0], '发明', '有权', '2025-03-10', '2026-02-01', 'H01L 21/00', 2025],
    [p[1], '发明', '有权', '2024-05-01', '2025-07-15', 'G06F 17/00', 2024],
    [p[2], '实用新型', '有权', '2026-01-20', '2026-04-02', 'F16B 1/00', 2026],
    [p[3], '发明', '审中', '2026-02-05', null, 'G06N 3/00', 2026],
    [p[4], '外观设计', '无权', '2023-06-01', '2023-12-01', '', 2023],
    [p[5], '发明', '有权', '2022-01-01', '2023-01-01', 'A61K 9/00', 2022],
    [p[6], '发明', '有权', '2026-01-01', '2026-03-01', 'B01D 1/00', 2026],
  ];
  for (const [id, type, legal_status, ad, gd, ipc_main, app_year] of facts)
    await db.updateTable('patents').set({ type, legal_status, ad, gd, ipc_main, app_year }).where('id', '=', id).execute();
  const link = (company_id: number, patent_id: number, extra: { removed?: number; source?: string } = {}) =>
    db
      .insertInto('company_patents')
      .values({ company_id, patent_id, created_at: now, updated_at: now, ...extra })
      .execute();
  await link(A, p[0]);
  await link(A, p[1]);
  await link(C, p[1]);
  await link(B, p[2]);
  await link(C, p[3]);
  await link(C, p[4], { removed: 1 });
  await link(B, p[5], { source: 'collect' });
  await link(D, p[6]);
  const visit = (ownerId: number, companyId: number, staffId: number, status: 'done' | 'plan', day: string) =>
    insertVisit(t, { ownerId, companyId, staffId, status, day });
  await visit(o.mainId, A, o.staffId, 'done', '2026-03-01');
  await visit(o.mainId, A, o.staffId, 'done', '2026-03-20');
  await visit(o.mainId, C, o.staffId, 'done', '2026-05-10');
  await visit(o.mainId, B, o.staffId, 'plan', '2026-06-20');
  await visit(o.mainId, A, o.staffId, 'done', '2025-12-01');
  await visit(other.mainId, D, other.staffId, 'done', '2026-03-01');
  await insertDemand(t, {
    ownerId: o.mainId,
    companyId: A,
    status: 'registered',
    registered: '2026-06-10',
    contact_due: '2026-06-11',
  });
  await insertDemand(t, {
    ownerId: o.mainId,
    companyId: C,
    status: 'assigned',
    registered: '2026-06-12',
    contact_due: '2026-06-30',
  });
  await insertDemand(t, {
    ownerId: o.mainId,
    companyId: B,
    status: 'closed',
    registered: '2026-04-01',
    contact_due: '2026-04-02',
  });
  await insertDemand(t, {
    ownerId: other.mainId,
    companyId: D,
    status: 'registered',
    registered: '2026-06-01',
    contact_due: '2026-06-02',
  });
  admin = await loginAs(t.app, 'admin');
  company = await loginAs(t.app, 'company');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const DISTRICT = {
  enterprises: 3,
  patents: 4,
  valid_patents: 3,
  inventions: 2,
  visits: 3,
  demands: 3,
  open_demands: 2,
  red_demands: 1,
};

describe('district figures', () => {
  it('center: the key figures, demand states, lights and top enterprises of the district', async () => {
    const r = await post(o.main, '/region/center');
    expect(r.status).toBe(200);
    const c = r.body.data as RegionCenter;
    expect(c.date_from).toBe('2026-01-01');
    expect(c.date_to).toBe('2026-06-15');
    expect(c.figures).toEqual(DISTRICT);
    expect(Object.fromEntries(c.demand_states.map((s) => [s.status, s.count]))).toEqual({
      registered: 1,
      assigned: 1,
      handled: 0,
      evaluated: 0,
      closed: 1,
    });
    expect(c.lights).toEqual({ red: 1, yellow: 0, green: 1 });
    expect(c.top_enterprises.map((e) => [e.company_name, e.valid_patents, e.inventions])).toEqual([
      [NAMES[0], 2, 2],
      [NAMES[1], 1, 0],
      [NAMES[2], 1, 1],
    ]);
  });

  it('one street, a range, the six figures and the per-street table', async () => {
    const c = (await post(o.main, '/region/center', { street_id: S[1] })).body.data as RegionCenter;
    expect(c.figures).toEqual({
      enterprises: 1,
      patents: 2,
      valid_patents: 1,
      inventions: 1,
      visits: 1,
      demands: 1,
      open_demands: 1,
      red_demands: 0,
    });
    expect(c.lights).toEqual({ red: 0, yellow: 0, green: 1 });
    const ranged = (await post(o.main, '/region/center', { date_from: '2025-12-01', date_to: '2026-03-31' })).body
      .data as RegionCenter;
    expect(ranged.figures.visits).toBe(3);
    expect(ranged.figures.demands).toBe(0);
    const six = await get(o.main, '/region/getSixList', { street_id: S[0] });
    expect(six.status).toBe(200);
    expect(six.body.data.list.map((f: { key: string; value: number }) => [f.key, f.value])).toEqual([
      ['enterprises', 2],
      ['valid_patents', 3],
      ['inventions', 2],
      ['visits', 2],
      ['demands', 2],
      ['red_demands', 1],
    ]);
    const area = await post(o.main, '/region/centerarea');
    expect(area.body.data.list).toEqual([
      {
        street_id: S[0],
        name: '高新街道',
        enterprises: 2,
        patents: 3,
        valid_patents: 3,
        inventions: 2,
        visits: 2,
        demands: 2,
        open_demands: 1,
        red_demands: 1,
      },
      {
        street_id: S[1],
        name: '科创街道',
        enterprises: 1,
        patents: 2,
        valid_patents: 1,
        inventions: 1,
        visits: 1,
        demands: 1,
        open_demands: 1,
        red_demands: 0,
      },
      {
        street_id: S[2],
        name: '东城街道',
        enterprises: 0,
        patents: 0,
        valid_patents: 0,
        inventions: 0,
        visits: 0,
        demands: 0,
        open_demands: 0,
        red_demands: 0,
      },
    ]);
  });

  it('ranking: ties share a rank', async () => {
    const e = await get(o.main, '/region/rankList_two', { measure: 'enterprises' });
    expect(e.body.data.list.map((r: { rank: number; name: string; value: number }) => [r.rank, r.name, r.value])).toEqual([
      [1, '高新街道', 2],
      [2, '科创街道', 1],
      [3, '东城街道', 0],
    ]);
    const red = await get(o.main, '/region/rankList_two', { measure: 'red_demands' });
    expect(red.body.data.list.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 2]);
    expect(red.body.data.label).toBe('红灯需求');
  });

  it('left panel: months of the range with filings, grants, visits and demands', async () => {
    const r = (await get(o.main, '/region/getleftlist')).body.data as RegionLeftList;
    expect(r.months).toEqual([
      { month: '2026-01', filings: 1, grants: 0, visits: 0, demands: 0 },
      { month: '2026-02', filings: 1, grants: 1, visits: 0, demands: 0 },
      { month: '2026-03', filings: 0, grants: 0, visits: 2, demands: 0 },
      { month: '2026-04', filings: 0, grants: 1, visits: 0, demands: 1 },
      { month: '2026-05', filings: 0, grants: 0, visits: 1, demands: 0 },
      { month: '2026-06', filings: 0, grants: 0, visits: 0, demands: 2 },
    ]);
  });

  it('patent statistics: type, year, IPC section, status, street, applicants, grants this year and last', async () => {
    const r = (await post(o.main, '/region/patent')).body.data as RegionPatentStats;
    expect(r.total).toBe(4);
    expect(r.by_type).toEqual([
      { name: '发明', count: 3 },
      { name: '实用新型', count: 1 },
    ]);
    expect(r.by_year).toEqual([
      { year: 2024, count: 1 },
      { year: 2025, count: 1 },
      { year: 2026, count: 2 },
    ]);
    expect(r.by_ipc.map((x) => [x.section, x.count])).toEqual([
      ['G', 2],
      ['F', 1],
      ['H', 1],
    ]);
    expect(r.by_status).toEqual([
      { name: '有权', count: 3 },
      { name: '审中', count: 1 },
    ]);
    expect(r.by_street.map((s) => [s.name, s.count, s.inventions])).toEqual([
      ['高新街道', 3, 2],
      ['科创街道', 2, 2],
      ['东城街道', 0, 0],
    ]);
    expect(r.top_applicants.map((a) => [a.company_name, a.count, a.inventions])).toEqual([
      [NAMES[0], 2, 2],
      [NAMES[2], 2, 2],
      [NAMES[1], 1, 0],
    ]);
    expect([r.grants.this_year, r.grants.last_year]).toEqual([2, 1]);
    expect(r.grants.months[1]).toEqual({ month: 2, this_year: 1, last_year: 0 });
    expect(r.grants.months[6]).toEqual({ month: 7, this_year: 0, last_year: 1 });
    const street = (await post(o.main, '/region/patent', { street_id: S[1] })).body.data as RegionPatentStats;
    expect(street.total).toBe(2);
    expect(street.by_street).toEqual([{ street_id: S[1], name: '科创街道', count: 2, inventions: 2 }]);
  });
});

describe('scope and refusals', () => {
  it('an other office sees only its own enterprise; staff only its assigned one', async () => {
    const c = (await post(other.main, '/region/center')).body.data as RegionCenter;
    expect(c.figures).toEqual({ ...c.figures, enterprises: 1, patents: 1, visits: 1, red_demands: 1 });
    expect(c.top_enterprises.map((e) => e.company_name)).toEqual(['他区区域测试有限公司']);
    const s = (await post(o.staff, '/region/center')).body.data as RegionCenter;
    expect(s.figures).toEqual({
      enterprises: 1,
      patents: 2,
      valid_patents: 2,
      inventions: 2,
      visits: 2,
      demands: 1,
      open_demands: 1,
      red_demands: 1,
    });
  });

  it('wrong roles are refused; bad input is a Chinese 400', async () => {
    for (const token of [company, admin]) {
      expect((await post(token, '/region/center')).status).toBe(403);
      expect((await get(token, '/region/getmap')).status).toBe(403);
    }
    expect((await call(t.app, 'POST', '/v1/region/center', { body: {} })).status).toBe(401);
    expect((await post(o.main, '/region/mapreset')).status).toBe(403);
    const bad = await post(o.main, '/region/center', { date_from: '2026-05-01', date_to: '2026-04-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('开始日期不能晚于结束日期');
    expect((await get(o.main, '/region/rankList_two', { measure: 'nope' })).body.msg).toContain('统计指标无效');
    expect((await get(o.main, '/region/getSixList', { street_id: 'x' })).status).toBe(400);
    const long = await get(o.main, '/region/getleftlist', { date_from: '2020-01-01', date_to: '2026-01-01' });
    expect(long.body.msg).toContain('日期范围不能超过');
  });
});

describe('the map', () => {
  const square = (x: number) => [
    [
      [x, 30],
      [x + 0.1, 30],
      [x + 0.1, 30.1],
      [x, 30],
    ],
  ];
  const feature = (name: string, x = 120) => ({
    type: 'Feature',
    properties: { name },
    geometry: { type: 'Polygon', coordinates: square(x) },
  });

  it('boundaries: the demo district, an ETag and 304; figures per street for a measure', async () => {
    const b = await get(o.main, '/region/getmap', { part: 'boundaries' });
    expect(b.status).toBe(200);
    expect(b.body.data.source).toBe('demo');
    expect(b.body.data.geojson.features).toHaveLength(10);
    const etag = String(b.headers.etag);
    expect(etag).toBe(`"${b.body.data.version}"`);
    expect(b.headers['cache-control']).toContain('no-cache');
    const again = await get(o.main, '/region/getmap', { part: 'boundaries' }, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    const f = await get(o.main, '/region/getmap', { measure: 'inventions' });
    expect(f.body.data.version).toBe(b.body.data.version);
    expect(f.body.data.streets.map((s: { name: string; value: number; on_map: boolean }) => [s.name, s.value, s.on_map])).toEqual(
      [
        ['高新街道', 2, true],
        ['科创街道', 1, true],
        ['东城街道', 0, true],
      ],
    );
  });

  it('the administrator uploads boundaries: bad files change nothing; a match report; reset', async () => {
    const before = (await get(admin, '/region/mapinfo')).body.data;
    expect(before.source).toBe('demo');
    expect(before.matched).toEqual(['高新街道', '科创街道', '东城街道']);
    const bads: [unknown, string][] = [
      [{ type: 'Feature' }, 'FeatureCollection'],
      [{ type: 'FeatureCollection', features: [] }, 'features 为空'],
      [{ type: 'FeatureCollection', features: [{ ...feature('高新街道'), properties: {} }] }, '缺少名称'],
      [
        { type: 'FeatureCollection', features: [{ ...feature('高新街道'), geometry: { type: 'Point', coordinates: [1, 2] } }] },
        'Polygon 或 MultiPolygon',
      ],
      [{ type: 'FeatureCollection', features: [feature('高新街道'), feature('高新街道', 121)] }, '重复'],
      [{ type: 'FeatureCollection', features: [feature('某某街道')] }, '没有任何区域的名称与街道管理中的街道相同'],
      [
        {
          type: 'FeatureCollection',
          features: [
            {
              ...feature('高新街道'),
              geometry: {
                type: 'Polygon',
                coordinates: [
                  [
                    [1, 2],
                    [3, 4],
                    [5, 6],
                    [7, 8],
                  ],
                ],
              },
            },
          ],
        },
        '未闭合',
      ],
    ];
    for (const [geojson, msg] of bads) {
      const r = await post(admin, '/region/mapupload', { name: '坏地图', geojson });
      expect(r.status, msg).toBe(400);
      expect(r.body.msg).toContain(msg);
    }
    expect((await get(admin, '/region/mapinfo')).body.data).toEqual(before);
    const up = await post(admin, '/region/mapupload', {
      name: '测试区边界',
      geojson: {
        type: 'FeatureCollection',
        features: [feature('高新街道'), feature('科创街道', 120.1), feature('湖滨片区', 120.2)],
      },
    });
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({
      source: 'upload',
      name: '测试区边界',
      features: 3,
      matched: ['高新街道', '科创街道'],
      unmatched_features: ['湖滨片区'],
      missing_streets: ['东城街道'],
    });
    const b = await get(o.main, '/region/getmap', { part: 'boundaries' });
    expect(b.body.data.source).toBe('upload');
    expect(b.body.data.version).not.toBe(before.version);
    const f = await get(o.main, '/region/getmap');
    expect(f.body.data.streets.map((s: { on_map: boolean }) => s.on_map)).toEqual([true, true, false]);
    const reset = await post(admin, '/region/mapreset');
    expect(reset.body.data.source).toBe('demo');
    expect(reset.body.data.version).toBe(before.version);
  });
});
