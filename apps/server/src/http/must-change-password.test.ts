import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUST_CHANGE_PASSWORD_MSG } from '@ip/contract';
import { call, createTestApp, DEMO, DEMO_PASSWORD, login, loginAs, type TestApp } from '../../test/helpers';
import { loadRecords } from '../modules/search/testing';

// ADR 0031: while must_change_password is 1 (a password an administrator or the company's main account set), the
// server answers only the calls that change it, read the session and log out. Runs on SQLite, and on PostgreSQL
// with TEST_DATABASE_URL.

const SET = 'Reset2026a';
let t: TestApp;
let admin: string;
let companyId: number;
let patentId: number;

const home = (token: string) => call(t.app, 'POST', '/v1/frontend/home/summary', { token, body: {} });

beforeAll(async () => {
  t = await createTestApp();
  await loadRecords(t.db, [
    {
      pn: 'CN920000001A',
      ad: '2021-01-01',
      title: '一种带全文的电池',
      applicants: ['某公司'],
      type: '发明',
      pdf: 'https://example.com/a.pdf',
    },
  ]);
  patentId = (await t.db.db.selectFrom('patents').select('id').executeTakeFirstOrThrow()).id;
  admin = await loginAs(t.app, 'admin');
  companyId = (await t.db.db.selectFrom('users').select('id').where('mobile', '=', DEMO.company).executeTakeFirstOrThrow()).id;
  const res = await call(t.app, 'POST', '/v1/news/user/password', { token: admin, body: { id: companyId, password: SET } });
  expect(res.body.code).toBe(1);
});
afterAll(() => t.close());

describe('a password someone else set must be changed first', () => {
  it('refuses every other call with a Chinese 403, public calls answer as to the anonymous', async () => {
    const token = await login(t.app, DEMO.company, SET);
    for (const [url, body] of [
      ['/v1/frontend/home/summary', {}],
      ['/v1/frontend/patent/list', {}],
      ['/v1/user/profile', { name: '改名' }],
      ['/v1/verification/status', {}],
    ] as const) {
      const res = await call(t.app, 'POST', url, { token, body });
      expect(res.status, url).toBe(403);
      expect(res.body, url).toEqual({ code: 0, msg: MUST_CHANGE_PASSWORD_MSG });
    }
    // Nothing changed by the refused profile call.
    const row = await t.db.db.selectFrom('users').select('name').where('id', '=', companyId).executeTakeFirstOrThrow();
    expect(row.name).not.toBe('改名');
    // A public call is answered, without what the account would add (the full-text PDF of a verified user).
    const detail = await call(t.app, 'POST', '/v1/patents/detail', { token, body: { id: patentId } });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ pdf: '', pdf_restricted: 'login' });
  });

  it('answers the session, logout and the password change; afterwards everything works', async () => {
    const token = await login(t.app, DEMO.company, SET);
    const info = await call(t.app, 'POST', '/v1/user/info', { token, body: {} });
    expect(info.body.data).toMatchObject({ must_change_password: 1 });
    const other = await login(t.app, DEMO.company, SET);
    expect((await call(t.app, 'POST', '/v1/user/logout', { token: other })).body.code).toBe(1);
    expect((await call(t.app, 'POST', '/v1/user/info', { token: other, body: {} })).status).toBe(401);

    const changed = await call(t.app, 'POST', '/v1/user/change-password', {
      token,
      body: { old_password: SET, password: DEMO_PASSWORD, password_confirm: DEMO_PASSWORD },
    });
    expect(changed.body.code).toBe(1);
    const fresh = await loginAs(t.app, 'company');
    expect((await home(fresh)).body.code).toBe(1);
    const detail = await call(t.app, 'POST', '/v1/patents/detail', { token: fresh, body: { id: patentId } });
    expect(detail.body.data).toMatchObject({ pdf: 'https://example.com/a.pdf', pdf_restricted: null });
  });

  it("does not hold back an administrator in admin view (the flag is the user's, the admin may not change it)", async () => {
    await call(t.app, 'POST', '/v1/news/user/password', { token: admin, body: { id: companyId, password: SET } });
    const user = await login(t.app, DEMO.company, SET);
    expect((await home(user)).status).toBe(403);
    const view = await call(t.app, 'POST', '/v1/user/admin-view', { token: admin, body: { user_id: companyId } });
    const viewToken = view.body.data.token as string;
    const res = await home(viewToken);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    // The administrator's own calls are untouched.
    expect((await call(t.app, 'POST', '/v1/news/user/index', { token: admin, body: {} })).body.code).toBe(1);
  });
});
