import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, login, loginAs, type TestApp } from '../../../test/helpers';
import { insertUser as insertTestUser } from '../../../test/service-office';
import { NEW_USER } from '../account/new-user';
import { seedDemoPatents } from '../patents/patent-seed';
import { seedDemoEnterpriseService } from '../../db/seed/enterprise-service';
import { seedDemoCompanyHonors } from '../../db/seed/company-honors';
import { validateCase } from '../litigation/litigation-record';
import { storeCases } from '../litigation/litigation-import';
import { inScope, serviceScope } from './service-scope';
import { loadSession } from '../../http/auth';
import { linkCompanyPatents } from '../company/company-link';

// The enterprise directory (issue 12 bundle B4, ADR 0041): one enterprise's patents, trademarks, litigation and
// honours, honour writes and export, and seachCompany's scope. SQLite, and PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let main: string;
let staff: string;
let company: string;
let admin: string;
let other: string;
let mainId: number;
let otherCompanyId: number;
/** An enterprise of the office in the staff member's scope, one outside it, and the demo company (id 1). */
let inStaff: number;
let outStaff: number;

const db = () => t.db.db;
const post = (token: string, url: string, body: unknown = {}) => call(t.app, 'POST', `/v1${url}`, { token, body });
const get = (token: string, url: string, q: Record<string, string | number> = {}) =>
  call(t.app, 'GET', `/v1${url}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()}`, {
    token,
  });
const honors = async () => JSON.stringify(await db().selectFrom('company_honors').selectAll().orderBy('id').execute());

const insertUser = (mobile: string, extra: Partial<typeof NEW_USER>) => insertTestUser(t, mobile, extra);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoPatents(t.db, 2000, { now: () => t.now().toISOString() });
  // As the server's start-up does after seeding the demo patents: every company's links and counts.
  await linkCompanyPatents(t.db.db, t.now().toISOString());
  await seedDemoEnterpriseService(t.deps);
  await seedDemoCompanyHonors(t.deps);
  [main, staff, company, admin] = await Promise.all([
    loginAs(t.app, 'main'),
    loginAs(t.app, 'staff'),
    loginAs(t.app, 'company'),
    loginAs(t.app, 'admin'),
  ]);
  mainId = Number((await db().selectFrom('users').select('id').where('mobile', '=', DEMO.main).executeTakeFirstOrThrow()).id);
  const otherMain = await insertUser('13700000011', { is_news: 1, company_name: '另一服务中心' });
  const now = t.now().toISOString();
  otherCompanyId = Number(
    (
      await db()
        .insertInto('companies')
        .values({
          company_name: '他区示例测试有限公司',
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
  await db()
    .insertInto('company_honors')
    .values({
      company_id: otherCompanyId,
      name: '他区荣誉',
      level: '区级',
      year: 2024,
      created_by: otherMain,
      created_at: now,
      updated_at: now,
    })
    .execute();
  other = await login(t.app, '13700000011');
  const staffScope = serviceScope(await loadSession(t.deps, staff));
  const scoped = await db()
    .selectFrom('companies')
    .select('id')
    .where(inScope(staffScope))
    .orderBy('patent_num', 'desc')
    .execute();
  const scopedIds = new Set(scoped.map((c) => Number(c.id)));
  inStaff = Number(scoped[0].id);
  const office = await db()
    .selectFrom('companies')
    .select('id')
    .where('service_owner_id', '=', mainId)
    .orderBy('patent_num', 'desc')
    .execute();
  outStaff = Number(office.find((c) => !scopedIds.has(Number(c.id)))!.id);
  // A trademark and a case of the demo company (id 1, 示例科技有限公司).
  await db()
    .insertInto('ip_assets')
    .values({
      company_id: 1,
      kind: 'trademark',
      name: '示例商标',
      number: 'TM-9',
      nice_class: 9,
      status: 'registered',
      application_date: '2022-03-01',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db()
    .insertInto('ip_assets')
    .values({ company_id: 1, kind: 'copyright', name: '不是商标', status: 'registered', created_at: now, updated_at: now })
    .execute();
  const v = validateCase(
    {
      case_no: '（2024）浙01民初77号',
      court: '浙江省杭州市中级人民法院',
      cause: '侵害发明专利权纠纷',
      trial_level: '一审',
      status: '审理中',
      filing_date: '2024-03-15',
      parties: [
        { role: '原告', name: '示例科技有限公司' },
        { role: '被告', name: '恒远电子有限公司' },
      ],
      patents: [],
      summary: '',
    },
    1,
  );
  if (!v.ok) throw new Error(v.reason);
  await storeCases(t.db, [v.record], { source: 'test', now: () => t.now().toISOString() });
}, 180_000);
afterAll(() => t.close());

describe('GET /v1/company/patentlist', () => {
  it('lists the enterprise linked patents, as many as its num, with type and status filters', async () => {
    const c = await db().selectFrom('companies').select(['id', 'patent_num']).where('id', '=', inStaff).executeTakeFirstOrThrow();
    expect(Number(c.patent_num)).toBeGreaterThan(0);
    const res = await get(main, '/company/patentlist', { company_id: inStaff, page_size: 100 });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.data.total).toBe(Number(c.patent_num));
    expect(res.body.data.counts.total).toBe(Number(c.patent_num));
    const type = res.body.data.list[0].type as string;
    const typed = await get(staff, '/company/patentlist', { company_id: inStaff, type, page_size: 100 });
    expect(typed.body.data.total).toBe(res.body.data.counts[type]);
    for (const p of typed.body.data.list) expect(p.type).toBe(type);
    const granted = await get(main, '/company/patentlist', { company_id: inStaff, status: '有权', page_size: 100 });
    expect(granted.body.data.total).toBe(res.body.data.counts['有权']);
  });

  it('answers 404 for an enterprise outside the scope, another office or unknown; 403 to other roles; 400 bad input', async () => {
    for (const [token, id] of [
      [staff, outStaff],
      [main, otherCompanyId],
      [other, inStaff],
      [main, 999999],
    ] as const) {
      const res = await get(token, '/company/patentlist', { company_id: id });
      expect(res.status).toBe(404);
      expect(res.body.msg).toContain('企业不存在或不在您的服务范围内');
    }
    for (const token of [company, admin])
      expect((await get(token, '/company/patentlist', { company_id: inStaff })).status).toBe(403);
    expect((await get(main, '/company/patentlist', {})).body.msg).toBe('请选择企业');
    expect((await get(main, '/company/patentlist', { company_id: inStaff, type: '商标' })).status).toBe(400);
    expect((await get(main, '/company/patentlist', { company_id: 'x' })).status).toBe(400);
  });
});

describe('GET /v1/company/trademarklist and litigationlist', () => {
  it('lists the demo company trademarks (not its other records) and its cases', async () => {
    const tm = await get(main, '/company/trademarklist', { company_id: 1 });
    expect(tm.body.data.total).toBe(1);
    expect(tm.body.data.list[0]).toMatchObject({ name: '示例商标', number: 'TM-9', nice_class: 9 });
    const cases = await get(main, '/company/litigationlist', { company_id: 1 });
    expect(cases.body.data.total).toBe(1);
    expect(cases.body.data.list[0]).toMatchObject({ case_no: '（2024）浙01民初77号', own: true, own_roles: ['原告'] });
    expect((await get(main, '/company/trademarklist', { company_id: otherCompanyId })).status).toBe(404);
    expect((await get(other, '/company/litigationlist', { company_id: 1 })).status).toBe(404);
    expect((await get(company, '/company/litigationlist', { company_id: 1 })).status).toBe(403);
  });
});

describe('honours', () => {
  it('lists the office honours (about a third of its enterprises), filters, and a staff member only its own', async () => {
    const all = await get(main, '/company/honorlist', { page_size: 100 });
    expect(all.body.code).toBe(1);
    const officeSize = Number(
      (
        await db()
          .selectFrom('companies')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('service_owner_id', '=', mainId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const withHonors = await db()
      .selectFrom('company_honors')
      .select('company_id')
      .distinct()
      .where('company_id', '<>', otherCompanyId)
      .execute();
    expect(withHonors.length).toBe(Math.ceil(officeSize / 3));
    expect(all.body.data.list.some((h: { name: string }) => h.name === '他区荣誉')).toBe(false);
    expect(all.body.data.years.length).toBeGreaterThan(3);
    const lvl = await get(main, '/company/honorlist', { level: '国家级', year: all.body.data.years[0], page_size: 100 });
    for (const h of lvl.body.data.list) expect([h.level, h.year]).toEqual(['国家级', all.body.data.years[0]]);
    const street = await db()
      .selectFrom('streets')
      .select(['id', 'name'])
      .where('name', '=', '梅林街道')
      .executeTakeFirstOrThrow();
    const inStreet = await get(main, '/company/honorlist', { street_id: street.id, page_size: 100 });
    expect(inStreet.body.data.total).toBeGreaterThan(0);
    for (const h of inStreet.body.data.list) expect(h.street_name).toBe('梅林街道');
    const kw = await get(main, '/company/honorlist', { keyword: '小巨人', page_size: 100 });
    expect(kw.body.data.total).toBeGreaterThan(0);
    for (const h of kw.body.data.list) expect(h.name).toContain('小巨人');
    // Staff: only the enterprises of its scope.
    const staffScope = serviceScope(await loadSession(t.deps, staff));
    const scoped = new Set(
      (await db().selectFrom('companies').select('id').where(inScope(staffScope)).execute()).map((c) => Number(c.id)),
    );
    const mine = await get(staff, '/company/honorlist', { page_size: 100 });
    expect(mine.body.data.total).toBeGreaterThan(0);
    expect(mine.body.data.total).toBeLessThan(all.body.data.total);
    for (const h of mine.body.data.list) expect(scoped.has(h.company_id)).toBe(true);
    expect((await get(staff, '/company/honorlist', { company_id: outStaff })).status).toBe(404);
    expect((await get(company, '/company/honorlist')).status).toBe(403);
    expect((await get(main, '/company/honorlist', { level: '世界级' })).status).toBe(400);
  });

  it('adds, edits and deletes an honour (main and staff in scope)', async () => {
    const add = await post(staff, '/company/honorAdd', {
      company_id: inStaff,
      name: '  区级优秀企业 ',
      level: '区级',
      year: 2025,
    });
    expect(add.body.code, JSON.stringify(add.body)).toBe(1);
    expect(add.body.data).toMatchObject({
      company_id: inStaff,
      name: '区级优秀企业',
      level: '区级',
      year: 2025,
      issuer: '',
      file: null,
    });
    const id = add.body.data.id;
    const one = await get(main, '/company/honorlist', { company_id: inStaff, page_size: 100 });
    expect(one.body.data.list.map((h: { id: number }) => h.id)).toContain(id);
    const edit = await post(main, '/company/honorEdit', {
      id,
      name: '市级优秀企业',
      level: '市级',
      year: 2024,
      issuer: '示例市人民政府',
    });
    expect(edit.body.data).toMatchObject({ id, name: '市级优秀企业', level: '市级', year: 2024, issuer: '示例市人民政府' });
    expect((await post(main, '/company/honorDel', { id })).body.data).toEqual({ id });
    expect(await db().selectFrom('company_honors').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('refuses bad input, other scopes and roles, changing nothing', async () => {
    const before = await honors();
    const foreign = await db()
      .selectFrom('company_honors')
      .select('id')
      .where('company_id', '=', otherCompanyId)
      .executeTakeFirstOrThrow();
    const outside = await db().selectFrom('company_honors').select('id').where('company_id', '=', outStaff).executeTakeFirst();
    const ok = { company_id: inStaff, name: '好荣誉', level: '省级', year: 2023 };
    const cases: [string, string, unknown, number, string?][] = [
      [main, '/company/honorAdd', { ...ok, name: undefined }, 400, '请输入荣誉名称'],
      [main, '/company/honorAdd', { ...ok, name: '   ' }, 400, '请输入荣誉名称'],
      [main, '/company/honorAdd', { ...ok, level: '世界级' }, 400],
      [main, '/company/honorAdd', { ...ok, year: 1900 }, 400],
      [main, '/company/honorAdd', { ...ok, company_id: 999999 }, 404, '企业不存在或不在您的服务范围内'],
      [main, '/company/honorAdd', { ...ok, company_id: otherCompanyId }, 404],
      [staff, '/company/honorAdd', { ...ok, company_id: outStaff }, 404],
      [main, '/company/honorAdd', { ...ok, file_id: 999999 }, 400, '附件不存在或不属于本中心，请重新上传'],
      [main, '/company/honorEdit', { ...ok, id: Number(foreign.id) }, 404, '荣誉不存在或不在您的服务范围内'],
      [main, '/company/honorDel', { id: Number(foreign.id) }, 404],
      [other, '/company/honorDel', { id: 1 }, 404],
      [company, '/company/honorAdd', ok, 403],
      [admin, '/company/honorDel', { id: 1 }, 403],
      [main, '/company/honorAdd', { ...ok, name: 'x'.repeat(9 * 1024 * 1024) }, 413, '请求内容过大'],
    ];
    if (outside) cases.push([staff, '/company/honorDel', { id: Number(outside.id) }, 404]);
    for (const [token, url, body, status, msg] of cases) {
      const res = await post(token, url, body);
      expect(res.status, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(status);
      expect(res.body.code).toBe(0);
      if (msg) expect(res.body.msg).toContain(msg);
    }
    expect(await honors()).toBe(before);
  });

  it('exports the filtered honours to Excel', async () => {
    const res = await post(main, '/company/honorExport', { level: '省级' });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const n = await get(main, '/company/honorlist', { level: '省级' });
    expect(res.body.data).toMatchObject({ rows: n.body.data.total, truncated: false });
    expect(res.body.data.name).toMatch(/^企业荣誉_\d{8}\.xlsx$/);
    const file = await call(t.app, 'GET', res.body.data.url.replace(/^https?:\/\/[^/]+/, ''), {});
    expect(file.status).toBe(200);
    expect((await post(company, '/company/honorExport', {})).status).toBe(403);
  });
});

describe('POST /v1/company/seachCompany scope', () => {
  it('gives the main account its office, the staff member its assignments, the admin all; num counts linked patents', async () => {
    const search = async (token: string, keword: string) =>
      (await post(token, '/company/seachCompany', { keword })).body.data as { id: number; num: number; company_name: string }[];
    const office = await search(main, '公司');
    // the district's enterprises named like 公司 (one real applicant is a 厂, ADR 0049)
    const officeIds = new Set(
      (
        await db()
          .selectFrom('companies')
          .select('id')
          .where('service_owner_id', '=', mainId)
          .where('company_name', 'like', '%公司%')
          .execute()
      ).map((c) => Number(c.id)),
    );
    expect(office.length).toBe(officeIds.size);
    for (const c of office) expect(officeIds.has(c.id)).toBe(true);
    const staffScope = serviceScope(await loadSession(t.deps, staff));
    const scoped = new Set(
      (await db().selectFrom('companies').select('id').where(inScope(staffScope)).execute()).map((c) => Number(c.id)),
    );
    const mine = await search(staff, '公司');
    expect(mine.length).toBe(scoped.size);
    for (const c of mine) expect(scoped.has(c.id)).toBe(true);
    expect((await search(other, '示例')).map((c) => c.id)).toEqual([otherCompanyId]);
    expect((await search(admin, '他区示例')).map((c) => c.id)).toEqual([otherCompanyId]);
    // num is the count of the enterprise's linked patents (what patentlist lists).
    for (const c of office.slice(0, 5)) {
      const res = await get(main, '/company/patentlist', { company_id: c.id });
      expect(res.body.data.total, c.company_name).toBe(c.num);
    }
  });
});
