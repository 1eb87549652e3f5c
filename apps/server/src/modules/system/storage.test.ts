import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { insertFile, privateDir, tmpDir } from '../common/file-store';
import { seedDemoFiles } from '../../db/seed-files';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-05-01T00:00:00Z' });
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
const PDF = Buffer.from('%PDF-1.4 '.padEnd(300, 'x'));

async function upload(token: string, purpose: string, type: string, filename: string, mime: string, content: Buffer) {
  const boundary = '----st';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await call(t.app, 'POST', '/v1/common/file', {
    token,
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.body.code).toBe(1);
}

describe('POST /v1/system/storage', () => {
  it('reports what was uploaded, by purpose and visibility, and cross-checks the directories', async () => {
    const empty = await call(t.app, 'POST', '/v1/system/storage', { token: admin });
    expect(empty.body.data.total).toEqual({ count: 0, bytes: 0 });
    expect(empty.body.data.disk).toMatchObject({ bytes: 0, files: 0, orphans: 0, missing: 0, partial: 0 });

    const company = await loginAs(t.app, 'company');
    await upload(company, 'avatar', 'image', '头像.png', 'image/png', PNG);
    await upload(company, 'licence', 'file', '执照.pdf', 'application/pdf', PDF);
    await upload(company, 'document', 'file', '合同.pdf', 'application/pdf', PDF);
    // An export made by the job (1000 bytes, expiring in 12 hours), a stray file and a .part left by a crash.
    fs.writeFileSync(path.join(privateDir(t.config), 'e'.repeat(32) + '.xlsx'), Buffer.alloc(1000));
    await insertFile(t.deps, {
      ownerId: 1,
      kind: 'file',
      purpose: 'export',
      name: '导出.xlsx',
      storedName: 'e'.repeat(32) + '.xlsx',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      size: 1000,
      expiresAt: '2026-05-01T12:00:00.000Z',
    });
    fs.writeFileSync(path.join(privateDir(t.config), 'stray.bin'), Buffer.alloc(7));
    fs.writeFileSync(path.join(tmpDir(t.config), 'x.pdf.part'), Buffer.alloc(5));

    const res = await call(t.app, 'POST', '/v1/system/storage', { token: admin });
    expect(res.status).toBe(200);
    const r = res.body.data;
    const bytes = PNG.length + 2 * PDF.length + 1000;
    expect(r.total).toEqual({ count: 4, bytes });
    const by = Object.fromEntries(r.by_purpose.map((p: { purpose: string }) => [p.purpose, p]));
    expect(by.avatar).toEqual({ purpose: 'avatar', label: '头像', count: 1, bytes: PNG.length });
    expect(by.licence).toMatchObject({ count: 1, bytes: PDF.length });
    expect(by.document).toMatchObject({ count: 1, bytes: PDF.length });
    expect(by.export).toMatchObject({ label: '导出文件', count: 1, bytes: 1000 });
    expect(by.portal).toMatchObject({ count: 0, bytes: 0 });
    expect(r.by_visibility).toEqual([
      { visibility: 'public', count: 1, bytes: PNG.length },
      { visibility: 'private', count: 3, bytes: 2 * PDF.length + 1000 },
    ]);
    expect(r.exports).toEqual({ ttl_days: 7, expiring_24h: { count: 1, bytes: 1000 }, next_expiry: '2026-05-01T12:00:00.000Z' });
    expect(r.disk).toEqual({ bytes: bytes + 7 + 5, files: 6, orphans: 1, missing: 0, partial: 1 });
  });

  it('is for administrators only', async () => {
    for (const kind of ['company', 'trial', 'main', 'staff'] as const) {
      const res = await call(t.app, 'POST', '/v1/system/storage', { token: await loginAs(t.app, kind) });
      expect(res.status, kind).toBe(403);
      expect(res.body.code).toBe(0);
    }
    expect((await call(t.app, 'POST', '/v1/system/storage')).status).toBe(401);
  });
});

describe('demo files of a fresh start', () => {
  it('gives the company user a public avatar and a private licence the storage report counts', async () => {
    const fresh = await createTestApp();
    try {
      await seedDemoFiles(fresh.deps);
      const company = await loginAs(fresh.app, 'company');
      const info = await call(fresh.app, 'POST', '/v1/user/info', { token: company, body: {} });
      const avatar = await call(fresh.app, 'GET', info.body.data.avatar);
      expect(avatar.status).toBe(200);
      expect(avatar.headers['content-type']).toBe('image/png');
      const files = await fresh.db.db.selectFrom('files').selectAll().orderBy('id').execute();
      expect(files.map((f) => [f.purpose, f.visibility])).toEqual([
        ['avatar', 'public'],
        ['licence', 'private'],
      ]);
      const licence = await call(fresh.app, 'GET', `/v1/common/file/${files[1].id}`, { token: company });
      expect(licence.status).toBe(200);
      expect(String(licence.body)).toMatch(/^%PDF-1\.4/);
      expect(
        (await call(fresh.app, 'GET', `/v1/common/file/${files[1].id}`, { token: await loginAs(fresh.app, 'trial') })).status,
      ).toBe(404);
      const report = await call(fresh.app, 'POST', '/v1/system/storage', { token: await loginAs(fresh.app, 'admin') });
      expect(report.body.data.total.count).toBe(2);
    } finally {
      await fresh.close();
    }
  });
});
