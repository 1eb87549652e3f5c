import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t.app, 'company');
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);

/** A multipart body with a `type` field and one file. */
function multipart(type: string, filename: string, mime: string, content: Buffer) {
  const boundary = '----ipboundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body: payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('POST /v1/common/file', () => {
  it('stores an image and serves it back', async () => {
    const res = await call(t.app, 'POST', '/v1/common/file', { token, ...multipart('image', '头像.png', 'image/png', PNG) });
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({ name: '头像.png', size: PNG.length });
    expect(res.body.data.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(fs.existsSync(path.join(t.dataDir, 'uploads', path.basename(res.body.data.url)))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it.each([
    ['image', 'a.exe', 'application/octet-stream', PNG, 400, '格式不支持'],
    ['image', 'a.png', 'image/png', Buffer.from('not really a png'), 400, '内容与格式不符'],
    ['image', 'a.pdf', 'application/pdf', Buffer.from('%PDF-1.4'), 400, '格式不支持'],
    ['video', 'a.png', 'image/png', PNG, 400, '上传类型'],
    ['image', 'a.png', 'image/png', Buffer.alloc(0), 400, '内容'],
  ])('rejects type=%s %s', async (type, name, mime, content, status, msg) => {
    const res = await call(t.app, 'POST', '/v1/common/file', { token, ...multipart(type, name, mime, content) });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(0);
    expect(res.body.msg).toContain(msg);
  });

  it('accepts a PDF as a file', async () => {
    const res = await call(t.app, 'POST', '/v1/common/file', {
      token,
      ...multipart('file', '营业执照.pdf', 'application/pdf', Buffer.from('%PDF-1.4 test')),
    });
    expect(res.body.code).toBe(1);
  });

  it('rejects files over 5 MB with a Chinese message and stores nothing', async () => {
    const before = fs.readdirSync(path.join(t.dataDir, 'uploads')).length;
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await call(t.app, 'POST', '/v1/common/file', { token, ...multipart('image', 'big.png', 'image/png', big) });
    expect(res.status).toBe(413);
    expect(res.body.msg).toMatch(/5 MB|过大/);
    expect(fs.readdirSync(path.join(t.dataDir, 'uploads')).length).toBe(before);
  });

  it('rejects non-multipart bodies and anonymous callers', async () => {
    expect((await call(t.app, 'POST', '/v1/common/file', { token, body: { a: 1 } })).body.msg).toContain('表单');
    expect((await call(t.app, 'POST', '/v1/common/file', multipart('image', 'a.png', 'image/png', PNG))).status).toBe(401);
  });
});
