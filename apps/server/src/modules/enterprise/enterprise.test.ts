import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_LIMITS } from '@ip/contract';
import { call, createTestApp, DEMO, login, loginAs, type TestApp } from '../../../test/helpers';
import { insertUser as insertTestUser } from '../../../test/service-office';
import { loadSession } from '../../http/auth';
import { NEW_USER } from '../account/new-user';
import { seedDemoPatents } from '../patents/patent-seed';
import {
  DEMO_ENTERPRISES,
  DEMO_STREETS,
  realEnterpriseApplicants,
  seedDemoEnterpriseService,
} from '../../db/seed/enterprise-service';
import { serviceScope } from './service-scope';

// The enterprise-service foundation (issue 12, ADR 0038): streets, labels, staff, assignments, time limits, and
// the scope every call goes through. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let main: string;
let staff: string;
let company: string;
let admin: string;
let mainId: number;
let staffId: number;
/** A second office: its main account, one enterprise, one company label, one staff member. */
let other: string;
let otherCompanyId: number;
let otherLabelId: number;
let otherStaffId: number;
/** The demo office's size: the 16 demo companies and the seeded patents' other company applicants, at most 300. */
let officeSize: number;

const db = () => t.db.db;
const post = (token: string, url: string, body: unknown = {}) => call(t.app, 'POST', `/v1${url}`, { token, body });
const get = (token: string, url: string) => call(t.app, 'GET', `/v1${url}`, { token });

const insertUser = (mobile: string, extra: Partial<typeof NEW_USER>) => insertTestUser(t, mobile, extra);

/** The ids of the enterprises a staff member's scope holds, as the list call answers them. */
async function listedIds(token: string, body: Record<string, unknown> = {}): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await post(token, '/service/companies', { page, page_size: 100, ...body });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    ids.push(...res.body.data.list.map((r: { id: number }) => r.id));
    if (ids.length >= res.body.data.total) return ids.sort((a, b) => a - b);
  }
}

/** The ids the scope should hold, computed straight from the tables. */
async function expectedScope(staff: number): Promise<number[]> {
  const direct = await db().selectFrom('staff_companies').select('company_id').where('staff_id', '=', staff).execute();
  const streets = await db().selectFrom('staff_streets').select('street_id').where('staff_id', '=', staff).execute();
  const streetIds = streets.map((s) => Number(s.street_id));
  const viaStreet = streetIds.length
    ? await db()
        .selectFrom('companies')
        .select('id')
        .where('street_id', 'in', streetIds)
        .where('service_owner_id', '=', mainId)
        .execute()
    : [];
  return [...new Set([...direct.map((d) => Number(d.company_id)), ...viaStreet.map((c) => Number(c.id))])].sort((a, b) => a - b);
}

async function snapshot() {
  const [labels, links, sc, ss, settings, users, companies] = await Promise.all([
    db().selectFrom('service_labels').selectAll().orderBy('id').execute(),
    db().selectFrom('company_labels').select(['company_id', 'label_id']).orderBy('company_id').orderBy('label_id').execute(),
    db().selectFrom('staff_companies').select(['staff_id', 'company_id']).orderBy('staff_id').orderBy('company_id').execute(),
    db().selectFrom('staff_streets').select(['staff_id', 'street_id']).orderBy('staff_id').orderBy('street_id').execute(),
    db().selectFrom('service_settings').selectAll().execute(),
    db().selectFrom('users').select(['id', 'name', 'mobile', 'status']).orderBy('id').execute(),
    db().selectFrom('companies').select(['id', 'street_id', 'street_name']).orderBy('id').execute(),
  ]);
  return JSON.stringify({ labels, links, sc, ss, settings, users, companies });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoPatents(t.db, 2000, { now: () => t.now().toISOString() });
  await seedDemoEnterpriseService(t.deps);
  [main, staff, company, admin] = await Promise.all([
    loginAs(t.app, 'main'),
    loginAs(t.app, 'staff'),
    loginAs(t.app, 'company'),
    loginAs(t.app, 'admin'),
  ]);
  const applicants = await db()
    .selectFrom('patent_applicants')
    .select('name')
    .distinct()
    .where('name', 'like', '%公司')
    .execute();
  const demo = new Set(
    (await db().selectFrom('companies').select('company_name').where('id', '<=', 16).execute()).map((c) => c.company_name),
  );
  officeSize = Math.min(DEMO_ENTERPRISES, 16 + applicants.filter((a) => !demo.has(a.name)).length);
  mainId = Number((await db().selectFrom('users').select('id').where('mobile', '=', DEMO.main).executeTakeFirstOrThrow()).id);
  staffId = Number((await db().selectFrom('users').select('id').where('mobile', '=', DEMO.staff).executeTakeFirstOrThrow()).id);
  const otherMain = await insertUser('13700000001', { is_news: 1, company_name: '另一服务中心' });
  otherStaffId = await insertUser('13700000002', { is_news: 1, com_id: otherMain });
  const now = t.now().toISOString();
  otherCompanyId = Number(
    (
      await db()
        .insertInto('companies')
        .values({
          company_name: '他区测试企业有限公司',
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
  other = await login(t.app, '13700000001');
  const label = await post(other, '/company/companyLabelAdd', { name: '他区标签' });
  otherLabelId = label.body.data.id;
}, 300_000);
afterAll(() => t.close());

describe('demo district', () => {
  it('has 10 streets and up to 300 enterprises (all the seeded company applicants) whose patent counts are real', async () => {
    const streets = await get(main, '/old/user/street');
    expect(streets.body.data.map((s: { name: string }) => s.name)).toEqual(DEMO_STREETS);
    const office = await db()
      .selectFrom('companies')
      .select(['id', 'company_name', 'patent_num', 'street_id', 'industry', 'size'])
      .where('service_owner_id', '=', mainId)
      .execute();
    expect(office).toHaveLength(officeSize);
    for (const c of office) {
      expect(c.street_id).toBeGreaterThan(0);
      expect(c.industry && c.size).toBeTruthy();
    }
    const linked = await db()
      .selectFrom('company_patents')
      .select(['company_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('removed', '=', 0)
      .where('source', '<>', 'collect')
      .groupBy('company_id')
      .execute();
    const byId = new Map(linked.map((l) => [Number(l.company_id), Number(l.n)]));
    const seeded = office.filter((c) => c.id > 16);
    expect(seeded.length).toBe(officeSize - 16);
    for (const c of seeded) expect(Number(c.patent_num), String(c.id)).toBe(byId.get(Number(c.id)) ?? 0);
    // every one has patents, but those named after the shared real records' applicants (ADR 0049): their patents come
    // with the background import, not run here
    const real = new Set(realEnterpriseApplicants(t.deps.config.patentDataDir));
    const withoutPatents = seeded.filter((c) => Number(c.patent_num) === 0);
    for (const c of withoutPatents) expect(real.has(c.company_name), c.company_name).toBe(true);
    // The demo company user keeps its company.
    const user = await db()
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select('companies.company_name')
      .where('mobile', '=', DEMO.company)
      .executeTakeFirstOrThrow();
    expect(user.company_name).toBe('示例科技有限公司');
  });
});

describe('service scope', () => {
  it('gives the main account its office and the staff member its main account as owner', async () => {
    expect(serviceScope(await loadSession(t.deps, main))).toEqual({ ownerId: mainId, userId: mainId, isMain: true });
    expect(serviceScope(await loadSession(t.deps, staff))).toEqual({ ownerId: mainId, userId: staffId, isMain: false });
    for (const token of [company, admin]) expect(() => serviceScope(loadSessionSync(token))).toThrow();
  });

  it('lists for the staff member exactly its direct enterprises and those of its streets; the main account all', async () => {
    const expected = await expectedScope(staffId);
    expect(expected.length).toBeGreaterThan(30);
    expect(await listedIds(staff)).toEqual(expected);
    expect((await listedIds(main)).length).toBe(officeSize);
    expect(await listedIds(main, { staff_id: staffId })).toEqual(expected);
    // Another office's staff id is refused for the main account; filters by street and label work.
    expect((await post(main, '/service/companies', { staff_id: otherStaffId })).status).toBe(404);
    const street = await db().selectFrom('streets').select('id').where('name', '=', '梅林街道').executeTakeFirstOrThrow();
    const inStreet = await listedIds(main, { street_id: street.id });
    expect(inStreet.length).toBeGreaterThan(0);
    const rows = await post(main, '/service/companies', { street_id: street.id, page_size: 5 });
    for (const r of rows.body.data.list) expect(r.street_name).toBe('梅林街道');
  });

  it('refuses the enterprise-service calls to company users, trial users and administrators', async () => {
    const trial = await loginAs(t.app, 'trial');
    for (const token of [company, trial, admin]) {
      for (const [url, body] of [
        ['/service/companies', {}],
        ['/company/companyLabelIndex', {}],
        ['/company/labelTrue', { label_id: 1, company_ids: [1] }],
        ['/visit/companyLabel', { company_id: 1, label_ids: [] }],
        ['/visit/staff', {}],
        ['/service/limits', {}],
      ] as const) {
        const res = await post(token, url, body);
        expect(res.status, url).toBe(403);
        expect(res.body.msg).toMatch(/企业服务/);
      }
      expect((await get(token, '/visit/deamdLabel')).status).toBe(403);
    }
  });
});

function loadSessionSync(token: string) {
  // serviceScope is synchronous; the refused kinds are checked on a resolved session below.
  return sessions.get(token)!;
}
const sessions = new Map<string, Awaited<ReturnType<typeof loadSession>>>();
beforeAll(async () => {
  for (const token of [company, admin]) sessions.set(token, await loadSession(t.deps, token));
});

describe('streets', () => {
  it('counts enterprises per street within the caller scope', async () => {
    const all = (await get(main, '/company/street')).body.data as { id: number; company_count: number }[];
    const mine = (await get(staff, '/company/street')).body.data as { id: number; company_count: number }[];
    expect(all.reduce((s, r) => s + r.company_count, 0)).toBe(officeSize);
    expect(mine.reduce((s, r) => s + r.company_count, 0)).toBe((await expectedScope(staffId)).length);
    expect((await get(other, '/company/street')).body.data.every((r: { company_count: number }) => r.company_count === 0)).toBe(
      true,
    );
    expect((await get(company, '/company/street')).status).toBe(403);
    expect((await get(company, '/old/user/street')).status).toBe(200);
  });

  it('lets the administrator add, rename and delete streets; refuses others, duplicates and streets in use', async () => {
    const add = await post(admin, '/system/street/save', { name: ' 新城街道 ', region: '示例高新区', sort: 20 });
    expect(add.body).toMatchObject({ code: 1, data: { name: '新城街道', company_count: 0 } });
    const id = add.body.data.id;
    expect((await post(main, '/system/street/save', { name: '越权街道' })).status).toBe(403);
    const before = await snapshot();
    const dup = await post(admin, '/system/street/save', { name: '高新街道', region: '示例高新区' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('同一区域下已有同名街道');
    const empty = await post(admin, '/system/street/save', { name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toContain('请输入街道名称');
    const used = await db().selectFrom('streets').select('id').where('name', '=', '龙山街道').executeTakeFirstOrThrow();
    const del = await post(admin, '/system/street/delete', { id: used.id });
    expect(del.status).toBe(400);
    expect(del.body.msg).toMatch(/^龙山街道下还有 \d+ 家企业/);
    expect(await snapshot()).toBe(before);
    // Renaming a street renames it on its enterprises.
    const ren = await post(admin, '/system/street/save', { id: used.id, name: '龙山新街道', region: '示例高新区', sort: 10 });
    expect(ren.body.code).toBe(1);
    const names = await db().selectFrom('companies').select('street_name').where('street_id', '=', used.id).execute();
    expect(names.every((n) => n.street_name === '龙山新街道')).toBe(true);
    expect((await post(admin, '/system/street/delete', { id })).body).toEqual({ code: 1, msg: expect.any(String), data: { id } });
    expect((await post(admin, '/system/street/delete', { id })).status).toBe(404);
  });
});

describe('labels', () => {
  for (const [prefix, what] of [
    ['companyLabel', '企业标签'],
    ['demandLabel', '需求标签'],
  ] as const) {
    it(`${prefix}Add / Edit / Del / Index for the main account; staff read only; another office refused`, async () => {
      const add = await post(main, `/company/${prefix}Add`, { name: ' 测试标签 ', color: 'green' });
      expect(add.body).toMatchObject({ code: 1, data: { name: '测试标签', color: 'green', use_count: 0 } });
      const id = add.body.data.id;
      const before = await snapshot();
      const dup = await post(main, `/company/${prefix}Add`, { name: '测试标签' });
      expect(dup.status).toBe(409);
      expect(dup.body.msg).toBe(`已有同名的${what}`);
      for (const bad of [{ name: '' }, { name: 'x'.repeat(21) }, { name: '好', color: 'pink' }]) {
        const res = await post(main, `/company/${prefix}Add`, bad);
        expect(res.status, JSON.stringify(bad)).toBe(400);
        expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
      }
      expect((await post(staff, `/company/${prefix}Add`, { name: '员工标签' })).status).toBe(403);
      expect((await post(staff, `/company/${prefix}Edit`, { id, name: '改' })).status).toBe(403);
      expect((await post(staff, `/company/${prefix}Del`, { id })).status).toBe(403);
      // Another office sees none of these labels and cannot touch them.
      expect((await post(other, `/company/${prefix}Edit`, { id, name: '越权' })).status).toBe(404);
      expect((await post(other, `/company/${prefix}Del`, { id })).status).toBe(404);
      expect((await post(other, `/company/${prefix}Index`)).body.data.some((l: { id: number }) => l.id === id)).toBe(false);
      expect(await snapshot()).toBe(before);

      const edit = await post(main, `/company/${prefix}Edit`, { id, name: '测试标签二', sort: 99 });
      expect(edit.body.data).toMatchObject({ id, name: '测试标签二', color: 'green', sort: 99 });
      const staffList = await post(staff, `/company/${prefix}Index`, { keyword: '测试' });
      expect(staffList.body.data.map((l: { name: string }) => l.name)).toEqual(['测试标签二']);
      expect((await post(main, `/company/${prefix}Del`, { id })).body.data).toMatchObject({ id, removed: 0 });
      expect((await post(main, `/company/${prefix}Index`)).body.data.some((l: { id: number }) => l.id === id)).toBe(false);
    });
  }

  it('deamdLabel answers the office demand labels to main and staff', async () => {
    const res = await get(staff, '/visit/deamdLabel');
    expect(res.body.data.map((l: { name: string }) => l.name)).toEqual([
      '融资需求',
      '人才招聘',
      '知识产权',
      '政策咨询',
      '用地厂房',
      '市场拓展',
    ]);
    expect((await get(other, '/visit/deamdLabel')).body.data).toEqual([]);
  });

  it('labelTrue puts a label on enterprises in scope and takes it off; one outside refuses the whole call', async () => {
    const label = (await post(main, '/company/companyLabelAdd', { name: '走访重点' })).body.data;
    const mine = (await expectedScope(staffId)).slice(0, 3);
    const on = await post(staff, '/company/labelTrue', { label_id: label.id, company_ids: [...mine, mine[0]] });
    expect(on.body.data).toEqual({ label_id: label.id, changed: 3 });
    expect((await post(staff, '/company/labelTrue', { label_id: label.id, company_ids: mine })).body.data.changed).toBe(0);
    const listed = await post(staff, '/service/companies', { label_id: label.id });
    expect(listed.body.data.total).toBe(3);
    const outside = (await listedIds(main)).find((id) => !mine.includes(id) && !expectedScopeCache.has(id));
    const before = await snapshot();
    for (const ids of [[...mine, otherCompanyId], [outside!]]) {
      const res = await post(staff, '/company/labelTrue', { label_id: label.id, company_ids: ids, value: false });
      expect(res.status).toBe(404);
      expect(res.body.msg).toContain('企业不存在或不在您的服务范围内');
    }
    for (const label_id of [otherLabelId, 999999]) {
      const res = await post(staff, '/company/labelTrue', { label_id, company_ids: mine });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('企业标签不存在或已删除');
    }
    expect((await post(staff, '/company/labelTrue', { label_id: label.id, company_ids: [] })).status).toBe(400);
    expect(await snapshot()).toBe(before);
    expect(
      (await post(main, '/company/labelTrue', { label_id: label.id, company_ids: mine, value: false })).body.data.changed,
    ).toBe(3);
    // Deleting a label takes it off its enterprises.
    await post(main, '/company/labelTrue', { label_id: label.id, company_ids: mine });
    expect((await post(main, '/company/companyLabelDel', { id: label.id })).body.data.removed).toBe(3);
  });

  it('visit/companyLabel sets an enterprise label set; unknown labels and enterprises outside change nothing', async () => {
    const labels = (await post(main, '/company/companyLabelIndex')).body.data as { id: number; name: string }[];
    const [target] = await expectedScope(staffId);
    const res = await post(staff, '/visit/companyLabel', { company_id: target, label_ids: [labels[1].id, labels[0].id] });
    expect(res.body.data.labels.map((l: { name: string }) => l.name)).toEqual([labels[0].name, labels[1].name]);
    const before = await snapshot();
    const unknown = await post(staff, '/visit/companyLabel', { company_id: target, label_ids: [labels[0].id, otherLabelId] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain('企业标签不存在');
    const outside = await post(staff, '/visit/companyLabel', { company_id: otherCompanyId, label_ids: [] });
    expect(outside.status).toBe(404);
    const notMine = (await listedIds(main)).find((id) => !expectedScopeCache.has(id))!;
    expect((await post(staff, '/visit/companyLabel', { company_id: notMine, label_ids: [] })).status).toBe(404);
    expect((await post(staff, '/visit/companyLabel', { company_id: 'x', label_ids: [] })).status).toBe(400);
    expect(await snapshot()).toBe(before);
    expect((await post(main, '/visit/companyLabel', { company_id: notMine, label_ids: [] })).body.code).toBe(1);
  });
});

const expectedScopeCache = new Set<number>();
beforeAll(async () => {
  for (const id of await expectedScope(staffId)) expectedScopeCache.add(id);
});

describe('staff', () => {
  it('creates staff of the office who must change the initial password, lists them, disables them', async () => {
    const add = await post(main, '/service/staff/add', { mobile: '13700000010', name: ' 李专员 ', password: 'Start2026a' });
    expect(add.body).toMatchObject({
      code: 1,
      data: { mobile: '13700000010', name: '李专员', status: 1, must_change_password: 1 },
    });
    const id = add.body.data.id;
    const row = await db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      is_news: 1,
      com_id: mainId,
      pid: mainId,
      must_change_password: 1,
      company_name: '区企业服务中心',
    });
    const token = await login(t.app, '13700000010', 'Start2026a');
    expect((await post(token, '/service/companies')).status).toBe(403);
    await db().updateTable('users').set({ must_change_password: 0 }).where('id', '=', id).execute();
    expect((await post(token, '/service/companies')).body.data.total).toBe(0);
    expect(serviceScope(await loadSession(t.deps, token))).toEqual({ ownerId: mainId, userId: id, isMain: false });

    const list = await post(main, '/visit/staff', { keyword: '专员' });
    expect(list.body.data.list.map((r: { name: string }) => r.name)).toEqual(['李专员', '王专员']);
    const wang = list.body.data.list[1];
    expect(wang.streets.map((s: { name: string }) => s.name)).toEqual(['高新街道', '科创街道']);
    expect(wang.scope_count).toBe(expectedScopeCache.size);
    expect((await post(staff, '/visit/staff')).body.data.list.map((r: { id: number }) => r.id)).toEqual([staffId]);

    const before = await snapshot();
    for (const [body, status] of [
      [{ mobile: DEMO.company, name: '重复', password: 'Start2026a' }, 409],
      [{ mobile: '123', name: '坏号码', password: 'Start2026a' }, 400],
      [{ mobile: '13700000011', name: '', password: 'Start2026a' }, 400],
      [{ mobile: '13700000011', name: '弱密码', password: '123' }, 400],
    ] as const) {
      const res = await post(main, '/service/staff/add', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(
      (await post(staff, '/service/staff/add', { mobile: '13700000012', name: '员工建员工', password: 'Start2026a' })).status,
    ).toBe(403);
    expect((await post(other, '/service/staff/edit', { id, status: 0 })).status).toBe(404);
    expect((await post(main, '/service/staff/edit', { id: otherStaffId, status: 0 })).status).toBe(404);
    expect((await post(main, '/service/staff/edit', { id: mainId, status: 0 })).status).toBe(404);
    expect((await post(main, '/service/staff/edit', { id })).status).toBe(400);
    expect(await snapshot()).toBe(before);

    const edit = await post(main, '/service/staff/edit', { id, name: '李专员二', status: 0 });
    expect(edit.body.data).toEqual({ id, name: '李专员二', mobile: '13700000010', status: 0 });
    expect((await call(t.app, 'POST', '/v1/user/info', { token, body: {} })).status).toBe(401);
    const relogin = await call(t.app, 'POST', '/v1/user/login', {
      body: { mobile: '13700000010', password: 'Start2026a', type: 1 },
    });
    expect(relogin.body.code).toBe(0);
    expect((await post(main, '/service/staff/edit', { id, status: 1 })).body.data.status).toBe(1);
    const reset = await post(main, '/service/staff/password', { id, password: 'Again2026b' });
    expect(reset.body.data).toEqual({ id, must_change_password: 1 });
    await login(t.app, '13700000010', 'Again2026b');
  });

  it('assigns enterprises and streets; the staff member then sees exactly them; bad ids change nothing', async () => {
    const add = await post(main, '/service/staff/add', { mobile: '13700000020', name: '赵专员', password: 'Start2026a' });
    const id = add.body.data.id;
    await db().updateTable('users').set({ must_change_password: 0 }).where('id', '=', id).execute();
    const token = await login(t.app, '13700000020', 'Start2026a');
    const all = await listedIds(main);
    const street = await db().selectFrom('streets').select('id').where('name', '=', '梅林街道').executeTakeFirstOrThrow();
    const res = await post(main, '/service/staff/assign', { id, company_ids: [all[0], all[1], all[1]], street_ids: [street.id] });
    expect(res.body.data).toEqual({ id, company_ids: [all[0], all[1]].sort((a, b) => a - b), street_ids: [street.id] });
    expect((await post(main, '/service/staff/assignment', { id })).body.data).toEqual(res.body.data);
    expect(await listedIds(token)).toEqual(await expectedScope(id));
    const streetCount = await db()
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('street_id', '=', street.id)
      .executeTakeFirstOrThrow();
    expect((await listedIds(token)).length).toBeGreaterThanOrEqual(Number(streetCount.n));

    const before = await snapshot();
    const outside = await post(main, '/service/staff/assign', { id, company_ids: [all[2], otherCompanyId], street_ids: [] });
    expect(outside.status).toBe(400);
    expect(outside.body.msg).toBe(`企业不在本中心服务范围内：编号 ${otherCompanyId}`);
    const badStreet = await post(main, '/service/staff/assign', { id, company_ids: [], street_ids: [999999] });
    expect(badStreet.status).toBe(400);
    expect(badStreet.body.msg).toBe('街道不存在：编号 999999');
    expect((await post(main, '/service/staff/assign', { id: otherStaffId, company_ids: [], street_ids: [] })).status).toBe(404);
    expect((await post(other, '/service/staff/assign', { id, company_ids: [], street_ids: [] })).status).toBe(404);
    expect((await post(staff, '/service/staff/assign', { id, company_ids: [], street_ids: [] })).status).toBe(403);
    expect((await post(main, '/service/staff/assign', { id, company_ids: 'all', street_ids: [] })).status).toBe(400);
    expect(await snapshot()).toBe(before);

    // Emptying the assignment empties the scope.
    await post(main, '/service/staff/assign', { id, company_ids: [], street_ids: [] });
    expect(await listedIds(token)).toEqual([]);
  });
});

describe('changeStreet', () => {
  it('moves an enterprise in scope; outside the scope or to an unknown street changes nothing', async () => {
    const [target] = await expectedScope(staffId);
    const street = await db()
      .selectFrom('streets')
      .select(['id', 'name'])
      .where('name', '=', '东城街道')
      .executeTakeFirstOrThrow();
    const before = await snapshot();
    expect((await post(staff, '/visit/changeStreet', { company_id: otherCompanyId, street_id: street.id })).status).toBe(404);
    const bad = await post(staff, '/visit/changeStreet', { company_id: target, street_id: 999999 });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('街道不存在');
    expect(await snapshot()).toBe(before);
    const res = await post(main, '/visit/changeStreet', { company_id: target, street_id: street.id });
    expect(res.body.data).toEqual({ company_id: target, street_id: street.id, street_name: '东城街道' });
  });
});

describe('time limits', () => {
  it('answers the DOMAIN §5 defaults, saves the main account limits, refuses bad input and staff', async () => {
    expect((await post(staff, '/service/limits')).body.data).toEqual({
      ...DEFAULT_SERVICE_LIMITS,
      saved: false,
      updated_at: null,
    });
    const before = await snapshot();
    for (const [body, msg] of [
      [{ contact_days: 2, reply_days: 1, close_days: 5 }, '首次答复时限不能短于联系时限'],
      [{ contact_days: 1, reply_days: 3, close_days: 2 }, '办结时限不能短于首次答复时限'],
      [{ contact_days: 0, reply_days: 3, close_days: 5 }, '联系时限至少 1 个工作日'],
      [{ contact_days: 1, reply_days: 3, close_days: 61 }, '办结时限不能超过 60 个工作日'],
      [{ contact_days: 1.5, reply_days: 3, close_days: 5 }, '联系时限须为整数个工作日'],
    ] as const) {
      const res = await post(main, '/service/limits/save', body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect((await post(staff, '/service/limits/save', { contact_days: 1, reply_days: 2, close_days: 3 })).status).toBe(403);
    expect(await snapshot()).toBe(before);
    const saved = await post(main, '/service/limits/save', { contact_days: 2, reply_days: 4, close_days: 8 });
    expect(saved.body.data).toMatchObject({ contact_days: 2, reply_days: 4, close_days: 8, saved: true });
    expect((await post(staff, '/service/limits')).body.data).toMatchObject({ contact_days: 2, reply_days: 4, close_days: 8 });
    expect((await post(other, '/service/limits')).body.data.saved).toBe(false);
  });
});
