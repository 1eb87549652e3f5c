import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { seedDemoPatents } from '../patents/patent-seed';
import { createOffice, insertDemand, insertVisit, type TestOffice } from '../../../test/service-office';

// The enterprise-service dashboards (issue 13, ADR 0052): one fixed data set, the same figures on SQLite and
// PostgreSQL (TEST_DATABASE_URL), for the main account, a staff member (its own enterprises), a street, a range,
// another office and the wrong roles. "Now" is Monday 2026-06-15 10:00 China time.

let t: TestApp;
let o: TestOffice;
let other: TestOffice;
const NAMES = ['甲看板测试有限公司', '乙看板测试有限公司', '丙看板测试有限公司'];
const get = (token: string, url: string, query: Record<string, string | number | undefined> = {}) =>
  call(t.app, 'GET', `/v1${url}`, { token, query });
const data = async (token: string, url: string, query: Record<string, string | number | undefined> = {}) => {
  const res = await get(token, url, query);
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data;
};

beforeAll(async () => {
  t = await createTestApp({ now: '2026-06-15T02:00:00.000Z' });
  await seedDemoPatents(t.db, 10, { now: () => t.now().toISOString() });
  o = await createOffice(t, '1370000500', NAMES);
  other = await createOffice(t, '1370000600', ['他区看板企业有限公司']);
  const db = t.db.db;
  const [c0, c1, c2] = o.companies;
  const now = t.now().toISOString();
  const patents = (await db.selectFrom('patents').select('id').orderBy('id').limit(3).execute()).map((p) => Number(p.id));
  const kinds: [number, string, string][] = [
    [c0, '发明', '有权'],
    [c0, '发明', '审中'],
    [c1, '实用新型', '有权'],
  ];
  for (const [i, [c, type, legal]] of kinds.entries()) {
    await db.updateTable('patents').set({ type, legal_status: legal }).where('id', '=', patents[i]).execute();
    await db
      .insertInto('company_patents')
      .values({ company_id: c, patent_id: patents[i], created_at: now, updated_at: now })
      .execute();
  }
  const visit = (companyId: number, staffId: number, status: 'plan' | 'done', day: string) =>
    insertVisit(t, { ownerId: o.mainId, companyId, staffId, status, day });
  await visit(c0, o.staffId, 'done', '2026-06-15');
  await visit(c0, o.staffId, 'plan', '2026-06-17');
  await visit(c1, o.mainId, 'done', '2026-06-02');
  await visit(c1, o.mainId, 'done', '2026-03-10');
  await visit(c2, o.mainId, 'done', '2025-05-01');
  const cancelled = await visit(c2, o.mainId, 'plan', '2026-04-01');
  await db.updateTable('visits').set({ status: 'cancelled' }).where('id', '=', cancelled).execute();
  // red (contact due 06-11), yellow (due 06-16, the next working day), green (due 06-30)
  await insertDemand(t, {
    ownerId: o.mainId,
    companyId: c0,
    status: 'registered',
    registered: '2026-06-10',
    contact_due: '2026-06-11',
  });
  await insertDemand(t, {
    ownerId: o.mainId,
    companyId: c1,
    status: 'assigned',
    registered: '2026-06-12',
    contact_due: '2026-06-16',
  });
  await insertDemand(t, {
    ownerId: o.mainId,
    companyId: c2,
    status: 'registered',
    registered: '2026-06-01',
    contact_due: '2026-06-30',
  });
  // handled on the last second of its close day (China time) — on time; the next second — late (handled by the staff member)
  const d3 = await insertDemand(t, {
    ownerId: o.mainId,
    companyId: c1,
    status: 'handled',
    registered: '2026-05-05',
    contact_due: '2026-05-06',
    close_due: '2026-05-12',
  });
  await db.updateTable('demands').set({ handled_at: '2026-05-12T15:59:59.000Z' }).where('id', '=', d3).execute();
  const d4 = await insertDemand(t, {
    ownerId: o.mainId,
    companyId: c2,
    status: 'closed',
    registered: '2026-05-05',
    contact_due: '2026-05-06',
    close_due: '2026-05-12',
  });
  await db
    .updateTable('demands')
    .set({ handled_at: '2026-05-12T16:00:00.000Z', closed_at: '2026-05-20T02:00:00.000Z', handler_id: o.staffId })
    .where('id', '=', d4)
    .execute();
  // the other office's rows never count here
  await insertVisit(t, {
    ownerId: other.mainId,
    companyId: other.companies[0],
    staffId: other.staffId,
    status: 'done',
    day: '2026-06-15',
  });
  await insertDemand(t, {
    ownerId: other.mainId,
    companyId: other.companies[0],
    status: 'registered',
    registered: '2026-06-10',
    contact_due: '2026-06-11',
  });
}, 120_000);
afterAll(() => t.close());

describe('key figures (/visit/center)', () => {
  it('counts the office: now, this week, this month and the default range (the 12 months to this month)', async () => {
    expect(await data(o.main, '/visit/center')).toEqual({
      date_from: '2025-07-01',
      date_to: '2026-06-15',
      street_id: null,
      staff_id: null,
      enterprises: 3,
      granted_inventions: 1,
      visits_today: 1,
      visits_week: 2,
      visits_month: 2,
      open_demands: 3,
      red_demands: 1,
      yellow_demands: 1,
      visits: 3,
      demands: 5,
      handled: 2,
      on_time: 1,
      on_time_rate: 50,
    });
  });

  it('a staff member sees its own enterprises and the demands it handles; the main account can look through its eyes', async () => {
    const staff = await data(o.staff, '/visit/center');
    expect(staff).toMatchObject({ enterprises: 1, granted_inventions: 1, visits_today: 1, visits_week: 2, visits_month: 1 });
    expect(staff).toMatchObject({
      open_demands: 1,
      red_demands: 1,
      yellow_demands: 0,
      visits: 1,
      demands: 2,
      handled: 1,
      on_time: 0,
    });
    expect(staff.on_time_rate).toBe(0);
    expect(staff.staff_id).toBeNull();
    // a staff member cannot widen its scope with staff_id
    expect((await data(o.staff, '/visit/center', { staff_id: o.mainId })).enterprises).toBe(1);
    const through = await data(o.main, '/visit/center', { staff_id: o.staffId });
    expect({ ...through, staff_id: null }).toEqual(staff);
  });

  it('filters by street and by range', async () => {
    expect(await data(o.main, '/visit/center', { street_id: 2 })).toMatchObject({
      street_id: 2,
      enterprises: 1,
      granted_inventions: 0,
      visits: 2,
      visits_month: 1,
      open_demands: 1,
      red_demands: 0,
      yellow_demands: 1,
      demands: 2,
      handled: 1,
      on_time: 1,
      on_time_rate: 100,
    });
    expect(await data(o.main, '/visit/center', { date_from: '2026-05-01', date_to: '2026-05-31' })).toMatchObject({
      visits: 0,
      demands: 2,
      handled: 2,
      on_time: 1,
    });
    const empty = await data(o.main, '/visit/center', { date_from: '2024-01-01', date_to: '2024-12-31' });
    expect(empty).toMatchObject({ visits: 0, demands: 0, handled: 0, on_time_rate: null });
  });

  it('another office sees only its own; another office’s staff id finds nothing of ours', async () => {
    expect(await data(other.main, '/visit/center')).toMatchObject({
      enterprises: 1,
      visits: 1,
      open_demands: 1,
      granted_inventions: 0,
    });
    expect(await data(o.main, '/visit/center', { staff_id: other.staffId })).toMatchObject({
      enterprises: 0,
      visits: 0,
      demands: 0,
    });
    expect((await data(o.main, '/street/getrightlist', { staff_id: other.staffId })).total).toBe(0);
  });

  it('refuses other roles and bad filters without answering figures', async () => {
    for (const kind of ['company', 'admin', 'trial'] as const) {
      const res = await get(await loginAs(t.app, kind), '/visit/center');
      expect(res.status, kind).toBe(403);
      expect(res.body).toMatchObject({ code: 0, msg: '仅企业服务账号可使用该功能' });
    }
    expect((await get('', '/street/center')).status).toBe(401);
    const bad = await get(o.main, '/visit/getleftlist', { date_from: '2026-06-10', date_to: '2026-06-01' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 0, msg: '开始日期不能晚于结束日期' });
    expect((await get(o.main, '/street/center', { date_from: '2023-01-01', date_to: '2026-01-01' })).body.msg).toContain('731');
    expect((await get(o.main, '/street/center', { street_id: 'x' })).status).toBe(400);
    // A month 13 or a 30 February is a Chinese 400, not a 500 (the day check ran on an unparsable date).
    for (const date_from of ['2026-13-01', '2026-02-30', '2026-1-1'])
      expect((await get(o.main, '/visit/center', { date_from })).body, date_from).toMatchObject({
        code: 0,
        msg: expect.stringMatching(/^开始日期/),
      });
  });
});

describe('breakdowns', () => {
  it('by type: visit states in the range, demand states, lights and labels', async () => {
    const d = await data(o.main, '/visit/centertype');
    expect(d.visits_by_status.map((x: { key: string; count: number }) => [x.key, x.count])).toEqual([
      ['plan', 0],
      ['done', 3],
      ['cancelled', 1],
    ]);
    expect(d.demands_by_status.map((x: { label: string; count: number }) => [x.label, x.count])).toEqual([
      ['待分派', 2],
      ['办理中', 1],
      ['待评价', 1],
      ['待回访', 0],
      ['已办结', 1],
    ]);
    expect(d.lights).toEqual({ red: 1, yellow: 1, green: 1 });
    expect(d.demands_by_label).toEqual([{ label_id: 0, name: '未分类', count: 5 }]);
  });

  it('by month: one row per month of the range, zeros included', async () => {
    const d = await data(o.main, '/visit/getleftlist');
    expect(d.list).toHaveLength(12);
    expect(d.list[0]).toEqual({ month: '2025-07', visits: 0, demands: 0, handled: 0, on_time: 0 });
    const m = Object.fromEntries(d.list.map((x: { month: string }) => [x.month, x]));
    expect(m['2026-03']).toMatchObject({ visits: 1, demands: 0 });
    expect(m['2026-05']).toMatchObject({ visits: 0, demands: 2, handled: 2, on_time: 1 });
    expect(m['2026-06']).toMatchObject({ visits: 2, demands: 3, handled: 0 });
  });

  it('by staff: visits, plans, handled and on time', async () => {
    const d = await data(o.main, '/visit/getrightlist', { date_to: '2026-06-30' });
    expect(
      d.list.map((x: { staff_id: number; visits: number; plans: number; handled: number; on_time_rate: number | null }) => [
        x.staff_id,
        x.visits,
        x.plans,
        x.handled,
        x.on_time_rate,
      ]),
    ).toEqual([
      [o.mainId, 2, 0, 0, null],
      [o.staffId, 1, 1, 1, 0],
    ]);
  });

  it('by street: figures and completion within limits; a street filter keeps one', async () => {
    const d = await data(o.main, '/street/center');
    expect(d.list).toEqual([
      { street_id: 2, street_name: '街道2', enterprises: 1, visits: 2, demands: 2, open_demands: 1, red_demands: 0 },
      { street_id: 1, street_name: '街道1', enterprises: 1, visits: 1, demands: 1, open_demands: 1, red_demands: 1 },
      { street_id: 3, street_name: '街道3', enterprises: 1, visits: 0, demands: 2, open_demands: 1, red_demands: 0 },
    ]);
    expect((await data(o.main, '/street/center', { street_id: 3 })).list.map((x: { street_id: number }) => x.street_id)).toEqual([
      3,
    ]);
    expect((await data(o.main, '/street/centerrat')).list).toEqual([
      { street_id: 2, street_name: '街道2', handled: 1, on_time: 1, on_time_rate: 100 },
      { street_id: 3, street_name: '街道3', handled: 1, on_time: 0, on_time_rate: 0 },
    ]);
    expect(await data(o.main, '/street/getleftlist')).toEqual([
      { street_id: 1, street_name: '街道1', enterprises: 1 },
      { street_id: 2, street_name: '街道2', enterprises: 1 },
      { street_id: 3, street_name: '街道3', enterprises: 1 },
    ]);
    expect(await data(o.staff, '/street/getleftlist')).toEqual([{ street_id: 1, street_name: '街道1', enterprises: 1 }]);
  });

  it('the enterprises with their visits and demands, paged and sorted', async () => {
    const d = await data(o.main, '/street/getrightlist', { page_size: 2 });
    expect(d.total).toBe(3);
    expect(d.list).toEqual([
      {
        company_id: o.companies[1],
        company_name: NAMES[1],
        street_name: '街道2',
        visits: 2,
        last_visit: '2026-06-02',
        demands: 2,
        open_demands: 1,
      },
      {
        company_id: o.companies[0],
        company_name: NAMES[0],
        street_name: '街道1',
        visits: 1,
        last_visit: '2026-06-15',
        demands: 1,
        open_demands: 1,
      },
    ]);
    const p2 = await data(o.main, '/street/getrightlist', { page_size: 2, page: 2 });
    expect(p2.list).toEqual([
      {
        company_id: o.companies[2],
        company_name: NAMES[2],
        street_name: '街道3',
        visits: 0,
        last_visit: null,
        demands: 2,
        open_demands: 1,
      },
    ]);
    const byDemands = await data(o.main, '/street/getrightlist', { sort: 'demands', street_id: 3 });
    expect(byDemands.list.map((x: { company_id: number }) => x.company_id)).toEqual([o.companies[2]]);
  });

  it('exports a table to Excel with Chinese headers', async () => {
    const res = await call(t.app, 'GET', '/v1/visit/dataExport', { token: o.main, query: { table: 'streets' } });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    const raw = await t.app.inject({
      method: 'GET',
      url: '/v1/visit/dataExport?table=streets',
      headers: { authorization: `Bearer ${o.main}` },
    });
    await wb.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([
      undefined,
      '街道',
      '企业数',
      '走访次数',
      '登记需求',
      '未办结需求',
      '红灯需求',
      '已办理',
      '按时办理',
      '按时办理率',
    ]);
    expect(ws.getRow(2).values).toEqual([undefined, '街道2', 1, 2, 2, 1, 0, 1, 1, '100%']);
    expect(ws.rowCount).toBe(4);
    const bad = await get(o.main, '/visit/dataExport', { table: 'nope' });
    expect(bad.status).toBe(400);
    expect((await get(await loginAs(t.app, 'company'), '/visit/dataExport', { table: 'streets' })).status).toBe(403);
  });
});
