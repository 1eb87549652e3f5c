import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../test/helpers';

// Issue 8 item 9: a body that is not a JSON object says so in Chinese (routes.ts, the one place bodies are read).
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t.app, 'company');
});
afterAll(() => t.close());

const raw = (url: string, payload: string, type: string) =>
  call(t.app, 'POST', url, { token, body: payload, headers: { 'content-type': type } });

describe('request bodies', () => {
  it.each(['[]', '"x"', '1', 'null', 'true', '[{"mobile":"13800000001"}]'])(
    'refuses the JSON %s where an object is expected',
    async (json) => {
      const res = await raw('/v1/user/login', json, 'application/json');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 0, msg: '请求内容须为 JSON 对象（{...}）' });
    },
  );

  it('still reads an absent body as {} (the usual missing-field message)', async () => {
    const res = await call(t.app, 'POST', '/v1/search/expression', { token });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it.each([
    ['text/plain', '{"val":"电池"}'],
    ['application/x-www-form-urlencoded', 'val=%E7%94%B5%E6%B1%A0'],
    ['application/xml', '<val>电池</val>'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="val"\r\n\r\n电池\r\n--x--\r\n'],
  ])('answers %s on a JSON call with 415 and a Chinese message', async (type, payload) => {
    const res = await raw('/v1/search/expression', payload, type);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ code: 0, msg: '不支持的请求格式，请以 JSON 提交' });
  });

  it('ignores a JSON body of any kind on a call that takes none', async () => {
    for (const json of ['[]', '1', '{"a":1}']) {
      const res = await raw('/v1/user/logout', json, 'application/json');
      expect(res.status, json).toBe(200);
      expect(res.body.code).toBe(1);
      token = await loginAs(t.app, 'company');
    }
  });

  it.each([
    ['no boundary', 'multipart/form-data', 'x'],
    ['cut short', 'multipart/form-data; boundary=zz', 'a=1&b=2'],
    ['cut inside a part', 'multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="type"\r\n\r\nim'],
  ])('answers a broken multipart upload (%s) with 400, not 500', async (_what, type, payload) => {
    for (const url of ['/v1/common/file', '/v1/patents/import']) {
      const res = await call(t.app, 'POST', url, {
        token: url.includes('import') ? await loginAs(t.app, 'admin') : token,
        body: payload,
        headers: { 'content-type': type },
      });
      expect(res.status, url).toBe(400);
      expect(res.body.code).toBe(0);
      expect(res.body.msg, url).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('refuses U+0000 in any string or key of a body or query (PostgreSQL text cannot hold it)', async () => {
    for (const body of [
      { mobile: '138\u00000000001', password: 'x' },
      { mobile: '13800000001', password: 'a\u0000' },
    ]) {
      const res = await call(t.app, 'POST', '/v1/user/login', { body });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('请求内容不能包含空字符（\\u0000）');
    }
    const form = await call(t.app, 'POST', '/v1/search/get-expression', { token, body: { form: { 'TI\u0000': 'x' } } });
    expect(form.body.msg).toBe('请求内容不能包含空字符（\\u0000）');
    const query = await call(t.app, 'GET', '/v1/openid_login', { query: { code: 'a\u0000b' } });
    expect(query.status).toBe(400);
    expect(query.body.msg).toBe('请求内容不能包含空字符（\\u0000）');
  });

  it('answers an address past the HTTP parser’s limit, and a malformed request, in Chinese (a real socket)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const send = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
        let got = '';
        socket.on('data', (d) => (got += d.toString('utf8')));
        socket.on('end', () => resolve(got));
        socket.on('error', reject);
      });
    const long = await send(`GET /v1/visit/warningList_two?keyword=${'%E4%BC%81'.repeat(5000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(long.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(long.slice(long.indexOf('\r\n\r\n') + 4))).toEqual({ code: 0, msg: '请求地址或请求头过长' });
    const garbled = await send('NOT-HTTP\r\n\r\n');
    expect(garbled.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(garbled.slice(garbled.indexOf('\r\n\r\n') + 4))).toEqual({ code: 0, msg: '请求不正确' });
  });

  it('answers malformed JSON and a malformed URL in Chinese', async () => {
    expect((await raw('/v1/search/expression', '{"val":', 'application/json')).body.msg).toBe(
      '请求格式不正确，请提交合法的 JSON',
    );
    const bad = await call(t.app, 'GET', '/v1/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 0, msg: '请求地址不正确' });
  });
});
