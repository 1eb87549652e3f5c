import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, loginAs, type TestApp } from '../../../test/helpers';

// /system 审计日志: POST /v1/system/audit-log and …/export (ADR 0019).

let t: TestApp;
let admin: string;
const list = (body: unknown, token = admin) => call(t.app, 'POST', '/v1/system/audit-log', { token, body });
const idOf = async (mobile: string) =>
  (await t.db.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-10T02:00:00.000Z' });
  admin = await loginAs(t.app, 'admin');
  const company = await idOf(DEMO.company);
  await call(t.app, 'POST', '/v1/news/user/update-user-info', { token: admin, body: { id: company, introduction: '第一次' } });
  t.advance(24 * 3600_000);
  await call(t.app, 'POST', '/v1/news/user/state', { token: admin, body: { id: await idOf(DEMO.staff), status: 0 } });
  await call(t.app, 'POST', '/v1/news/user/state', { token: admin, body: { id: await idOf(DEMO.staff), status: 1 } });
  t.advance(24 * 3600_000);
  // An action taken in admin view is recorded as POST /url with the route's summary.
  const view = await call(t.app, 'POST', '/v1/user/admin-view', { token: admin, body: { user_id: company } });
  await call(t.app, 'POST', '/v1/user/profile', { token: view.body.data.token, body: { introduction: '代为修改' } });
});
afterAll(() => t.close());

describe('POST /v1/system/audit-log', () => {
  it('lists every administrator action newest first, in Chinese, with both people', async () => {
    const res = await list({});
    expect(res.body.code).toBe(1);
    const { list: rows, total, actions, admins } = res.body.data;
    expect(total).toBe(5);
    expect(rows.map((r: { action: string }) => r.action)).toEqual([
      'POST /user/profile',
      'enter_admin_view',
      'enable_user',
      'disable_user',
      'update_user_info',
    ]);
    expect(rows[0]).toMatchObject({
      action_label: '管理端代操作：修改个人资料',
      admin_name: '系统管理员',
      user_name: '张经理',
      user_mobile: DEMO.company,
    });
    expect(rows[2].action_label).toBe('启用用户');
    expect(actions).toEqual(expect.arrayContaining(['admin_view', 'enable_user', 'update_user_info']));
    expect(admins.map((a: { mobile: string }) => a.mobile)).toEqual([DEMO.admin]);
  });

  it('filters by administrator, target user, action and China-time day, and pages', async () => {
    const adminId = await idOf(DEMO.admin);
    expect((await list({ admin_id: adminId })).body.data.total).toBe(5);
    expect((await list({ admin_id: adminId + 1000 })).body.data.total).toBe(0);
    expect((await list({ user_id: await idOf(DEMO.staff) })).body.data.total).toBe(2);
    expect((await list({ user_keyword: '张经理' })).body.data.total).toBe(3);
    expect((await list({ action: 'admin_view' })).body.data.list.map((r: { action: string }) => r.action)).toEqual([
      'POST /user/profile',
    ]);
    expect((await list({ action: 'disable_user' })).body.data.total).toBe(1);
    // 2026-03-11 10:00 China time is the second day.
    expect((await list({ date_from: '2026-03-11', date_to: '2026-03-11' })).body.data.total).toBe(2);
    expect((await list({ date_from: '2026-03-12' })).body.data.total).toBe(2);
    expect((await list({ date_to: '2026-03-10' })).body.data.total).toBe(1);
    const page2 = await list({ page: 2, page_size: 2 });
    expect(page2.body.data.list.map((r: { action: string }) => r.action)).toEqual(['enable_user', 'disable_user']);
  });

  it('refuses bad filters and every other account kind', async () => {
    for (const [body, msg] of [
      [{ date_from: '20260311' }, '开始日期格式应为 YYYY-MM-DD'],
      [{ admin_id: 'x' }, '管理员不正确'],
      [{ page_size: 500 }, '每页最多 100 条'],
      [{ user_keyword: 'x'.repeat(5 * 1024 * 1024) }, /过大|关键词/],
    ] as const) {
      const res = await list(body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.body.msg).toMatch(msg);
    }
    for (const kind of ['company', 'trial', 'main', 'staff'] as const) {
      const token = await loginAs(t.app, kind);
      expect((await list({}, token)).status).toBe(403);
      expect((await call(t.app, 'POST', '/v1/system/audit-log/export', { token, body: {} })).status).toBe(403);
    }
    expect((await list({}, '')).status).toBe(401);
  });
});

describe('POST /v1/system/audit-log/export', () => {
  it('sends the filtered log as an Excel sheet with Chinese actions', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/system/audit-log/export',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: { user_keyword: '张经理' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('审计日志')!;
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(1).values).toEqual([undefined, '时间', '管理员', '操作', '目标用户', '详情']);
    expect(ws.getRow(2).getCell(3).value).toBe('管理端代操作：修改个人资料');
    expect(ws.getRow(2).getCell(1).value).toBe('2026-03-12 10:00:00');
    expect(ws.getRow(4).getCell(3).value).toBe('修改资料');
  });
});
