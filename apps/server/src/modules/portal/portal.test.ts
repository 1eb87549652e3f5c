import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DEFAULT_SHARE, PUBLIC_CHANNEL_KEYS } from '@ip/contract';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { PORTAL_DEMO, seedPortalDemo } from '../../db/seed/portal-demo';

// The portal's content (issue 14, ADR 0045): admin calls, public calls, sanitising, share meta in the HTML.
// Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let admin: string;
let company: string;
let web: string;
const START = '2026-11-20T02:00:00.000Z'; // 10:00 Shanghai

const post = (token: string | undefined, url: string, body: unknown = {}) => call(t.app, 'POST', `/v1${url}`, { token, body });
const get = (url: string, query: Record<string, string | number> = {}) => call(t.app, 'GET', `/v1${url}`, { query });

// A real image: portal images are decoded and resized on upload (ADR 0053).
const PNG = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1f6feb' } })
  .png()
  .toBuffer();
async function uploadPortalImage(): Promise<{ id: number; url: string; display_url: string }> {
  const boundary = '----ipboundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nimage\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nportal\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await call(t.app, 'POST', '/v1/common/file', {
    token: admin,
    body: payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data;
}

async function draft(body: Record<string, unknown> = {}): Promise<number> {
  const res = await post(admin, '/portal/admin/article/save', {
    channel: 'news',
    title: '测试文章',
    body: '<p>正文</p>',
    ...body,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data.id;
}

beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'ip-web-'));
  fs.writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="x" /><title>平台</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ now: START, env: { WEB_DIST: web } });
  admin = await loginAs(t.app, 'admin');
  company = await loginAs(t.app, 'company');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('admin article calls', () => {
  it('saves a draft, publishes, withdraws and keeps a revision for each step', async () => {
    const cover = await uploadPortalImage();
    const id = await draft({ title: '专利新闻一', summary: '摘要一', cover_file_id: cover.id, pinned: true, source: '区局' });
    let got = await post(admin, '/portal/admin/article', { id });
    expect(got.body.data).toMatchObject({
      status: 'draft',
      title: '专利新闻一',
      cover_url: cover.url,
      pinned: true,
      publish_at: null,
    });
    await post(admin, '/portal/admin/article/save', { id, channel: 'news', title: '专利新闻一（修订）', body: '<p>新正文</p>' });
    const pub = await post(admin, '/portal/admin/article/publish', { id });
    expect(pub.body.data).toMatchObject({ status: 'published', publish_at: START });
    const wd = await post(admin, '/portal/admin/article/withdraw', { id });
    expect(wd.body.data.status).toBe('withdrawn');
    const again = await post(admin, '/portal/admin/article/withdraw', { id });
    expect(again.status).toBe(409);
    const revs = await post(admin, '/portal/admin/article/revisions', { id });
    expect(revs.body.data.map((r: { action: string }) => r.action)).toEqual(['withdraw', 'publish', 'save', 'create']);
    expect(revs.body.data[1].title).toBe('专利新闻一（修订）');
    expect(revs.body.data[3].title).toBe('专利新闻一');
    got = await post(admin, '/portal/admin/articles', { channel: 'news', status: 'withdrawn' });
    expect(got.body.data.list.map((r: { id: number }) => r.id)).toContain(id);
    const del = await post(admin, '/portal/admin/article/delete', { id });
    expect(del.body.code).toBe(1);
    expect((await post(admin, '/portal/admin/article', { id })).status).toBe(404);
    expect((await post(admin, '/portal/admin/article/revisions', { id })).status).toBe(404);
  });

  it('keeps only policy channels’ issuing body and effective date', async () => {
    const p = await draft({ channel: 'policy', issuer: '区管委会', effective_date: '2026-12-01' });
    const n = await draft({ channel: 'news', issuer: '区管委会', effective_date: '2026-12-01' });
    expect((await post(admin, '/portal/admin/article', { id: p })).body.data).toMatchObject({
      issuer: '区管委会',
      effective_date: '2026-12-01',
    });
    expect((await post(admin, '/portal/admin/article', { id: n })).body.data).toMatchObject({ issuer: '', effective_date: '' });
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await t.db.db.selectFrom('articles').select('id').execute();
    for (const body of [
      { channel: 'nope', title: 'x' },
      { channel: 'news', title: '' },
      { channel: 'news', title: 'x'.repeat(101) },
      { channel: 'news', title: 'x', cover_file_id: 999999 },
      { channel: 'news', title: 'x', attachments: [999999] },
      { channel: 'policy', title: 'x', effective_date: '2026-02-30' },
      { id: 999999, channel: 'news', title: 'x' },
    ]) {
      const res = await post(admin, '/portal/admin/article/save', body);
      expect(res.body.code, JSON.stringify(body)).toBe(0);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await post(admin, '/portal/admin/article/publish', { id: 1, publish_at: 'soon' })).body.code).toBe(0);
    expect((await post(admin, '/portal/admin/articles', { page: 0 })).body.code).toBe(0);
    expect(await t.db.db.selectFrom('articles').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses companies (403) and anonymous callers (401) on every admin call', async () => {
    const id = await draft();
    for (const url of [
      '/portal/admin/articles',
      '/portal/admin/article',
      '/portal/admin/article/save',
      '/portal/admin/article/publish',
      '/portal/admin/article/withdraw',
      '/portal/admin/article/delete',
      '/portal/admin/article/revisions',
      '/portal/admin/settings',
      '/portal/admin/settings/save',
    ]) {
      const asCompany = await post(company, url, { id, channel: 'news', title: 'x' });
      expect(asCompany.status, url).toBe(403);
      expect(asCompany.body.msg).toBe('仅管理员可以管理网站内容');
      expect((await post(undefined, url, { id })).status, url).toBe(401);
    }
    expect((await post(admin, '/portal/admin/article', { id })).body.data.status).toBe('draft');
  });
});

describe('sanitising', () => {
  it('stores no script, event handler or javascript: link', async () => {
    const id = await draft({
      body: [
        '<p onclick="alert(1)">好<script>alert(1)</script></p>',
        '<img src="x" onerror="alert(2)"><img src="/uploads/a.png" onerror="alert(3)" alt="图">',
        '<a href="javascript:alert(4)">坏链接</a><a href=" jav&#x09;ascript:alert(5)">坏链接2</a>',
        '<a href="https://example.com" target="_blank">好链接</a>',
        '<iframe src="https://evil"></iframe><style>p{}</style><svg onload="alert(6)"></svg>',
        '<table><tr><td colspan="2" style="x">格</td></tr></table><h2>标题</h2><ul><li>一</li></ul>',
      ].join(''),
    });
    const body: string = (await post(admin, '/portal/admin/article', { id })).body.data.body;
    expect(body).not.toMatch(/script|onerror|onclick|onload|javascript|iframe|style|svg|alert/i);
    expect(body).toContain('<p>好</p>');
    expect(body).toMatch(/<img src="\/uploads\/a.png" alt="图" ?\/?>/);
    expect(body.match(/<img/g)).toHaveLength(1); // the image without a safe source is gone
    expect(body).toContain('<a>坏链接</a>');
    expect(body).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">好链接</a>');
    expect(body).toContain('<td colspan="2">格</td>');
    expect(body).toContain('<h2>标题</h2><ul><li>一</li></ul>');
  });

  it('keeps an uploaded image and a table as the editor writes them, and still strips the dangerous parts', async () => {
    const img = await uploadPortalImage();
    // What the tiptap editor's getHTML() gives for text, an inserted image and a 2×2 table (ADR 0057).
    const editorHtml =
      `<p>正文第一段</p><img src="${img.display_url}" alt="示意图"><p></p>` +
      '<table style="min-width: 50px;"><colgroup><col style="min-width: 25px;"><col style="min-width: 25px;"></colgroup>' +
      '<tbody><tr><th colspan="1" rowspan="1"><p>项目</p></th><th colspan="1" rowspan="1"><p>数量</p></th></tr>' +
      '<tr><td colspan="1" rowspan="1"><p>发明专利</p></td><td colspan="1" rowspan="1"><p>12</p></td></tr></tbody></table><p></p>';
    const id = await draft({
      body:
        editorHtml +
        `<img src="${img.display_url}" onerror="alert(1)" alt="二"><img src="javascript:alert(2)">` +
        '<p><a href="javascript:alert(3)">链接</a><script>alert(4)</script></p>',
    });
    await post(admin, '/portal/admin/article/publish', { id });
    const stored: string = (await post(admin, '/portal/admin/article', { id })).body.data.body;
    const shown: string = (await get('/portal/article', { id })).body.data.article.body;
    for (const body of [stored, shown]) {
      expect(body).toContain(`<p>正文第一段</p><img src="${img.display_url}" alt="示意图" />`);
      expect(body).toMatch(/<table><tbody><tr><th colspan="1" rowspan="1"><p>项目<\/p><\/th>/);
      expect(body).toContain('<td colspan="1" rowspan="1"><p>12</p></td></tr></tbody></table>');
      expect(body).toContain(`<img src="${img.display_url}" alt="二" />`);
      expect(body.match(/<img/g)).toHaveLength(2);
      expect(body).not.toMatch(/script|onerror|javascript|alert|style|colgroup/i);
    }
    // The image the body points at is served.
    const file = await call(t.app, 'GET', img.display_url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^image\//);
  });
});

describe('public calls', () => {
  it('lists only published articles whose time has come, with cache headers, keyword and dates', async () => {
    const shown = await draft({ channel: 'finance', title: '质押融资新政', summary: '贷款贴息' });
    await post(admin, '/portal/admin/article/publish', { id: shown, publish_at: '2026-11-19T02:00:00.000Z' });
    const hidden = await draft({ channel: 'finance', title: '草稿不可见' });
    const later = await draft({ channel: 'finance', title: '定时发布' });
    await post(admin, '/portal/admin/article/publish', { id: later, publish_at: '2026-11-21T02:00:00.000Z' });
    const gone = await draft({ channel: 'finance', title: '已撤回' });
    await post(admin, '/portal/admin/article/publish', { id: gone });
    await post(admin, '/portal/admin/article/withdraw', { id: gone });

    const res = await get('/portal/articles', { channel: 'finance' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.body.data.list.map((r: { id: number }) => r.id)).toEqual([shown]);
    expect((await get('/portal/article', { id: hidden })).status).toBe(404);
    expect((await get('/portal/article', { id: later })).status).toBe(404);
    expect((await get('/portal/article', { id: gone })).status).toBe(404);

    expect((await get('/portal/articles', { channel: 'finance', keyword: '贴息' })).body.data.total).toBe(1);
    expect((await get('/portal/articles', { channel: 'finance', keyword: '没有' })).body.data.total).toBe(0);
    // 2026-11-19T02:00Z is 2026-11-19 10:00 in Shanghai.
    expect((await get('/portal/articles', { channel: 'finance', from: '2026-11-19', to: '2026-11-19' })).body.data.total).toBe(1);
    expect((await get('/portal/articles', { channel: 'finance', from: '2026-11-20' })).body.data.total).toBe(0);
    expect((await get('/portal/articles', { channel: 'finance', to: '2026-11-18' })).body.data.total).toBe(0);

    t.setNow('2026-11-21T03:00:00.000Z');
    try {
      const ids = (await get('/portal/articles', { channel: 'finance' })).body.data.list.map((r: { id: number }) => r.id);
      expect(ids).toEqual([later, shown]);
      const detail = await get('/portal/article', { id: later });
      expect(detail.headers['cache-control']).toBe('public, max-age=60');
      expect(detail.body.data.next).toEqual({ id: shown, title: '质押融资新政' });
      expect(detail.body.data.prev).toBeNull();
      expect((await get('/portal/article', { id: shown })).body.data.prev).toEqual({ id: later, title: '定时发布' });
    } finally {
      t.setNow(START);
    }
  });

  it('never shows internal notices and refuses bad queries', async () => {
    const notice = await draft({ channel: 'notice', title: '内部通知' });
    const ids = async (scope: string) =>
      (await post(admin, '/portal/admin/articles', { scope, page_size: 100 })).body.data.list.map((r: { id: number }) => r.id);
    expect(await ids('all')).toContain(notice);
    expect(await ids('public')).not.toContain(notice);
    await post(admin, '/portal/admin/article/publish', { id: notice });
    expect((await get('/portal/article', { id: notice })).status).toBe(404);
    expect((await get('/portal/articles', { channel: 'notice' })).status).toBe(400);
    expect((await get('/portal/articles', { channel: 'news', from: '2026-13-01' })).body.code).toBe(0);
    expect((await get('/portal/articles', { channel: 'news', from: '2026-11-02', to: '2026-11-01' })).body.msg).toBe(
      '开始日期不能晚于结束日期',
    );
    expect((await get('/portal/articles', { channel: 'news', page_size: 1000 })).body.code).toBe(0);
    expect((await get('/portal/article', { id: 'abc' })).body.code).toBe(0);
  });
});

describe('settings and share meta', () => {
  it('answers the spec’s share defaults, then the saved settings', async () => {
    let s = await get('/portal/settings');
    expect(s.body.data.share).toMatchObject({ title: DEFAULT_SHARE.title, description: DEFAULT_SHARE.description });
    const img = await uploadPortalImage();
    const saved = await post(admin, '/portal/admin/settings/save', {
      banners: [{ title: '横幅', image_file_id: img.id, link: '/web/news' }],
      footer_links: [{ title: '国家知识产权局', link: 'https://www.cnipa.gov.cn' }],
      share: { title: '示范区知识产权', description: '一起来看', link: '/web/index', image_file_id: img.id },
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(1);
    s = await get('/portal/settings');
    expect(s.body.data.banners[0]).toMatchObject({ title: '横幅', image_url: img.url });
    expect(s.body.data.share).toMatchObject({ title: '示范区知识产权', image_url: img.url });
    expect(
      (await post(admin, '/portal/admin/settings/save', { footer_links: [{ title: 'x', link: 'javascript:1' }] })).body.code,
    ).toBe(0);
    expect(
      (await post(admin, '/portal/admin/settings/save', { banners: [{ title: 'x', image_file_id: 999999, link: '' }] })).body
        .code,
    ).toBe(0);
    expect((await get('/portal/settings')).body.data.footer_links).toHaveLength(1);
  });

  it('puts the article’s title, description and image in the HTML of its detail URL', async () => {
    const cover = await uploadPortalImage();
    const id = await draft({ channel: 'news', title: '分享<测试>', summary: '分享摘要 "引号"', cover_file_id: cover.id });
    await post(admin, '/portal/admin/article/publish', { id });
    const res = await call(t.app, 'GET', `/web/news/details?id=${id}`, { headers: { host: 'ip.example.gov.cn' } });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>分享&lt;测试&gt; - ');
    expect(res.body).toContain('<meta name="description" content="分享摘要 &quot;引号&quot;">');
    // Absolute, as the Open Graph protocol asks: a chat's crawler does not resolve a path.
    expect(res.body).toContain(`<meta property="og:image" content="http://ip.example.gov.cn${cover.url}">`);
    expect(res.body).toContain(`<meta property="og:url" content="http://ip.example.gov.cn/web/news/details?id=${id}">`);
    expect(res.body).toContain('<div id="root">');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    // A draft's URL shows the site's share card, not the draft.
    const d = await draft({ title: '未发布草稿' });
    const other = await call(t.app, 'GET', `/web/news/details?id=${d}`);
    expect(other.body).not.toContain('未发布草稿');
    expect(other.body).toContain('<meta property="og:title"');
    // Without a cover, the first image of the body; a Host that is not a host name leaves the URLs as paths.
    const pic = await uploadPortalImage();
    const b = await draft({
      title: '无封面',
      body: `<p>文字</p><img src="${pic.display_url}" alt="图"><img src="${cover.url}">`,
    });
    await post(admin, '/portal/admin/article/publish', { id: b });
    const noCover = await call(t.app, 'GET', `/web/news/details?id=${b}`, { headers: { host: 'ip.example.gov.cn:8080' } });
    expect(noCover.body).toContain(`<meta property="og:image" content="http://ip.example.gov.cn:8080${pic.display_url}">`);
    const oddHost = await call(t.app, 'GET', `/web/news/details?id=${b}`, { headers: { host: 'a"b<c' } });
    expect(oddHost.body).toContain(`<meta property="og:image" content="${pic.display_url}">`);
    // Internal pages keep index.html as it is.
    expect((await call(t.app, 'GET', '/patent')).body).toContain('<title>平台</title>');
  });
});

describe('demo content', () => {
  it('gives every public channel published articles', async () => {
    await seedPortalDemo(t.deps);
    for (const channel of PUBLIC_CHANNEL_KEYS) {
      const res = await get('/portal/articles', { channel });
      expect(res.body.data.total, channel).toBeGreaterThanOrEqual(PORTAL_DEMO[channel].length);
    }
    const home = await get('/portal/home');
    expect(home.body.data.channels.every((c: { items: unknown[] }) => c.items.length > 0)).toBe(true);
  });
});
