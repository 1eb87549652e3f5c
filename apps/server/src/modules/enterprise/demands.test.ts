import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, login, loginAs, type TestApp } from '../../../test/helpers';
import { insertUser as insertTestUser } from '../../../test/service-office';
import { NEW_USER } from '../account/new-user';
import { seedDemoPatents } from '../patents/patent-seed';
import { seedDemoEnterpriseService } from '../../db/seed/enterprise-service';
import { registerDemand } from './demands';
import { writeTransaction } from '../../db/write';
import { seedDemoDemands } from '../../db/seed/demands-demo';

// The demand loop (issue 12, ADR 0042): every /v1/demand call, the scope (staff only their enterprises, another
// office, wrong roles), steps out of order, and lights across a weekend and a holiday through the test clock.
// Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let main: string;
let staff: string;
let company: string;
let admin: string;
let other: string;
let mainId: number;
let staffId: number;
let companyUserId: number;
/** The demo company user's company (served by the demo office). */
let ownCompanyId: number;
/** An enterprise of the office in the demo staff member's scope, and one outside it. */
let inStaff: number;
let outStaff: number;
let otherCompanyId: number;
let otherStaffId: number;
let demandLabelId: number;
let companyLabelId: number;
let otherLabelId: number;
/** A second staff member of the demo office with no enterprises. */
let idleStaff: string;
let idleStaffId: number;

const db = () => t.db.db;
const post = (token: string, url: string, body: unknown = {}) => call(t.app, 'POST', `/v1${url}`, { token, body });

const insertUser = (mobile: string, extra: Partial<typeof NEW_USER>) => insertTestUser(t, mobile, extra);

async function snapshot() {
  const [demands, steps] = await Promise.all([
    db().selectFrom('demands').selectAll().orderBy('id').execute(),
    db().selectFrom('demand_steps').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify({ demands, steps });
}

async function register(token: string, companyId: number, title = '融资对接需求', extra: Record<string, unknown> = {}) {
  const res = await post(token, '/demand/register', { company_id: companyId, title, ...extra });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data as {
    id: number;
    status: string;
    light: string | null;
    contact_due: string;
    reply_due: string;
    close_due: string;
  };
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-24T02:00:00Z' });
  await seedDemoPatents(t.db, 300, { now: () => t.now().toISOString() });
  await seedDemoEnterpriseService(t.deps);
  [main, staff, company, admin] = await Promise.all([
    loginAs(t.app, 'main'),
    loginAs(t.app, 'staff'),
    loginAs(t.app, 'company'),
    loginAs(t.app, 'admin'),
  ]);
  const idOf = async (mobile: string) =>
    Number((await db().selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow()).id);
  mainId = await idOf(DEMO.main);
  staffId = await idOf(DEMO.staff);
  companyUserId = await idOf(DEMO.company);
  ownCompanyId = Number(
    (await db().selectFrom('users').select('company_id').where('id', '=', companyUserId).executeTakeFirstOrThrow()).company_id,
  );
  const scope = await post(staff, '/service/companies', { page: 1, page_size: 100 });
  const staffIds = new Set<number>(scope.body.data.list.map((c: { id: number }) => c.id));
  const office = await db().selectFrom('companies').select('id').where('service_owner_id', '=', mainId).orderBy('id').execute();
  inStaff = [...staffIds].find((id) => id !== ownCompanyId)!;
  outStaff = office.map((c) => Number(c.id)).find((id) => !staffIds.has(id) && id !== ownCompanyId)!;
  expect(inStaff && outStaff).toBeTruthy();
  const labels = await db().selectFrom('service_labels').select(['id', 'kind']).where('owner_id', '=', mainId).execute();
  demandLabelId = Number(labels.find((l) => l.kind === 'demand')!.id);
  companyLabelId = Number(labels.find((l) => l.kind === 'company')!.id);

  const otherMain = await insertUser('13700000011', { is_news: 1, company_name: '另一服务中心' });
  otherStaffId = await insertUser('13700000012', { is_news: 1, com_id: otherMain });
  idleStaffId = await insertUser('13700000013', { is_news: 1, com_id: mainId, name: '赵空闲' });
  const now = t.now().toISOString();
  otherCompanyId = Number(
    (
      await db()
        .insertInto('companies')
        .values({
          company_name: '他区需求测试企业有限公司',
          credit_code: '',
          street_id: 0,
          street_name: '',
          patent_num: 0,
          created_at: now,
          service_owner_id: otherMain,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  other = await login(t.app, '13700000011');
  idleStaff = await login(t.app, '13700000013');
  otherLabelId = (await post(other, '/company/demandLabelAdd', { name: '他区需求标签' })).body.data.id;
}, 180_000);
afterAll(() => t.close());

describe('register', () => {
  it('registers a demand for an enterprise in scope with its due days, its step and a message to the company', async () => {
    // Tuesday 2026-11-24, 10:00 in Shanghai: contact Wed 25, reply Fri 27, closed Tue Dec 1 (a weekend between).
    const d = await register(main, ownCompanyId, '申请研发费用加计扣除辅导', {
      label_id: demandLabelId,
      content: '希望上门讲解',
    });
    expect(d).toMatchObject({
      status: 'registered',
      status_label: '待分派',
      source: 'staff',
      contact_due: '2026-11-25',
      reply_due: '2026-11-27',
      close_due: '2026-12-01',
      due: '2026-11-25',
      light: 'yellow',
      label: { id: demandLabelId },
      actions: ['assign'],
    });
    expect((d as unknown as { steps: { step: string; actor_name: string }[] }).steps).toEqual([
      expect.objectContaining({ step: 'register', step_label: '登记' }),
    ]);
    const msgs = await db()
      .selectFrom('messages')
      .selectAll()
      .where('user_id', '=', companyUserId)
      .where('object_type', '=', 'demand')
      .execute();
    expect(msgs.map((m) => m.title)).toContain('需求「申请研发费用加计扣除辅导」已登记');
  });

  it('refuses bad input with Chinese messages and changes nothing', async () => {
    const before = await snapshot();
    const cases: [string, unknown, number, RegExp][] = [
      [main, { company_id: ownCompanyId, title: '' }, 400, /请填写需求标题/],
      [main, { company_id: ownCompanyId, title: '长'.repeat(201) }, 400, /最多 200 个字/],
      [main, { company_id: ownCompanyId, title: '标签不对', label_id: companyLabelId }, 400, /未知的需求标签/],
      [main, { company_id: ownCompanyId, title: '他区标签', label_id: otherLabelId }, 400, /未知的需求标签/],
      [main, { company_id: ownCompanyId, title: '不存在的标签', label_id: 999999 }, 400, /未知的需求标签/],
      [main, { company_id: otherCompanyId, title: '他区企业' }, 404, /不在您的服务范围内/],
      [staff, { company_id: outStaff, title: '范围外企业' }, 404, /不在您的服务范围内/],
      [other, { company_id: ownCompanyId, title: '别的中心' }, 404, /不在您的服务范围内/],
      [company, { company_id: ownCompanyId, title: '企业用户走错门' }, 403, /仅企业服务账号/],
      [admin, { company_id: ownCompanyId, title: '管理员' }, 403, /仅企业服务账号/],
    ];
    for (const [token, body, status, msg] of cases) {
      const res = await post(token, '/demand/register', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.code).toBe(0);
      expect(res.body.msg).toMatch(msg);
    }
    expect(await snapshot()).toBe(before);
  });

  it('lets a staff member register for an enterprise of its scope', async () => {
    const d = await register(staff, inStaff, '员工登记的人才招聘需求');
    expect(d.status).toBe('registered');
    // Staff do not assign.
    expect((d as unknown as { actions: string[] }).actions).toEqual([]);
  });

  it('registerDemand inside a caller transaction (the visit record) commits with it or not at all', async () => {
    const before = await snapshot();
    const scope = { ownerId: mainId, userId: staffId, isMain: false };
    await expect(
      writeTransaction(t.db, {}, async (trx) => {
        await registerDemand(
          t.deps,
          scope,
          { company_id: inStaff, title: '走访中提出' },
          { source: 'visit', visitId: 7, actor: { id: staffId, name: '王专员' }, trx },
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await snapshot()).toBe(before);
    const { id } = await writeTransaction(t.db, {}, (trx) =>
      registerDemand(
        t.deps,
        scope,
        { company_id: inStaff, title: '走访中提出' },
        { source: 'visit', visitId: 7, actor: { id: staffId, name: '王专员' }, trx },
      ),
    );
    const row = await db().selectFrom('demands').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: 'visit', visit_id: 7, status: 'registered', contact_due: '2026-11-25' });
  });
});

describe('the loop', () => {
  it('goes 登记 → 分派 → 联系 → 答复 → 办理 → 评价 → 回访, refusing every step out of order', async () => {
    const d = await register(main, ownCompanyId, '专利质押融资咨询');
    const step = (token: string, url: string, body: Record<string, unknown> = {}) =>
      post(token, `/demand/${url}`, { id: d.id, ...body });
    const refused = async (token: string, url: string, body: Record<string, unknown>, status: number, msg: RegExp) => {
      const before = await snapshot();
      const res = await step(token, url, body);
      expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.msg).toMatch(msg);
      expect(await snapshot()).toBe(before);
    };
    // Before assignment nothing but 分派 is possible.
    await refused(main, 'contact', {}, 400, /须先分派/);
    await refused(main, 'handle', { result: '办好了' }, 400, /不能办理/);
    await refused(main, 'evaluate', { rating: 5 }, 400, /只有已办理/);
    await refused(main, 'revisit', { note: '回访' }, 400, /只有已评价/);
    // Handler checks: another office's staff, a staff member without the enterprise, a staff member trying to assign.
    await refused(main, 'assign', { handler_id: otherStaffId }, 400, /本中心的员工/);
    await refused(main, 'assign', { handler_id: idleStaffId }, 400, /服务范围不含这家企业/);
    await refused(staff, 'assign', { handler_id: staffId }, 403, /仅企业服务主账号/);
    await refused(other, 'assign', { handler_id: staffId }, 404, /需求不存在/);

    const staffScope = await post(staff, '/service/companies', { page: 1, page_size: 100 });
    const ownInStaff = staffScope.body.data.list.some((c: { id: number }) => c.id === ownCompanyId);
    const handler = ownInStaff ? staffId : mainId;
    let res = await step(main, 'assign', { handler_id: handler });
    expect(res.body.data).toMatchObject({ status: 'assigned', handler_id: handler, light: 'yellow' });
    expect(res.body.data.steps.map((s: { step: string }) => s.step)).toEqual(['register', 'assign']);
    const handlerToken = ownInStaff ? staff : main;

    await refused(handlerToken, 'reply', { note: '已答复' }, 400, /须先联系企业/);
    await refused(handlerToken, 'handle', { result: '结果' }, 400, /不能办理/);
    await refused(handlerToken, 'evaluate', { rating: 5 }, 400, /只有已办理/);
    if (ownInStaff) await refused(idleStaff, 'contact', {}, 404, /需求不存在/);

    res = await step(handlerToken, 'contact', { note: '电话联系了财务负责人' });
    expect(res.body.data.contacted_at).toBeTruthy();
    expect(res.body.data.due).toBe('2026-11-27');
    await refused(handlerToken, 'contact', {}, 400, /尚未联系/);
    await refused(handlerToken, 'reply', { note: '' }, 400, /请填写答复内容/);
    res = await step(handlerToken, 'reply', { note: '已介绍质押融资流程' });
    expect(res.body.data.due).toBe('2026-12-01');
    res = await step(handlerToken, 'handle', { result: '已对接两家银行' });
    expect(res.body.data).toMatchObject({ status: 'handled', light: null, result: '已对接两家银行' });
    await refused(handlerToken, 'handle', { result: '再办一次' }, 400, /不能办理/);
    await refused(handlerToken, 'revisit', { note: '回访' }, 400, /只有已评价/);

    // The company sees it with its steps and evaluates it.
    let mine = await post(company, '/demand/mine/list', {});
    const row = mine.body.data.list.find((r: { id: number }) => r.id === d.id);
    expect(row).toMatchObject({ status: 'handled', can_evaluate: true });
    expect(row.steps.map((s: { step: string }) => s.step)).toEqual(['register', 'assign', 'contact', 'reply', 'handle']);
    const bad = await post(company, '/demand/mine/evaluate', { id: d.id, rating: 6 });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/1–5/);
    res = await post(company, '/demand/mine/evaluate', { id: d.id, rating: 5, evaluation: '很及时' });
    expect(res.body.data).toMatchObject({ status: 'evaluated', rating: 5, can_evaluate: false });
    const again = await post(company, '/demand/mine/evaluate', { id: d.id, rating: 4 });
    expect(again.status).toBe(400);
    expect(again.body.msg).toMatch(/只有已办理/);

    res = await step(handlerToken, 'revisit', { note: '企业表示满意' });
    expect(res.body.data).toMatchObject({ status: 'closed', status_label: '已办结', actions: [] });
    expect(res.body.data.steps.map((s: { step: string }) => s.step)).toEqual([
      'register',
      'assign',
      'contact',
      'reply',
      'handle',
      'evaluate',
      'revisit',
    ]);
    for (const s of res.body.data.steps) expect(s.actor_name && s.created_at).toBeTruthy();
    await refused(handlerToken, 'handle', { result: '已关闭还办' }, 400, /不能办理/);
    await refused(main, 'assign', { handler_id: mainId }, 400, /已分派/);

    // The company was told of each office step; the handler of the company's evaluation.
    const companyMsgs = await db()
      .selectFrom('messages')
      .select('title')
      .where('user_id', '=', companyUserId)
      .where('object_id', '=', d.id)
      .execute();
    expect(companyMsgs.length).toBeGreaterThanOrEqual(5);
    if (ownInStaff) {
      const handlerMsgs = await db()
        .selectFrom('messages')
        .select('title')
        .where('user_id', '=', staffId)
        .where('object_id', '=', d.id)
        .execute();
      expect(handlerMsgs.map((m) => m.title)).toContain('需求「专利质押融资咨询」已评价');
    }
    mine = await post(company, '/demand/mine/list', { status: 'closed' });
    expect(mine.body.data.list.map((r: { id: number }) => r.id)).toContain(d.id);
  });

  it('lets only the handler or the main account act; reassigning moves the work', async () => {
    const d = await register(main, inStaff, '厂房扩建用地咨询');
    await post(main, '/demand/assign', { id: d.id, handler_id: mainId });
    const before = await snapshot();
    const res = await post(staff, '/demand/contact', { id: d.id });
    expect(res.status).toBe(403);
    expect(res.body.msg).toMatch(/办理人或服务中心主账号/);
    expect(await snapshot()).toBe(before);
    const same = await post(main, '/demand/assign', { id: d.id, handler_id: mainId });
    expect(same.status).toBe(400);
    const moved = await post(main, '/demand/assign', { id: d.id, handler_id: staffId });
    expect(moved.body.data).toMatchObject({ handler_id: staffId, status: 'assigned' });
    expect(moved.body.data.steps.at(-1)).toMatchObject({ step: 'reassign' });
    const ok = await post(staff, '/demand/contact', { id: d.id });
    expect(ok.body.code).toBe(1);
    const detail = await post(staff, '/demand/detail', { id: d.id });
    expect(detail.body.data.actions).toEqual(['reply', 'handle']);
    // The office may evaluate on the enterprise's behalf.
    await post(staff, '/demand/handle', { id: d.id, result: '已协调街道' });
    const ev = await post(main, '/demand/evaluate', { id: d.id, rating: 4, evaluation: '电话回访代评' });
    expect(ev.body.data.status).toBe('evaluated');
    expect(ev.body.data.steps.at(-1).note).toMatch(/代企业评价/);
  });
});

describe('scope and roles', () => {
  it('shows a staff member only its enterprises and its own work; another office nothing', async () => {
    const out = await register(main, outStaff, '范围外企业的需求');
    const list = await post(staff, '/demand/list', { page_size: 100 });
    const ids = list.body.data.list.map((r: { id: number }) => r.id);
    expect(ids).not.toContain(out.id);
    const det = await post(staff, '/demand/detail', { id: out.id });
    expect(det.status).toBe(404);
    const mainList = await post(main, '/demand/list', { page_size: 100 });
    expect(mainList.body.data.list.map((r: { id: number }) => r.id)).toContain(out.id);
    const otherList = await post(other, '/demand/list', {});
    expect(otherList.body.data.total).toBe(0);
    for (const url of ['detail', 'contact', 'handle', 'revisit']) {
      const res = await post(other, `/demand/${url}`, { id: out.id, result: 'x', note: 'x' });
      expect(res.status, url).toBe(404);
    }
    for (const [token, url] of [
      [company, '/demand/list'],
      [admin, '/demand/list'],
      [company, '/demand/follow'],
      [main, '/demand/mine/list'],
      [staff, '/demand/mine/raise'],
      [admin, '/demand/mine/list'],
    ] as const) {
      const res = await post(token, url, { title: 'x' });
      expect(res.status, url).toBe(403);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('lets a company evaluate only its own demands and raise demands only when an office serves it', async () => {
    const foreign = await register(main, inStaff, '别家企业的需求');
    await post(main, '/demand/assign', { id: foreign.id, handler_id: mainId });
    await post(main, '/demand/contact', { id: foreign.id });
    await post(main, '/demand/handle', { id: foreign.id, result: '办好' });
    const before = await snapshot();
    const res = await post(company, '/demand/mine/evaluate', { id: foreign.id, rating: 5 });
    expect(res.status).toBe(404);
    expect(await snapshot()).toBe(before);

    const raised = await post(company, '/demand/mine/raise', { title: '希望了解高企认定', content: '今年准备申报' });
    expect(raised.body.data).toMatchObject({ status: 'registered', source: 'company', source_label: '企业提出' });
    const officeMsg = await db()
      .selectFrom('messages')
      .select('title')
      .where('user_id', '=', mainId)
      .where('object_id', '=', raised.body.data.id)
      .execute();
    expect(officeMsg).toHaveLength(1);
    const seen = await post(main, '/demand/detail', { id: raised.body.data.id });
    expect(seen.body.data).toMatchObject({ company_id: ownCompanyId, source: 'company' });

    // A company no office serves gets a clear message.
    await db().updateTable('companies').set({ service_owner_id: 0 }).where('id', '=', ownCompanyId).execute();
    try {
      const b = await snapshot();
      const no = await post(company, '/demand/mine/raise', { title: '没有服务中心' });
      expect(no.status).toBe(400);
      expect(no.body.msg).toMatch(/尚未纳入企业服务中心/);
      expect(await snapshot()).toBe(b);
      const l = await post(company, '/demand/mine/list', {});
      expect(l.body.data.office).toBeNull();
    } finally {
      await db().updateTable('companies').set({ service_owner_id: mainId }).where('id', '=', ownCompanyId).execute();
    }
  });

  it('lists the company its visits, read-only', async () => {
    const now = t.now().toISOString();
    await db()
      .insertInto('visits')
      .values({
        owner_id: mainId,
        company_id: ownCompanyId,
        staff_id: staffId,
        status: 'done',
        plan_date: '2026-11-10',
        visit_date: '2026-11-10',
        people_met: '李总',
        content: '了解专利布局',
        follow_up: 1,
        created_by: staffId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const res = await post(company, '/demand/mine/visits', {});
    expect(res.body.data.list[0]).toMatchObject({ visit_date: '2026-11-10', staff_name: '王专员', content: '了解专利布局' });
    const follow = await post(staff, '/demand/follow', {});
    expect(follow.body.data.visits.list.map((v: { company_id: number }) => v.company_id)).toContain(ownCompanyId);
  });
});

describe('list, filters, export', () => {
  it('sorts red, yellow, green first and filters by status, light, label, handler, street, keyword and dates', async () => {
    const all = await post(main, '/demand/list', { page_size: 100 });
    expect(all.body.code).toBe(1);
    const rank = (l: string | null) => (l === 'red' ? 0 : l === 'yellow' ? 1 : l === 'green' ? 2 : 3);
    const ranks = all.body.data.list.map((r: { light: string | null }) => rank(r.light));
    expect(ranks).toEqual([...ranks].sort((a: number, b: number) => a - b));
    const labelled = await post(main, '/demand/list', { label_id: demandLabelId });
    expect(labelled.body.data.list.every((r: { label: { id: number } }) => r.label.id === demandLabelId)).toBe(true);
    expect(labelled.body.data.total).toBeGreaterThan(0);
    const closed = await post(main, '/demand/list', { status: 'closed' });
    expect(closed.body.data.list.every((r: { status: string }) => r.status === 'closed')).toBe(true);
    const yellow = await post(main, '/demand/list', { light: 'yellow' });
    expect(yellow.body.data.total).toBe(all.body.data.counts.yellow);
    const byHandler = await post(main, '/demand/list', { handler_id: staffId });
    expect(byHandler.body.data.list.every((r: { handler_id: number }) => r.handler_id === staffId)).toBe(true);
    const kw = await post(main, '/demand/list', { keyword: '质押' });
    expect(kw.body.data.list.map((r: { title: string }) => r.title)).toEqual(['专利质押融资咨询']);
    const street = await db().selectFrom('companies').select('street_id').where('id', '=', inStaff).executeTakeFirstOrThrow();
    const byStreet = await post(main, '/demand/list', { street_id: street.street_id });
    expect(byStreet.body.data.total).toBeGreaterThan(0);
    expect(byStreet.body.data.list.every((r: { company_id: number }) => r.company_id !== ownCompanyId || true)).toBe(true);
    const today = await post(main, '/demand/list', { date_from: '2026-11-24', date_to: '2026-11-24' });
    expect(today.body.data.total).toBe(all.body.data.total);
    const before = await post(main, '/demand/list', { date_to: '2026-11-23' });
    expect(before.body.data.total).toBe(0);
    const bad = await post(main, '/demand/list', { date_from: '2026-11-25', date_to: '2026-11-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/开始日期不能晚于结束日期/);
    const badDay = await post(main, '/demand/list', { date_from: '2026-02-30' });
    expect(badDay.status).toBe(400);
  });

  it('exports the filtered list as .xlsx', async () => {
    const res = await post(main, '/demand/export', { status: 'closed' });
    expect(res.body.data).toMatchObject({ rows: 1, truncated: false });
    expect(res.body.data.name).toMatch(/^需求记录-2026-11-24\.xlsx$/);
    const file = await call(t.app, 'GET', res.body.data.url.replace(/^\/v1/, '/v1'), { token: main });
    expect(file.status).toBe(200);
  });

  it('exports every row in the list order with one query (same rows and order as the pages)', async () => {
    const listed = await post(main, '/demand/list', { page_size: 100 });
    const res = await post(main, '/demand/export', {});
    expect(res.body.data).toMatchObject({ rows: listed.body.data.total, truncated: false });
    const file = await t.app.inject({ method: 'GET', url: res.body.data.url, headers: { authorization: `Bearer ${main}` } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ids: number[] = [];
    wb.worksheets[0].eachRow((row, n) => {
      if (n > 1) ids.push(Number(row.getCell(1).value));
    });
    expect(ids).toEqual(listed.body.data.list.map((r: { id: number }) => r.id));
  });
});

describe('lights on the working calendar', () => {
  it('across a weekend: green until the working day before the limit, yellow, then red', async () => {
    t.setNow('2026-11-20T02:00:00Z'); // Friday 10:00 in Shanghai
    const d = await register(main, inStaff, '周末跨越的需求');
    expect(d).toMatchObject({ contact_due: '2026-11-23', reply_due: '2026-11-25', close_due: '2026-11-27', light: 'yellow' });
    await post(main, '/demand/assign', { id: d.id, handler_id: mainId });
    await post(main, '/demand/contact', { id: d.id });
    const light = async () => (await post(main, '/demand/detail', { id: d.id })).body.data.light;
    expect(await light()).toBe('green'); // reply due Wed 25, next working day Mon 23
    t.setNow('2026-11-22T04:00:00Z'); // Sunday: next working day Mon
    expect(await light()).toBe('green');
    t.setNow('2026-11-24T04:00:00Z'); // Tuesday: next working day is Wed, the limit
    expect(await light()).toBe('yellow');
    t.setNow('2026-11-25T15:00:00Z'); // Wednesday 23:00 in Shanghai: due today
    expect(await light()).toBe('yellow');
    t.advance(3600_000); // Thursday 00:00 in Shanghai
    expect(await light()).toBe('red');
    const red = await post(main, '/demand/list', { light: 'red' });
    expect(red.body.data.list.map((r: { id: number }) => r.id)).toContain(d.id);
    const first = await post(main, '/demand/list', {});
    expect(first.body.data.list[0].light).toBe('red');
    const follow = await post(main, '/demand/follow', {});
    expect(follow.body.data.demands.list[0].light).toBe('red');
  });

  it('across National Day: limits skip the holiday and count the adjusted Saturday', async () => {
    t.setNow('2026-09-30T02:00:00Z'); // Wednesday before the 1–7 October holiday
    const d = await register(main, inStaff, '节前登记的需求');
    expect(d).toMatchObject({ contact_due: '2026-10-08', reply_due: '2026-10-10', close_due: '2026-10-13', light: 'yellow' });
    const light = async () => (await post(main, '/demand/detail', { id: d.id })).body.data.light;
    t.setNow('2026-10-04T02:00:00Z');
    expect(await light()).toBe('yellow');
    t.setNow('2026-10-08T15:59:00Z');
    expect(await light()).toBe('yellow');
    t.setNow('2026-10-08T16:00:00Z'); // 9 October 00:00 in Shanghai
    expect(await light()).toBe('red');
    t.setNow('2026-11-24T02:00:00Z');
  });
});

describe('demo demands', () => {
  it('seeds demands in every status and every light, some of the demo company user, one it can evaluate', async () => {
    const max = await db()
      .selectFrom('demands')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirstOrThrow();
    await seedDemoDemands(t.deps);
    const all = await post(main, '/demand/list', { page_size: 100 });
    const seeded = all.body.data.list.filter((r: { id: number }) => r.id > Number(max.m));
    expect(new Set(seeded.map((r: { status: string }) => r.status))).toEqual(
      new Set(['registered', 'assigned', 'handled', 'evaluated', 'closed']),
    );
    expect(new Set(seeded.map((r: { light: string | null }) => r.light))).toEqual(new Set(['red', 'yellow', 'green', null]));
    const mine = await post(company, '/demand/mine/list', { page_size: 100 });
    const ownSeeded = mine.body.data.list.filter((r: { id: number }) => r.id > Number(max.m));
    expect(ownSeeded.length).toBeGreaterThanOrEqual(4);
    expect(ownSeeded.some((r: { can_evaluate: boolean }) => r.can_evaluate)).toBe(true);
    for (const r of seeded) expect(r.registered_at <= t.now().toISOString()).toBe(true);
  });
});
