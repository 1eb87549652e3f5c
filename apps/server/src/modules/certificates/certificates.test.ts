import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { companyUser, countRows, demoPortfolio, otherCompany, upload } from '../../../test/company-records';

// /v1/frontend/certificate/*: a company's certificates (ADR 0021), on SQLite and PostgreSQL.

let t: TestApp;
let token: string;
let companyId: number;
let patentIds: number[];
let other: { companyId: number; userId: number; token: string };

const TODAY = '2026-03-15';
const post = (url: string, body: unknown, tok = token) =>
  call(t.app, 'POST', `/v1/frontend/certificate/${url}`, { token: tok, body });

beforeAll(async () => {
  // 12:00 in China: the calendar day is TODAY.
  t = await createTestApp({ now: `${TODAY}T04:00:00Z` });
  token = await loginAs(t.app, 'company');
  ({ companyId, patentIds } = await demoPortfolio(t));
  other = await otherCompany(t);
});
afterAll(() => t.close());

const hightech = (extra: Record<string, unknown> = {}) => ({
  kind: 'hightech',
  number: 'GR202333001234',
  name: '高新技术企业证书',
  issuer: '浙江省科学技术厅',
  issue_date: '2023-05-16',
  expiry_date: '2026-05-14',
  note: '三年一审',
  ...extra,
});

describe('certificates: the happy path', () => {
  let patentCertId: number;
  let hightechId: number;
  let isoId: number;
  let fileId: number;

  it('creates a patent certificate (its expiry taken from the patent), a 高新 certificate with an image, an expired ISO one', async () => {
    const patent = await t.db.db
      .selectFrom('patents')
      .select(['id', 'title', 'expiry_date'])
      .where('id', '=', patentIds[0])
      .executeTakeFirstOrThrow();
    const res = await post('create', {
      kind: 'patent',
      number: 'ZL-CERT-0001',
      name: `发明专利证书：${patent.title}`,
      issuer: '国家知识产权局',
      issue_date: '2022-01-01',
      patent_id: patent.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({ kind: 'patent', patent_id: patent.id, expiry_date: patent.expiry_date });
    expect(res.body.data.patent.title).toBe(patent.title);
    patentCertId = res.body.data.id;

    fileId = await upload(t, token);
    const h = await post('create', hightech({ file_ids: [fileId, fileId] }));
    expect(h.body.code).toBe(1);
    expect(h.body.data).toMatchObject({ status: 'expiring', days_left: 60, file_count: 1, patent_id: 0, patent: null });
    expect(h.body.data.files).toHaveLength(1);
    hightechId = h.body.data.id;
    const row = await t.db.db.selectFrom('certificates').selectAll().where('id', '=', hightechId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: companyId, file_ids: `[${fileId}]`, expiry_date: '2026-05-14' });
    expect(row.created_by).toBeGreaterThan(0);

    const iso = await post('create', {
      kind: 'iso',
      number: '00123Q45678R0M',
      name: 'ISO 9001 质量管理体系认证证书',
      issue_date: '2023-02-10',
      expiry_date: '2026-02-09',
    });
    expect(iso.body.data).toMatchObject({ status: 'expired', days_left: -34, issuer: '', note: '' });
    isoId = iso.body.data.id;
  });

  it('lists with counts, status tags, filters, keyword, patent and sorting', async () => {
    const all = await post('index', {});
    expect(all.body.code).toBe(1);
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.counts).toEqual({ total: 3, expired: 1, expiring: 1, valid: 1 });
    // Default: soonest expiry first.
    expect(all.body.data.list.map((r: { id: number }) => r.id)).toEqual([isoId, hightechId, patentCertId]);

    const ids = async (body: Record<string, unknown>) =>
      (await post('index', body)).body.data.list.map((r: { id: number }) => r.id);
    expect(await ids({ status: 'expired' })).toEqual([isoId]);
    expect(await ids({ status: 'expiring' })).toEqual([hightechId]);
    expect(await ids({ status: 'valid' })).toEqual([patentCertId]);
    expect(await ids({ kind: 'hightech' })).toEqual([hightechId]);
    expect(await ids({ keyword: '质量管理' })).toEqual([isoId]);
    expect(await ids({ keyword: '科学技术厅' })).toEqual([hightechId]);
    expect(await ids({ keyword: '%' })).toEqual([]);
    expect(await ids({ patent_id: patentIds[0] })).toEqual([patentCertId]);
    expect(await ids({ sort_field: 'issue_date', sort_order: 'descend' })).toEqual([hightechId, isoId, patentCertId]);
    expect(await ids({ sort_field: 'expiry_date', sort_order: 'descend' })).toEqual([patentCertId, hightechId, isoId]);
    const page2 = await post('index', { page: 2, page_size: 2 });
    expect(page2.body.data).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page2.body.data.list).toHaveLength(1);
  });

  it('a certificate without an expiry date is valid and sorts last', async () => {
    const res = await post('create', {
      kind: 'honor',
      number: 'HONOR-1',
      name: '省级专精特新中小企业',
      issue_date: '2024-01-01',
    });
    expect(res.body.data).toMatchObject({ expiry_date: null, status: 'valid', days_left: null });
    const asc = await post('index', { sort_field: 'expiry_date', sort_order: 'ascend' });
    const desc = await post('index', { sort_field: 'expiry_date', sort_order: 'descend' });
    expect(asc.body.data.list.at(-1).id).toBe(res.body.data.id);
    expect(desc.body.data.list.at(-1).id).toBe(res.body.data.id);
    expect((await post('delete', { id: res.body.data.id })).body.code).toBe(1);
  });

  it('detail gives the files as signed links that any user of the company can open (a sub-account too)', async () => {
    const sub = await companyUser(t, companyId, '13911112222', { rid: 1 });
    const res = await post('detail', { id: hightechId }, sub.token);
    expect(res.body.code).toBe(1);
    const [file] = res.body.data.files;
    expect(file).toMatchObject({ id: fileId, name: '证书.png', mime: 'image/png' });
    expect(file.url).toMatch(new RegExp(`^/v1/common/file/${fileId}\\?expires=\\d+&sig=[0-9a-f]{64}$`));
    const got = await call(t.app, 'GET', file.url);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    // Without the signature the sub-account is not the uploader: the file route keeps it private.
    expect((await call(t.app, 'GET', `/v1/common/file/${fileId}`, { token: sub.token })).status).toBe(404);
  });

  it('a PDF attachment may be framed by our own pages (preview), nothing else', async () => {
    const pdfId = await upload(t, token, { name: '证书.pdf', mime: 'application/pdf' });
    const res = await post('update', {
      id: isoId,
      ...hightech({ kind: 'iso', number: 'ISO-2', expiry_date: '2026-02-09', issue_date: '2023-02-10', file_ids: [pdfId] }),
    });
    expect(res.body.code).toBe(1);
    const got = await call(t.app, 'GET', res.body.data.files[0].url);
    expect(got.status).toBe(200);
    expect(got.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(got.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    const png = await call(t.app, 'GET', `/v1/common/file/${fileId}`, { token });
    expect(png.headers['x-frame-options']).toBe('DENY');
  });

  it('updates every field and keeps the company and creator', async () => {
    const res = await post('update', {
      id: hightechId,
      ...hightech({ name: '高新技术企业证书（复审）', expiry_date: '2029-05-14', file_ids: [] }),
    });
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({ name: '高新技术企业证书（复审）', status: 'valid', file_count: 0, files: [] });
    const row = await t.db.db.selectFrom('certificates').selectAll().where('id', '=', hightechId).executeTakeFirstOrThrow();
    expect(row.company_id).toBe(companyId);
    expect(row.file_ids).toBe('[]');
  });

  it('refuses a second certificate of the same kind and number (409)', async () => {
    const before = await countRows(t, 'certificates');
    const res = await post('create', hightech({ name: '重复' }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 0, msg: '已有编号为「GR202333001234」的高新技术企业证书' });
    expect(await countRows(t, 'certificates')).toBe(before);
  });

  it('exports the filtered list to Excel through a signed link', async () => {
    const res = await post('export', { status: 'expired' });
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({ rows: 1, truncated: false, name: `证书列表-${TODAY}.xlsx` });
    const file = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('证书')!;
    expect(ws.getRow(1).getCell(1).value).toBe('证书类型');
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(7).value).toBe('已过期');
    const row = await t.db.db.selectFrom('files').selectAll().where('purpose', '=', 'export').executeTakeFirstOrThrow();
    expect(row.visibility).toBe('private');
    expect(row.expires_at).not.toBeNull();
  });

  it('the patent picker searches the portfolio only: removed and merely collected patents are left out', async () => {
    const all = await post('patents', { limit: 50 });
    expect(all.body.code).toBe(1);
    expect(all.body.data.length).toBe(Math.min(50, patentIds.length));
    const [removed, collected] = [patentIds[1], patentIds[2]];
    await t.db.db
      .updateTable('company_patents')
      .set({ removed: 1 })
      .where('company_id', '=', companyId)
      .where('patent_id', '=', removed)
      .execute();
    await t.db.db
      .updateTable('company_patents')
      .set({ source: 'collect' })
      .where('company_id', '=', companyId)
      .where('patent_id', '=', collected)
      .execute();
    const after = (await post('patents', { limit: 50 })).body.data.map((p: { id: number }) => p.id);
    expect(after).not.toContain(removed);
    expect(after).not.toContain(collected);
    const one = await t.db.db
      .selectFrom('patents')
      .select(['title', 'an'])
      .where('id', '=', patentIds[3])
      .executeTakeFirstOrThrow();
    const byAn = await post('patents', { keyword: one.an });
    expect(byAn.body.data.map((p: { id: number }) => p.id)).toEqual([patentIds[3]]);
    // Neither may become a certificate's patent.
    for (const patent_id of [removed, collected]) {
      const res = await post('create', {
        kind: 'patent',
        number: `P-${patent_id}`,
        name: 'x',
        issue_date: '2022-01-01',
        patent_id,
      });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('所选专利不在本企业的专利库中');
    }
  });

  it('deletes', async () => {
    const before = await countRows(t, 'certificates');
    const res = await post('delete', { id: patentCertId });
    expect(res.body).toMatchObject({ code: 1, data: null });
    expect(await countRows(t, 'certificates')).toBe(before - 1);
    expect((await post('detail', { id: patentCertId })).status).toBe(404);
  });
});

describe('certificates: another company', () => {
  let mine: number;
  beforeAll(async () => {
    const res = await post('create', hightech({ number: 'MINE-1', file_ids: [await upload(t, token)] }));
    mine = res.body.data.id;
  });

  it('cannot see, change or delete this company’s certificate (404, nothing changed)', async () => {
    const before = await t.db.db.selectFrom('certificates').selectAll().where('id', '=', mine).executeTakeFirstOrThrow();
    const list = await post('index', {}, other.token);
    expect(list.body.data).toMatchObject({ total: 0, list: [], counts: { total: 0 } });
    for (const [url, body] of [
      ['detail', { id: mine }],
      ['update', { id: mine, ...hightech({ name: '篡改' }) }],
      ['delete', { id: mine }],
    ] as const) {
      const res = await post(url, body, other.token);
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ code: 0, msg: '证书不存在或已删除' });
    }
    expect(await t.db.db.selectFrom('certificates').selectAll().where('id', '=', mine).executeTakeFirstOrThrow()).toEqual(before);
    const exp = await post('export', {}, other.token);
    expect(exp.body.data.rows).toBe(0);
  });

  it('cannot attach this company’s files, nor this company another’s; nor public avatars or exports', async () => {
    const theirs = await upload(t, other.token);
    const avatar = await upload(t, token, { purpose: 'avatar' });
    const exportId = (await t.db.db.selectFrom('files').select('id').where('purpose', '=', 'export').executeTakeFirstOrThrow())
      .id;
    const before = await countRows(t, 'certificates');
    for (const file_ids of [[theirs], [avatar], [exportId], [999999]]) {
      const res = await post('create', hightech({ number: `F-${file_ids[0]}`, file_ids }));
      expect(res.status, String(file_ids)).toBe(400);
      expect(res.body.msg).toBe('附件不存在或不属于本企业，请重新上传');
    }
    const stolen = await post(
      'create',
      hightech({ number: 'F-2', file_ids: [(await post('detail', { id: mine })).body.data.files[0].id] }),
      other.token,
    );
    expect(stolen.status).toBe(400);
    expect(await countRows(t, 'certificates')).toBe(before);
    // Nor on update: the record keeps its files.
    const upd = await post('update', { id: mine, ...hightech({ number: 'MINE-1', file_ids: [theirs] }) });
    expect(upd.status).toBe(400);
    expect((await post('detail', { id: mine })).body.data.file_count).toBe(1);
  });

  it('cannot pick this company’s patents, nor see them in the picker', async () => {
    expect((await post('patents', {}, other.token)).body.data).toEqual([]);
    const res = await post(
      'create',
      { kind: 'patent', number: 'P-X', name: 'x', issue_date: '2022-01-01', patent_id: patentIds[5] },
      other.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('所选专利不在本企业的专利库中');
    expect((await post('index', { patent_id: patentIds[5] }, other.token)).body.data.total).toBe(0);
  });
});

describe('certificates: who may call', () => {
  const CALLS = ['index', 'detail', 'create', 'update', 'delete', 'export', 'patents'];

  it('administrators, enterprise-service accounts and their staff: 403; no token: 401', async () => {
    for (const kind of ['admin', 'main', 'staff'] as const) {
      const tok = await loginAs(t.app, kind);
      for (const url of CALLS) {
        const res = await post(url, { id: 1 }, tok);
        expect(res.status, `${kind} ${url}`).toBe(403);
        expect(res.body.code).toBe(0);
        expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
      }
    }
    for (const url of CALLS)
      expect((await call(t.app, 'POST', `/v1/frontend/certificate/${url}`, { body: {} })).status).toBe(401);
  });

  it('a trial user without a company is told to get verified first; a company user without a company too', async () => {
    const trial = await loginAs(t.app, 'trial');
    for (const url of ['index', 'patents', 'export']) {
      const res = await post(url, {}, trial);
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('企业认证通过后才能管理企业知识产权，请先到个人中心提交认证');
    }
    const lone = await companyUser(t, 0, '13911113333');
    expect((await post('index', {}, lone.token)).body.msg).toBe('当前账号尚未关联企业，请联系管理员');
  });

  it('an administrator in admin view acts for the company, and the change is audited', async () => {
    const user = await t.db.db.selectFrom('users').select('id').where('mobile', '=', '13800000001').executeTakeFirstOrThrow();
    const admin = await t.db.db.selectFrom('users').select('id').where('mobile', '=', '13800000000').executeTakeFirstOrThrow();
    const view = await call(t.app, 'POST', '/v1/user/admin-view', {
      token: await loginAs(t.app, 'admin'),
      body: { user_id: user.id },
    });
    const viewToken = view.body.data.token as string;
    const res = await post('create', hightech({ number: 'ADMIN-VIEW-1' }), viewToken);
    expect(res.body.code).toBe(1);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'POST /frontend/certificate/create')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_id: admin.id, user_id: user.id });
    await post('index', {}, viewToken);
    expect(
      await t.db.db.selectFrom('audit_log').selectAll().where('action', '=', 'POST /frontend/certificate/index').execute(),
    ).toEqual([]);
  });
});

describe('certificates: bad input changes nothing', () => {
  const BAD: [string, Record<string, unknown>, string][] = [
    ['no kind', { ...hightech(), kind: undefined }, '证书类型不正确'],
    ['unknown kind', hightech({ kind: 'gold' }), '证书类型不正确'],
    ['no number', hightech({ number: '  ' }), '请填写证书编号'],
    ['no name', hightech({ name: undefined }), '请填写证书名称'],
    ['name a number', hightech({ name: 12 }), '证书名称格式不正确'],
    ['no issue date', hightech({ issue_date: '' }), '请填写发证日期'],
    ['impossible date', hightech({ issue_date: '2026-02-30' }), '发证日期格式不正确，应为有效日期 YYYY-MM-DD'],
    ['slashed date', hightech({ expiry_date: '2026/05/14' }), '有效期至格式不正确，应为有效日期 YYYY-MM-DD'],
    ['date a number', hightech({ expiry_date: 20260514 }), '有效期至格式不正确'],
    ['expiry before issue', hightech({ expiry_date: '2023-05-15' }), '有效期至不能早于发证日期'],
    [
      'patent certificate without patent',
      { kind: 'patent', number: 'P', name: 'x', issue_date: '2022-01-01' },
      '专利证书须选择所属专利',
    ],
    ['patent id text', { kind: 'patent', number: 'P', name: 'x', issue_date: '2022-01-01', patent_id: 'abc' }, '所属专利不正确'],
    [
      'unknown patent',
      { kind: 'patent', number: 'P', name: 'x', issue_date: '2022-01-01', patent_id: 99999999 },
      '所选专利不在本企业的专利库中',
    ],
    ['files not a list', hightech({ file_ids: '1' }), '附件格式不正确'],
    ['file id text', hightech({ file_ids: ['a'] }), '附件编号不正确'],
    ['eleven files', hightech({ file_ids: Array.from({ length: 11 }, (_, i) => i + 1) }), '附件最多 10 个'],
    ['long name', hightech({ name: '证'.repeat(101) }), '证书名称不能超过 100 个字'],
    ['long note', hightech({ note: 'x'.repeat(501) }), '备注不能超过 500 个字'],
  ];

  it.each(BAD)('create: %s → 400 in Chinese', async (_what, body, msg) => {
    const before = await countRows(t, 'certificates');
    const res = await post('create', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(0);
    expect(res.body.msg).toBe(msg);
    expect(await countRows(t, 'certificates')).toBe(before);
  });

  it('update with bad input leaves the record as it was; unknown ids are 404', async () => {
    const id = (await post('create', hightech({ number: 'BAD-1' }))).body.data.id;
    const before = await t.db.db.selectFrom('certificates').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    for (const [, body, msg] of BAD.slice(0, 10)) {
      const res = await post('update', { ...body, id });
      expect(res.body.msg).toBe(msg);
    }
    expect(await t.db.db.selectFrom('certificates').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    for (const url of ['detail', 'delete']) {
      expect((await post(url, { id: 99999999 })).status).toBe(404);
      expect((await post(url, {})).body.msg).toBe('请选择证书');
      expect((await post(url, { id: 'x' })).body.msg).toBe('请选择证书');
      expect((await post(url, { id: -1 })).body.msg).toBe('请选择证书');
    }
    expect((await post('update', { ...hightech(), id: 99999999 })).status).toBe(404);
  });

  it('list filters are checked', async () => {
    for (const [body, msg] of [
      [{ status: 'soon' }, '证书状态不正确'],
      [{ kind: 'x' }, '证书类型不正确'],
      [{ page_size: 1000 }, '每页最多 100 条'],
      [{ page: 0 }, '页码不正确'],
      [{ sort_field: 'name' }, '排序字段不正确'],
      [{ sort_order: 'up' }, '排序方式不正确'],
      [{ keyword: 'k'.repeat(51) }, '关键词不能超过 50 个字'],
    ] as const) {
      const res = await post('index', body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
  });

  it('a 5 MB string is refused before it is read (413, Chinese), nothing stored', async () => {
    const before = await countRows(t, 'certificates');
    const res = await post('create', hightech({ note: 'x'.repeat(5 * 1024 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 0, msg: '请求内容过大' });
    expect(await countRows(t, 'certificates')).toBe(before);
  });
});
