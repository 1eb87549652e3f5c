import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_RESTRICTION_MESSAGES, TOKEN_COOKIE } from '@ip/contract';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { issueToken } from '../../http/auth';
import { publicDir } from '../common/file-store';

// ADR 0031: a full-text PDF stored under /uploads/ is given to the callers /v1/patents/detail gives its address to
// (verified company users, administrators, enterprise-service accounts) and refused to trial users, visitors and
// the anonymous, who may know the address. Public uploads (avatars, portal images) stay public.

const PDF = Buffer.from('%PDF-1.4\n% full text\n%%EOF\n');
const URL = '/uploads/fulltext/CN101800001B.pdf';
let t: TestApp;
let avatarUrl: string;

const get = (url: string, token?: string, headers?: Record<string, string>) => call(t.app, 'GET', url, { token, headers });

beforeAll(async () => {
  t = await createTestApp();
  const dir = path.join(publicDir(t.deps.config), 'fulltext');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'CN101800001B.pdf'), PDF);
  // A public upload as the file route stores it: a flat hex name.
  const name = `${'a'.repeat(32)}.png`;
  fs.writeFileSync(path.join(publicDir(t.deps.config), name), Buffer.from('89504e470d0a1a0a', 'hex'));
  avatarUrl = `/uploads/${name}`;
});
afterAll(() => t.close());

describe('full-text PDFs under /uploads/', () => {
  it('refuses the anonymous, a visitor and a stale token with the login reason (401), a trial user with its own (403)', async () => {
    const v = await t.db.db
      .insertInto('visitors')
      .values({ mobile: '13700000001', name: '', created_at: t.now().toISOString(), last_login_at: t.now().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const visitor = await issueToken(t.deps, 'visitor', v.id);
    for (const [who, token] of [
      ['anonymous', undefined],
      ['visitor', visitor],
      ['stale token', 'f'.repeat(64)],
    ] as const) {
      const res = await get(URL, token);
      expect(res.status, who).toBe(401);
      expect(res.body, who).toEqual({ code: 0, msg: PDF_RESTRICTION_MESSAGES.login });
    }
    const trial = await get(URL, await loginAs(t.app, 'trial'));
    expect(trial.status).toBe(403);
    expect(trial.body).toEqual({ code: 0, msg: PDF_RESTRICTION_MESSAGES.trial });
    // Whether a file exists is not told either: a missing one answers the same.
    expect((await get('/uploads/fulltext/missing.pdf')).status).toBe(401);
    // Other spellings of the address reach the same gate.
    expect((await get('/uploads/fulltext/CN101800001B.PDF')).status).toBe(401);
    expect((await get('/uploads/fulltext/%43N101800001B.pdf')).status).toBe(401);
    expect((await get(`${URL}?x=1`)).status).toBe(401);
  });

  it('serves verified company users (header or cookie), administrators and enterprise-service accounts', async () => {
    for (const kind of ['company', 'admin', 'main', 'staff'] as const) {
      const res = await get(URL, await loginAs(t.app, kind));
      expect(res.status, kind).toBe(200);
      expect(res.headers['content-type'], kind).toBe('application/pdf');
      expect(res.body, kind).toBe(PDF.toString());
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    // A link opened in the browser carries the session cookie, not a header.
    const cookie = await get(URL, undefined, { cookie: `${TOKEN_COOKIE}=${await loginAs(t.app, 'company')}` });
    expect(cookie.status).toBe(200);
    expect((await get('/uploads/fulltext/missing.pdf', await loginAs(t.app, 'company'))).body).toEqual({
      code: 0,
      msg: '文件不存在',
    });
  });

  it('keeps public uploads public and refuses paths out of the directory', async () => {
    const res = await get(avatarUrl);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const company = await loginAs(t.app, 'company');
    for (const url of ['/uploads/../secret.pdf', '/uploads/%2e%2e/secret.pdf', '/uploads/fulltext/..%2F..%2Fsecret.pdf']) {
      expect((await get(url, company)).status, url).not.toBe(200);
    }
  });
});
