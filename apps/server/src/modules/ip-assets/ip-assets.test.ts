import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { companyUser, countRows, otherCompany, upload } from '../../../test/company-records';

// /v1/frontend/ip/*: trademarks, copyrights and software copyrights a company records by hand (ADR 0021).

let t: TestApp;
let token: string;
let other: { companyId: number; userId: number; token: string };

const TODAY = '2026-03-15';
const post = (url: string, body: unknown, tok = token) => call(t.app, 'POST', `/v1/frontend/ip/${url}`, { token: tok, body });

beforeAll(async () => {
  t = await createTestApp({ now: `${TODAY}T04:00:00Z` });
  token = await loginAs(t.app, 'company');
  other = await otherCompany(t);
});
afterAll(() => t.close());

const trademark = (extra: Record<string, unknown> = {}) => ({
  kind: 'trademark',
  number: '56781234',
  name: '示例科技',
  nice_class: 9,
  application_date: '2016-03-01',
  registration_date: '2016-06-07',
  expiry_date: '2026-06-06',
  owner: '示例科技有限公司',
  status: 'registered',
  note: '',
  ...extra,
});
const software = (extra: Record<string, unknown> = {}) => ({
  kind: 'software',
  number: '2023SR0123456',
  name: '示例专利管理软件 V1.0',
  registration_date: '2023-02-01',
  owner: '示例科技有限公司',
  status: 'registered',
  ...extra,
});

describe('non-patent IP: the happy path', () => {
  let tmId: number;
  let swId: number;
  let crId: number;

  it('creates a trademark with a file, a software copyright and a pending copyright', async () => {
    const fileId = await upload(t, token, { name: '商标注册证.pdf', mime: 'application/pdf' });
    const tm = await post('create', trademark({ file_ids: [fileId] }));
    expect(tm.body.code).toBe(1);
    expect(tm.body.data).toMatchObject({
      kind: 'trademark',
      nice_class: 9,
      expiry_status: 'expiring',
      days_left: 83,
      file_count: 1,
    });
    expect(tm.body.data.files[0]).toMatchObject({ id: fileId, name: '商标注册证.pdf', mime: 'application/pdf' });
    tmId = tm.body.data.id;
    const sw = await post('create', software());
    expect(sw.body.data).toMatchObject({ nice_class: 0, application_date: null, expiry_date: null, expiry_status: 'valid' });
    swId = sw.body.data.id;
    const cr = await post('create', {
      kind: 'copyright',
      number: '国作登字-2025-F-00012345',
      name: '企业吉祥物形象',
      status: 'pending',
    });
    expect(cr.body.code).toBe(1);
    crId = cr.body.data.id;
    expect(await t.db.db.selectFrom('ip_assets').select('created_by').where('id', '=', crId).executeTakeFirstOrThrow()).toEqual({
      created_by: expect.any(Number),
    });
  });

  it('lists with filters by kind, status and keyword, paging and sorting', async () => {
    const ids = async (body: Record<string, unknown>) =>
      (await post('index', body)).body.data.list.map((r: { id: number }) => r.id);
    expect(await ids({})).toEqual([crId, swId, tmId]);
    expect(await ids({ kind: 'trademark' })).toEqual([tmId]);
    expect(await ids({ status: 'pending' })).toEqual([crId]);
    expect(await ids({ keyword: 'V1.0' })).toEqual([swId]);
    expect(await ids({ keyword: '2025-F' })).toEqual([crId]);
    expect(await ids({ keyword: '_' })).toEqual([]);
    expect(await ids({ sort_field: 'registration_date', sort_order: 'ascend' })).toEqual([tmId, swId, crId]);
    // Without an expiry date: last either way (newest first among them).
    expect(await ids({ sort_field: 'expiry_date', sort_order: 'descend' })).toEqual([tmId, crId, swId]);
    const p = await post('index', { page: 2, page_size: 1 });
    expect(p.body.data).toMatchObject({ total: 3, page: 2, page_size: 1 });
  });

  it('detail, update and delete', async () => {
    const d = await post('detail', { id: tmId });
    expect(d.body.data.files[0].url).toMatch(/^\/v1\/common\/file\/\d+\?expires=\d+&sig=[0-9a-f]{64}$/);
    const { company_id } = await t.db.db
      .selectFrom('ip_assets')
      .select('company_id')
      .where('id', '=', tmId)
      .executeTakeFirstOrThrow();
    const sub = await companyUser(t, company_id, '13911114444', { rid: 2 });
    expect((await post('detail', { id: tmId }, sub.token)).body.data.name).toBe('示例科技');
    const u = await post('update', { id: tmId, ...trademark({ status: 'renewing', expiry_date: '2036-06-06', file_ids: [] }) });
    expect(u.body.data).toMatchObject({ status: 'renewing', expiry_status: 'valid', files: [] });
    const before = await countRows(t, 'ip_assets');
    expect((await post('delete', { id: crId })).body).toMatchObject({ code: 1 });
    expect(await countRows(t, 'ip_assets')).toBe(before - 1);
    expect((await post('detail', { id: crId })).status).toBe(404);
  });

  it('the same trademark number may be registered in another class, not twice in one', async () => {
    expect((await post('create', trademark({ nice_class: 42 }))).body.code).toBe(1);
    const dup = await post('create', trademark());
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('已有注册号/登记号为「56781234」的商标');
  });

  it('exports the filtered list to Excel', async () => {
    const res = await post('export', { kind: 'trademark' });
    expect(res.body.data).toMatchObject({ rows: 2, name: `非专利知识产权-${TODAY}.xlsx` });
    const file = await t.app.inject({ method: 'GET', url: res.body.data.url });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('非专利')!;
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(2).getCell(1).value).toBe('商标');
  });
});

describe('non-patent IP: another company and other accounts', () => {
  let mine: number;
  beforeAll(async () => {
    mine = (await post('create', software({ number: 'MINE-SW', file_ids: [await upload(t, token)] }))).body.data.id;
  });

  it('another company cannot see, change or delete it; cannot use its files', async () => {
    const before = await t.db.db.selectFrom('ip_assets').selectAll().where('id', '=', mine).executeTakeFirstOrThrow();
    expect((await post('index', {}, other.token)).body.data).toMatchObject({ total: 0, list: [] });
    for (const [url, body] of [
      ['detail', { id: mine }],
      ['update', { id: mine, ...software({ name: '篡改' }) }],
      ['delete', { id: mine }],
    ] as const) {
      const res = await post(url, body, other.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 0, msg: '该知识产权记录不存在或已删除' });
    }
    expect(await t.db.db.selectFrom('ip_assets').selectAll().where('id', '=', mine).executeTakeFirstOrThrow()).toEqual(before);
    const theirFile = JSON.parse(before.file_ids)[0] as number;
    const n = await countRows(t, 'ip_assets');
    const res = await post('create', software({ number: 'X', file_ids: [theirFile] }), other.token);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('附件不存在或不属于本企业，请重新上传');
    expect(await countRows(t, 'ip_assets')).toBe(n);
  });

  it('admin, enterprise-service accounts: 403; anonymous: 401; trial without company: told to get verified', async () => {
    for (const kind of ['admin', 'main', 'staff'] as const) {
      const tok = await loginAs(t.app, kind);
      for (const url of ['index', 'detail', 'create', 'update', 'delete', 'export']) {
        const res = await post(url, {}, tok);
        expect(res.status, `${kind} ${url}`).toBe(403);
        expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
      }
    }
    expect((await call(t.app, 'POST', '/v1/frontend/ip/index', { body: {} })).status).toBe(401);
    const trial = await post('index', {}, await loginAs(t.app, 'trial'));
    expect(trial.status).toBe(403);
    expect(trial.body.msg).toBe('企业认证通过后才能管理企业知识产权，请先到个人中心提交认证');
  });
});

describe('non-patent IP: bad input changes nothing', () => {
  const BAD: [string, Record<string, unknown>, string][] = [
    ['unknown kind', trademark({ kind: 'patent' }), '类型不正确'],
    ['no number', trademark({ number: '' }), '请填写注册号/登记号'],
    ['no name', trademark({ name: undefined }), '请填写名称'],
    ['no status', trademark({ status: undefined }), '状态不正确'],
    ['unknown status', trademark({ status: 'ok' }), '状态不正确'],
    ['trademark without class', trademark({ nice_class: undefined }), '商标须填写类别（1–45）'],
    ['class 46', trademark({ nice_class: 46 }), '商标类别应为 1–45'],
    ['class 1.5', trademark({ nice_class: 1.5 }), '商标类别应为 1–45 的整数'],
    ['class text', trademark({ nice_class: '9' }), '商标类别应为 1–45 的整数'],
    ['class on software', software({ nice_class: 9 }), '只有商标有类别'],
    ['bad date', trademark({ application_date: '2016-13-01' }), '申请日期格式不正确，应为有效日期 YYYY-MM-DD'],
    ['registered before applied', trademark({ registration_date: '2015-01-01' }), '注册/登记日期不能早于申请日期'],
    ['expiry before registration', trademark({ expiry_date: '2016-01-01' }), '有效期至不能早于注册/申请日期'],
    ['long owner', trademark({ owner: '权'.repeat(101) }), '权利人不能超过 100 个字'],
    ['unknown file', trademark({ file_ids: [987654] }), '附件不存在或不属于本企业，请重新上传'],
  ];

  it.each(BAD)('create: %s → 400 in Chinese', async (_what, body, msg) => {
    const before = await countRows(t, 'ip_assets');
    const res = await post('create', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 0, msg });
    expect(await countRows(t, 'ip_assets')).toBe(before);
  });

  it('update with bad input or an unknown id changes nothing; a 5 MB string is 413', async () => {
    const id = (await post('create', software({ number: 'BAD-SW' }))).body.data.id;
    const before = await t.db.db.selectFrom('ip_assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    for (const [, body, msg] of BAD) expect((await post('update', { ...body, id })).body.msg).toBe(msg);
    expect((await post('update', { ...software(), id: 99999999 })).status).toBe(404);
    expect((await post('update', software())).body.msg).toBe('请选择知识产权');
    const big = await post('update', { id, ...software({ note: 'x'.repeat(5 * 1024 * 1024) }) });
    expect(big.status).toBe(413);
    expect(big.body.msg).toBe('请求内容过大');
    expect(await t.db.db.selectFrom('ip_assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    for (const [body, msg] of [
      [{ kind: 'x' }, '类型不正确'],
      [{ status: 'x' }, '状态不正确'],
      [{ sort_field: 'name' }, '排序字段不正确'],
      [{ page_size: 101 }, '每页最多 100 条'],
    ] as const) {
      expect((await post('index', body)).body.msg).toBe(msg);
    }
  });
});
