import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnterpriseWarningCountsReply, EnterpriseWarningList, EnterpriseWarningRow } from '@ip/contract';
import { call, createTestApp, login, loginAs, type TestApp } from '../../../test/helpers';
import { seedDemoPatents } from '../patents/patent-seed';
import { createOffice, insertDemand, insertLitigation, insertVisit, type TestOffice } from '../../../test/service-office';
import { allScheduledTasks } from '../index';
import { deliverEnterpriseWarnings } from './enterprise-warnings-task';

// Enterprise warnings (issue 12, ADR 0048): each of the five kinds appears and ends on its day as the clock moves,
// scope (staff: only assigned; another office never), roles, bad filters, the export, and the once-only delivery.
// SQLite, and PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let o: TestOffice;
let other: TestOffice;
let company: string;
let demandId: number;
let patentId: number;
let certId: number;
let caseId: number;
const NAMES = ['甲预警测试有限公司', '乙预警测试有限公司', '丙预警测试有限公司', '丁预警测试有限公司', '戊预警测试有限公司'];
/** Noon in China on `day`. */
const noon = (day: string) => `${day}T04:00:00.000Z`;

const get = <T = EnterpriseWarningList>(token: string, url: string, query: Record<string, string | number> = {}) =>
  call<{ code: number; msg: string; data: T }>(t.app, 'GET', `/v1/visit/${url}`, { token, query });

async function list(token: string, query: Record<string, string | number> = {}): Promise<EnterpriseWarningRow[]> {
  const r = await get(token, 'warningList_two', { page_size: 100, ...query });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.list;
}
/** Moves the clock to noon on `day` and signs the office accounts in again (tokens expire as time passes). */
async function at(day: string) {
  t.setNow(noon(day));
  o.main = await login(t.app, '13700003001');
  o.staff = await login(t.app, '13700003002');
  other.main = await login(t.app, '13700004001');
}
const kinds = (rows: EnterpriseWarningRow[]) => rows.map((r) => `${r.kind}:${r.company_id}:${r.started_on}`).sort();

beforeAll(async () => {
  t = await createTestApp({ now: noon('2026-06-15') });
  await seedDemoPatents(t.db, 5, { now: () => t.now().toISOString() });
  o = await createOffice(t, '1370000300', NAMES);
  other = await createOffice(t, '1370000400', ['他区预警企业有限公司']);
  company = await loginAs(t.app, 'company');
  const [a, b, c, d, e] = o.companies as [number, number, number, number, number];
  // 甲: last visit 2026-03-17, so its 90th day is 06-15 and 久未走访 starts 06-16; the others were visited 06-01.
  await insertVisit(t, { ownerId: o.mainId, companyId: a, staffId: o.staffId, status: 'done', day: '2026-03-17' });
  await insertVisit(t, { ownerId: o.mainId, companyId: a, staffId: o.staffId, status: 'plan', day: '2026-06-20' });
  for (const id of [b, c, d, e, other.companies[0]!])
    await insertVisit(t, { ownerId: o.mainId, companyId: id, staffId: o.staffId, status: 'done', day: '2026-06-01' });
  // 乙: a demand due (contact) 06-15: red from 06-16.
  demandId = await insertDemand(t, {
    ownerId: o.mainId,
    companyId: b,
    status: 'registered',
    registered: '2026-06-12',
    contact_due: '2026-06-15',
    reply_due: '2026-06-17',
    close_due: '2026-06-19',
    title: '申请高企认定辅导',
  });
  // 丙: a utility model filed 2019-06-18, granted 2020-01-06; years 2–7 paid; year 8 due 2026-06-18 (Thu): grace 06-19.
  patentId = Number((await t.db.db.selectFrom('patents').select('id').orderBy('id').executeTakeFirstOrThrow()).id);
  await t.db.db
    .updateTable('patents')
    .set({ an: 'CN201920123456.7', ad: '2019-06-18', gd: '2020-01-06', type: '实用新型', country: 'CN', term_adjustment_days: 0 })
    .where('id', '=', patentId)
    .execute();
  const now = t.now().toISOString();
  await t.db.db
    .insertInto('company_patents')
    .values({ company_id: c, patent_id: patentId, created_at: now, updated_at: now })
    .execute();
  for (let year = 2; year <= 7; year++)
    await t.db.db
      .insertInto('fee_payments')
      .values({ company_id: c, patent_id: patentId, year, paid_on: `${2019 + year}-06-01`, amount: 600, created_at: now })
      .execute();
  // 丁: a certificate expiring 2026-09-14: warned from 06-16 (90 days before) to 10-14 (30 days after).
  certId = Number(
    (
      await t.db.db
        .insertInto('certificates')
        .values({
          company_id: d,
          kind: 'hightech',
          number: 'GR202344000123',
          name: '高新技术企业证书',
          issue_date: '2023-09-15',
          expiry_date: '2026-09-14',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  // 戊: a case filed 2026-06-16: new from 06-16 to 07-15.
  caseId = await insertLitigation(t, NAMES[4]!, '(2026)预0001号', '2026-06-16');
  await insertLitigation(t, NAMES[4]!, '(2025)预0002号', '2025-01-10');
  // the other office's enterprise: an overdue demand of its own
  await insertDemand(t, {
    ownerId: other.mainId,
    companyId: other.companies[0]!,
    status: 'registered',
    registered: '2026-06-12',
    contact_due: '2026-06-15',
  });
});

afterAll(() => t?.close());

describe('the five kinds as the clock moves', () => {
  it('on 06-15 nothing has started yet', async () => {
    await at('2026-06-15');
    expect(await list(o.main)).toEqual([]);
    const counts = await get<EnterpriseWarningCountsReply>(o.main, 'dataList_two');
    expect(counts.body.data).toEqual({
      counts: { no_visit: 0, demand_red: 0, patent_lapse: 0, cert_expiry: 0, litigation: 0 },
      total: 0,
    });
  });

  it('on 06-16 久未走访, 需求红灯, 证书即将到期 and 新增诉讼 start; on 06-19 专利即将失效', async () => {
    const [a, b, , d, e] = o.companies as [number, number, number, number, number];
    await at('2026-06-16');
    const rows = await list(o.main);
    expect(kinds(rows)).toEqual(
      [
        `no_visit:${a}:2026-06-16`,
        `demand_red:${b}:2026-06-16`,
        `cert_expiry:${d}:2026-06-16`,
        `litigation:${e}:2026-06-16`,
      ].sort(),
    );
    const demand = rows.find((r) => r.kind === 'demand_red')!;
    expect(demand.link).toBe(`/workWaitvisit3?id=${demandId}`);
    expect(demand.detail).toContain('申请高企认定辅导');
    const noVisit = rows.find((r) => r.kind === 'no_visit')!;
    expect(noVisit.detail).toContain('2026-03-17');
    expect(noVisit.link).toBe(`/addWaitvisit?company_id=${a}&company_name=${encodeURIComponent(NAMES[0]!)}`);
    expect(rows.find((r) => r.kind === 'litigation')!.key).toBe(`litigation:${caseId}:${e}`);
    expect(rows.find((r) => r.kind === 'cert_expiry')!.key).toBe(`cert_expiry:${certId}:2026-09-14`);
    expect(rows.every((r) => r.visit_link.startsWith('/addWaitvisit?company_id='))).toBe(true);

    await at('2026-06-18');
    expect((await list(o.main, { kind: 'patent_lapse' })).length).toBe(0);
    await at('2026-06-19');
    const lapse = await list(o.main, { kind: 'patent_lapse' });
    expect(kinds(lapse)).toEqual([`patent_lapse:${o.companies[2]}:2026-06-19`]);
    expect(lapse[0]!.key).toBe(`patent_lapse:${patentId}:8`);
    expect(lapse[0]!.detail).toContain('第 8 年年费已逾期');
    // The number and the title, read for the warnings only after the candidates (ADR 0080).
    const { title } = await t.db.db.selectFrom('patents').select('title').where('id', '=', patentId).executeTakeFirstOrThrow();
    expect(title).not.toBe('');
    expect(lapse[0]!.detail.startsWith(`CN201920123456.7《${title}》`)).toBe(true);
    // newest start first
    const all = await list(o.main);
    expect(all[0]!.kind).toBe('patent_lapse');
    expect(all.map((r) => r.started_on)).toEqual([...all.map((r) => r.started_on)].sort().reverse());
    const counts = await get<EnterpriseWarningCountsReply>(o.main, 'dataList_two');
    expect(counts.body.data).toEqual({
      counts: { no_visit: 1, demand_red: 1, patent_lapse: 1, cert_expiry: 1, litigation: 1 },
      total: 5,
    });
  });

  it('each ends on its day: a visit, a contact, a payment, the certificate window, 30 days of litigation', async () => {
    const [a, , c] = o.companies as [number, number, number];
    await at('2026-06-19');
    await insertVisit(t, { ownerId: o.mainId, companyId: a, staffId: o.staffId, status: 'done', day: '2026-06-19' });
    await t.db.db
      .updateTable('demands')
      .set({
        status: 'handled',
        contacted_at: noon('2026-06-17'),
        replied_at: noon('2026-06-19'),
        handled_at: noon('2026-06-19'),
      })
      .where('id', '=', demandId)
      .execute();
    await t.db.db
      .insertInto('fee_payments')
      .values({
        company_id: c,
        patent_id: patentId,
        year: 8,
        paid_on: '2026-06-19',
        amount: 600,
        created_at: t.now().toISOString(),
      })
      .execute();
    expect(kinds(await list(o.main)).map((k) => k.split(':')[0])).toEqual(['cert_expiry', 'litigation']);
    await at('2026-07-15');
    expect((await list(o.main, { kind: 'litigation' })).length).toBe(1);
    await at('2026-07-16');
    expect((await list(o.main, { kind: 'litigation' })).length).toBe(0);
    await at('2026-10-14');
    expect((await list(o.main, { kind: 'cert_expiry' }))[0]!.detail).toContain('已过期 30 天');
    await at('2026-10-15');
    expect((await list(o.main, { kind: 'cert_expiry' })).length).toBe(0);
    // 甲's second episode: its 06-19 visit's 90th day is 09-17
    await at('2026-09-17');
    expect((await list(o.main, { kind: 'no_visit' })).filter((r) => r.company_id === a)).toEqual([]);
    await at('2026-09-18');
    expect((await list(o.main, { kind: 'no_visit' })).find((r) => r.company_id === a)!.started_on).toBe('2026-09-18');
  });
});

describe('scope, filters, roles and bad input', () => {
  it('staff see only their enterprises; the main account filters by staff, street and keyword; another office never', async () => {
    await at('2026-06-19');
    // reset the closing steps of the previous block's 06-19 so every kind shows again
    await t.db.db.deleteFrom('visits').where('company_id', '=', o.companies[0]!).where('visit_date', '=', '2026-06-19').execute();
    await t.db.db
      .updateTable('demands')
      .set({ status: 'registered', contacted_at: null, replied_at: null, handled_at: null })
      .where('id', '=', demandId)
      .execute();
    await t.db.db.deleteFrom('fee_payments').where('patent_id', '=', patentId).where('year', '=', 8).execute();
    expect((await list(o.main)).length).toBe(5);
    const staffRows = await list(o.staff);
    expect(staffRows.map((r) => r.company_id)).toEqual([o.companies[0]]);
    const counts = await get<EnterpriseWarningCountsReply>(o.staff, 'dataList_two');
    expect(counts.body.data.total).toBe(1);
    expect((await list(o.main, { staff_id: o.staffId })).map((r) => r.company_id)).toEqual([o.companies[0]]);
    expect((await list(o.main, { street_id: 2 })).map((r) => r.kind)).toEqual(['demand_red']);
    expect((await list(o.main, { keyword: '戊预警' })).map((r) => r.kind)).toEqual(['litigation']);
    const paged = await get(o.main, 'warningList_two', { page: 2, page_size: 2 });
    expect(paged.body.data.list.length).toBe(2);
    expect(paged.body.data.total).toBe(5);
    expect(paged.body.data.counts.patent_lapse).toBe(1);
    // the other office sees its own demand only, never ours
    const theirs = await list(other.main);
    expect(theirs.map((r) => r.company_id)).toEqual([other.companies[0]]);
    // the other office's staff member as a filter: 404
    const foreign = await get(o.main, 'warningList_two', { staff_id: other.staffId });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('员工不存在或不属于本中心');
  });

  it('a company user or an administrator is refused; bad filters are Chinese 400s', async () => {
    for (const token of [company, await loginAs(t.app, 'admin')]) {
      for (const url of ['warningList_two', 'dataList_two']) {
        const r = await get(token, url);
        expect(r.status).toBe(403);
        expect(r.body.code).toBe(0);
      }
    }
    const cases: [Record<string, string | number>, string][] = [
      [{ kind: 'fire' }, '预警类型不正确'],
      [{ page: 0 }, '页码不正确'],
      [{ page_size: 500 }, '每页最多 100 条'],
      [{ street_id: -1 }, '街道编号不正确'],
      [{ staff_id: 'x' }, '请选择员工'],
      [{ keyword: '长'.repeat(51) }, '关键词不能超过 50 个字'],
      [{ export: '2' }, '取值只能是 0 或 1'],
    ];
    for (const [query, msg] of cases) {
      const r = await get(o.main, 'warningList_two', query);
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.body.msg).toContain(msg);
    }
  });

  it('exports the filtered warnings as an Excel file', async () => {
    const r = await get<{ url: string; rows: number }>(o.main, 'warningList_two', { export: '1', kind: 'demand_red' });
    expect(r.status).toBe(200);
    expect(r.body.data.rows).toBe(1);
    const file = await t.app.inject({ method: 'GET', url: r.body.data.url });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('企业预警')!;
    expect(ws.getRow(1).getCell(1).value).toBe('预警类型');
    expect(ws.getRow(2).getCell(1).value).toBe('需求红灯');
    expect(ws.getRow(2).getCell(2).value).toBe(NAMES[1]);
  });
});

describe('delivery to the message centre', () => {
  const warningMessages = (userId: number) =>
    t.db.db
      .selectFrom('messages')
      .select(['title', 'link', 'delivery_key'])
      .where('user_id', '=', userId)
      .where('object_type', '=', 'enterprise_warning')
      .orderBy('id')
      .execute();

  it('is a daily scheduled task', () => {
    expect(allScheduledTasks().map((s) => s.name)).toContain('enterprise-warnings');
  });

  it('delivers each new warning once: staff for their enterprises, the main account for the rest', async () => {
    await at('2026-06-19');
    const first = await deliverEnterpriseWarnings(t.deps);
    expect(first.delivered).toBeGreaterThanOrEqual(6);
    const staff = await warningMessages(o.staffId);
    expect(staff.map((m) => m.title)).toEqual([`企业预警·久未走访：${NAMES[0]}`]);
    const main = await warningMessages(o.mainId);
    expect(main.map((m) => m.title.split('：')[0]).sort()).toEqual(
      ['企业预警·专利即将失效', '企业预警·新增诉讼', '企业预警·证书即将到期', '企业预警·需求红灯'].sort(),
    );
    // the other office's enterprise is its staff member's (createOffice assigns the first enterprise)
    expect((await warningMessages(other.staffId)).map((m) => m.title)).toEqual([`企业预警·需求红灯：他区预警企业有限公司`]);
    expect(await warningMessages(other.mainId)).toEqual([]);
    const rows = await t.db.db.selectFrom('service_warning_deliveries').selectAll().where('owner_id', '=', o.mainId).execute();
    expect(rows.length).toBe(5);
    // again the same day, and the next day: nothing new
    expect((await deliverEnterpriseWarnings(t.deps)).delivered).toBe(0);
    await at('2026-06-20');
    expect((await deliverEnterpriseWarnings(t.deps)).delivered).toBe(0);
    expect((await warningMessages(o.staffId)).length).toBe(1);
    // the staff member reads it in its message centre
    const read = await call(t.app, 'POST', '/v1/frontend/message/index', { token: o.staff, body: {} });
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).toContain('企业预警·久未走访');
  });

  it('a warning that ends and starts again is a new episode and is delivered again', async () => {
    const a = o.companies[0]!;
    await at('2026-06-20');
    await insertVisit(t, { ownerId: o.mainId, companyId: a, staffId: o.staffId, status: 'done', day: '2026-06-20' });
    await at('2026-09-19');
    const r = await deliverEnterpriseWarnings(t.deps);
    expect(r.delivered).toBeGreaterThanOrEqual(1);
    const staff = await warningMessages(o.staffId);
    expect(staff.length).toBe(2);
    expect(staff[1]!.delivery_key).toContain(`no_visit:${a}:2026-09-19`);
    expect((await deliverEnterpriseWarnings(t.deps)).delivered).toBe(0);
  });
});
