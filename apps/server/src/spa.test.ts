import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/helpers';

// The server serves the built SPA: index.html for page routes, files as they are, a 404 for missing files.
let t: TestApp;
let web: string;
beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'ip-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ env: { WEB_DIST: web } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/web/index', '/workEnterprisevisit?company_id=1&company_name=%E7%A4%BA%E4%BE%8B', '/no/such/page'])(
    'answers %s with index.html',
    async (url) => {
      const res = await call(t.app, 'GET', url);
      expect(res.status).toBe(200);
      expect(String(res.headers['content-type'])).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('serves built files', async () => {
    const res = await call(t.app, 'GET', '/assets/app.js');
    expect(res.status).toBe(200);
    expect(res.body).toBe('console.log(1)');
  });

  it('answers a missing file with a 404 envelope, not the page', async () => {
    const res = await call(t.app, 'GET', '/assets/gone-123.js');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 0, msg: '文件不存在' });
  });

  it('keeps unknown API paths as the API 404', async () => {
    const res = await call(t.app, 'GET', '/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 0, msg: '接口不存在' });
  });
});
