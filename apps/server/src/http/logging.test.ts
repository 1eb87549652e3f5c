import { afterEach, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../../test/helpers';
import { loggerOptions, maskUrl, startupLogger } from './logging';

// What reaches the log: no WARN for answers a handler sends itself (a search-syntax 400, a redirect), and in
// production no password, verification code or token in any line.

interface Line {
  level: number;
  msg?: string;
  [k: string]: unknown;
}

function capture() {
  const raw: string[] = [];
  return {
    sink: { write: (line: string) => void raw.push(line) },
    lines: (): Line[] => raw.map((l) => JSON.parse(l) as Line),
    text: () => raw.join(''),
  };
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('log lines', () => {
  it('has no warning or error for a search-syntax 400 and the /v1/wechat redirect', async () => {
    const log = capture();
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logSink: log.sink });
    const bad = await call(t.app, 'POST', '/v1/search/expression', { body: { expression: 'TI=((电池' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 0 });
    expect(typeof bad.body.position).toBe('number');
    const redirect = await call(t.app, 'GET', '/v1/wechat', { query: { redirect_uri: '/login' } });
    expect(redirect.status).toBe(302);
    const lines = log.lines();
    expect(lines.some((l) => l.msg === 'request completed')).toBe(true);
    expect(lines.filter((l) => l.level >= 40).map((l) => `${l.level} ${l.msg}`)).toEqual([]);
  });

  it('in production, holds no password, code or token of login, send-code, register and WeChat login', async () => {
    const log = capture();
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SMS_PROVIDER: 'outbox',
        WECHAT_PROVIDER: 'offline',
        TIANYANCHA_PROVIDER: 'offline',
        LOG_LEVEL: 'debug',
      },
      logSink: log.sink,
    });
    const mobile = '13912345678';
    const sent = await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile, purpose: 'register' } });
    expect(sent.body.code).toBe(1);
    const code = await t.sms.lastCode(mobile);
    const password = 'Secret123xyz';
    const reg = await call(t.app, 'POST', '/v1/user/register', {
      body: { mobile, code, password, name: '赵六', company_name: '新注册科技有限公司' },
    });
    expect(reg.body.code).toBe(1);
    const token = await login(t.app, DEMO.company);
    await call(t.app, 'POST', '/v1/user/info', { token, headers: { cookie: `token=${token}` } });
    const wx = await call(t.app, 'GET', '/v1/openid_login', { query: { code: 'wxcode-secret-42' } });
    expect(wx.status).toBeLessThan(500);

    const text = log.text();
    expect(text).toContain('SMS (outbox)');
    expect(text).toContain('139****5678');
    for (const secret of [code, password, DEMO_PASSWORD, token, reg.body.data.token, 'wxcode-secret-42', mobile]) {
      expect(text).not.toContain(secret);
    }
  });

  it('keeps the SMS text in the development log (the demo reads its codes there)', async () => {
    const log = capture();
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logSink: log.sink });
    await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile: '13912345678', purpose: 'register' } });
    expect(log.text()).toContain(await t.sms.lastCode('13912345678'));
  });

  it('pretty-prints through pino-pretty when LOG_FORMAT is pretty, JSON to stdout otherwise', async () => {
    const pretty = (await loggerOptions({ logLevel: 'info', logFormat: 'pretty' })) as { stream?: { write: unknown } };
    expect(typeof pretty.stream?.write).toBe('function');
    const json = (await loggerOptions({ logLevel: 'info', logFormat: 'json' })) as { stream?: unknown };
    expect(json.stream).toBeUndefined();
  });

  it("logs the start's migrations and index rebuild like the server: JSON at its level, secrets hidden", async () => {
    const log = capture();
    const start = await startupLogger({ logLevel: 'info', logFormat: 'json' }, log.sink);
    start.info('正在重建全文索引（app-fts.db、app-title.db）：3 件专利');
    start.debug('not at info');
    start.info({ headers: { authorization: 'Bearer secret-token' } }, 'with a header');
    expect(log.lines().map((l) => [l.level, l.msg])).toEqual([
      [30, '正在重建全文索引（app-fts.db、app-title.db）：3 件专利'],
      [30, 'with a header'],
    ]);
    expect(log.text()).not.toContain('secret-token');
    const quiet = capture();
    (await startupLogger({ logLevel: 'warn', logFormat: 'json' }, quiet.sink)).info('below warn');
    expect(quiet.text()).toBe('');
  });

  it('masks secret query values in logged URLs', () => {
    expect(maskUrl('/v1/openid_login?code=abc&x=1')).toBe('/v1/openid_login?code=***&x=1');
    expect(maskUrl('/v1/get_token?openid=o1&access_token=t')).toBe('/v1/get_token?openid=***&access_token=***');
    expect(maskUrl('/v1/search')).toBe('/v1/search');
  });
});
