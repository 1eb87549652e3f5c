import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, login, loginAs, type TestApp } from '../../../test/helpers';
import { insertUser as insertTestUser } from '../../../test/service-office';
import { PNG, upload } from '../../../test/company-records';
import { NEW_USER } from '../account/new-user';
import { pathOf } from '../common/file-store';
import { seedDemoEnterpriseService } from '../../db/seed/enterprise-service';
import { seedDemoVisits } from '../../db/seed/visits-demo';

// Visits (issue 12 bundle B4, ADR 0040): every /v1/visit/* call of the visit pages, the scope (main account, staff,
// another office, company user, administrator), bad input and idempotent request keys. Runs on SQLite, and on
// PostgreSQL with TEST_DATABASE_URL. The clock stands on Tuesday 2026-03-10, 10:00 in Shanghai.

let t: TestApp;
let main: string;
let staff: string;
let company: string;
let admin: string;
let other: string;
let mainId: number;
let staffId: number;
/** An enterprise of the demo staff member's scope, one of the office outside it, one of another office. */
let mine: number;
let notMine: number;
let foreign: number;

const TODAY = '2026-03-10';
const db = () => t.db.db;
const post = (token: string, url: string, body: unknown = {}) => call(t.app, 'POST', `/v1${url}`, { token, body });
const get = (token: string, url: string, query: Record<string, string | number | undefined> = {}) =>
  call(t.app, 'GET', `/v1${url}`, { token, query });

const insertUser = (mobile: string, extra: Partial<typeof NEW_USER>) => insertTestUser(t, mobile, extra);

const snapshot = async () =>
  JSON.stringify(await db().selectFrom('visits').selectAll().orderBy('id').execute()) +
  JSON.stringify(await db().selectFrom('files').select('id').orderBy('id').execute());

const plan = (token: string, body: Record<string, unknown>) =>
  post(token, '/visit/createVisit', { status: 'plan', plan_date: '2026-03-12', purpose: '了解专利布局', ...body });
const record = (token: string, body: Record<string, unknown>) =>
  post(token, '/visit/createVisit', {
    status: 'done',
    visit_date: TODAY,
    people_met: '王总',
    content: '交流了专利申请计划',
    ...body,
  });

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-10T02:00:00Z' });
  await seedDemoEnterpriseService(t.deps);
  await seedDemoVisits(t.deps);
  [main, staff, company, admin] = await Promise.all([
    loginAs(t.app, 'main'),
    loginAs(t.app, 'staff'),
    loginAs(t.app, 'company'),
    loginAs(t.app, 'admin'),
  ]);
  mainId = Number((await db().selectFrom('users').select('id').where('mobile', '=', DEMO.main).executeTakeFirstOrThrow()).id);
  staffId = Number((await db().selectFrom('users').select('id').where('mobile', '=', DEMO.staff).executeTakeFirstOrThrow()).id);
  const scope = await post(staff, '/service/companies', { page: 1, page_size: 100 });
  const scoped = new Set<number>(scope.body.data.list.map((r: { id: number }) => r.id));
  mine = [...scoped][0];
  const office = await db().selectFrom('companies').select('id').where('service_owner_id', '=', mainId).orderBy('id').execute();
  notMine = Number(office.find((c) => !scoped.has(Number(c.id)))!.id);
  const otherMain = await insertUser('13700000011', { is_news: 1, company_name: '另一服务中心' });
  foreign = Number(
    (
      await db()
        .insertInto('companies')
        .values({
          company_name: '他区走访企业有限公司',
          credit_code: '',
          street_id: 0,
          street_name: '',
          patent_num: 0,
          created_at: t.now().toISOString(),
          service_owner_id: otherMain,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  other = await login(t.app, '13700000011');
}, 120_000);
afterAll(() => t.close());

describe('demo visits', () => {
  it('has records over the past year, open follow-ups and plans in the coming weeks, for staff and main', async () => {
    const n = async (q: Record<string, string>) => (await get(main, '/visit/index', { ...q, page_size: 1 })).body.data.total;
    expect(await n({ status: 'done', date_from: '2025-03-10', date_to: TODAY })).toBeGreaterThan(30);
    expect(await n({ follow_up: '1' })).toBeGreaterThan(0);
    expect(await n({ status: 'plan', date_from: TODAY, date_to: '2026-04-07' })).toBeGreaterThanOrEqual(40);
    expect(await n({ status: 'cancelled' })).toBe(3);
    const staffOwn = await get(staff, '/visit/index', { staff_id: staffId, page_size: 1 });
    expect(staffOwn.body.data.total).toBeGreaterThan(0);
  });
});

describe('plans', () => {
  it('the main account plans a visit for a staff member; it shows on the calendar and in the list', async () => {
    const res = await plan(main, { company_id: mine, staff_id: staffId, plan_time: '09:30' });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.data).toMatchObject({ created: true, status: 'plan' });
    const cal = await get(staff, '/visit/calendar', { from: '2026-03-09', to: '2026-03-15' });
    expect(cal.body.data.map((e: { id: number }) => e.id)).toContain(res.body.data.id);
    const entry = cal.body.data.find((e: { id: number }) => e.id === res.body.data.id);
    expect(entry).toMatchObject({ day: '2026-03-12', plan_time: '09:30', staff_id: staffId, status: 'plan' });
    expect(entry.staff_name).toBeTruthy();
    const list = await get(main, '/visit/index', {
      status: 'plan',
      staff_id: staffId,
      company_id: mine,
      date_from: '2026-03-12',
      date_to: '2026-03-12',
    });
    expect(list.body.data.list.find((r: { id: number }) => r.id === res.body.data.id)).toMatchObject({
      id: res.body.data.id,
      company_id: mine,
      follow_open: false,
    });
    // Staff filter on the calendar (main account).
    const byOther = await get(main, '/visit/calendar', { from: '2026-03-09', to: '2026-03-15', staff_id: mainId });
    expect(byOther.body.data.map((e: { id: number }) => e.id)).not.toContain(res.body.data.id);
  });

  it('a staff member plans for itself only; the main account defaults to itself', async () => {
    const own = await plan(staff, { company_id: mine });
    expect(own.body.code).toBe(1);
    const row = await db().selectFrom('visits').selectAll().where('id', '=', own.body.data.id).executeTakeFirstOrThrow();
    expect(Number(row.staff_id)).toBe(staffId);
    expect(Number(row.owner_id)).toBe(mainId);
    const before = await snapshot();
    const forOther = await plan(staff, { company_id: mine, staff_id: mainId });
    expect(forOther.status).toBe(400);
    expect(forOther.body.msg).toBe('员工只能为自己安排走访');
    const self = await plan(main, { company_id: notMine });
    expect(
      Number(
        (await db().selectFrom('visits').select('staff_id').where('id', '=', self.body.data.id).executeTakeFirstOrThrow())
          .staff_id,
      ),
    ).toBe(mainId);
    await db().deleteFrom('visits').where('id', '=', self.body.data.id).execute();
    expect(await snapshot()).toBe(before);
  });

  it('refuses bad input with a Chinese message and stores nothing', async () => {
    const before = await snapshot();
    const cases: [string, () => Promise<{ status: number; body: { code: number; msg: string } }>, number, RegExp][] = [
      ['past plan', () => plan(main, { company_id: mine, plan_date: '2026-03-09' }), 400, /不能早于今天/],
      ['bad date', () => plan(main, { company_id: mine, plan_date: '2026-02-30' }), 400, /不是有效日期/],
      ['bad time', () => plan(main, { company_id: mine, plan_time: '25:00' }), 400, /HH:MM/],
      ['unknown company', () => plan(main, { company_id: 999999 }), 404, /不在您的服务范围内/],
      ['foreign company', () => plan(main, { company_id: foreign }), 404, /不在您的服务范围内/],
      ['staff, company outside its scope', () => plan(staff, { company_id: notMine }), 404, /不在您的服务范围内/],
      ['staff not serving it', () => plan(main, { company_id: notMine, staff_id: staffId }), 400, /不负责这家企业/],
      ['staff of another office', () => plan(other, { company_id: foreign, staff_id: staffId }), 404, /员工不存在/],
      ['wrong type', () => plan(main, { company_id: String(mine) }), 400, /企业/],
      ['bad status', () => post(main, '/visit/createVisit', { status: 'x', company_id: mine }), 400, /走访状态/],
      ['future record', () => record(main, { company_id: mine, visit_date: '2026-03-11' }), 400, /不能晚于今天/],
      ['record without content', () => record(main, { company_id: mine, content: ' ' }), 400, /走访内容/],
      ['huge purpose', () => plan(main, { company_id: mine, purpose: '字'.repeat(501) }), 400, /500/],
      ['huge body', () => plan(main, { company_id: mine, purpose: 'x'.repeat(2_000_000) }), 413, /./],
    ];
    for (const [name, run, status, msg] of cases) {
      const res = await run();
      expect(res.status, name).toBe(status);
      expect(res.body.code, name).toBe(0);
      expect(res.body.msg, name).toMatch(msg);
    }
    expect(await snapshot()).toBe(before);
  });

  it('the same request_key from the same user answers the first visit', async () => {
    const key = 'plan-key-0001';
    const a = await plan(staff, { company_id: mine, request_key: key });
    const b = await plan(staff, { company_id: mine, request_key: key, purpose: '第二次' });
    expect(a.body.data.created).toBe(true);
    expect(b.body.data).toMatchObject({ id: a.body.data.id, created: false });
    const rows = await db().selectFrom('visits').select('id').where('request_key', '=', key).execute();
    expect(rows).toHaveLength(1);
    // Sent at once (a retry racing the first try): still one row.
    const key2 = 'record-key-0002';
    const both = await Promise.all([
      record(staff, { company_id: mine, request_key: key2 }),
      record(staff, { company_id: mine, request_key: key2 }),
    ]);
    expect(both.map((r) => r.body.code)).toEqual([1, 1]);
    expect(both[0].body.data.id).toBe(both[1].body.data.id);
    expect(await db().selectFrom('visits').select('id').where('request_key', '=', key2).execute()).toHaveLength(1);
    // Another user's same key is its own visit.
    const c = await plan(main, { company_id: mine, request_key: key });
    expect(c.body.data.id).not.toBe(a.body.data.id);
  });
});

describe('steps on a visit', () => {
  it('reschedules, records with photos, follows up; a step out of order changes nothing', async () => {
    const p = await plan(main, { company_id: mine, staff_id: staffId });
    const id = p.body.data.id;
    const moved = await post(staff, '/visit/editVisit', {
      action: 'reschedule',
      id,
      plan_date: '2026-03-13',
      plan_time: '14:00',
    });
    expect(moved.body.code, JSON.stringify(moved.body)).toBe(1);
    const past = await post(staff, '/visit/editVisit', { action: 'reschedule', id, plan_date: '2026-03-01' });
    expect(past.status).toBe(400);
    const prefill = await get(staff, '/visit/visitDetailtwo', { id });
    expect(prefill.body.data.visit).toMatchObject({ id, plan_date: '2026-03-13', plan_time: '14:00' });
    expect(Array.isArray(prefill.body.data.open_demands)).toBe(true);

    const photo = await upload(t, staff, { name: '现场.png' });
    const rec = await post(staff, '/visit/editVisit', {
      action: 'record',
      id,
      visit_date: TODAY,
      people_met: '李经理',
      content: '企业计划申请 3 件发明专利',
      photos: [photo],
      follow_up: 1,
      follow_note: '下周提供申请指引',
    });
    expect(rec.body.code, JSON.stringify(rec.body)).toBe(1);
    expect(rec.body.data.status).toBe('done');
    const detail = await get(main, '/visit/visitDetail', { id });
    expect(detail.body.data).toMatchObject({ status: 'done', people_met: '李经理', follow_open: true, day: TODAY });
    expect(detail.body.data.photos).toHaveLength(1);
    expect(detail.body.data.photos[0].url).toMatch(/sig=/);
    const img = await call(t.app, 'GET', detail.body.data.photos[0].url);
    expect(img.status).toBe(200);
    const follow = await get(main, '/visit/index', { follow_up: '1' });
    expect(follow.body.data.list.map((r: { id: number }) => r.id)).toContain(id);

    // Out of order: recording a record again, rescheduling or cancelling it.
    const before = await snapshot();
    for (const body of [
      { action: 'record', id, visit_date: TODAY, people_met: 'x', content: 'y' },
      { action: 'reschedule', id, plan_date: '2026-03-20' },
      { action: 'cancel', id },
    ]) {
      const res = await post(staff, '/visit/editVisit', body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/该走访已走访，不能/);
    }
    expect(await snapshot()).toBe(before);

    const done = await post(staff, '/visit/editVisit', { action: 'follow_done', id, follow_note: '已发送指引' });
    expect(done.body.code).toBe(1);
    const again = await post(staff, '/visit/editVisit', { action: 'follow_done', id });
    expect(again.body.msg).toBe('该走访已完成跟进');
    expect((await get(main, '/visit/index', { follow_up: '1' })).body.data.list.map((r: { id: number }) => r.id)).not.toContain(
      id,
    );

    // Editing the record drops a photo: the file leaves the disk.
    const file = await db().selectFrom('files').selectAll().where('id', '=', photo).executeTakeFirstOrThrow();
    expect(fs.existsSync(pathOf(t.config, file))).toBe(true);
    const edit = await post(staff, '/visit/editVisit', {
      action: 'edit',
      id,
      visit_date: '2026-03-09',
      people_met: '李经理、张工',
      content: '补充：已约定回访',
      photos: [],
    });
    expect(edit.body.code).toBe(1);
    expect(fs.existsSync(pathOf(t.config, file))).toBe(false);
    expect(await db().selectFrom('files').select('id').where('id', '=', photo).executeTakeFirst()).toBeUndefined();
  });

  it('a record raises demands in the same transaction; an unknown label stores neither visit nor demand', async () => {
    const labels = await get(main, '/visit/deamdLabel');
    const label = labels.body.data[0].id;
    const p = await plan(main, { company_id: mine, staff_id: staffId });
    const before = await snapshot();
    const demandsBefore = await db().selectFrom('demands').select('id').execute();
    const bad = await post(staff, '/visit/editVisit', {
      action: 'record',
      id: p.body.data.id,
      visit_date: TODAY,
      people_met: '赵总',
      content: '需要融资对接',
      demands: [
        { title: '融资对接', label_id: label },
        { title: '人才招聘', label_id: 999999 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/需求标签/);
    expect(await snapshot()).toBe(before);
    expect(await db().selectFrom('demands').select('id').execute()).toHaveLength(demandsBefore.length);
    // A user of the enterprise hears of the demand in its message centre once the record is stored.
    const companyUser = await insertUser('13700000031', { company_id: mine });
    const ok = await post(staff, '/visit/editVisit', {
      action: 'record',
      id: p.body.data.id,
      visit_date: TODAY,
      people_met: '赵总',
      content: '需要融资对接',
      demands: [{ title: '融资对接', content: '500 万元', label_id: label }],
    });
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(1);
    expect(ok.body.data.demand_ids).toHaveLength(1);
    const d = await db().selectFrom('demands').selectAll().where('id', '=', ok.body.data.demand_ids[0]).executeTakeFirstOrThrow();
    expect(d).toMatchObject({ source: 'visit', status: 'registered', title: '融资对接' });
    expect(Number(d.visit_id)).toBe(p.body.data.id);
    const told = await db()
      .selectFrom('messages')
      .select(['title', 'link'])
      .where('user_id', '=', companyUser)
      .where('object_type', '=', 'demand')
      .where('object_id', '=', Number(d.id))
      .execute();
    expect(told).toHaveLength(1);
    expect(told[0].link).toBe(`/VisitsNeeds?id=${d.id}`);
    const detail = await get(main, '/visit/visitDetail', { id: p.body.data.id });
    expect(detail.body.data.demands).toMatchObject([{ title: '融资对接', status: 'registered' }]);
    const prefill = await get(staff, '/visit/visitDetailtwo', { id: p.body.data.id });
    expect(prefill.body.data.open_demands.map((x: { title: string }) => x.title)).toContain('融资对接');
    // A direct record with a demand, sent twice with one key: one visit, one demand.
    const body = { company_id: mine, request_key: 'rec-demand-01', demands: [{ title: '政策咨询' }] };
    const a = await record(staff, body);
    const b = await record(staff, body);
    expect(b.body.data).toMatchObject({ id: a.body.data.id, created: false, demand_ids: a.body.data.demand_ids });
    expect(await db().selectFrom('demands').select('id').where('visit_id', '=', a.body.data.id).execute()).toHaveLength(1);
    // A record that raised demands is not deleted.
    const del = await get(main, '/visit/visitDel', { id: a.body.data.id });
    expect(del.status).toBe(400);
    expect(del.body.msg).toMatch(/登记了 1 条需求/);
  });

  it('a cancelled plan cannot be edited, recorded or rescheduled', async () => {
    const p = await plan(staff, { company_id: mine });
    const id = p.body.data.id;
    expect((await post(staff, '/visit/editVisit', { action: 'cancel', id })).body.code).toBe(1);
    const before = await snapshot();
    for (const body of [
      { action: 'cancel', id },
      { action: 'reschedule', id, plan_date: '2026-03-20' },
      { action: 'record', id, visit_date: TODAY, people_met: 'x', content: 'y' },
      { action: 'edit', id, visit_date: TODAY, people_met: 'x', content: 'y' },
      { action: 'follow_done', id },
    ]) {
      const res = await post(staff, '/visit/editVisit', body);
      expect(res.status, body.action).toBe(400);
      expect(res.body.msg).toMatch(/该走访已取消，不能/);
    }
    expect(await snapshot()).toBe(before);
    const cal = await get(staff, '/visit/calendar', { from: '2026-03-09', to: '2026-03-15' });
    expect(cal.body.data.map((e: { id: number }) => e.id)).not.toContain(id);
  });

  it('refuses photos of the wrong type, another office or too large, storing nothing', async () => {
    const gif = await upload(t, staff, { name: 'a.gif', mime: 'image/gif', content: Buffer.from('GIF89a0000000000') });
    const pdf = await upload(t, staff, { name: 'a.pdf', mime: 'application/pdf' });
    const others = await upload(t, other, { name: 'b.png' });
    const before = await snapshot();
    for (const [photos, msg] of [
      [[gif], /JPG、PNG 或 WebP/],
      [[pdf], /JPG、PNG 或 WebP/],
      [[others], /不是本中心上传的/],
      [[999999], /不是本中心上传的/],
      [['1'], /照片/],
    ] as [unknown[], RegExp][]) {
      const res = await record(staff, { company_id: mine, photos });
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(msg);
    }
    expect(await snapshot()).toBe(before);
    // A 20 MB photo never gets stored: the upload refuses it.
    const files = await db().selectFrom('files').select('id').execute();
    const big = await call(t.app, 'POST', '/v1/common/file', {
      token: staff,
      body: Buffer.concat([
        Buffer.from(
          '------v\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        PNG,
        Buffer.alloc(20 * 1024 * 1024, 1),
        Buffer.from('\r\n------v--\r\n'),
      ]),
      headers: { 'content-type': 'multipart/form-data; boundary=----v' },
    });
    expect(big.status).toBe(413);
    expect(big.body.msg).toMatch(/MB/);
    expect(await db().selectFrom('files').select('id').execute()).toHaveLength(files.length);
  });

  it('deletes a plan or a record (with its photos) through GET with the token; never by cookie alone', async () => {
    const photo = await upload(t, main);
    const r = await record(main, { company_id: notMine, photos: [photo] });
    const id = r.body.data.id;
    const byCookie = await call(t.app, 'GET', '/v1/visit/visitDel', { query: { id }, headers: { cookie: `token=${main}` } });
    expect(byCookie.body.code).toBe(0);
    expect(await db().selectFrom('visits').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
    const noId = await get(main, '/visit/visitDel');
    expect(noId.status).toBe(400);
    const staffTries = await get(staff, '/visit/visitDel', { id });
    expect(staffTries.status).toBe(404);
    const del = await get(main, '/visit/visitDel', { id });
    expect(del.body.code, JSON.stringify(del.body)).toBe(1);
    expect(del.body.data.photos_removed).toBe(1);
    expect(await db().selectFrom('visits').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('files').select('id').where('id', '=', photo).executeTakeFirst()).toBeUndefined();
    expect((await get(main, '/visit/visitDel', { id })).status).toBe(404);
  });
});

describe('scope', () => {
  it('staff see only their enterprises; another office and other account kinds see nothing', async () => {
    const out = await record(main, { company_id: notMine });
    const outId = out.body.data.id;
    const inside = await record(main, { company_id: mine, staff_id: staffId });
    const staffList = await get(staff, '/visit/index', { page_size: 100 });
    const ids = staffList.body.data.list.map((r: { id: number }) => r.id);
    expect(ids).toContain(inside.body.data.id);
    expect(ids).not.toContain(outId);
    const mainList = await get(main, '/visit/index', { page_size: 100 });
    expect(mainList.body.data.list.map((r: { id: number }) => r.id)).toContain(outId);
    for (const url of ['/visit/visitDetail', '/visit/visitDetailtwo', '/visit/visitDel']) {
      const res = await get(staff, url, { id: outId });
      expect(res.status, url).toBe(404);
      expect(res.body.msg).toBe('走访不存在或不在您的服务范围内');
      const res2 = await get(other, url, { id: inside.body.data.id });
      expect(res2.status, url).toBe(404);
    }
    expect((await post(other, '/visit/editVisit', { action: 'cancel', id: outId })).status).toBe(404);
    expect((await get(other, '/visit/index')).body.data.total).toBe(0);
    for (const token of [company, admin]) {
      for (const [m, url] of [
        ['GET', '/visit/index'],
        ['GET', '/visit/calendar?from=2026-03-01&to=2026-03-31'],
        ['GET', `/visit/visitDetail?id=${outId}`],
        ['GET', '/visit/visitListnews'],
        ['POST', '/visit/createVisit'],
        ['POST', '/visit/editVisit'],
      ] as const) {
        const res = await call(t.app, m, `/v1${url}`, {
          token,
          body: m === 'POST' ? { status: 'plan', company_id: mine } : undefined,
        });
        expect(res.status, url).toBe(403);
        expect(res.body.msg).toBe('仅企业服务账号可使用该功能');
      }
    }
    expect((await get('', '/visit/index')).status).toBe(401);
  });
});

describe('lists', () => {
  it('filters, sorts, pages and exports the visit list', async () => {
    const kw = (await db().selectFrom('companies').select('company_name').where('id', '=', mine).executeTakeFirstOrThrow())
      .company_name;
    const res = await get(main, '/visit/index', {
      status: 'done',
      keyword: kw.slice(0, 4),
      date_from: '2026-03-01',
      date_to: TODAY,
      sort: 'asc',
      page_size: 2,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const days = res.body.data.list.map((r: { day: string }) => r.day);
    expect([...days].sort()).toEqual(days);
    for (const r of res.body.data.list) expect(r.status).toBe('done');
    expect(res.body.data.total).toBeGreaterThanOrEqual(res.body.data.list.length);
    const bad = await get(main, '/visit/index', { date_from: '2026-03-10', date_to: '2026-03-01' });
    expect(bad.status).toBe(400);
    expect((await get(main, '/visit/index', { status: 'nope' })).status).toBe(400);
    const xls = await get(main, '/visit/index', { export: '1', status: 'done' });
    expect(xls.body.data.url).toMatch(/sig=/);
    expect(xls.body.data.rows).toBeGreaterThan(0);
    const file = await call(t.app, 'GET', xls.body.data.url);
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toMatch(/spreadsheetml/);
  });

  it('calendar refuses a reversed or too long range', async () => {
    expect((await get(main, '/visit/calendar', { from: '2026-03-10', to: '2026-03-01' })).status).toBe(400);
    expect((await get(main, '/visit/calendar', { from: '2026-01-01', to: '2026-06-01' })).body.msg).toMatch(/62 天/);
    expect((await get(main, '/visit/calendar', { from: '2026-03-01' })).status).toBe(400);
  });

  it("visitListnews: latest records of the scope and the caller's own counts", async () => {
    const res = await get(staff, '/visit/visitListnews', { limit: 5 });
    expect(res.body.code).toBe(1);
    expect(res.body.data.latest.length).toBeGreaterThan(0);
    for (const r of res.body.data.latest) expect(r.status).toBe('done');
    const plans = await db()
      .selectFrom('visits')
      .select('plan_date')
      .where('staff_id', '=', staffId)
      .where('status', '=', 'plan')
      .execute();
    expect(res.body.data.counts.plan_week).toBe(
      plans.filter((p) => p.plan_date >= '2026-03-09' && p.plan_date <= '2026-03-15').length,
    );
    expect(res.body.data.counts.plan_today).toBe(plans.filter((p) => p.plan_date === TODAY).length);
    expect(res.body.data.counts.done_month).toBeGreaterThan(0);
  });
});
