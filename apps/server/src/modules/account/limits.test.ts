import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, DEMO_PASSWORD, loginAs, type TestApp } from '../../../test/helpers';
import { passwordChecks } from './passwords';

// Counts every argon2 verification the login path runs (the process's counter, read as a difference: the files of
// the api project share their modules within a worker).
let checksBefore = 0;
const verifications = {
  get n() {
    return passwordChecks.n - checksBefore;
  },
};

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  checksBefore = passwordChecks.n;
});
afterEach(() => t.close());

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const tryLogin = (mobile: string, password: string, ip: string) =>
  call(t.app, 'POST', '/v1/user/login', { body: { mobile, password }, headers: from(ip) });

describe('login limits (issue 8, item 2)', () => {
  it('200 concurrent wrong passwords for one mobile run at most 5 verifications; the owner elsewhere still logs in', async () => {
    const replies = await Promise.all(Array.from({ length: 200 }, () => tryLogin(DEMO.company, 'Wrong1234', '10.0.0.66')));
    const statuses = replies.map((r) => r.status);
    console.log(
      `200 concurrent wrong passwords: ${verifications.n} verifications, ${statuses.filter((s) => s === 429).length} × 429`,
    );
    expect(verifications.n).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(verifications.n);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - verifications.n);
    expect(replies.find((r) => r.status === 429)!.body.msg).toMatch(/登录失败次数过多，请 \d+ 分钟后再试/);
    // The attacker's address is locked for this mobile, even with the right password; the owner's is not.
    expect((await tryLogin(DEMO.company, DEMO_PASSWORD, '10.0.0.66')).status).toBe(429);
    const owner = await tryLogin(DEMO.company, DEMO_PASSWORD, '192.168.1.20');
    expect(owner.status).toBe(200);
    expect(owner.body.data.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('limits a spray of 100 mobiles × 1 try from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++)
      statuses.push((await tryLogin(`139${String(i).padStart(8, '0')}`, 'Wrong1234', '10.0.0.77')).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    const limited = await tryLogin(DEMO.company, DEMO_PASSWORD, '10.0.0.77');
    expect(limited.body.msg).toMatch('当前网络登录失败次数过多');
    // Another address is not affected; the window ends.
    await expect(loginAs(t.app, 'company')).resolves.toMatch(/^[0-9a-f]{64}$/);
    t.advance(15 * 60 * 1000 + 1000);
    expect((await tryLogin(DEMO.company, DEMO_PASSWORD, '10.0.0.77')).status).toBe(200);
  });

  it('a stranger with 5 guesses does not lock the owner out; many addresses hit the slower per-mobile limit', async () => {
    for (let i = 0; i < 5; i++) await tryLogin(DEMO.company, 'Wrong1234', '10.0.1.1');
    expect((await tryLogin(DEMO.company, DEMO_PASSWORD, '10.0.2.2')).status).toBe(200);
    // 11 addresses × 5 guesses: the 51st failure within the hour locks the mobile everywhere.
    const statuses: number[] = [];
    for (let a = 0; a < 11; a++)
      for (let i = 0; i < 5; i++) statuses.push((await tryLogin(DEMO.company, 'Wrong1234', `10.1.0.${a}`)).status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(50 - 5);
    const locked = await tryLogin(DEMO.company, DEMO_PASSWORD, '10.0.2.2');
    expectMsg(locked, 429, '该账号登录失败次数过多');
    t.advance(60 * 60 * 1000 + 1000);
    expect((await tryLogin(DEMO.company, DEMO_PASSWORD, '10.0.2.2')).status).toBe(200);
  });

  it('a success clears the mobile + address counter', async () => {
    for (let i = 0; i < 4; i++) await tryLogin(DEMO.company, 'Wrong1234', '10.0.3.3');
    expect((await tryLogin(DEMO.company, DEMO_PASSWORD, '10.0.3.3')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await tryLogin(DEMO.company, 'Wrong1234', '10.0.3.3')).status).toBe(400);
    expect((await tryLogin(DEMO.company, 'Wrong1234', '10.0.3.3')).status).toBe(429);
  });
});

function expectMsg(res: { status: number; body: { code: number; msg: string } }, status: number, msg: string) {
  expect(res.status).toBe(status);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toContain(msg);
}

describe('SMS caps on send-code (issue 8, item 2)', () => {
  const send = (mobile: string, ip = '10.0.5.5') =>
    call(t.app, 'POST', '/v1/user/send-code', { body: { mobile, purpose: 'visitor' }, headers: from(ip) });

  it('one per 60 s and 10 per day per mobile', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await send('13712340000', `10.0.6.${i}`)).status).toBe(200);
      expectMsg(await send('13712340000', `10.0.7.${i}`), 429, '秒后再试');
      t.advance(61_000);
    }
    expectMsg(await send('13712340000', '10.0.8.1'), 429, '今日获取验证码次数已达上限');
    expect(await t.sms.messages('13712340000')).toHaveLength(10);
    t.advance(24 * 60 * 60 * 1000);
    expect((await send('13712340000')).status).toBe(200);
  });

  it('20 per hour and 100 per day per address', async () => {
    let n = 0;
    for (let hour = 0; hour < 5; hour++) {
      for (let i = 0; i < 20; i++) expect((await send(`1361${String(n++).padStart(7, '0')}`)).status).toBe(200);
      expectMsg(await send(`1361${String(n++).padStart(7, '0')}`), 429, '当前网络获取验证码过于频繁');
      t.advance(60 * 60 * 1000 + 1000);
    }
    expectMsg(await send('13619999999'), 429, '当前网络今日获取验证码次数已达上限');
    expect(await t.sms.messages()).toHaveLength(100);
    // Another address is not affected.
    expect((await send('13619999998', '10.0.9.9')).status).toBe(200);
  });
});

describe('the client address behind the limits (TRUST_PROXY)', () => {
  // A caller reaching the server directly (not from this machine) writes X-Forwarded-For itself: believing it
  // would give every try a fresh address and escape the address limits.
  const direct = (ip: string, mobile: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': ip },
      payload: { mobile, password: 'Wrong1234' },
    });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy (the default trusts loopback only)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await direct(`10.1.0.${i}`, `139${String(i).padStart(8, '0')}`)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('believes the header when TRUST_PROXY names the proxy', async () => {
    await t.close();
    t = await createTestApp({ env: { TRUST_PROXY: '203.0.113.9' } });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await direct(`10.1.0.${i}`, `139${String(i).padStart(8, '0')}`)).statusCode);
    expect(statuses.every((s) => s === 400)).toBe(true);
  });
});
