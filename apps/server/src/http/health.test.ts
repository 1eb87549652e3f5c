import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, call, createTestApp, loginAs, type DemoKind, type TestApp } from '../../test/helpers';

// Smoke test of the server and the test harness: runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
describe('server smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, now: '2026-03-01T01:00:00.000Z' });
  });
  afterAll(() => t?.close());

  it('runs on the database the environment names', () => {
    expect(t.dialect).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
  });

  it('answers an unknown /v1 path with the 404 envelope', async () => {
    const res = await call(t.app, 'GET', '/v1/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 0, msg: '接口不存在' });
    const post = await call(t.app, 'POST', '/v1/no/such/route', { body: { a: 1 } });
    expect(post.status).toBe(404);
    expect(post.body).toEqual({ code: 0, msg: '接口不存在' });
  });

  it('has a controllable clock', () => {
    expect(t.now().toISOString()).toBe('2026-03-01T01:00:00.000Z');
    t.advance(90_000);
    expect(t.deps.clock().toISOString()).toBe('2026-03-01T01:01:30.000Z');
    t.setNow('2026-04-01T00:00:00.000Z');
    expect(t.deps.clock().toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });
});

describe('demo accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it.each(Object.keys(DEMO) as DemoKind[])('%s logs in with the demo password', async (kind) => {
    const token = await loginAs(t.app, kind);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
  });
});
