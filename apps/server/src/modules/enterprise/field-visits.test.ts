import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, loginAs, type TestApp } from '../../../test/helpers';
import { issueToken } from '../../http/auth';
import { FIELD_DENIED } from '../../http/field-scope';
import { seedDemoEnterpriseService } from '../../db/seed/enterprise-service';
import { seedDemoFieldVisits } from '../../db/seed/field-visits';

// ADR 0044: the visit calls as the mobile pages make them, with field tokens. Staff X (the demo staff member) and
// staff Y (a second staff member of the same office with other enterprises) each see only their own work; a record
// sent twice with one request_key is saved once. The clock stands on Tuesday 2026-03-10, 10:00 in Shanghai.

let t: TestApp;
let fieldX: string;
let fieldY: string;
let xId: number;
let yId: number;
/** An enterprise of X's scope, one of Y's only. */
let ofX: number;
let ofY: number;

const TODAY = '2026-03-10';
const post = (token: string, url: string, body: unknown = {}) => call(t.app, 'POST', `/v1${url}`, { token, body });
const get = (token: string, url: string, query: Record<string, string | number | undefined> = {}) =>
  call(t.app, 'GET', `/v1${url}`, { token, query });
const visitCount = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('visits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-10T02:00:00Z' });
  await seedDemoEnterpriseService(t.deps);
  const main = await loginAs(t.app, 'main');
  const staffPassword = await loginAs(t.app, 'staff');
  xId = Number((await t.db.db.selectFrom('users').select('id').where('mobile', '=', DEMO.staff).executeTakeFirstOrThrow()).id);
  const scoped = await post(staffPassword, '/service/companies', { page: 1, page_size: 100 });
  const xSet = new Set<number>(scoped.body.data.list.map((r: { id: number }) => r.id));
  ofX = [...xSet][0];
  const mainId = Number(
    (await t.db.db.selectFrom('users').select('id').where('mobile', '=', DEMO.main).executeTakeFirstOrThrow()).id,
  );
  const office = await t.db.db
    .selectFrom('companies')
    .select('id')
    .where('service_owner_id', '=', mainId)
    .orderBy('id')
    .execute();
  ofY = Number(office.find((c) => !xSet.has(Number(c.id)))!.id);
  const add = await post(main, '/service/staff/add', { mobile: '13755551001', name: '外勤乙', password: 'Init@2026x' });
  expect(add.body.code, JSON.stringify(add.body)).toBe(1);
  yId = add.body.data.id;
  const assign = await post(main, '/service/staff/assign', { id: yId, company_ids: [ofY], street_ids: [] });
  expect(assign.body.code, JSON.stringify(assign.body)).toBe(1);
  // Field tokens through the real login for X; Y's too (its password is still the one the main account set).
  for (const [mobile, set] of [
    [DEMO.staff, (tok: string) => (fieldX = tok)],
    ['13755551001', (tok: string) => (fieldY = tok)],
  ] as const) {
    t.advance(61_000);
    await post('', '/user/send-code', { mobile, purpose: 'visitor' });
    const res = await post('', '/visitor/login', { mobile, code: await t.sms.lastCode(mobile) });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    set(res.body.data.token);
  }
});
afterAll(() => t.close());

describe('visits with a field token', () => {
  it('plans a visit for oneself and sees it on the calendar; a day in the past is refused and saves nothing', async () => {
    const before = await visitCount();
    const past = await post(fieldX, '/visit/createVisit', {
      status: 'plan',
      company_id: ofX,
      staff_id: xId,
      plan_date: '2026-03-09',
    });
    expect(past.status).toBe(400);
    expect(past.body.msg).toBe('计划走访日期不能早于今天');
    expect(await visitCount()).toBe(before);
    const res = await post(fieldX, '/visit/createVisit', {
      status: 'plan',
      company_id: ofX,
      staff_id: xId,
      plan_date: '2026-03-11',
      plan_time: '09:30',
      purpose: '了解专利布局',
      request_key: 'plan-key-0001',
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const cal = await get(fieldX, '/visit/calendar', { from: TODAY, to: '2026-03-31', staff_id: xId });
    expect(cal.body.data.map((e: { id: number }) => e.id)).toContain(res.body.data.id);
  });

  it('saves a record sent twice with one request_key once', async () => {
    const before = await visitCount();
    const body = {
      status: 'done',
      company_id: ofX,
      staff_id: xId,
      visit_date: TODAY,
      people_met: '张经理',
      content: '了解专利布局',
      request_key: '0b7f8a52-4c3e-4a1e-9a55-1f2b3c4d5e6f',
    };
    const first = await post(fieldX, '/visit/createVisit', body);
    const second = await post(fieldX, '/visit/createVisit', body);
    expect(first.body.data).toMatchObject({ created: true, status: 'done' });
    expect(second.body.data).toMatchObject({ id: first.body.data.id, created: false });
    expect(await visitCount()).toBe(before + 1);
  });

  it('registers the demands raised with a record from the phone; an unknown label refuses the whole record (ADR 0049)', async () => {
    const labels = await get(fieldX, '/visit/deamdLabel', {});
    expect(labels.status).toBe(200);
    const labelId = labels.body.data[0]?.id ?? 0;
    const body = {
      status: 'done',
      company_id: ofX,
      staff_id: xId,
      visit_date: TODAY,
      people_met: '李总',
      content: '企业提出融资需求',
      request_key: '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
      demands: [{ title: '专利质押融资', content: '', label_id: labelId }],
    };
    const bad = await post(fieldX, '/visit/createVisit', {
      ...body,
      request_key: '6e2f3a4b-5c6d-4e7f-8a91-92a3b4c5d6e7',
      demands: [{ title: '未知标签', content: '', label_id: 99_999_999 }],
    });
    expect(bad.status).toBe(400);
    const before = await visitCount();
    const res = await post(fieldX, '/visit/createVisit', body);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.data.demand_ids).toHaveLength(1);
    expect(await visitCount()).toBe(before + 1);
    const demand = await t.db.db
      .selectFrom('demands')
      .select(['company_id', 'source', 'visit_id', 'title'])
      .where('id', '=', res.body.data.demand_ids[0])
      .executeTakeFirstOrThrow();
    expect(demand).toMatchObject({ title: '专利质押融资', source: 'visit', visit_id: res.body.data.id });
    expect(Number(demand.company_id)).toBe(ofX);
    // the demand calls themselves stay off the field token's list
    expect((await post(fieldX, '/demand/list', {})).status).toBe(403);
  });

  it('records a to-visit once: a second send of the same record is refused and changes nothing', async () => {
    const planned = await post(fieldX, '/visit/createVisit', {
      status: 'plan',
      company_id: ofX,
      staff_id: xId,
      plan_date: TODAY,
    });
    const id = planned.body.data.id;
    const rec = { action: 'record', id, visit_date: TODAY, people_met: '王主任', content: '回访' };
    expect((await post(fieldX, '/visit/editVisit', rec)).body.code).toBe(1);
    const again = await post(fieldX, '/visit/editVisit', { ...rec, content: '第二次' });
    expect(again.status).toBe(400);
    const detail = await get(fieldX, '/visit/visitDetail', { id });
    expect(detail.body.data).toMatchObject({ status: 'done', content: '回访' });
  });

  it("keeps staff X's visits from staff Y's field token, and Y's from X's", async () => {
    const xs = await post(fieldX, '/visit/createVisit', {
      status: 'plan',
      company_id: ofX,
      staff_id: xId,
      plan_date: '2026-03-12',
      purpose: 'X 的计划',
    });
    const ys = await post(fieldY, '/visit/createVisit', {
      status: 'plan',
      company_id: ofY,
      staff_id: yId,
      plan_date: '2026-03-12',
      purpose: 'Y 的计划',
    });
    expect(ys.body.code, JSON.stringify(ys.body)).toBe(1);
    // Details, prefill and the record step of the other's visit: 404, as for an unknown id.
    for (const [token, id] of [
      [fieldY, xs.body.data.id],
      [fieldX, ys.body.data.id],
    ] as const) {
      expect((await get(token, '/visit/visitDetail', { id })).status).toBe(404);
      expect((await get(token, '/visit/visitDetailtwo', { id })).status).toBe(404);
      const rec = await post(token, '/visit/editVisit', {
        action: 'record',
        id,
        visit_date: TODAY,
        people_met: '某人',
        content: '越权登记',
      });
      expect(rec.status).toBe(404);
    }
    // Lists and the calendar hold only one's own enterprises.
    const yList = await get(fieldY, '/visit/index', { page_size: 100 });
    expect(yList.body.data.list.every((r: { company_id: number }) => r.company_id === ofY)).toBe(true);
    const yCal = await get(fieldY, '/visit/calendar', { from: TODAY, to: '2026-03-31' });
    expect(yCal.body.data.map((e: { id: number }) => e.id)).toEqual([ys.body.data.id]);
    // Y cannot plan on X's enterprise, nor for X.
    const foreignPlan = await post(fieldY, '/visit/createVisit', { status: 'plan', company_id: ofX, plan_date: TODAY });
    expect(foreignPlan.status).toBe(404);
    // Deleting is not a field call.
    const del = await get(fieldX, '/visit/visitDel', { id: xs.body.data.id });
    expect(del.status).toBe(403);
    expect(del.body.msg).toBe(FIELD_DENIED);
  });

  it('refuses the office calls to a field token of the main account too', async () => {
    const mainId = Number(
      (await t.db.db.selectFrom('users').select('id').where('mobile', '=', DEMO.main).executeTakeFirstOrThrow()).id,
    );
    const token = await issueToken(t.deps, 'user', mainId, undefined, 'field');
    expect((await post(token, '/service/staff/add', { mobile: '13755551002', name: '某', password: 'Init@2026x' })).status).toBe(
      403,
    );
    expect((await get(token, '/visit/calendar', { from: TODAY, to: '2026-03-31' })).body.code).toBe(1);
  });
});

describe('demo data of the mobile pages (db/seed/field-visits.ts)', () => {
  it('gives the demo staff member plans today, ahead and overdue, and records, all in its scope', async () => {
    await seedDemoFieldVisits(t.deps);
    const cal = await get(fieldX, '/visit/calendar', { from: '2026-03-01', to: '2026-03-20', staff_id: xId });
    const plans = cal.body.data.filter((e: { status: string }) => e.status === 'plan');
    const days = plans.map((e: { day: string }) => e.day);
    expect(days).toEqual(expect.arrayContaining(['2026-03-08', TODAY, '2026-03-11', '2026-03-13']));
    const records = await get(fieldX, '/visit/index', { status: 'done', staff_id: xId, page_size: 100 });
    expect(records.body.data.list.filter((r: { content: string }) => /专利导航|维权援助|政策汇编/.test(r.content))).toHaveLength(
      3,
    );
  });
});
