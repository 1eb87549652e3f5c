import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/helpers';
import { resetAdminPassword } from '../modules/account/admin-password';
import { INITIAL_ADMIN_PASSWORD_FILE, seedOnEmpty } from './seed';

// Production's first administrator: the password goes to a file only its owner reads, never to the log; and
// `npm run admin:password` (resetAdminPassword) gives an administrator a new one and ends their sessions.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PRODUCTION = {
  NODE_ENV: 'production',
  SMS_PROVIDER: 'outbox',
  WECHAT_PROVIDER: 'offline',
  TIANYANCHA_PROVIDER: 'offline',
  LOG_LEVEL: 'debug',
};

describe('first administrator in production', () => {
  it('writes the password to DATA_DIR/initial-admin-password.txt (0600) and logs only the path', async () => {
    const lines: string[] = [];
    const logs: string[] = [];
    const origLog = console.log;
    console.log = (...a: unknown[]) => void logs.push(a.join(' '));
    try {
      t = await createTestApp({ seed: false, env: PRODUCTION, logSink: { write: (l) => void lines.push(l) } });
      await seedOnEmpty(t.deps);
    } finally {
      console.log = origLog;
    }
    const file = path.join(t.dataDir, INITIAL_ADMIN_PASSWORD_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = /初始密码：(\S+)/.exec(fs.readFileSync(file, 'utf8'))![1];
    expect(password.length).toBeGreaterThanOrEqual(12);
    await expect(login(t.app, '13800000000', password)).resolves.toBeTruthy();
    const out = [...lines, ...logs].join('\n');
    expect(out).toContain(file);
    expect(out).not.toContain(password);
  });

  it('admin:password sets a new random password and ends the administrator’s sessions', async () => {
    t = await createTestApp();
    const token = await login(t.app, '13800000000');
    expect((await call(t.app, 'POST', '/v1/user/info', { token })).status).toBe(200);
    // The company user's side the administrator opened (进入企业端) ends with the administrator's sessions too.
    const company = await t.db.db.selectFrom('users').select('id').where('mobile', '=', '13800000001').executeTakeFirstOrThrow();
    const view = await call(t.app, 'POST', '/v1/user/admin-view', { token, body: { user_id: company.id } });
    const viewToken = view.body.data.token as string;
    expect((await call(t.app, 'POST', '/v1/user/info', { token: viewToken })).status).toBe(200);
    const password = await resetAdminPassword(t.db, '13800000000', t.now().toISOString());
    expect(password).toMatch(/^[\w-]{12,}$/);
    expect((await call(t.app, 'POST', '/v1/user/info', { token })).status).toBe(401);
    expect((await call(t.app, 'POST', '/v1/user/info', { token: viewToken })).status).toBe(401);
    await expect(login(t.app, '13800000000', password!)).resolves.toBeTruthy();
    await expect(login(t.app, '13800000000')).rejects.toThrow();
    // Only administrators: a company user's mobile is refused.
    expect(await resetAdminPassword(t.db, '13800000001', t.now().toISOString())).toBeNull();
  });
});
