import ExcelJS from 'exceljs';
import { isoAddDays } from '@ip/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, loginAs, type TestApp } from '../../../test/helpers';
import { companyUser, otherCompany } from '../../../test/company-records';
import { chinaToday } from '../common/records';
import { scanCertificateExpiry } from './certificate-expiry';
import { DEFAULT_LEAD_TIMES, getLeadTimes } from './lead-times';

// /v1/frontend/warning/* (lead times), /v1/frontend/certificate/expire* and the certificate expiry warnings
// (ADR 0027), on SQLite and PostgreSQL.

let t: TestApp;
let token: string;
let adminToken: string;
let companyId: number;
let sub: { userId: number; token: string };
let other: { companyId: number; userId: number; token: string };

const TODAY = '2026-03-15';
const post = (url: string, body: unknown, tok = token) => call(t.app, 'POST', `/v1/frontend/${url}`, { token: tok, body });

beforeAll(async () => {
  t = await createTestApp({ now: `${TODAY}T00:30:00Z` }); // 08:30 in China
  token = await loginAs(t.app, 'company');
  adminToken = await loginAs(t.app, 'admin');
  ({ company_id: companyId } = await t.db.db
    .selectFrom('users')
    .select('company_id')
    .where('mobile', '=', '13800000001')
    .executeTakeFirstOrThrow());
  sub = await companyUser(t, companyId, '13911112222', { rid: 1 });
  other = await otherCompany(t);
});
afterAll(() => t.close());

describe('lead times: /v1/frontend/warning/setting and /save', () => {
  it('reads the defaults, then the main account saves its own (sorted, largest first)', async () => {
    const def = await post('warning/setting', {});
    expect(def.body.data).toMatchObject({
      fee_days: [90, 30, 7],
      fee_grace_monthly: true,
      certificate_days: [90, 30, 7],
      custom: false,
      editable: true,
    });
    const res = await post('warning/save', {
      fee_days: [30, 120, 7],
      fee_grace_monthly: false,
      certificate_days: [60, 180, 15, 3],
    });
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({
      fee_days: [120, 30, 7],
      fee_grace_monthly: false,
      certificate_days: [180, 60, 15, 3],
      custom: true,
    });
    expect(await getLeadTimes(t.deps, companyId)).toEqual({
      fee: [120, 30, 7],
      feeGraceMonthly: false,
      certificate: [180, 60, 15, 3],
    });
    // Another company keeps the defaults.
    expect(await getLeadTimes(t.deps, other.companyId)).toEqual(DEFAULT_LEAD_TIMES);
    expect((await post('warning/setting', {}, other.token)).body.data.custom).toBe(false);
  });

  it('a sub-account reads them and may not change them', async () => {
    const res = await post('warning/setting', {}, sub.token);
    expect(res.body.data).toMatchObject({ certificate_days: [180, 60, 15, 3], editable: false });
    const save = await post('warning/save', { fee_days: [10], fee_grace_monthly: true, certificate_days: [10] }, sub.token);
    expect(save.status).toBe(403);
    expect(save.body.msg).toBe('子账号不能进行该操作，请联系企业主账号');
    expect((await getLeadTimes(t.deps, companyId)).fee).toEqual([120, 30, 7]);
  });

  it('refuses 0 or 4000 days, duplicates, more than five and none, with a Chinese message, changing nothing', async () => {
    const ok = { fee_days: [90, 30, 7], fee_grace_monthly: true, certificate_days: [90, 30, 7] };
    const bad: [Record<string, unknown>, string][] = [
      [{ fee_days: [0] }, '年费提醒天数须在 1–3650 天之间'],
      [{ certificate_days: [4000, 30] }, '证书到期提醒天数须在 1–3650 天之间'],
      [{ fee_days: [30, 30] }, '年费提醒天数不能重复'],
      [{ fee_days: [1, 2, 3, 4, 5, 6] }, '年费提醒天数最多设置 5 个'],
      [{ certificate_days: [] }, '请至少设置一个证书到期提醒天数'],
      [{ fee_days: [7.5] }, '年费提醒天数须为整数天数'],
      [{ fee_grace_monthly: 'yes' }, '宽限期每月提醒须为是或否'],
    ];
    const before = await t.db.db.selectFrom('warning_settings').selectAll().execute();
    for (const [patch, msg] of bad) {
      const res = await post('warning/save', { ...ok, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    expect(await t.db.db.selectFrom('warning_settings').selectAll().execute()).toEqual(before);
  });

  it('is for company users: the administrator and a visitor are refused', async () => {
    expect((await post('warning/setting', {}, adminToken)).status).toBe(403);
    expect(
      (await post('warning/save', { fee_days: [9], fee_grace_monthly: true, certificate_days: [9] }, adminToken)).status,
    ).toBe(403);
    expect((await post('warning/setting', {}, '')).status).toBe(401);
    // Back to the defaults for what follows.
    await t.db.db.deleteFrom('warning_settings').execute();
  });
});

/** Inserts a certificate of a company expiring `days` from TODAY (null: none). */
async function cert(company: number, name: string, days: number | null, kind = 'hightech'): Promise<number> {
  const now = t.now().toISOString();
  const r = await t.db.db
    .insertInto('certificates')
    .values({
      company_id: company,
      kind,
      number: `N-${name}`,
      name,
      issue_date: '2020-01-01',
      expiry_date: days === null ? null : isoAddDays(TODAY, days),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

describe('/v1/frontend/certificate/expire and /expire-export', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    ids.expired = await cert(companyId, '已过期证书', -3, 'iso');
    ids.d5 = await cert(companyId, '五天证书', 5);
    ids.d20 = await cert(companyId, '二十天证书', 20);
    ids.d60 = await cert(companyId, '六十天证书', 60);
    ids.d200 = await cert(companyId, '二百天证书', 200);
    await cert(companyId, '长期证书', null);
    await cert(other.companyId, '乙方证书', 10);
    const now = t.now().toISOString();
    const ip = await t.db.db
      .insertInto('ip_assets')
      .values({
        company_id: companyId,
        kind: 'trademark',
        name: '示例商标',
        number: 'TM-1',
        expiry_date: isoAddDays(TODAY, 45),
        status: 'registered',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.ip = Number(ip.id);
  });

  it('lists by expiry date with state, band, days left, counts and links', async () => {
    const res = await post('certificate/expire', {});
    expect(res.body.code).toBe(1);
    const d = res.body.data;
    expect(d.total).toBe(6);
    expect(d.lead_days).toEqual([90, 30, 7]);
    expect(d.counts).toEqual({ expired: 1, normal: 1, bands: { '7': 1, '30': 1, '90': 2 } });
    expect(d.list.map((r: { name: string }) => r.name)).toEqual([
      '已过期证书',
      '五天证书',
      '二十天证书',
      '示例商标',
      '六十天证书',
      '二百天证书',
    ]);
    expect(d.list[0]).toMatchObject({ state: 'expired', state_label: '已过期', days_left: -3, kind_label: 'ISO 体系认证证书' });
    expect(d.list[1]).toMatchObject({
      state: 'warning',
      band: 7,
      state_label: '7 天内',
      link: `/certificateData?view=${ids.d5}`,
    });
    expect(d.list[3]).toMatchObject({ source: 'ip', band: 90, kind: 'trademark', link: `/NotpatentDetails?id=${ids.ip}` });
    expect(d.list[5]).toMatchObject({ state: 'normal', state_label: '正常', days_left: 200 });
  });

  it('filters by state, band, kind, within N days, id, keyword; sorts and pages', async () => {
    const names = async (body: Record<string, unknown>) =>
      (await post('certificate/expire', body)).body.data.list.map((r: { name: string }) => r.name);
    expect(await names({ state: 'expired' })).toEqual(['已过期证书']);
    expect(await names({ state: 'warning', band: 30 })).toEqual(['二十天证书']);
    expect(await names({ state: 'normal' })).toEqual(['二百天证书']);
    expect(await names({ kind: 'trademark' })).toEqual(['示例商标']);
    expect(await names({ within_days: 30 })).toEqual(['五天证书', '二十天证书']);
    expect(await names({ id: ids.d60 })).toEqual(['六十天证书']);
    expect(await names({ keyword: '二百' })).toEqual(['二百天证书']);
    expect((await names({ sort_order: 'descend' }))[0]).toBe('二百天证书');
    const p2 = await post('certificate/expire', { page: 2, page_size: 4 });
    expect(p2.body.data).toMatchObject({ total: 6, page: 2, page_size: 4 });
    expect(p2.body.data.list).toHaveLength(2);
    // The bands follow the company's lead times.
    await post('warning/save', { fee_days: [90], fee_grace_monthly: true, certificate_days: [10] });
    expect(await names({ state: 'warning' })).toEqual(['五天证书']);
    await t.db.db.deleteFrom('warning_settings').execute();
  });

  it('refuses bad filters', async () => {
    for (const [body, msg] of [
      [{ state: 'soon' }, '状态不正确'],
      [{ kind: 'car' }, '类型不正确'],
      [{ within_days: 4000 }, '天数须在 0–3650 之间'],
      [{ page_size: 1000 }, '每页最多 100 条'],
    ] as const) {
      const res = await post('certificate/expire', body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
  });

  it('exports the filtered list to Excel', async () => {
    const res = await post('certificate/expire-export', { within_days: 90 });
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({ rows: 4, truncated: false, name: `证书到期预警-${TODAY}.xlsx` });
    const file = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('证书到期预警')!;
    expect(ws.getRow(1).getCell(3).value).toBe('名称');
    expect(ws.rowCount).toBe(5);
    expect(ws.getRow(2).getCell(6).value).toBe('7 天内');
  });

  it('another company sees only its own; the administrator is refused', async () => {
    const res = await post('certificate/expire', {}, other.token);
    expect(res.body.data.list.map((r: { name: string }) => r.name)).toEqual(['乙方证书']);
    expect((await post('certificate/expire', { id: ids.d5 }, other.token)).body.data.total).toBe(0);
    expect((await post('certificate/expire', {}, adminToken)).status).toBe(403);
    expect((await post('certificate/expire-export', {}, adminToken)).status).toBe(403);
    // A sub-account reads the list.
    expect((await post('certificate/expire', {}, sub.token)).body.data.total).toBe(6);
    await t.db.db.deleteFrom('certificates').execute();
    await t.db.db.deleteFrom('ip_assets').execute();
  });
});

describe('certificate expiry warnings', () => {
  const DAY = 86_400_000;
  let certId: number;
  let expiry: string;
  const messages = () =>
    t.db.db
      .selectFrom('messages')
      .selectAll()
      .where('kind', '=', 'certificate')
      .where('user_id', '=', sub.userId)
      .orderBy('id')
      .execute();

  it('delivers once per threshold while the clock walks to the expiry date, never twice after a re-run', async () => {
    t.setNow(`${TODAY}T00:30:00Z`);
    expiry = isoAddDays(TODAY, 100);
    const res = await post('certificate/create', {
      kind: 'hightech',
      number: 'GR-WARN-1',
      name: '高新技术企业证书',
      issue_date: '2023-06-01',
      expiry_date: expiry,
    });
    expect(res.body.code).toBe(1);
    certId = res.body.data.id;
    await cert(other.companyId, '乙方证书', 100); // warned on the same days, to its own user

    expect(await scanCertificateExpiry(t.deps)).toBe(0);
    t.advance(10 * DAY); // 90 days left
    const users = 3; // the main account and the sub-account, and the other company's user
    expect(await scanCertificateExpiry(t.deps)).toBe(users);
    expect(await scanCertificateExpiry(t.deps)).toBe(0);
    let m = await messages();
    expect(m.map((x) => x.delivery_key)).toEqual([`cert:${certId}:${expiry}:90:u${sub.userId}`]);
    expect(m[0]).toMatchObject({
      link: `/certificateExpire?id=${certId}`,
      object_type: 'certificate',
      object_id: certId,
      company_id: companyId,
      title: `高新技术企业证书「高新技术企业证书」将于 ${expiry} 到期，剩余 90 天`,
    });

    t.advance(59 * DAY); // 31 days left: nothing new
    expect(await scanCertificateExpiry(t.deps)).toBe(0);
    t.advance(DAY); // 30 days left
    expect(await scanCertificateExpiry(t.deps)).toBe(users);
    // The server is down from 29 days left until 5 days left: only the latest passed threshold (7) is delivered.
    t.advance(25 * DAY);
    expect(chinaToday(t.now())).toBe(isoAddDays(expiry, -5));
    expect(await scanCertificateExpiry(t.deps)).toBe(users);
    expect(await scanCertificateExpiry(t.deps)).toBe(0);
    t.advance(6 * DAY); // expired yesterday
    expect(await scanCertificateExpiry(t.deps)).toBe(users);
    t.advance(DAY);
    expect(await scanCertificateExpiry(t.deps)).toBe(0);
    m = await messages();
    expect(m.map((x) => x.delivery_key.split(':')[3])).toEqual(['90', '30', '7', '0']);
    expect(m[3].title).toContain(`已于 ${expiry} 到期`);
    // Another company's user got only its own certificate's warning.
    const otherMsgs = await t.db.db.selectFrom('messages').selectAll().where('user_id', '=', other.userId).execute();
    expect(otherMsgs.every((x) => x.company_id === other.companyId && !x.delivery_key.startsWith(`cert:${certId}:`))).toBe(true);
  });

  it('renewing the certificate marks its open warnings handled; the new date warns again under new keys', async () => {
    const renewed = isoAddDays(expiry, 3 * 365);
    token = await loginAs(t.app, 'company'); // the session of 100 days ago has expired
    const res = await post('certificate/update', {
      id: certId,
      kind: 'hightech',
      number: 'GR-WARN-1',
      name: '高新技术企业证书',
      issue_date: isoAddDays(expiry, 1),
      expiry_date: renewed,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const m = await messages();
    expect(m).toHaveLength(4);
    expect(m.every((x) => x.handled_at !== null)).toBe(true);
    expect(await scanCertificateExpiry(t.deps)).toBe(0);
    t.setNow(`${isoAddDays(renewed, -90)}T00:30:00Z`);
    expect(await scanCertificateExpiry(t.deps)).toBe(2);
    const fresh = (await messages()).at(-1)!;
    expect(fresh).toMatchObject({ delivery_key: `cert:${certId}:${renewed}:90:u${sub.userId}`, handled_at: null });
  });
});

describe('non-patent IP expiry warnings (ADR 0033)', () => {
  const DAY = 86_400_000;
  let c3: { companyId: number; userId: number; token: string };
  const ipMessages = () =>
    t.db.db
      .selectFrom('messages')
      .selectAll()
      .where('user_id', '=', c3.userId)
      .where('object_type', '=', 'ip_asset')
      .orderBy('id')
      .execute();
  const ipPost = (url: string, body: unknown) => post(`ip/${url}`, body, c3.token);
  const software = (expiry: string, over: Record<string, unknown> = {}) => ({
    kind: 'software',
    number: '2026SR0001',
    name: '示例管理软件',
    registration_date: '2016-03-01',
    expiry_date: expiry,
    status: 'registered',
    ...over,
  });

  it('warns like a certificate: same lead times, once per threshold, into the message centre', async () => {
    t.setNow(`${TODAY}T00:30:00Z`);
    c3 = await otherCompany(t, '丙方软件有限公司', '13911113333');
    const expiry = isoAddDays(TODAY, 95);
    const created = await ipPost('create', software(expiry));
    expect(created.body.code, JSON.stringify(created.body)).toBe(1);
    const id = created.body.data.id as number;
    // Refused or invalidated IP is not warned about, whatever its date.
    expect((await ipPost('create', software(expiry, { number: 'X-2', name: '已驳回', status: 'rejected' }))).body.code).toBe(1);
    await scanCertificateExpiry(t.deps);
    expect(await ipMessages()).toHaveLength(0);
    t.advance(5 * DAY); // 90 days left
    await scanCertificateExpiry(t.deps);
    await scanCertificateExpiry(t.deps);
    let m = await ipMessages();
    expect(m).toHaveLength(1);
    expect(m[0]).toMatchObject({
      kind: 'certificate',
      delivery_key: `ip:${id}:${expiry}:90:u${c3.userId}`,
      link: `/NotpatentDetails?id=${id}`,
      object_id: id,
      company_id: c3.companyId,
      title: `软件著作权「示例管理软件」将于 ${expiry} 到期，剩余 90 天`,
      handled_at: null,
    });
    t.advance(60 * DAY); // 30 days left
    await scanCertificateExpiry(t.deps);
    t.advance(DAY);
    await scanCertificateExpiry(t.deps);
    m = await ipMessages();
    expect(m.map((x) => x.delivery_key.split(':')[3])).toEqual(['90', '30']);
    c3.token = await login(t.app, '13911113333'); // the session of 66 days ago has expired
    const count = await call(t.app, 'POST', '/v1/frontend/message/unread_count', { token: c3.token, body: {} });
    expect(count.body.data.by_kind.certificate).toBe(2);

    // Renewed: the open warnings are handled; the new date warns again under its own keys.
    const renewed = isoAddDays(expiry, 3650);
    expect((await ipPost('update', { id, ...software(renewed) })).body.code).toBe(1);
    expect((await ipMessages()).every((x) => x.handled_at !== null)).toBe(true);
    await scanCertificateExpiry(t.deps);
    expect(await ipMessages()).toHaveLength(2);
    t.setNow(`${isoAddDays(renewed, -7)}T00:30:00Z`);
    await scanCertificateExpiry(t.deps);
    expect((await ipMessages()).at(-1)).toMatchObject({ delivery_key: `ip:${id}:${renewed}:7:u${c3.userId}`, handled_at: null });
    // Deleted: its warnings are handled too; another company cannot delete it.
    c3.token = await login(t.app, '13911113333');
    expect((await post('ip/delete', { id }, await loginAs(t.app, 'company'))).status).toBe(404);
    expect((await ipMessages()).at(-1)!.handled_at).toBeNull();
    expect((await ipPost('delete', { id })).body.code).toBe(1);
    expect((await ipMessages()).every((x) => x.handled_at !== null)).toBe(true);
  });
});
