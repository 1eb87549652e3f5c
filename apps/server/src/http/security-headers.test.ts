import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../test/helpers';

// Security headers on every kind of answer (ADR 0017).
let t: TestApp;
let web: string;
let token: string;
beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'ip-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ env: { WEB_DIST: web } });
  fs.writeFileSync(path.join(t.dataDir, 'uploads', `${'a'.repeat(32)}.png`), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  token = await loginAs(t.app, 'company');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(web, { recursive: true, force: true });
});

function expectSecurityHeaders(h: Record<string, unknown>, what: string) {
  const csp = String(h['content-security-policy'] ?? '');
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self';");
  expect(csp, what).not.toMatch(/script-src[^;]*unsafe/);
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain("base-uri 'self'");
  expect(csp, what).toContain("form-action 'self'");
  expect(csp, what).toContain("connect-src 'self'");
  expect(csp, what).not.toContain('upgrade-insecure-requests');
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['x-frame-options'], what).toBe('DENY');
  expect(h['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(h['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(h['x-powered-by'], what).toBeUndefined();
}

describe('security headers', () => {
  it.each([
    ['a JSON success', 'POST', '/v1/user/info', true, 200],
    ['a 401 envelope', 'POST', '/v1/user/info', false, 401],
    ['a 404 envelope', 'GET', '/v1/no/such/call', false, 404],
    ['a 400 envelope', 'POST', '/v1/user/login', false, 400],
    ['the SPA index.html', 'GET', '/web/index', false, 200],
    ['a static asset', 'GET', '/assets/app.js', false, 200],
    ['an uploaded file', 'GET', `/uploads/${'a'.repeat(32)}.png`, false, 200],
    ['a missing upload', 'GET', '/uploads/nothing.png', false, 404],
    ['a redirect', 'GET', '/v1/wechat?redirect_uri=/login', false, 302],
    ['a malformed URL', 'GET', '/v1/%zz', false, 400],
  ] as const)('are on %s', async (what, method, url, auth, status) => {
    const res = await call(t.app, method, url, { token: auth ? token : undefined, body: method === 'POST' ? {} : undefined });
    expect(res.status, what).toBe(status);
    expectSecurityHeaders(res.headers, what);
  });

  it('are the same on a malformed URL (answered before any hook) as elsewhere', async () => {
    const bad = await call(t.app, 'GET', '/v1/%zz');
    const good = await call(t.app, 'GET', '/v1/no/such/call');
    expect(bad.body).toEqual({ code: 0, msg: '请求地址不正确' });
    for (const [name, value] of Object.entries(good.headers)) {
      if (['date', 'content-length', 'connection', 'content-type'].includes(name)) continue;
      expect(bad.headers[name], name).toEqual(value);
    }
  });

  it('are on a 413 envelope', async () => {
    const res = await call(t.app, 'POST', '/v1/user/login', { body: { mobile: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.status).toBe(413);
    expectSecurityHeaders(res.headers, '413');
  });

  it('are on a 500 envelope', async () => {
    const db = t.deps.db.db;
    // Break the database under one call: the error handler answers 500 with a request id.
    const orig = db.selectFrom.bind(db);
    (db as { selectFrom: unknown }).selectFrom = () => {
      throw new Error('boom');
    };
    try {
      const res = await call(t.app, 'POST', '/v1/user/info', { token, body: {} });
      expect(res.status).toBe(500);
      expectSecurityHeaders(res.headers, '500');
    } finally {
      (db as { selectFrom: unknown }).selectFrom = orig;
    }
  });

  it('sends HSTS only when the request came over HTTPS', async () => {
    const plain = await call(t.app, 'POST', '/v1/user/info', { token, body: {} });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await call(t.app, 'POST', '/v1/user/info', {
      token,
      body: {},
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(proxied.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    const spa = await call(t.app, 'GET', '/web/index', { headers: { 'x-forwarded-proto': 'https' } });
    expect(spa.headers['strict-transport-security']).toMatch(/^max-age=/);
  });
});
