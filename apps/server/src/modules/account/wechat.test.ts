import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '@ip/contract';
import { Browser, setCookie } from '../../../test/browser';
import { call, createTestApp, DEMO, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const chinese = /[\u4e00-\u9fff]/;

function expectRefused(res: { status: number; body: { code: number; msg: string; data?: unknown } }, status = 400) {
  expect(res.status).toBe(status);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toMatch(chinese);
  expect(JSON.stringify(res.body)).not.toMatch(/token|openid/i);
}

/** GET /v1/wechat in this browser: the code and state the (offline) provider sends it back with. */
async function authorize(b: Browser): Promise<{ code: string; state: string }> {
  const res = await b.call('GET', '/v1/wechat', { query: { redirect_uri: '/login' } });
  expect(res.status).toBe(302);
  const back = new URL(String(res.headers.location), 'http://x');
  expect(back.pathname).toBe('/login');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

function openidLogin(b: Browser, q: { code: string; state: string }) {
  return b.call('GET', '/v1/openid_login', { query: q });
}

/** Alice binds her (offline) WeChat to the company account; returns her browser. */
async function aliceBinds(): Promise<Browser> {
  const alice = new Browser(t.app);
  const first = await openidLogin(alice, await authorize(alice));
  expect(first.body.data).toMatchObject({ bound: false, token: null });
  const ticket = first.body.data.ticket;
  expect(ticket).toMatch(/^[0-9a-f]{64}$/);
  await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile: DEMO.company, purpose: 'binding' } });
  const bind = await alice.call('POST', '/v1/binding', {
    body: { ticket, mobile: DEMO.company, code: await t.sms.lastCode(DEMO.company) },
  });
  expect(bind.body.code).toBe(1);
  return alice;
}

async function tokenCount(): Promise<number> {
  return (await t.db.db.selectFrom('tokens').select('token_hash').execute()).length;
}

describe('WeChat login: /v1/wechat, /v1/openid_login, /v1/binding, /v1/get_token', () => {
  it('binds with a one-time ticket, then logs the same browser in; no reply carries an openid', async () => {
    const alice = new Browser(t.app);
    const start = await alice.call('GET', '/v1/wechat', { query: { redirect_uri: '/login' } });
    const back = new URL(String(start.headers.location), 'http://x').searchParams;
    const [code, state] = [back.get('code')!, back.get('state')!];
    expect(code).toMatch(/^[0-9a-f]{64}$/);
    // The state is bound to this browser by an HttpOnly cookie; only its hash is stored.
    expect(setCookie(start, 'wx_state')).toMatchObject({ value: state, attrs: { httponly: '', samesite: 'Lax' } });
    expect(JSON.stringify(await t.db.db.selectFrom('wechat_grants').selectAll().execute())).not.toContain(state);
    const first = await openidLogin(alice, { code, state });
    expect(first.body.data).toMatchObject({ bound: false, token: null, redirect_uri: '/login' });
    expect(JSON.stringify(first.body)).not.toMatch(/openid/);
    const ticket = first.body.data.ticket;
    expectRefused(await call(t.app, 'POST', '/v1/get_token', { body: { ticket } }), 404);

    await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile: DEMO.company, purpose: 'binding' } });
    const bind = await alice.call('POST', '/v1/binding', {
      body: { ticket, mobile: DEMO.company, code: await t.sms.lastCode(DEMO.company) },
    });
    expect(bind.body.data.token).toMatch(/^[0-9a-f]{64}$/);
    expect(setCookie(bind, TOKEN_COOKIE)?.value).toBe(bind.body.data.token);
    // The ticket is used up.
    expectRefused(await call(t.app, 'POST', '/v1/get_token', { body: { ticket } }));

    const again = await openidLogin(alice, await authorize(alice));
    expect(again.body.data).toMatchObject({ bound: true, ticket: null });
    const info = await call(t.app, 'POST', '/v1/user/info', { token: again.body.data.token });
    expect(info.body.data.mobile).toBe(DEMO.company);
  });

  it('lets get_token turn a ticket into a session once the WeChat is bound', async () => {
    // Alice got a ticket while unbound, then bound in another tab (aliceBinds uses a fresh browser: same here).
    const alice = new Browser(t.app);
    const pending = await openidLogin(alice, await authorize(alice));
    const ticket = pending.body.data.ticket;
    const other = await openidLogin(alice, await authorize(alice));
    await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile: DEMO.company, purpose: 'binding' } });
    const code = await t.sms.lastCode(DEMO.company);
    expect(
      (await alice.call('POST', '/v1/binding', { body: { ticket: other.body.data.ticket, mobile: DEMO.company, code } })).body
        .code,
    ).toBe(1);
    const res = await alice.call('POST', '/v1/get_token', { body: { ticket } });
    expect(res.body.data.token).toMatch(/^[0-9a-f]{64}$/);
    expectRefused(await alice.call('POST', '/v1/get_token', { body: { ticket } }));
  });

  describe('the takeover attempts of the probe (issue 8, item 1) are all refused', () => {
    it('the fixed offline code and guessed codes', async () => {
      await aliceBinds();
      const before = await tokenCount();
      const mallory = new Browser(t.app);
      const { state } = await authorize(mallory);
      expectRefused(await call(t.app, 'GET', '/v1/openid_login', { query: { code: 'offline-login' } }));
      expectRefused(await openidLogin(mallory, { code: 'offline-login', state }));
      for (const code of ['offline-login', 'offline-s1', '0'.repeat(64), 'f'.repeat(64)]) {
        const { state: s } = await authorize(mallory);
        expectRefused(await openidLogin(mallory, { code, state: s }));
      }
      expect(await tokenCount()).toBe(before);
    });

    it('a reused code, in the same browser or another', async () => {
      const alice = await aliceBinds();
      const grant = await authorize(alice);
      expect((await openidLogin(alice, grant)).body.data.bound).toBe(true);
      const before = await tokenCount();
      // Same code again with a fresh state of Alice's own browser.
      expectRefused(await openidLogin(alice, { code: grant.code, state: (await authorize(alice)).state }));
      // Same code and state again (state cookie put back by hand).
      alice.jar.set('wx_state', grant.state);
      expectRefused(await openidLogin(alice, grant));
      const mallory = new Browser(t.app);
      expectRefused(await openidLogin(mallory, { code: grant.code, state: (await authorize(mallory)).state }));
      expect(await tokenCount()).toBe(before);
    });

    it('a code without the state cookie, and a state from another browser', async () => {
      const alice = await aliceBinds();
      const before = await tokenCount();
      const grant = await authorize(alice); // Alice's fresh, unused code and state.
      // No cookie at all.
      expectRefused(await call(t.app, 'GET', '/v1/openid_login', { query: grant }));
      // Mallory has a state of her own, but Alice's code and state do not belong to her browser.
      const mallory = new Browser(t.app);
      const own = await authorize(mallory);
      expectRefused(await openidLogin(mallory, grant));
      // Her own valid state with Alice's code: the code works only in Alice's browser.
      expectRefused(await openidLogin(mallory, { code: grant.code, state: own.state }));
      // Alice's state cookie copied into Mallory's jar, with Mallory's own device: still refused.
      mallory.jar.set('wx_state', grant.state);
      expectRefused(await openidLogin(mallory, grant));
      expect(await tokenCount()).toBe(before);
    });

    it('an expired state', async () => {
      const alice = await aliceBinds();
      const grant = await authorize(alice);
      t.advance(10 * 60 * 1000 + 1000);
      expectRefused(await openidLogin(alice, grant));
    });

    it('get_token and binding with a client-supplied openid', async () => {
      await aliceBinds();
      const binding = await t.db.db.selectFrom('wechat_bindings').select('openid').executeTakeFirstOrThrow();
      const before = await tokenCount();
      expectRefused(await call(t.app, 'POST', '/v1/get_token', { body: { openid: binding.openid } }));
      expectRefused(await call(t.app, 'POST', '/v1/get_token', { body: { ticket: binding.openid } }));
      expectRefused(await call(t.app, 'POST', '/v1/get_token', { body: { ticket: 'a'.repeat(64) } }));
      await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile: DEMO.trial, purpose: 'binding' } });
      const code = await t.sms.lastCode(DEMO.trial);
      expectRefused(await call(t.app, 'POST', '/v1/binding', { body: { openid: 'mallory', mobile: DEMO.trial, code } }));
      expectRefused(await call(t.app, 'POST', '/v1/binding', { body: { ticket: 'b'.repeat(64), mobile: DEMO.trial, code } }));
      expect(await tokenCount()).toBe(before);
      expect(await t.db.db.selectFrom('wechat_bindings').select('openid').execute()).toHaveLength(1);
    });
  });

  it('refuses open redirects and missing codes or states', async () => {
    const b = new Browser(t.app);
    expectRefused(await b.call('GET', '/v1/wechat', { query: { redirect_uri: 'https://evil.example/' } }));
    expectRefused(await b.call('GET', '/v1/wechat', { query: { redirect_uri: '//evil.example/' } }));
    expect((await b.call('GET', '/v1/openid_login')).body.msg).toMatch('授权码');
    const { code } = await authorize(b);
    expect((await b.call('GET', '/v1/openid_login', { query: { code } })).body.msg).toMatch('state');
  });
});
