import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { accountKindOf } from '@ip/contract';
import { seedDemoStats } from '../../db/seed/stats';
import { kindOf } from './stats.service';

// /dataShow: POST /v1/stats/overview, /v1/stats/list, /v1/stats/list/export (ADR 0047). A small fixed data set in
// June–July 2024 (China time), far from the demo accounts' dates; the same figures on SQLite and PostgreSQL.

const COMPANY_DEFAULTS = { credit_code: '', street_id: 0, street_name: '', patent_num: 0 };
const USER_DEFAULTS = {
  avatar: '',
  type: '2',
  is_admin: 0,
  is_news: 0,
  rid: 0,
  com_id: 0,
  pid: 0,
  street_id: 0,
  street_name: '',
  introduction: '',
  company_name: '',
  status: 1,
  newtype: 1,
  company_id: 0,
  must_change_password: 0,
};

let t: TestApp;
let admin: string;
const RANGE = { date_from: '2024-06-01', date_to: '2024-07-31' };
const overview = (body: unknown = RANGE, token = admin) => call(t.app, 'POST', '/v1/stats/overview', { token, body });
const list = (body: unknown, token = admin) =>
  call(t.app, 'POST', '/v1/stats/list', { token, body: { ...RANGE, ...(body as object) } });

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-10T02:00:00.000Z' });
  admin = await loginAs(t.app, 'admin');
  const { db } = t.db;
  const company = async (name: string) =>
    Number(
      (
        await db
          .insertInto('companies')
          .values({ ...COMPANY_DEFAULTS, company_name: name, created_at: '2024-01-01T00:00:00.000Z' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const c1 = await company('统计测试甲公司');
  const c2 = await company('统计测试乙公司');
  const user = async (
    mobile: string,
    created: string,
    f: { type?: string; is_news?: number; com_id?: number; company_id?: number; name: string },
  ) =>
    Number(
      (
        await db
          .insertInto('users')
          .values({ ...USER_DEFAULTS, mobile, password_hash: 'x', created_at: created, updated_at: created, ...f })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  // China day = UTC + 8 h: 15:30Z is 23:30 the same day, 16:30Z is 00:30 the next.
  const u1 = await user('13900000001', '2024-06-01T15:30:00.000Z', { name: '甲一', company_id: c1 });
  const u2 = await user('13900000002', '2024-06-01T16:30:00.000Z', { name: '试用二', type: '1' });
  const u3 = await user('13900000003', '2024-07-01T01:00:00.000Z', { name: '主账号三', is_news: 1 });
  await user('13900000004', '2024-06-30T16:00:00.000Z', { name: '员工四', is_news: 1, com_id: u3 });
  await user('13900000005', '2024-05-31T15:59:59.999Z', { name: '范围外五', company_id: c1 });
  const u6 = await user('13900000006', '2024-01-01T00:00:00.000Z', { name: '乙六', company_id: c2 });

  const verification = (created: string, status: number, hours: number | null) =>
    db
      .insertInto('verifications')
      .values({
        user_id: u2,
        company_name: `申请${created.slice(5, 10)}`,
        credit_code: '91310000MA1FL0001X',
        contact: '联系人',
        license: '',
        remark: '',
        reviewer_id: null,
        status,
        created_at: created,
        reviewed_at: hours === null ? null : new Date(Date.parse(created) + hours * 3600_000).toISOString(),
      })
      .execute();
  await verification('2024-06-02T00:00:00.000Z', 1, 2);
  await verification('2024-06-03T00:00:00.000Z', 1, 4);
  await verification('2024-06-04T00:00:00.000Z', 1, 10);
  await verification('2024-06-05T00:00:00.000Z', 2, 1);
  await verification('2024-06-06T00:00:00.000Z', 0, null);
  await verification('2024-05-01T00:00:00.000Z', 1, 100);

  const search = (user_id: number, expression: string, created: string) =>
    db.insertInto('search_history').values({ user_id, expression, total: 3, created_at: created }).execute();
  for (const m of ['02', '03', '04']) await search(u1, '锂电池', `2024-06-01T${m}:00:00.000Z`);
  await search(u1, '石墨烯', '2024-06-02T02:00:00.000Z');
  await search(u6, '锂电池', '2024-06-02T03:00:00.000Z');
  await search(u2, '石墨烯', '2024-06-03T02:00:00.000Z');
  await search(u1, '专利', '2024-07-31T15:59:59.000Z'); // China 07-31 23:59:59: in
  await search(u1, '专利', '2024-07-31T16:00:00.000Z'); // China 08-01: out

  const act = (kind: 'login' | 'export', user_id: number, created: string) =>
    db.insertInto('activity_log').values({ kind, user_id, created_at: created }).execute();
  await act('login', u1, '2024-06-01T03:00:00.000Z');
  await act('login', u1, '2024-06-10T03:00:00.000Z');
  await act('login', u6, '2024-06-10T04:00:00.000Z');
  await act('login', u3, '2024-06-11T04:00:00.000Z');
  await act('export', u1, '2024-06-10T05:00:00.000Z');
});
afterAll(() => t.close());

describe('POST /v1/stats/overview', () => {
  it('counts users, applications, searches, exports, logins and active companies by China-time day', async () => {
    const res = await overview();
    expect(res.body.code).toBe(1);
    const d = res.body.data;
    expect(d.date_from).toBe('2024-06-01');
    expect(d.users.total).toBe(4);
    expect(Object.fromEntries(d.users.by_kind.map((k: { kind: string; count: number }) => [k.kind, k.count]))).toEqual({
      company: 1,
      trial: 1,
      main: 1,
      staff: 1,
      admin: 0,
    });
    expect(d.users.by_month).toEqual([
      { month: '2024-06', company: 1, trial: 1, main: 0, staff: 0, admin: 0 },
      { month: '2024-07', company: 0, trial: 0, main: 1, staff: 1, admin: 0 },
    ]);
    expect(d.verifications).toEqual({ total: 5, pending: 1, approved: 3, rejected: 1, median_hours: 4 });
    expect(d.searches.total).toBe(7);
    expect(d.searches.users).toBe(3);
    expect(d.searches.per_day).toHaveLength(61);
    expect(d.searches.per_day.filter((x: { count: number }) => x.count > 0)).toEqual([
      { day: '2024-06-01', count: 3 },
      { day: '2024-06-02', count: 2 },
      { day: '2024-06-03', count: 1 },
      { day: '2024-07-31', count: 1 },
    ]);
    expect(d.searches.top_terms).toEqual([
      { term: '锂电池', count: 4 },
      { term: '石墨烯', count: 2 },
      { term: '专利', count: 1 },
    ]);
    expect(d.logins.total).toBe(4);
    expect(d.logins.users).toBe(3);
    expect(d.exports.total).toBe(1);
    expect(d.exports.per_day.find((x: { day: string }) => x.day === '2024-06-10').count).toBe(1);
    expect(d.active_companies.count).toBe(2);
    expect(d.active_companies.top).toEqual([
      expect.objectContaining({ company_name: '统计测试甲公司', logins: 2, searches: 5, exports: 1 }),
      expect.objectContaining({ company_name: '统计测试乙公司', logins: 1, searches: 1, exports: 0 }),
    ]);
  });

  it('an even number of approvals takes the mean of the middle two; a range with no data gives zeros', async () => {
    const even = await overview({ date_from: '2024-06-03', date_to: '2024-06-04' });
    expect(even.body.data.verifications.median_hours).toBe(7);
    const empty = await overview({ date_from: '2023-01-01', date_to: '2023-01-07' });
    expect(empty.body.code).toBe(1);
    expect(empty.body.data.users.total).toBe(0);
    expect(empty.body.data.verifications).toEqual({ total: 0, pending: 0, approved: 0, rejected: 0, median_hours: null });
    expect(empty.body.data.searches.per_day).toEqual(
      ['01', '02', '03', '04', '05', '06', '07'].map((d) => ({ day: `2023-01-${d}`, count: 0 })),
    );
    expect(empty.body.data.active_companies).toEqual({ count: 0, top: [] });
  });

  it('defaults to the 30 days ending today and counts a real login', async () => {
    await loginAs(t.app, 'company');
    const res = await overview({});
    expect(res.body.data.date_to).toBe('2026-03-10');
    expect(res.body.data.date_from).toBe('2026-02-09');
    expect(res.body.data.logins.total).toBeGreaterThanOrEqual(2);
  });

  it('refuses other roles and bad ranges in Chinese', async () => {
    for (const kind of ['company', 'trial', 'main', 'staff'] as const) {
      const res = await overview(RANGE, await loginAs(t.app, kind));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(0);
    }
    expect((await call(t.app, 'POST', '/v1/stats/overview', { body: RANGE })).status).toBe(401);
    const reversed = await overview({ date_from: '2024-07-01', date_to: '2024-06-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).toContain('开始日期不能晚于结束日期');
    expect((await overview({ date_from: '2020-01-01', date_to: '2024-01-01' })).body.msg).toContain('日期范围不能超过');
    expect((await overview({ date_from: '2024-02-30' })).body.msg).toContain('开始日期不是有效日期');
  });
});

describe('POST /v1/stats/list', () => {
  it('lists each table behind the charts, filtered and paged', async () => {
    const users = await list({ table: 'users' });
    expect(users.body.data.total).toBe(4);
    expect(users.body.data.list[0]).toMatchObject({ name: '主账号三', kind: 'main', kind_label: '企业服务主账号' });
    const trial = await list({ table: 'users', kind: 'trial' });
    expect(trial.body.data.list.map((u: { name: string }) => u.name)).toEqual(['试用二']);
    expect((await list({ table: 'users', keyword: '甲公司' })).body.data.list.map((u: { name: string }) => u.name)).toEqual([
      '甲一',
    ]);

    const approved = await list({ table: 'verifications', status: 1 });
    expect(approved.body.data.total).toBe(3);
    expect(approved.body.data.list.map((v: { hours: number }) => v.hours)).toEqual([10, 4, 2]);
    expect(approved.body.data.list[0].status_label).toBe('已通过');

    const terms = await list({ table: 'terms', page_size: 2 });
    expect(terms.body.data.total).toBe(3);
    expect(terms.body.data.list).toEqual([
      { term: '锂电池', count: 4, users: 2 },
      { term: '石墨烯', count: 2, users: 2 },
    ]);
    expect((await list({ table: 'terms', page_size: 2, page: 2 })).body.data.list).toEqual([
      { term: '专利', count: 1, users: 1 },
    ]);
    expect((await list({ table: 'searches', keyword: '石墨' })).body.data.total).toBe(2);
    expect((await list({ table: 'logins' })).body.data.total).toBe(4);
    expect((await list({ table: 'exports' })).body.data.list[0]).toMatchObject({ name: '甲一', company_name: '统计测试甲公司' });
    const companies = await list({ table: 'companies' });
    expect(companies.body.data.list).toEqual([
      expect.objectContaining({ company_name: '统计测试甲公司', actions: 8 }),
      expect.objectContaining({ company_name: '统计测试乙公司', actions: 2 }),
    ]);
    expect((await list({ table: 'companies', keyword: '乙' })).body.data.total).toBe(1);
  });

  it('refuses other roles and bad input', async () => {
    expect((await list({ table: 'users' }, await loginAs(t.app, 'company'))).status).toBe(403);
    const bad = await list({ table: 'nothing' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('统计表不正确');
    expect((await list({ table: 'verifications', status: 5 })).body.msg).toContain('状态不正确');
  });
});

describe('POST /v1/stats/list/export', () => {
  it('writes the filtered table to Excel with Chinese headers and China times', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/stats/list/export',
      headers: { authorization: `Bearer ${admin}` },
      payload: { ...RANGE, table: 'users' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('新增用户');
    expect(ws.getRow(1).values).toEqual([undefined, '姓名', '手机号', '用户类型', '企业', '注册时间']);
    expect(ws.rowCount).toBe(5);
    expect(ws.getRow(5).getCell(5).value).toBe('2024-06-01 23:30:00');
    const denied = await t.app.inject({
      method: 'POST',
      url: '/v1/stats/list/export',
      headers: { authorization: `Bearer ${await loginAs(t.app, 'main')}` },
      payload: { ...RANGE, table: 'users' },
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('demo activity (seed/stats.ts)', () => {
  it('gives the default range logins, exports, searches and active companies', async () => {
    await seedDemoStats(t.deps);
    const d = (await overview({})).body.data;
    expect(d.logins.total).toBeGreaterThan(20);
    expect(d.exports.total).toBeGreaterThan(3);
    expect(d.searches.total).toBeGreaterThan(20);
    expect(d.searches.top_terms.length).toBeGreaterThan(3);
    expect(d.active_companies.count).toBeGreaterThanOrEqual(2);
  });
});

describe('kindOf (the account kind in SQL)', () => {
  it('agrees with accountKindOf for every combination of the flags', async () => {
    const combos = [0, 1].flatMap((is_admin) =>
      [0, 1].flatMap((is_news) => [0, 7].flatMap((com_id) => ['1', '2'].map((type) => ({ is_admin, is_news, com_id, type })))),
    );
    const ids: number[] = [];
    for (const [i, f] of combos.entries()) {
      const at = '2020-01-01T00:00:00.000Z';
      const row = await t.db.db
        .insertInto('users')
        .values({
          ...USER_DEFAULTS,
          ...f,
          mobile: `1990000${String(i).padStart(4, '0')}`,
          name: `组合${i}`,
          password_hash: 'x',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    const rows = await t.db.db
      .selectFrom('users as u')
      .select(['u.id', 'u.is_admin', 'u.is_news', 'u.com_id', 'u.type', kindOf.as('kind')])
      .where('u.id', 'in', ids)
      .orderBy('u.id')
      .execute();
    expect(rows).toHaveLength(combos.length);
    for (const r of rows) {
      const flags = { is_admin: Number(r.is_admin), is_news: Number(r.is_news), com_id: Number(r.com_id), type: r.type };
      expect(r.kind, JSON.stringify(flags)).toBe(accountKindOf(flags));
    }
  });
});
