import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { multipart, upload } from '../../../test/company-records';
import { seedDemoIndustryReports } from '../../db/seed/industry-reports-demo';

// Portal images are decoded and resized on upload (ADR 0053): the cover must be a real image.
const COVER_PNG = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1f6feb' } })
  .png()
  .toBuffer();

// Industry reports (ADR 0054) on SQLite and PostgreSQL: upload (PDF checked by content), save, publish, withdraw,
// delete; the companies' list, preview and counted download; wrong roles; bad input changes nothing.

let t: TestApp;
let admin: string;
let company: string;
let trial: string;
let main: string;

const post = (url: string, body: unknown, tok: string) => call(t.app, 'POST', `/v1/report/industry/${url}`, { token: tok, body });
const count = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('industry_reports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const REAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T02:00:00Z' });
  [admin, company, trial, main] = await Promise.all([
    loginAs(t.app, 'admin'),
    loginAs(t.app, 'company'),
    loginAs(t.app, 'trial'),
    loginAs(t.app, 'main'),
  ]);
});
afterAll(() => t.close());

describe('industry reports', () => {
  let id: number;
  let pdf: number;

  it('refuses a file that is not a PDF, even renamed .pdf, at upload', async () => {
    const res = await call(t.app, 'POST', '/v1/common/file', {
      token: admin,
      ...multipart({ type: 'file', purpose: 'document' }, '伪装报告.pdf', 'application/pdf', Buffer.from('PK\x03\x04 not a pdf')),
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('文件内容与格式不符，请上传真实的文件');
  });

  it('refuses a report file that is not an administrator’s PDF upload; nothing is saved', async () => {
    const image = await upload(t, admin, { name: '图片.png', mime: 'image/png' });
    const companyPdf = await upload(t, company, { name: '企业.pdf', mime: 'application/pdf', content: REAL_PDF });
    for (const file_id of [image, companyPdf, 999999]) {
      const res = await post('admin/save', { title: '报告', industry: '新材料', year: 2025, file_id }, admin);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('报告文件不存在或不是 PDF，请重新上传 PDF 文件');
    }
    const bad = await post('admin/save', { title: '', industry: '火星', year: 1900, file_id: 0 }, admin);
    expect(bad.status).toBe(400);
    expect(await count()).toBe(0);
  });

  it('the administrator uploads, saves (a draft) and publishes; companies see only published reports', async () => {
    pdf = await upload(t, admin, { name: '产业报告.pdf', mime: 'application/pdf', content: REAL_PDF });
    const cover = await upload(t, admin, { name: '封面.png', mime: 'image/png', purpose: 'portal', content: COVER_PNG });
    const saved = await post(
      'admin/save',
      { title: ' 2025 年新材料产业报告 ', industry: '新材料', year: 2025, summary: '摘要', file_id: pdf, cover_file_id: cover },
      admin,
    );
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(1);
    id = saved.body.data.id;
    const adminList = await post('admin/index', { status: 'draft' }, admin);
    expect(adminList.body.data.list[0]).toMatchObject({ id, title: '2025 年新材料产业报告', status: 'draft', downloads: 0 });
    expect(adminList.body.data.list[0].cover_url).toMatch(/^\/uploads\//);
    expect((await post('index', {}, company)).body.data.total).toBe(0);
    expect((await post('preview', { id }, company)).status).toBe(404);

    expect((await post('admin/publish', { id }, admin)).body.code).toBe(1);
    expect((await post('admin/publish', { id }, admin)).status).toBe(409);
    const list = await post('index', { industry: '新材料', year: 2025, keyword: '新材料' }, company);
    expect(list.body.data).toMatchObject({ total: 1, years: [2025] });
    expect(list.body.data.list[0]).toMatchObject({ id, file_name: '产业报告.pdf', downloads: 0 });
    expect(list.body.data.list[0]).not.toHaveProperty('status');
    expect((await post('index', { year: 2024 }, trial)).body.data.total).toBe(0);
    expect((await post('index', { keyword: '生物' }, trial)).body.data.total).toBe(0);
  });

  it('preview is not counted; each download call counts once; the count shows on both lists', async () => {
    const preview = await post('preview', { id }, company);
    expect(preview.body.data).toMatchObject({ name: '产业报告.pdf', downloads: 0 });
    const file = await call(t.app, 'GET', preview.body.data.url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toMatch(/^inline/);
    expect(file.headers['x-frame-options']).toBe('SAMEORIGIN');

    expect((await post('download', { id }, company)).body.data.downloads).toBe(1);
    expect((await post('download', { id }, trial)).body.data.downloads).toBe(2);
    expect((await post('index', {}, company)).body.data.list[0].downloads).toBe(2);
    expect((await post('admin/index', {}, admin)).body.data.list[0].downloads).toBe(2);
  });

  it('other roles are refused with a Chinese message', async () => {
    for (const tok of [company, trial, main]) {
      const res = await post('admin/index', {}, tok);
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('仅管理员可以管理产业报告');
      expect((await post('admin/delete', { id }, tok)).status).toBe(403);
    }
    for (const tok of [admin, main]) {
      const res = await post('download', { id }, tok);
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('产业报告仅向企业用户开放');
    }
    expect((await post('index', {}, '')).status).toBe(401);
    expect((await post('admin/index', {}, admin)).body.data.list[0].downloads).toBe(2);
  });

  it('withdraw hides it from companies; an edit replacing the PDF keeps the state; delete removes it', async () => {
    expect((await post('admin/withdraw', { id }, admin)).body.code).toBe(1);
    expect((await post('admin/withdraw', { id }, admin)).status).toBe(409);
    expect((await post('index', {}, company)).body.data.total).toBe(0);
    expect((await post('download', { id }, company)).status).toBe(404);
    const pdf2 = await upload(t, admin, { name: '新版.pdf', mime: 'application/pdf', content: REAL_PDF });
    const edit = await post('admin/save', { id, title: '改名', industry: '新材料', year: 2026, file_id: pdf2 }, admin);
    expect(edit.body.code).toBe(1);
    const row = await t.db.db.selectFrom('industry_reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'withdrawn', title: '改名', file_id: pdf2 });
    expect(await t.db.db.selectFrom('files').select('id').where('id', '=', pdf).executeTakeFirst()).toBeUndefined();
    expect((await post('admin/delete', { id }, admin)).body.code).toBe(1);
    expect((await post('admin/delete', { id }, admin)).status).toBe(404);
    expect(await count()).toBe(0);
  });

  it('demo data: real PDFs, four published and one draft', async () => {
    await seedDemoIndustryReports(t.deps);
    const list = await post('index', { page_size: 10 }, company);
    expect(list.body.data.total).toBe(4);
    const link = await post('preview', { id: list.body.data.list[0].id }, company);
    const file = await call(t.app, 'GET', link.body.data.url);
    expect(String(file.body).slice(0, 5)).toBe('%PDF-');
    expect((await post('admin/index', {}, admin)).body.data.total).toBe(5);
  });
});
