import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { companyUser, demoPortfolio, otherCompany, upload } from '../../../test/company-records';
import { pathOf } from '../common/file-store';
import { deliverToCompany } from '../messages/deliver';
import { FEE_OBJECT_TYPE, feeWarningKey } from './fee-warnings';

// /v1/frontend/fee/*: the annual-fee calls of /costdetails (ADR 0026), on SQLite and PostgreSQL.

let t: TestApp;
let token: string;
let companyId: number;
let other: { companyId: number; userId: number; token: string };
let otherPatentId: number;

const TODAY = '2026-03-15';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const post = (url: string, body: unknown, tok = token) => call(t.app, 'POST', `/v1/frontend/fee/${url}`, { token: tok, body });

interface YearView {
  year: number;
  due: string;
  state: string;
  amount: number;
  payable: boolean;
  total_if_paid_today: number;
  payment: { paid_on: string; amount: number; payer: string } | null;
}
interface Row {
  patent_id: number;
  an: string | null;
  state: string;
  next: YearView | null;
}

const payments = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('fee_payments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function allRows(tok = token): Promise<Row[]> {
  const res = await post('index', { page_size: 100 }, tok);
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data.list;
}

/** A patent of the company whose next fee may be paid today, with that year. */
async function payableRow(exclude: number[] = []): Promise<Row & { next: YearView }> {
  const r = (await allRows()).find((x) => x.next?.payable && !exclude.includes(x.patent_id));
  expect(r, 'a patent with a payable fee').toBeTruthy();
  return r as Row & { next: YearView };
}

beforeAll(async () => {
  t = await createTestApp({ now: `${TODAY}T04:00:00Z` });
  token = await loginAs(t.app, 'company');
  ({ companyId } = await demoPortfolio(t));
  other = await otherCompany(t);
  // One patent of the other company: a granted patent no longer in the demo company's portfolio.
  const p = await t.db.db
    .selectFrom('patents')
    .select('id')
    .where('gd', 'is not', null)
    .where('id', 'not in', (eb) => eb.selectFrom('company_patents').select('patent_id'))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  otherPatentId = Number(p.id);
  const now = t.now().toISOString();
  await t.db.db
    .insertInto('company_patents')
    .values({ company_id: other.companyId, patent_id: otherPatentId, created_at: now, updated_at: now })
    .execute();
});
afterAll(() => t.close());

describe('fees: the list, the schedule, the summary', () => {
  it('lists the company patents with their next fee, counts, filters, sorting and paging', async () => {
    const res = await post('index', {});
    expect(res.body.code).toBe(1);
    const d = res.body.data;
    expect(d.today).toBe(TODAY);
    expect(d.total).toBeGreaterThan(0);
    expect(d.counts.total).toBe(d.total);
    const rows = await allRows();
    const withNext = rows.filter((r) => r.next);
    expect(withNext.length).toBeGreaterThan(0);
    // Default order: the soonest due date first, rows without a next fee last.
    const dues = rows.map((r) => r.next?.due ?? '9999');
    expect([...dues].sort()).toEqual(dues);
    const desc = (await post('index', { page_size: 100, sort_order: 'descend' })).body.data.list as Row[];
    const dd = desc.filter((r) => r.next).map((r) => r.next!.due);
    expect([...dd].sort().reverse()).toEqual(dd);
    const byAmount = (await post('index', { page_size: 100, sort_field: 'amount' })).body.data.list as Row[];
    const am = byAmount.filter((r) => r.next).map((r) => r.next!.amount);
    expect([...am].sort((a, b) => a - b)).toEqual(am);

    for (const n of [30, 90, 365]) {
      const within = (await post('index', { page_size: 100, within_days: n })).body.data.list as Row[];
      for (const r of within) {
        expect(['due', 'not_due']).toContain(r.next!.state);
        expect(r.next!.due >= TODAY).toBe(true);
      }
    }
    const c = d.counts;
    expect((await post('index', { within_days: 30 })).body.data.total).toBe(c.due_30);
    expect((await post('index', { within_days: 90 })).body.data.total).toBe(c.due_90);
    expect((await post('index', { state: 'grace' })).body.data.total).toBe(c.grace);
    expect((await post('index', { state: 'lapsed' })).body.data.total).toBe(c.lapsed);
    const page2 = await post('index', { page: 2, page_size: 2 });
    expect(page2.body.data).toMatchObject({ page: 2, page_size: 2, total: d.total });
    expect(page2.body.data.list.map((r: Row) => r.patent_id)).toEqual(rows.slice(2, 4).map((r) => r.patent_id));
    const an = rows.find((r) => r.an)!.an!;
    expect((await post('index', { keyword: an })).body.data.list.map((r: Row) => r.patent_id)).toContain(
      rows.find((r) => r.an === an)!.patent_id,
    );
    expect((await post('index', { is_core: 1 })).body.code).toBe(1);
    expect((await post('index', { category_id: 0 })).body.code).toBe(1);
  });

  it('another company sees only its own patent', async () => {
    const list = await allRows(other.token);
    expect(list.map((r) => r.patent_id)).toEqual([otherPatentId]);
  });

  it('answers the whole schedule of a patent; another company’s patent is not in the portfolio', async () => {
    const r = await payableRow();
    const res = await post('schedule', { patent_id: r.patent_id });
    expect(res.body.code).toBe(1);
    const s = res.body.data;
    expect(s.patent.id).toBe(r.patent_id);
    expect(s.years.length).toBe(s.term.years);
    expect(s.years.map((y: YearView) => y.year)).toEqual(Array.from({ length: s.term.years }, (_, i) => i + 1));
    expect(s.next.year).toBe(r.next.year);
    for (const [body, tok] of [
      [{ patent_id: otherPatentId }, token],
      [{ patent_id: r.patent_id }, other.token],
      [{ patent_id: 99999999 }, token],
    ] as const) {
      const bad = await post('schedule', body, tok);
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toBe('该专利不在本企业专利库中');
    }
    expect((await post('schedule', { patent_id: 'x' })).body.msg).toMatch(/专利/);
  });

  it('summary, forecast and the /home slots', async () => {
    const s = (await post('summary', {})).body.data;
    const c = (await post('index', {})).body.data.counts;
    expect(s).toEqual(Object.fromEntries(Object.entries(c).filter(([k]) => k !== 'total')));
    const f = (await post('forecast', {})).body.data;
    expect(f.months).toHaveLength(60);
    expect(f.months[0].month).toBe('2026-03');
    expect(f.months[59].month).toBe('2031-02');
    expect(f.total).toBeGreaterThan(0);
    expect(f.years.reduce((a: number, y: { amount: number }) => a + y.amount, 0)).toBeCloseTo(f.total, 2);
    const home = await call(t.app, 'POST', '/v1/frontend/home/summary', { token, body: {} });
    expect(home.body.data.fees).toEqual(s);
  });
});

describe('fees: payments', () => {
  let paid: Row & { next: YearView };
  let receiptId: number;

  it('records a payment with a receipt; the state follows and the list moves on', async () => {
    paid = await payableRow();
    // The year's warning (delivered earlier at the 30-day threshold) to the demo company and, for the same patent
    // and year, to the other company: the payment handles the demo company's only.
    const warn = (key: string) => ({
      kind: 'fee' as const,
      title: '年费提醒',
      objectType: FEE_OBJECT_TYPE,
      objectId: paid.patent_id,
      key,
    });
    await deliverToCompany(t.deps, companyId, warn(feeWarningKey(paid.patent_id, paid.next.year, 'd30')));
    await deliverToCompany(t.deps, companyId, warn(feeWarningKey(paid.patent_id, paid.next.year + 1, 'd90')));
    await deliverToCompany(t.deps, other.companyId, warn(feeWarningKey(paid.patent_id, paid.next.year, 'd30')));
    const fileId = await upload(t, token, { name: '缴费收据.pdf', mime: 'application/pdf' });
    receiptId = fileId;
    const before = await payments();
    const res = await post('pay', {
      patent_id: paid.patent_id,
      year: paid.next.year,
      paid_on: TODAY,
      amount: paid.next.total_if_paid_today,
      payer: '财务部 王会计',
      file_id: fileId,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(await payments()).toBe(before + 1);
    const y = res.body.data.years.find((x: YearView) => x.year === paid.next.year);
    expect(y.state).toBe('paid');
    expect(y.payment).toMatchObject({ paid_on: TODAY, amount: paid.next.total_if_paid_today, payer: '财务部 王会计' });
    expect(y.payment.file).toMatchObject({ id: fileId, name: '缴费收据.pdf' });
    const row = (await allRows()).find((r) => r.patent_id === paid.patent_id)!;
    expect(row.next?.year ?? 0).not.toBe(paid.next.year);
    const stored = await t.db.db
      .selectFrom('fee_payments')
      .selectAll()
      .where('patent_id', '=', paid.patent_id)
      .where('year', '=', paid.next.year)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ company_id: companyId, file_id: fileId });
    const msgs = await t.db.db
      .selectFrom('messages')
      .select(['company_id', 'delivery_key', 'handled_at'])
      .where('object_type', '=', FEE_OBJECT_TYPE)
      .where('object_id', '=', paid.patent_id)
      .execute();
    const handled = (company: number, year: number) =>
      msgs
        .filter((m) => m.company_id === company && m.delivery_key.startsWith(`fee:${paid.patent_id}:${year}:`))
        .map((m) => !!m.handled_at);
    expect(handled(companyId, paid.next.year)).toEqual([true]);
    expect(handled(companyId, paid.next.year + 1)).toEqual([false]);
    expect(handled(other.companyId, paid.next.year)).toEqual([false]);
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const r = await payableRow([paid.patent_id]);
    const schedule = (await post('schedule', { patent_id: r.patent_id })).body.data;
    const later = schedule.years.find((y: YearView) => y.year > r.next.year && !y.payable && y.state === 'not_due');
    const ok = { patent_id: r.patent_id, year: r.next.year, paid_on: TODAY, amount: r.next.amount, payer: '' };
    const before = await payments();
    const cases: [string, Record<string, unknown>, RegExp | string, string?][] = [
      ['a year the term does not have', { ...ok, year: schedule.term.years + 1 }, /没有第 \d+ 年度/],
      ['year 0', { ...ok, year: 0 }, '缴费年度不正确'],
      ['a negative amount', { ...ok, amount: -1 }, '缴费金额不能为负数'],
      ['a text amount', { ...ok, amount: '一千' }, '缴费金额应为数字'],
      ['no amount', { ...ok, amount: undefined }, '缴费金额应为数字'],
      ['three decimals', { ...ok, amount: 1.234 }, '缴费金额最多保留两位小数'],
      ['a future date', { ...ok, paid_on: '2026-03-16' }, '缴费日期不能晚于今天（2026-03-15）'],
      ['a non-date', { ...ok, paid_on: '2026-02-30' }, /缴费日期格式不正确/],
      ['the year already paid', { ...ok, patent_id: paid.patent_id, year: paid.next.year }, /已有缴费记录，不能重复记录/],
      ['another company’s patent', { ...ok, patent_id: otherPatentId }, '该专利不在本企业专利库中'],
      ['another company’s file', { ...ok, file_id: await upload(t, other.token) }, '缴费凭证不存在或不属于本企业，请重新上传'],
      ['the other company paying for our patent', ok, '该专利不在本企业专利库中', other.token],
    ];
    if (later) cases.push(['a year not yet payable', { ...ok, year: later.year }, /尚未到缴费期/]);
    for (const [what, body, msg, tok] of cases) {
      const res = await post('pay', body, tok ?? token);
      expect(res.status, what).toBe(400);
      expect(res.body.code, what).toBe(0);
      if (typeof msg === 'string') expect(res.body.msg, what).toBe(msg);
      else expect(res.body.msg, what).toMatch(msg);
    }
    expect(await payments()).toBe(before);
  });

  it('deletes a payment (its receipt leaves the disk, ADR 0037); a missing one or another company’s is refused', async () => {
    const receipt = await t.db.db.selectFrom('files').selectAll().where('id', '=', receiptId).executeTakeFirstOrThrow();
    const receiptPath = pathOf(t.deps.config, receipt);
    expect(fs.existsSync(receiptPath)).toBe(true);
    const before = await payments();
    expect((await post('delete_payment', { patent_id: paid.patent_id, year: paid.next.year }, other.token)).body.msg).toBe(
      '该专利不在本企业专利库中',
    );
    expect(await payments()).toBe(before);
    const handled = async (company: number) =>
      (
        await t.db.db
          .selectFrom('messages')
          .select(['delivery_key', 'handled_at'])
          .where('company_id', '=', company)
          .where('object_type', '=', FEE_OBJECT_TYPE)
          .where('delivery_key', 'like', `fee:${paid.patent_id}:${paid.next.year}:%`)
          .execute()
      ).map((m) => !!m.handled_at);
    expect(await handled(companyId)).toEqual([true]);
    const res = await post('delete_payment', { patent_id: paid.patent_id, year: paid.next.year });
    expect(res.body.code).toBe(1);
    const y = res.body.data.years.find((x: YearView) => x.year === paid.next.year);
    expect(y.payment).toBeNull();
    // The fee is due again, and the year's warnings the payment had handled are open again (ADR 0033); the other
    // company's warning about the same patent was never handled and stays as it was.
    expect(y.state).toBe(paid.next.state);
    const row = (await allRows()).find((r) => r.patent_id === paid.patent_id)!;
    expect(row.next).toMatchObject({ year: paid.next.year, state: paid.next.state });
    expect(await handled(companyId)).toEqual([false]);
    expect(await handled(other.companyId)).toEqual([false]);
    expect(await payments()).toBe(before - 1);
    expect(fs.existsSync(receiptPath)).toBe(false);
    expect(await t.db.db.selectFrom('files').select('id').where('id', '=', receiptId).executeTakeFirst()).toBeUndefined();
    const again = await post('delete_payment', { patent_id: paid.patent_id, year: paid.next.year });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(`第 ${paid.next.year} 年度没有缴费记录`);
  });
});

async function workbook(rows: (string | number | Date)[][], headers = ['专利号', '年度', '缴费日期', '金额', '缴费人']) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('缴费记录');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('fees: import and export', () => {
  it('imports payment rows with a per-row report; refused rows write nothing', async () => {
    const [a, b] = (await allRows()).filter((r) => r.next?.payable && r.an);
    const before = await payments();
    const content = await workbook([
      [a.an!, a.next!.year, new Date(`${TODAY}T00:00:00Z`), a.next!.amount, '代理机构'],
      [`ZL${b.an!.replace(/^CN/, '')}`, `${b.next!.year}`, '2026/3/1', String(b.next!.amount), ''],
      [a.an!, a.next!.year, TODAY, a.next!.amount, '重复'],
      ['CN209910000001.1', 5, TODAY, 900, ''],
      [b.an!, 99, TODAY, 900, ''],
      [b.an!, b.next!.year + 1, TODAY, -5, ''],
      [b.an!, b.next!.year + 1, '2099-01-01', 5, ''],
      ['', '', '', '', ''],
    ]);
    const fileId = await upload(t, token, { name: '缴费记录.xlsx', mime: XLSX, content, type: 'file' });
    const res = await post('import', { file_id: fileId });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const rep = res.body.data;
    expect(rep).toMatchObject({ total: 7, recorded: 2, refused: 5 });
    expect(rep.rows.map((r: { row: number; ok: boolean }) => [r.row, r.ok])).toEqual([
      [2, true],
      [3, true],
      [4, false],
      [5, false],
      [6, false],
      [7, false],
      [8, false],
    ]);
    expect(rep.rows[2].msg).toMatch(/已有缴费记录/);
    expect(rep.rows[3].msg).toBe('该专利不在本企业专利库中');
    expect(rep.rows[4].msg).toMatch(/没有第 99 年度/);
    expect(rep.rows[5].msg).toBe('缴费金额不能为负数');
    expect(rep.rows[6].msg).toMatch(/缴费日期不能晚于今天|尚未到缴费期/);
    expect(await payments()).toBe(before + 2);
    const sb = (await post('schedule', { patent_id: b.patent_id })).body.data;
    expect(sb.years.find((y: YearView) => y.year === b.next!.year).payment.paid_on).toBe('2026-03-01');
  });

  it('refuses a file that is not an import sheet, another company’s file, a missing column', async () => {
    const before = await payments();
    const pdf = await upload(t, token, { name: 'a.pdf', mime: 'application/pdf' });
    expect((await post('import', { file_id: pdf })).body.msg).toBe('导入文件应为 Excel（.xlsx）文件');
    const theirs = await upload(t, other.token, { name: 'b.xlsx', mime: XLSX, content: await workbook([]) });
    expect((await post('import', { file_id: theirs })).body.msg).toBe('导入文件不存在或不属于本企业，请重新上传');
    const noPayer = await upload(t, token, { name: 'c.xlsx', mime: XLSX, content: await workbook([], ['专利号', '年度']) });
    expect((await post('import', { file_id: noPayer })).body.msg).toMatch(/缺少列：缴费日期、金额、缴费人/);
    expect(await payments()).toBe(before);
  });

  it('exports the filtered list as a workbook', async () => {
    const res = await post('export', { within_days: 365 });
    expect(res.body.code).toBe(1);
    const total = (await post('index', { within_days: 365 })).body.data.total;
    expect(res.body.data).toMatchObject({ rows: total, truncated: false });
    const file = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('申请号');
    expect(ws.rowCount).toBe(total + 1);
  });
});

describe('fees: who may call', () => {
  const CALLS = ['index', 'schedule', 'pay', 'delete_payment', 'export', 'import', 'forecast', 'summary'];

  it('administrators and enterprise-service accounts: 403; no token: 401', async () => {
    for (const kind of ['admin', 'main', 'staff'] as const) {
      const tok = await loginAs(t.app, kind);
      for (const url of CALLS) {
        const res = await post(url, { patent_id: 1, year: 1, file_id: 1 }, tok);
        expect(res.status, `${kind} ${url}`).toBe(403);
        expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
      }
    }
    for (const url of CALLS) expect((await call(t.app, 'POST', `/v1/frontend/fee/${url}`, { body: {} })).status).toBe(401);
  });

  it('a trial user without a company is told to get verified first', async () => {
    const trial = await loginAs(t.app, 'trial');
    for (const url of ['index', 'forecast', 'summary', 'export']) {
      const res = await post(url, {}, trial);
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('企业认证通过后才能管理企业知识产权，请先到个人中心提交认证');
    }
    const lone = await companyUser(t, 0, '13911113334');
    expect((await post('index', {}, lone.token)).body.msg).toBe('当前账号尚未关联企业，请联系管理员');
  });
});
