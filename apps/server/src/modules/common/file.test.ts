import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { issueToken } from '../../http/auth';
import { NEW_USER } from '../account/new-user';
import { partPathFor, privateDir, publicDir, signedFileUrl, tmpDir, writeAtomic } from './file-store';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t.app, 'company');
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
const PDF = Buffer.from('%PDF-1.4 营业执照 test');

/** A multipart body with text fields (in order) and one file. */
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
const typed = (type: string, filename: string, mime: string, content: Buffer) => multipart({ type }, filename, mime, content);

/** Every file under DATA_DIR/uploads, DATA_DIR/private and DATA_DIR/tmp. */
function filesOnDisk(): string[] {
  const out: string[] = [];
  for (const dir of [publicDir(t.config), privateDir(t.config), tmpDir(t.config)]) {
    for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) if (e.isFile()) out.push(e.name);
  }
  return out.sort();
}
const rowCount = async () => (await t.db.db.selectFrom('files').select('id').execute()).length;

async function uploadDocument(tok: string, purpose = 'licence', name = '营业执照.pdf') {
  const res = await call(t.app, 'POST', '/v1/common/file', {
    token: tok,
    ...multipart({ type: 'file', purpose }, name, 'application/pdf', PDF),
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data as { id: number; url: string; name: string; size: number; visibility: string };
}

describe('POST /v1/common/file', () => {
  it('stores an avatar as a public file and serves it back at /uploads/', async () => {
    const res = await call(t.app, 'POST', '/v1/common/file', {
      token,
      ...multipart({ type: 'image', purpose: 'avatar' }, '头像.png', 'image/png', PNG),
    });
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({ name: '头像.png', size: PNG.length, visibility: 'public' });
    expect(res.body.data.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(fs.existsSync(path.join(t.dataDir, 'uploads', path.basename(res.body.data.url)))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    ['image', 'a.exe', 'application/octet-stream', PNG, 400, '格式不支持'],
    ['image', 'a.png', 'image/png', Buffer.from('not really a png'), 400, '内容与格式不符'],
    ['image', 'a.pdf', 'application/pdf', Buffer.from('%PDF-1.4'), 400, '格式不支持'],
    ['video', 'a.png', 'image/png', PNG, 400, '上传类型'],
    ['image', 'a.png', 'image/png', Buffer.alloc(0), 400, '内容'],
  ])('rejects type=%s %s', async (type, name, mime, content, status, msg) => {
    const before = filesOnDisk();
    const res = await call(t.app, 'POST', '/v1/common/file', { token, ...typed(type, name, mime, content) });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(0);
    expect(res.body.msg).toContain(msg);
    expect(filesOnDisk()).toEqual(before);
  });

  // Issue 8 item 9: a user-given key must never reach Object.prototype (these answered 500).
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    'answers 400 for type=%s in the form or the query and stores nothing',
    async (key) => {
      const before = filesOnDisk();
      const rows = await rowCount();
      const inForm = await call(t.app, 'POST', '/v1/common/file', { token, ...typed(key, 'a.png', 'image/png', PNG) });
      expect(inForm.status).toBe(400);
      expect(inForm.body).toEqual({ code: 0, msg: '上传类型不正确，只能是 image 或 file' });
      const inQuery = await call(t.app, 'POST', '/v1/common/file', {
        token,
        query: { type: key },
        ...multipart({}, 'a.png', 'image/png', PNG),
      });
      expect(inQuery.status).toBe(400);
      expect(inQuery.body.msg).toBe('上传类型不正确，只能是 image 或 file');
      const purpose = await call(t.app, 'POST', '/v1/common/file', {
        token,
        query: { purpose: key },
        ...typed('image', 'a.png', 'image/png', PNG),
      });
      expect(purpose.status).toBe(400);
      expect(purpose.body.msg).toContain('上传用途不正确');
      expect(filesOnDisk()).toEqual(before);
      expect(await rowCount()).toBe(rows);
    },
  );

  it('keeps documents private: the reply’s url is the authenticated one and nothing lands under /uploads', async () => {
    const before = fs.readdirSync(publicDir(t.config)).length;
    const doc = await uploadDocument(token, 'document', '专利说明.pdf');
    expect(doc.url).toBe(`/v1/common/file/${doc.id}`);
    expect(doc.visibility).toBe('private');
    expect(fs.readdirSync(publicDir(t.config)).length).toBe(before);
    // Without a purpose an upload is a private document.
    const plain = await call(t.app, 'POST', '/v1/common/file', { token, ...typed('image', '图.png', 'image/png', PNG) });
    expect(plain.body.data.url).toBe(`/v1/common/file/${plain.body.data.id}`);
  });

  it('keeps no control characters of the file name (a NUL would break PostgreSQL)', async () => {
    const doc = await uploadDocument(token, 'document', '专利\u0000说明\u0007.pdf');
    expect(doc.name).toBe('专利说明.pdf');
    const row = await t.db.db.selectFrom('files').select('name').where('id', '=', doc.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('专利说明.pdf');
  });

  it('refuses portal images from non-administrators and avatars that are not images', async () => {
    const portal = await call(t.app, 'POST', '/v1/common/file', {
      token,
      ...multipart({ type: 'image', purpose: 'portal' }, 'a.png', 'image/png', PNG),
    });
    expect(portal.status).toBe(403);
    expect(portal.body.msg).toContain('管理员');
    const avatarPdf = await call(t.app, 'POST', '/v1/common/file', {
      token,
      ...multipart({ type: 'file', purpose: 'avatar' }, 'a.pdf', 'application/pdf', PDF),
    });
    expect(avatarPdf.status).toBe(400);
  });

  it('rejects files over 5 MB with a Chinese message and stores nothing', async () => {
    const before = filesOnDisk();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await call(t.app, 'POST', '/v1/common/file', { token, ...typed('image', 'big.png', 'image/png', big) });
    expect(res.status).toBe(413);
    expect(res.body.msg).toMatch(/5 MB|过大/);
    expect(filesOnDisk()).toEqual(before);
  });

  it('stores nothing for an upload cut off mid-file', async () => {
    const before = filesOnDisk();
    const rows = await rowCount();
    const { body, headers } = typed('image', 'cut.png', 'image/png', PNG);
    const res = await call(t.app, 'POST', '/v1/common/file', { token, headers, body: body.subarray(0, body.length - 60) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(0);
    expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(filesOnDisk()).toEqual(before);
    expect(await rowCount()).toBe(rows);
  });

  it('rejects non-multipart bodies and anonymous callers', async () => {
    expect((await call(t.app, 'POST', '/v1/common/file', { token, body: { a: 1 } })).body.msg).toContain('表单');
    expect((await call(t.app, 'POST', '/v1/common/file', typed('image', 'a.png', 'image/png', PNG))).status).toBe(401);
  });
});

describe('writing files: a temporary name, renamed when complete', () => {
  it('leaves neither the file nor its .part when the source fails mid-write', async () => {
    const target = path.join(privateDir(t.config), 'deadbeefdeadbeefdeadbeefdeadbeef.pdf');
    let sent = 0;
    const source = new Readable({
      read() {
        if (sent++ < 3) this.push(Buffer.alloc(64 * 1024, 7));
        else this.destroy(new Error('disk pulled'));
      },
    });
    let seenPart = false;
    source.on('data', () => {
      seenPart ||= fs.existsSync(partPathFor(t.config, path.basename(target)));
      // While the bytes are being written the final name does not exist: nothing can serve half a file.
      expect(fs.existsSync(target)).toBe(false);
    });
    await expect(writeAtomic(t.config, target, source)).rejects.toThrow('disk pulled');
    expect(seenPart).toBe(true);
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.existsSync(partPathFor(t.config, path.basename(target)))).toBe(false);
  });

  it('never serves a .part file left by a crash, nor anything outside the flat public directory', async () => {
    fs.writeFileSync(path.join(tmpDir(t.config), 'abababababababababababababababab.png.part'), PNG.subarray(0, 20));
    fs.mkdirSync(path.join(publicDir(t.config), 'exports'), { recursive: true });
    fs.writeFileSync(path.join(publicDir(t.config), 'exports', 'cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd.xlsx'), 'PK\u0003\u0004');
    fs.writeFileSync(path.join(publicDir(t.config), 'efefefefefefefefefefefefefefefef.png.part'), PNG.subarray(0, 20));
    for (const url of [
      '/uploads/exports/cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd.xlsx',
      '/uploads/efefefefefefefefefefefefefefefef.png.part',
      '/uploads/../tmp/abababababababababababababababab.png.part',
      '/tmp/abababababababababababababababab.png.part',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe(0);
    }
  });
});

describe('GET /v1/common/file/:id: private files for their owner and administrators', () => {
  let doc: { id: number; url: string };
  let raw: string;
  beforeAll(async () => {
    doc = await uploadDocument(token, 'licence', '营业执照 2026.pdf');
    raw = fs.readdirSync(privateDir(t.config)).find((f) => f.endsWith('.pdf'))!;
  });

  const get = (url: string, tok?: string) => call(t.app, 'GET', url, { token: tok });

  it('serves the owner with the stored type, the original name and nosniff', async () => {
    const res = await t.app.inject({ method: 'GET', url: doc.url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="____ 2026.pdf"; filename*=UTF-8''${encodeURIComponent('营业执照 2026.pdf')}`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('serves administrators and an administrator in admin view of the owner', async () => {
    const admin = await loginAs(t.app, 'admin');
    expect((await get(doc.url, admin)).status).toBe(200);
    const owner = await t.db.db.selectFrom('files').select('owner_id').where('id', '=', doc.id).executeTakeFirstOrThrow();
    const view = await call(t.app, 'POST', '/v1/user/admin-view', { token: admin, body: { user_id: owner.owner_id } });
    expect((await get(doc.url, view.body.data.token)).status).toBe(200);
  });

  it('answers everyone else exactly as for a missing file', async () => {
    const missing = await get('/v1/common/file/999999', token);
    expect(missing.status).toBe(404);
    for (const kind of ['trial', 'main', 'staff'] as const) {
      const res = await get(doc.url, await loginAs(t.app, kind));
      expect(res.status, kind).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
    const now = t.now().toISOString();
    const otherCompany = await t.db.db
      .insertInto('users')
      .values({ ...NEW_USER, mobile: '13900000077', name: '另一家', password_hash: 'x', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const other = await issueToken(t.deps, 'user', Number(otherCompany.id));
    expect((await get(doc.url, other)).body).toEqual(missing.body);
    const v = await t.db.db
      .insertInto('visitors')
      .values({ mobile: '13700000011', name: '', created_at: now, last_login_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await get(doc.url, await issueToken(t.deps, 'visitor', Number(v.id)))).body).toEqual(missing.body);
    const anonymous = await get(doc.url);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(0);
    expect((await get('/v1/common/file/abc', token)).status).toBe(404);
    // …and never under /uploads/.
    // A .pdf there is taken for a full text (ADR 0031): the anonymous are turned away first, a user finds nothing.
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${raw}` })).statusCode).toBe(401);
    expect((await get(`/uploads/${raw}`, token)).status).toBe(404);
  });

  it('serves a signed link without a session until it expires; a tampered one never', async () => {
    const link = signedFileUrl(t.deps, doc.id);
    const ok = await t.app.inject({ method: 'GET', url: link });
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(PDF)).toBe(true);
    const u = new URL(link, 'http://x');
    const sig = u.searchParams.get('sig')!;
    const expires = Number(u.searchParams.get('expires'));
    const tampered = [
      `/v1/common/file/${doc.id}?expires=${expires}&sig=${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`,
      `/v1/common/file/${doc.id}?expires=${expires + 60}&sig=${sig}`,
      `/v1/common/file/${doc.id + 1}?expires=${expires}&sig=${sig}`,
      `/v1/common/file/${doc.id}?expires=${expires}`,
      `/v1/common/file/${doc.id}?expires=${expires}&sig=zz`,
    ];
    for (const url of tampered) {
      const res = await get(url);
      expect(res.status, url).toBe(403);
      expect(res.body).toEqual({ code: 0, msg: '下载链接已过期或无效，请返回页面重新下载' });
    }
    // Ten minutes on, the same link is refused.
    const start = t.now();
    t.advance(10 * 60 * 1000 + 1000);
    expect((await get(link)).status).toBe(403);
    t.setNow(start);
    expect((await get(link)).status).toBe(200);
  });
});
