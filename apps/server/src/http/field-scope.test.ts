import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, loginAs, type TestApp } from '../../test/helpers';
import { issueToken } from './auth';
import { FIELD_ALLOWED, FIELD_DENIED } from './field-scope';

// ADR 0044: the field token of the mobile visit pages. An enterprise-service account logs in on /web/small/login
// with its mobile and an SMS code; the token makes only the calls of the field allow-list.

let t: TestApp;
let mainToken: string;
let staffId: number;

beforeAll(async () => {
  t = await createTestApp();
  mainToken = await loginAs(t.app, 'main');
  const staff = await t.db.db.selectFrom('users').select('id').where('mobile', '=', DEMO.staff).executeTakeFirstOrThrow();
  staffId = staff.id;
});

/** A field token of the demo staff member without the SMS round (the registry walk needs one per call). */
const staffFieldToken = () => issueToken(t.deps, 'user', staffId, undefined, 'field');
afterAll(() => t.close());

/** Logs a mobile in through send-code + /v1/visitor/login; the raw reply. */
async function fieldLogin(mobile: string) {
  // One code a minute per mobile (ADR 0013).
  t.advance(61_000);
  const sent = await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile, purpose: 'visitor' } });
  expect(sent.body.code).toBe(1);
  return call(t.app, 'POST', '/v1/visitor/login', { body: { mobile, code: await t.sms.lastCode(mobile) } });
}

async function fieldToken(mobile: string): Promise<string> {
  const res = await fieldLogin(mobile);
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data.token as string;
}

describe('field login (POST /v1/visitor/login)', () => {
  it('gives a staff member a field token that reads its own session and logs out', async () => {
    const token = await fieldToken(DEMO.staff);
    const info = await call(t.app, 'POST', '/v1/user/info', { token });
    expect(info.body.code).toBe(1);
    expect(info.body.data).toMatchObject({ mobile: DEMO.staff, is_news: 1 });
    expect(info.body.data.com_id).toBeGreaterThan(0);
    // No session cookie: the phone keeps the token apart from a desktop login.
    const res = await fieldLogin(DEMO.staff);
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/token=/);
    expect((await call(t.app, 'POST', '/v1/user/logout', { token })).body.code).toBe(1);
    expect((await call(t.app, 'POST', '/v1/user/info', { token })).status).toBe(401);
  });

  it('gives the main account a field token too', async () => {
    const token = await fieldToken(DEMO.main);
    const info = await call(t.app, 'POST', '/v1/user/info', { token });
    expect(info.body.data).toMatchObject({ mobile: DEMO.main, is_news: 1, com_id: 0 });
  });

  it('logs every other mobile in as a visitor: no user session and none of the field calls', async () => {
    for (const mobile of [DEMO.company, DEMO.trial, DEMO.admin, '13755550001']) {
      const res = await fieldLogin(mobile);
      expect(res.body.code, mobile).toBe(1);
      expect(res.body.data.kind, mobile).toBe('visitor');
      const token = res.body.data.token as string;
      expect((await call(t.app, 'POST', '/v1/user/info', { token })).status, mobile).toBe(403);
      const cal = await call(t.app, 'GET', '/v1/visit/calendar?from=2026-06-01&to=2026-06-30', { token });
      expect(cal.body.code, mobile).toBe(0);
    }
    // A wrong code says nothing about the account.
    const wrong = await call(t.app, 'POST', '/v1/visitor/login', { body: { mobile: DEMO.staff, code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toMatch(/验证码/);
  });

  it('lets a new staff member whose password the main account set work in the field without changing it', async () => {
    const add = await call(t.app, 'POST', '/v1/service/staff/add', {
      token: mainToken,
      body: { mobile: '13755550002', name: '外勤新员工', password: 'Init@2026x' },
    });
    expect(add.body.code, JSON.stringify(add.body)).toBe(1);
    const token = await fieldToken('13755550002');
    expect((await call(t.app, 'POST', '/v1/user/info', { token })).body.code).toBe(1);
    expect((await call(t.app, 'POST', '/v1/visit/staff', { token, body: {} })).body.code).toBe(1);
  });

  it('refuses a disabled staff member, and disabling ends its field sessions', async () => {
    const add = await call(t.app, 'POST', '/v1/service/staff/add', {
      token: mainToken,
      body: { mobile: '13755550003', name: '外勤停用', password: 'Init@2026x' },
    });
    const id = add.body.data.id as number;
    const token = await fieldToken('13755550003');
    const off = await call(t.app, 'POST', '/v1/service/staff/edit', { token: mainToken, body: { id, status: 0 } });
    expect(off.body.code, JSON.stringify(off.body)).toBe(1);
    expect((await call(t.app, 'POST', '/v1/user/info', { token })).status).toBe(401);
    const again = await fieldLogin('13755550003');
    expect(again.status).toBe(403);
    expect(again.body.msg).toMatch(/停用/);
  });
});

describe('the field allow-list over the route registry', () => {
  it(
    'answers 403 in Chinese on every route off the list, public ones included, and lets the listed ones through',
    { timeout: 180_000 },
    async () => {
      const failures: string[] = [];
      const registered = new Set<string>();
      for (const r of t.app.routeRegistry) {
        const key = `${r.method} ${r.url}`;
        registered.add(key);
        // A fresh token per call: logout deletes the one it is called with.
        const token = await staffFieldToken();
        const url = `/v1${r.url.replace(/:\w+/g, '1')}`;
        const res = await call(t.app, r.method, url, { token, body: r.method === 'POST' ? {} : undefined });
        const denied = res.status === 403 && res.body?.msg === FIELD_DENIED;
        if (FIELD_ALLOWED.has(key)) {
          if (denied) failures.push(`${key} is on the allow-list but was refused`);
        } else if (!denied) {
          failures.push(`${key} is off the allow-list but answered ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        } else {
          expect(res.body.code).toBe(0);
        }
      }
      expect(failures).toEqual([]);
      // The list names only routes that exist.
      const missing = [...FIELD_ALLOWED].filter((k) => !registered.has(k));
      expect(missing).toEqual([]);
    },
  );

  it('leaves an ordinary staff login (password) unrestricted', async () => {
    const token = await loginAs(t.app, 'staff');
    const res = await call(t.app, 'POST', '/v1/service/companies', { token, body: {} });
    expect(res.body.code).toBe(1);
  });

  it('lets a field token upload a visit photo and read it back', async () => {
    const token = await staffFieldToken();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = '----field';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nimage\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="visit.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await call(t.app, 'POST', '/v1/common/file', {
      token,
      body: payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(up.body.code, JSON.stringify(up.body)).toBe(1);
    const read = await call(t.app, 'GET', `/v1/common/file/${up.body.data.id}`, { token });
    expect(read.status).toBe(200);
  });
});
