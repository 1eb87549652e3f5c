import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { publicDir } from './file-store';

// Portal images are resized on upload (ADR 0053): the original kept, a 480 px WebP thumbnail and a ≤1200 px display
// copy stored beside it, the public list giving the thumbnail, long cache headers on /uploads/. Real images made with
// sharp. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let admin: string;

function multipart(fields: Record<string, string>, filename: string, mime: string, content: Buffer) {
  const boundary = '----ipboundary';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body: payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (content: Buffer, name = 'photo.jpg', mime = 'image/jpeg', purpose = 'portal', token = admin) =>
  call(t.app, 'POST', '/v1/common/file', { token, ...multipart({ type: 'image', purpose }, name, mime, content) });
const rowCount = async () => (await t.db.db.selectFrom('files').select('id').execute()).length;
const diskCount = () => fs.readdirSync(publicDir(t.config)).length;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T02:00:00.000Z' });
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

describe('portal image variants', () => {
  it('keeps the original and stores a 480 px thumbnail and a 1200 px display copy, served with cache headers', async () => {
    const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#2a7ae2' } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const res = await upload(jpeg);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const up = res.body.data as {
      id: number;
      url: string;
      thumb_url: string;
      display_url: string;
      width: number;
      height: number;
    };
    expect(up).toMatchObject({ width: 2400, height: 1600 });
    expect(up.thumb_url).toMatch(/^\/uploads\/[0-9a-f]{32}-w480\.webp$/);
    expect(up.display_url).toMatch(/^\/uploads\/[0-9a-f]{32}-w1200\.webp$/);

    const original = await call(t.app, 'GET', up.url);
    expect(original.status).toBe(200);
    expect(original.headers['cache-control']).toBe('public, max-age=604800, immutable');
    for (const [url, width, height] of [
      [up.thumb_url, 480, 320],
      [up.display_url, 1200, 800],
    ] as const) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type']).toBe('image/webp');
      expect(r.headers['cache-control']).toBe('public, max-age=604800, immutable');
      const meta = await sharp(r.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height });
      expect(r.rawPayload.length).toBeLessThan(jpeg.length);
    }

    // The cover of a published article: the public list gives the thumbnail, the detail the original.
    const saved = await call(t.app, 'POST', '/v1/portal/admin/article/save', {
      token: admin,
      body: { channel: 'activities', title: '缩略图测试活动', cover_file_id: up.id },
    });
    await call(t.app, 'POST', '/v1/portal/admin/article/publish', { token: admin, body: { id: saved.body.data.id } });
    const list = await call(t.app, 'GET', '/v1/portal/articles', { query: { channel: 'activities', keyword: '缩略图测试' } });
    expect(list.body.data.list[0]).toMatchObject({ cover_url: up.url, cover_thumb_url: up.thumb_url });
  });

  it('does not enlarge a small image', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const res = await upload(png, 'small.png', 'image/png');
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const thumb = await t.app.inject({ method: 'GET', url: res.body.data.thumb_url });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 300, height: 200 });
  });

  it('refuses a file that only looks like an image and an oversize canvas, leaving nothing behind', async () => {
    const rows = await rowCount();
    const files = diskCount();
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    let res = await upload(fake, 'fake.png', 'image/png');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('图片无法识别，请上传有效的 PNG、JPG、GIF 或 WebP 图片');
    // 9000 × 5000 = 45 million pixels: small as a one-colour PNG, too large to decode.
    const huge = await sharp({ create: { width: 9000, height: 5000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    res = await upload(huge, 'huge.png', 'image/png');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('图片尺寸过大（9000×5000），请缩小到 4000 万像素以内后上传');
    // A text file named .png is refused before it is decoded (its bytes do not match).
    res = await upload(Buffer.from('not an image at all'), 'note.png', 'image/png');
    expect(res.status).toBe(400);
    expect(await rowCount()).toBe(rows);
    expect(diskCount()).toBe(files);
  });

  it('leaves avatars and documents without variants', async () => {
    const png = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#888888' } })
      .png()
      .toBuffer();
    const res = await upload(png, 'me.png', 'image/png', 'avatar');
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.data.thumb_url).toBeUndefined();
    const row = await t.db.db
      .selectFrom('files')
      .select(['thumb_name', 'display_name'])
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ thumb_name: '', display_name: '' });
  });
});
