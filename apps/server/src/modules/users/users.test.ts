import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, loginAs, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

describe('POST /v1/news/user/index', () => {
  it('lists users with pagination and total', async () => {
    const res = await call(t.app, 'POST', '/v1/news/user/index', { token: admin, body: { page: 1, page_size: 2 } });
    expect(res.body.data.total).toBe(5);
    expect(res.body.data.list).toHaveLength(2);
    expect(res.body.data.list[0]).not.toHaveProperty('password_hash');
    const page3 = await call(t.app, 'POST', '/v1/news/user/index', { token: admin, body: { page: 3, page_size: 2 } });
    expect(page3.body.data.list).toHaveLength(1);
  });

  it.each([
    ['trial', [DEMO.trial]],
    ['company', [DEMO.company]],
    ['admin', [DEMO.admin]],
    ['main', [DEMO.main]],
    ['staff', [DEMO.staff]],
  ])('filters by kind %s', async (kind, mobiles) => {
    const res = await call(t.app, 'POST', '/v1/news/user/index', { token: admin, body: { kind } });
    expect(res.body.data.list.map((u: { mobile: string }) => u.mobile)).toEqual(mobiles);
  });

  it('searches by name, mobile or company name', async () => {
    const res = await call(t.app, 'POST', '/v1/news/user/index', { token: admin, body: { keyword: '示例科技' } });
    expect(res.body.data.list.map((u: { mobile: string }) => u.mobile)).toEqual([DEMO.company]);
  });

  it('rejects bad paging', async () => {
    const res = await call(t.app, 'POST', '/v1/news/user/index', { token: admin, body: { page: 0, page_size: 1000 } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/页码|每页/);
  });
});

describe('POST /v1/news/user/state', () => {
  it('disables a user, ending their sessions, and enables them again', async () => {
    const company = await loginAs(t.app, 'company');
    const { id } = await t.db.db.selectFrom('users').select('id').where('mobile', '=', DEMO.company).executeTakeFirstOrThrow();
    expect((await call(t.app, 'POST', '/v1/news/user/state', { token: admin, body: { id, status: 0 } })).body.code).toBe(1);
    expect((await call(t.app, 'POST', '/v1/user/info', { token: company })).status).toBe(401);
    expect((await call(t.app, 'POST', '/v1/user/login', { body: { mobile: DEMO.company, password: 'Demo@2026' } })).status).toBe(
      403,
    );
    expect((await call(t.app, 'POST', '/v1/news/user/state', { token: admin, body: { id, status: 1 } })).body.code).toBe(1);
    await expect(loginAs(t.app, 'company')).resolves.toBeTruthy();
  });

  it('refuses to disable oneself, unknown users and bad status', async () => {
    const { id } = await t.db.db.selectFrom('users').select('id').where('mobile', '=', DEMO.admin).executeTakeFirstOrThrow();
    expect((await call(t.app, 'POST', '/v1/news/user/state', { token: admin, body: { id, status: 0 } })).body.msg).toBe(
      '不能停用自己的账号',
    );
    expect((await call(t.app, 'POST', '/v1/news/user/state', { token: admin, body: { id: 9999, status: 0 } })).status).toBe(404);
    expect((await call(t.app, 'POST', '/v1/news/user/state', { token: admin, body: { id, status: 5 } })).status).toBe(400);
  });
});
