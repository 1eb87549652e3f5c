import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_ABSOLUTE_TTL_MS, TOKEN_COOKIE } from '@ip/contract';
import { setCookie } from '../../../test/browser';
import { call, createTestApp, DEMO, DEMO_PASSWORD, login, loginAs, type TestApp } from '../../../test/helpers';
import { allScheduledTasks } from '../index';
import { purgeExpired } from './purge';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const info = (token: string) => call(t.app, 'POST', '/v1/user/info', { token });

async function idOf(mobile: string): Promise<number> {
  return (await t.db.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow()).id;
}

/** The admin's own token and an admin-view token into the company user. */
async function adminView(adminToken?: string): Promise<{ admin: string; view: string }> {
  const admin = adminToken ?? (await loginAs(t.app, 'admin'));
  const res = await call(t.app, 'POST', '/v1/user/admin-view', { token: admin, body: { user_id: await idOf(DEMO.company) } });
  expect(res.body.code).toBe(1);
  expect((await info(res.body.data.token)).status).toBe(200);
  return { admin, view: res.body.data.token };
}

describe('admin-view tokens die with the administrator’s session (issue 8, item 3)', () => {
  it('on the administrator’s logout', async () => {
    const { admin, view } = await adminView();
    const other = await adminView(); // a second admin session and its view are not touched
    expect((await call(t.app, 'POST', '/v1/user/logout', { token: admin })).body.code).toBe(1);
    expect((await info(view)).status).toBe(401);
    expect((await info(other.view)).status).toBe(200);
  });

  it('on the administrator’s password change', async () => {
    const { admin, view } = await adminView();
    const other = await adminView();
    const res = await call(t.app, 'POST', '/v1/user/change-password', {
      token: admin,
      body: { old_password: DEMO_PASSWORD, password: 'Changed123', password_confirm: 'Changed123' },
    });
    expect(res.body.code).toBe(1);
    expect((await info(view)).status).toBe(401);
    expect((await info(other.view)).status).toBe(401);
    // The company user's own session is not the administrator's to end.
    const own = await loginAs(t.app, 'company');
    expect((await info(own)).status).toBe(200);
  });

  it('when the administrator is disabled', async () => {
    const { view } = await adminView();
    // A second administrator disables the first.
    const adminRow = await t.db.db.selectFrom('users').selectAll().where('mobile', '=', DEMO.admin).executeTakeFirstOrThrow();
    const { id: _id, ...rest } = adminRow;
    void _id;
    await t.db.db
      .insertInto('users')
      .values({ ...rest, mobile: '13800000099', name: '第二管理员' })
      .execute();
    const second = await login(t.app, '13800000099');
    const res = await call(t.app, 'POST', '/v1/news/user/state', { token: second, body: { id: adminRow.id, status: 0 } });
    expect(res.body.code).toBe(1);
    expect(await t.db.db.selectFrom('tokens').select('token_hash').where('admin_id', '=', adminRow.id).execute()).toHaveLength(0);
    expect((await info(view)).status).toBe(401);
  });

  it('when the parent token is gone or the administrator disabled behind the server’s back', async () => {
    const a = await adminView();
    await t.db.db.deleteFrom('tokens').where('is_admin_view', '=', 0).execute();
    expect((await info(a.view)).body.msg).toContain('管理员登录已失效');
    const b = await adminView();
    await t.db.db.updateTable('users').set({ status: 0 }).where('mobile', '=', DEMO.admin).execute();
    expect((await info(b.view)).status).toBe(401);
  });
});

describe('absolute token lifetime', () => {
  it('ends a token used every day after 30 days', async () => {
    const token = await loginAs(t.app, 'company');
    for (let d = 0; d < 29; d++) {
      t.advance(DAY);
      expect((await info(token)).status, `day ${d + 1}`).toBe(200);
    }
    t.advance(TOKEN_ABSOLUTE_TTL_MS - 29 * DAY + 1000);
    const res = await info(token);
    expect(res.status).toBe(401);
    expect(res.body.msg).toContain('过期');
  });
});

describe('purgeExpired', () => {
  it('is scheduled hourly and at start', () => {
    const task = allScheduledTasks().find((x) => x.name === 'purge-expired-sessions');
    expect(task).toMatchObject({ cron: '17 * * * *', runAtStart: true });
  });

  it('deletes expired tokens, orphaned admin-view tokens, used or expired codes, old counters and WeChat grants', async () => {
    const idle = await loginAs(t.app, 'trial');
    const { admin, view } = await adminView();
    await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile: '13700000001', purpose: 'visitor' } });
    await call(t.app, 'POST', '/v1/user/login', { body: { mobile: DEMO.company, password: 'Wrong1234' } });
    await call(t.app, 'GET', '/v1/wechat', { query: { redirect_uri: '/login' } });
    const count = async () => ({
      tokens: (await t.db.db.selectFrom('tokens').select('token_hash').execute()).length,
      sms: (await t.db.db.selectFrom('sms_codes').select('id').execute()).length,
      limits: (await t.db.db.selectFrom('rate_limits').select('key').execute()).length,
      grants: (await t.db.db.selectFrom('wechat_grants').select('hash').execute()).length,
    });
    const before = await count();
    expect(before.tokens).toBe(3);
    expect(before.sms).toBe(1);
    expect(before.limits).toBeGreaterThan(0);
    expect(before.grants).toBe(2); // the state and the offline provider's code
    // Nothing is due yet.
    expect(await purgeExpired(t.deps)).toEqual({ tokens: 0, smsCodes: 0, rateLimits: 0, wechatGrants: 0 });

    // The admin keeps using both tokens daily; the trial user's token goes idle. After 8 days:
    for (let d = 0; d < 8; d++) {
      t.advance(DAY);
      expect((await info(admin)).status).toBe(200);
      expect((await info(view)).status).toBe(200);
    }
    const res = await purgeExpired(t.deps);
    expect(res).toMatchObject({ tokens: 1, smsCodes: 1, wechatGrants: 2 });
    expect(res.rateLimits).toBe(before.limits);
    expect((await info(idle)).status).toBe(401);
    // The admin logs out behind the view token's back (row deleted directly): the view token is an orphan.
    await t.db.db.deleteFrom('tokens').where('is_admin_view', '=', 0).execute();
    expect((await purgeExpired(t.deps)).tokens).toBe(1);
    expect(await count()).toEqual({ tokens: 0, sms: 0, limits: 0, grants: 0 });
  });
});

describe('the session cookie (issue 8, item 8)', () => {
  const loginWith = (headers: Record<string, string> = {}) =>
    call(t.app, 'POST', '/v1/user/login', { body: { mobile: DEMO.company, password: DEMO_PASSWORD }, headers });

  it('is set by the server HttpOnly, SameSite=Lax, for the absolute lifetime; Secure only over HTTPS', async () => {
    const plain = await loginWith();
    const c = setCookie(plain, TOKEN_COOKIE)!;
    expect(c.value).toBe(plain.body.data.token);
    expect(c.attrs).toMatchObject({ httponly: '', samesite: 'Lax', path: '/', 'max-age': String(TOKEN_ABSOLUTE_TTL_MS / 1000) });
    expect(c.attrs).not.toHaveProperty('secure');
    const https = setCookie(await loginWith({ 'x-forwarded-proto': 'https' }), TOKEN_COOKIE)!;
    expect(https.attrs).toHaveProperty('secure');
    expect(https.attrs).toMatchObject({ httponly: '', samesite: 'Lax' });
  });

  it('is not set for admin view; a new tab finds the session through it; logout and a stale cookie clear it', async () => {
    const admin = await loginAs(t.app, 'admin');
    const view = await call(t.app, 'POST', '/v1/user/admin-view', { token: admin, body: { user_id: await idOf(DEMO.company) } });
    expect(setCookie(view, TOKEN_COOKIE)).toBeUndefined();

    const token = (await loginWith()).body.data.token;
    const tab = await call(t.app, 'POST', '/v1/user/info', { headers: { cookie: `${TOKEN_COOKIE}=${token}` } });
    expect(tab.body.data).toMatchObject({ mobile: DEMO.company, token });
    const out = await call(t.app, 'POST', '/v1/user/logout', { headers: { cookie: `${TOKEN_COOKIE}=${token}` } });
    expect(out.body.code).toBe(1);
    expect(setCookie(out, TOKEN_COOKIE)?.value).toBe('');
    const stale = await call(t.app, 'POST', '/v1/user/info', { headers: { cookie: `${TOKEN_COOKIE}=${token}` } });
    expect(stale.status).toBe(401);
    expect(setCookie(stale, TOKEN_COOKIE)?.value).toBe('');
  });

  it('is set by register and the WeChat calls too (see wechat.test.ts), not by visitor login', async () => {
    await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile: '13912345678', purpose: 'register' } });
    const reg = await call(t.app, 'POST', '/v1/user/register', {
      body: {
        mobile: '13912345678',
        code: await t.sms.lastCode('13912345678'),
        password: 'Secret123',
        name: '赵六',
        company_name: '新注册科技有限公司',
      },
    });
    expect(setCookie(reg, TOKEN_COOKIE)?.value).toBe(reg.body.data.token);
    // The field login of the mobile pages (ADR 0044) answers its token in the body only, like the visitor login did.
    await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile: '13800000004', purpose: 'visitor' } });
    const visitor = await call(t.app, 'POST', '/v1/visitor/login', {
      body: { mobile: '13800000004', code: await t.sms.lastCode('13800000004') },
    });
    expect(visitor.body.code).toBe(1);
    expect(setCookie(visitor, TOKEN_COOKIE)).toBeUndefined();
  });
});
