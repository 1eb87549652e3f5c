import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Browser } from '../../../test/browser';
import { call, createTestApp } from '../../../test/helpers';
import { HttpSmsSender } from './sms';
import { HttpWechatClient } from './wechat';

// A local fake of the SMS gateway and of WeChat's OAuth endpoint, on a loopback port.
interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
let server: http.Server;
let base: string;
const received: Received[] = [];
let smsStatus = 200;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.url!.startsWith('/sms')) {
        res.statusCode = smsStatus;
        res.end('{}');
        return;
      }
      const u = new URL(req.url!, 'http://x');
      res.setHeader('content-type', 'application/json');
      if (u.pathname === '/sns/oauth2/access_token' && u.searchParams.get('code') === 'good') {
        res.end(JSON.stringify({ openid: 'wx-openid-123', access_token: 'a' }));
      } else {
        res.end(JSON.stringify({ errcode: 40029, errmsg: 'invalid code' }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  received.length = 0;
  smsStatus = 200;
});

describe('HttpSmsSender', () => {
  it('posts the mobile and content as JSON with the key', async () => {
    await new HttpSmsSender(`${base}/sms`, 'k1').send('13800000001', '你好');
    expect(received).toHaveLength(1);
    expect(received[0].method).toBe('POST');
    expect(received[0].headers.authorization).toBe('Bearer k1');
    expect(JSON.parse(received[0].body)).toEqual({ mobile: '13800000001', content: '你好' });
  });

  it('turns gateway failures and an unreachable gateway into Chinese 502 errors', async () => {
    smsStatus = 500;
    await expect(new HttpSmsSender(`${base}/sms`, undefined).send('13800000001', 'x')).rejects.toMatchObject({
      status: 502,
      message: '短信发送失败，请稍后再试',
    });
    await expect(new HttpSmsSender('http://127.0.0.1:1/sms', undefined, 500).send('13800000001', 'x')).rejects.toMatchObject({
      status: 502,
    });
  });

  it('is chosen by SMS_PROVIDER=http and used by send-code', async () => {
    const t = await createTestApp({ env: { SMS_PROVIDER: 'http', SMS_HTTP_URL: `${base}/sms`, SMS_HTTP_KEY: 'k2' } });
    try {
      const res = await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile: '13912340000', purpose: 'register' } });
      expect(res.body.code).toBe(1);
      expect(JSON.parse(received[0].body).content).toMatch(/验证码为 \d{6}/);
      expect(await t.sms.messages()).toHaveLength(0);
      smsStatus = 503;
      t.advance(61_000);
      const failed = await call(t.app, 'POST', '/v1/user/send-code', { body: { mobile: '13912340000', purpose: 'register' } });
      expect(failed.status).toBe(502);
      expect(failed.body).toMatchObject({ code: 0, msg: '短信发送失败，请稍后再试' });
    } finally {
      await t.close();
    }
  });
});

describe('HttpWechatClient', () => {
  it('exchanges a code for an openid', async () => {
    const client = new HttpWechatClient(base, 'appid1', 'secret1');
    expect(await client.openidFromCode('good')).toBe('wx-openid-123');
    const q = new URL(received[0].url, 'http://x').searchParams;
    expect(Object.fromEntries(q)).toEqual({ appid: 'appid1', secret: 'secret1', code: 'good', grant_type: 'authorization_code' });
  });

  it('answers a bad code in Chinese', async () => {
    await expect(new HttpWechatClient(base).openidFromCode('bad')).rejects.toMatchObject({
      status: 400,
      message: '微信授权已失效，请重新进入',
    });
    await expect(new HttpWechatClient('http://127.0.0.1:1').openidFromCode('x')).rejects.toMatchObject({ status: 502 });
  });

  it('is chosen by WECHAT_PROVIDER=http and used by /v1/openid_login', async () => {
    const t = await createTestApp({
      env: { WECHAT_PROVIDER: 'http', WECHAT_HTTP_URL: base, WECHAT_APPID: 'a', WECHAT_SECRET: 's' },
    });
    try {
      const browser = new Browser(t.app);
      const redirect = await browser.call('GET', '/v1/wechat', { query: { redirect_uri: '/login' } });
      const location = String(redirect.headers.location);
      expect(location).toMatch(/^https:\/\/open\.weixin\.qq\.com\/connect\/oauth2\/authorize\?appid=a/);
      const state = new URL(location).searchParams.get('state')!;
      const res = await browser.call('GET', '/v1/openid_login', { query: { code: 'good', state } });
      expect(res.body.data).toMatchObject({ bound: false, token: null });
      expect(res.body.data.ticket).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(res.body)).not.toContain('wx-openid-123');
    } finally {
      await t.close();
    }
  });
});
