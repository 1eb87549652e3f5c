import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, loginAs, type TestApp } from '../../../test/helpers';
import { countTurns } from '../../../test/turns';
import { otherCompany, companyUser } from '../../../test/company-records';
import { pdfText } from '../../../test/pdf-text';
import { allJobHandlers } from '../index';
import { feeFor } from '../fees/fee-engine';
import { drainJobs, getJob } from '../jobs/jobs.service';
import { computeReportData } from './report-data';
import { buildReport, queueMonthlyReports } from './reports.service';

// /v1/frontend/report/*: the monthly patent report (ADR 0030), on SQLite and PostgreSQL.

let t: TestApp;
let mine: { companyId: number; userId: number; token: string };
let other: { companyId: number; userId: number; token: string };
const patentIds: Record<string, number> = {};

// 12:00 in China on 2026-03-15: the report of February 2026 covers the whole month, "next month" is March.
const TODAY = '2026-03-15';
const post = (url: string, body: unknown, tok = mine.token) =>
  call(t.app, 'POST', `/v1/frontend/report/${url}`, { token: tok, body });

async function addPatent(key: string, p: Record<string, unknown>) {
  const now = t.now().toISOString();
  const row = await t.db.db
    .insertInto('patents')
    .values({
      doc_key: `RPT-${key}`,
      an: `CN2026${key}`,
      title: `报告测试专利${key}`,
      created_at: now,
      updated_at: now,
      ...p,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  patentIds[key] = Number(row.id);
  await t.db.db
    .insertInto('company_patents')
    .values({ company_id: mine.companyId, patent_id: Number(row.id), created_at: now, updated_at: now })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ now: `${TODAY}T04:00:00Z` });
  // The hand-built company exists since 2025-01 (before the months reported).
  t.setNow('2025-01-10T04:00:00Z');
  mine = await otherCompany(t, '丙方报告测试有限公司', '13911112222');
  t.setNow(`${TODAY}T04:00:00Z`);
  mine.token = await login(t.app, '13911112222');
  other = await otherCompany(t, '丁方测试有限公司', '13911113333');
  await addPatent('F1', { type: '发明', legal_status: '审中', ad: '2026-02-10' });
  await addPatent('G1', {
    type: '实用新型',
    legal_status: '有权',
    ad: '2025-06-01',
    gd: '2026-02-20',
    publications: JSON.stringify([{ pn: 'CN2G1U', date: '2026-02-20', kind: 'U' }]),
  });
  await addPatent('P1', {
    type: '发明',
    legal_status: '审中',
    ad: '2024-03-01',
    pd: '2026-02-05',
    publications: JSON.stringify([{ pn: 'CN3P1A', date: '2026-02-05', kind: 'A' }]),
  });
  await addPatent('L1', {
    type: '实用新型',
    legal_status: '无权',
    ad: '2020-05-01',
    gd: '2020-11-01',
    legal_events: JSON.stringify([{ date: '2026-02-15', code: 'PC01', text: '专利权的终止（未缴年费）' }]),
  });
  await addPatent('E1', {
    type: '外观设计',
    legal_status: '无权',
    ad: '2016-02-20',
    gd: '2016-08-01',
    expiry_date: '2026-02-19',
  });
  // Not in February: filed in January, granted in March.
  await addPatent('X1', { type: '发明', legal_status: '有权', ad: '2026-01-31', gd: '2026-03-01' });
  // Fees: FEE1 paid year 6 in February and has year 7 due on 2026-03-10 (next month); FL1 paid up to year 10 and
  // let year 11 (due 2025-08-10) run past its last day before lapse, 2026-02-10: it lapsed on 2026-02-11.
  await addPatent('FEE1', { type: '实用新型', legal_status: '有权', ad: '2020-03-10', gd: '2020-09-01' });
  await addPatent('FL1', { type: '发明', legal_status: '无权', ad: '2015-08-10', gd: '2016-01-01' });
  const now = t.now().toISOString();
  const pay = (key: string, year: number, paid_on: string, amount: number) =>
    t.db.db
      .insertInto('fee_payments')
      .values({ company_id: mine.companyId, patent_id: patentIds[key], year, paid_on, amount, created_at: now })
      .execute();
  for (let y = 2; y <= 5; y++) await pay('FEE1', y, `${2019 + y}-03-01`, feeFor('utility', y));
  await pay('FEE1', 6, '2026-02-08', feeFor('utility', 6));
  for (let y = 2; y <= 10; y++) await pay('FL1', y, `${2014 + y}-08-01`, feeFor('invention', y));
  // Monitoring: a competitor rule with one hit dated in February and one in January.
  const rule = await t.db.db
    .insertInto('monitor_rules')
    .values({
      company_id: mine.companyId,
      name: '竞争对手甲',
      kind: 'applicant',
      value: '甲公司',
      created_at: now,
      updated_at: now,
      watch_from: '2026-01-01',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [key, date] of [
    ['P1', '2026-02-05'],
    ['F1', '2026-01-20'],
  ] as const)
    await t.db.db
      .insertInto('monitor_hits')
      .values({
        rule_id: Number(rule.id),
        company_id: mine.companyId,
        patent_id: patentIds[key],
        event: 'publication',
        event_date: date,
        found_at: now,
      })
      .execute();
  for (const [name, expiry] of [
    ['高新技术企业证书', '2026-03-20'],
    ['ISO 9001 认证证书', '2026-04-10'],
  ] as const)
    await t.db.db
      .insertInto('certificates')
      .values({
        company_id: mine.companyId,
        kind: 'hightech',
        name,
        issue_date: '2023-03-20',
        expiry_date: expiry,
        created_at: now,
        updated_at: now,
      })
      .execute();
});
afterAll(() => t.close());

describe('monthly report: generate, read, download', () => {
  let reportId: number;
  let firstFileId: number;

  it('generates February as a job; the job runs and the report is done', async () => {
    const res = await post('generate', { month: '2026-02' });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    reportId = res.body.data.id;
    const jobId = res.body.data.job_id as number;
    expect(res.body.data.month).toBe('2026-02');
    const queued = await post('index', {});
    expect(queued.body.data.list[0]).toMatchObject({ id: reportId, month: '2026-02', status: 'queued', has_pdf: false });
    await drainJobs(t.deps, allJobHandlers());
    expect((await getJob(t.db, jobId))?.status).toBe('done');
    const status = await call(t.app, 'POST', '/v1/jobs/status', { token: mine.token, body: { id: jobId } });
    expect(status.body.data).toMatchObject({ status: 'done', percent: 100 });
  });

  it("the figures: the month's filings, publications, grants, lapses, expiries and next month's certificates", async () => {
    const res = await post('detail', { id: reportId });
    expect(res.body.code).toBe(1);
    const d = res.body.data;
    expect(d).toMatchObject({ id: reportId, month: '2026-02', status: 'done', has_pdf: true });
    expect(d.data.company.name).toBe('丙方报告测试有限公司');
    expect(d.data).toMatchObject({ start: '2026-02-01', end: '2026-02-28', next_start: '2026-03-01', next_end: '2026-03-31' });
    expect(d.data.totals).toMatchObject({
      patents: 8,
      in_force: 3,
      pending: 2,
      lapsed_total: 3,
      filed: 1,
      published: 1,
      granted: 1,
      lapsed: 2,
      expired: 1,
      certificates_expiring: 1,
      monitor_hits: 1,
      fees_paid_count: 1,
      fees_paid_amount: feeFor('utility', 6),
      fees_due_count: 1,
      fees_due_amount: feeFor('utility', 7),
    });
    expect(d.data.fees_paid.items).toEqual([
      expect.objectContaining({ patent_id: patentIds.FEE1, year: 6, date: '2026-02-08', amount: feeFor('utility', 6) }),
    ]);
    expect(d.data.fees_due.items).toEqual([
      expect.objectContaining({ patent_id: patentIds.FEE1, year: 7, date: '2026-03-10', amount: feeFor('utility', 7) }),
    ]);
    const febFees = d.data.fees_by_month.find((m: { month: string }) => m.month === '2026-02');
    expect(febFees).toEqual({ month: '2026-02', amount: feeFor('utility', 6), count: 1 });
    const ids = (l: { items: { patent_id: number }[] }) => l.items.map((i) => i.patent_id);
    expect(ids(d.data.filed)).toEqual([patentIds.F1]);
    expect(ids(d.data.published)).toEqual([patentIds.P1]);
    expect(ids(d.data.granted)).toEqual([patentIds.G1]);
    expect(d.data.lapsed.items).toEqual([
      expect.objectContaining({ patent_id: patentIds.FL1, date: '2026-02-11', reason: '未缴年费' }),
      expect.objectContaining({ patent_id: patentIds.L1, date: '2026-02-15', reason: expect.stringContaining('终止') }),
    ]);
    expect(d.data.expired.items).toEqual([expect.objectContaining({ patent_id: patentIds.E1, date: '2026-02-19' })]);
    expect(d.data.certificates.items).toEqual([expect.objectContaining({ name: '高新技术企业证书', expiry_date: '2026-03-20' })]);
    expect(d.data.monitor).toMatchObject({ available: true, total: 1 });
    expect(d.data.monitor.items[0]).toMatchObject({ kind: '公开', date: '2026-02-05' });
    expect(d.data.monitor.items[0].title).toContain('竞争对手甲');
    expect(d.data.by_type).toEqual(
      expect.arrayContaining([
        { type: '发明', count: 4 },
        { type: '实用新型', count: 3 },
        { type: '外观设计', count: 1 },
      ]),
    );
    const feb = d.data.activity_by_month.find((m: { month: string }) => m.month === '2026-02');
    expect(feb).toEqual({ month: '2026-02', filed: 1, published: 1, granted: 1 });
    expect(d.data.activity_by_month).toHaveLength(12);
  });

  it('the PDF: its text names the company and the Chinese section titles; a Chinese file name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/frontend/report/download',
      headers: { authorization: `Bearer ${mine.token}` },
      payload: { id: reportId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('月度专利报告_2026-02.pdf'));
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const s of [
      '月度专利报告',
      '丙方报告测试有限公司',
      '专利概况',
      '本月新申请',
      '本月授权',
      '本月失效',
      '下月应缴年费',
      '下月到期证书',
      '报告测试专利F1',
      '高新技术企业证书',
    ])
      expect(text, s).toContain(s);
    expect(text).toMatch(/第 1 页 \/ 共 \d+ 页/);
    firstFileId = Number(
      (await t.db.db.selectFrom('reports').select('file_id').where('id', '=', reportId).executeTakeFirstOrThrow()).file_id,
    );
  });

  it('a message of kind report links to the report', async () => {
    const msgs = await t.db.db
      .selectFrom('messages')
      .selectAll()
      .where('user_id', '=', mine.userId)
      .where('kind', '=', 'report')
      .execute();
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatchObject({ link: `/report?id=${reportId}`, company_id: mine.companyId });
    expect(msgs[0].title).toContain('2026年2月');
  });

  it('regenerating replaces the month: the same row, a new PDF, the old file gone', async () => {
    await addPatent('F2', { type: '发明', legal_status: '审中', ad: '2026-02-11' });
    t.advance(3600_000);
    const res = await post('generate', { month: '2026-02' });
    expect(res.body.data.id).toBe(reportId);
    // Asking again while it is queued answers the same job.
    const again = await post('generate', { month: '2026-02' });
    expect(again.body.data.job_id).toBe(res.body.data.job_id);
    await drainJobs(t.deps, allJobHandlers());
    const d = (await post('detail', { id: reportId })).body.data;
    expect(d.data.totals.filed).toBe(2);
    const list = (await post('index', {})).body.data;
    expect(list.total).toBe(1);
    const row = await t.db.db.selectFrom('reports').select('file_id').where('id', '=', reportId).executeTakeFirstOrThrow();
    expect(Number(row.file_id)).not.toBe(firstFileId);
    expect(await t.db.db.selectFrom('files').select('id').where('id', '=', firstFileId).executeTakeFirst()).toBeUndefined();
  });

  it('the current month to date; past reports are kept and listed newest first', async () => {
    const res = await post('generate', { month: '2026-03' });
    expect(res.body.code).toBe(1);
    await drainJobs(t.deps, allJobHandlers());
    const d = (await post('detail', { id: res.body.data.id })).body.data;
    expect(d.data).toMatchObject({ start: '2026-03-01', end: TODAY });
    expect(d.data.granted.items.map((i: { patent_id: number }) => i.patent_id)).toEqual([patentIds.X1]);
    const list = (await post('index', { page: 1, page_size: 10 })).body.data;
    expect(list.list.map((r: { month: string }) => r.month)).toEqual(['2026-03', '2026-02']);
    expect(list).toMatchObject({ total: 2, max_month: '2026-03', min_month: '2025-01' });
    const home = await call(t.app, 'POST', '/v1/frontend/home/summary', { token: mine.token });
    expect(home.body.data.latest_report).toMatchObject({ id: res.body.data.id, month: '2026-03' });
    const page2 = (await post('index', { page: 2, page_size: 1 })).body.data;
    expect(page2.list.map((r: { month: string }) => r.month)).toEqual(['2026-02']);
  });
});

describe('monthly report: refusals', () => {
  it('a month in the future, before the company existed, or malformed: a Chinese message, nothing queued', async () => {
    const before = await t.db.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [month, msg] of [
      ['2026-04', '未来'],
      ['2024-12', '认证'],
      ['2026-13', '格式'],
      ['', '月份'],
    ] as const) {
      const res = await post('generate', { month });
      expect(res.body.code, month).toBe(0);
      expect(res.body.msg, month).toContain(msg);
    }
    const after = await t.db.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("another company's report ids answer as missing", async () => {
    const mineId = (await post('index', {})).body.data.list[0].id;
    for (const url of ['detail', 'download']) {
      const res = await post(url, { id: mineId }, other.token);
      expect(res.status, url).toBe(404);
      expect(res.body.msg).toBe('报告不存在或无权查看');
    }
    expect((await post('index', {}, other.token)).body.data.total).toBe(0);
  });

  it('a trial user is refused with the reason; an administrator (wrong role) too; a sub-account reads', async () => {
    const trial = await loginAs(t.app, 'trial');
    for (const url of ['index', 'generate']) {
      const res = await post(url, { month: '2026-02' }, trial);
      expect(res.status).toBe(403);
      expect(res.body.msg).toContain('已认证的企业用户');
    }
    const admin = await loginAs(t.app, 'admin');
    expect((await post('index', {}, admin)).status).toBe(403);
    const sub = await companyUser(t, mine.companyId, '13911114444', { rid: 1 } as never);
    const res = await post('index', {}, sub.token);
    expect(res.body.data.total).toBe(2);
  });
});

describe('monthly report: the monthly task', () => {
  it("queues last month's report once per company, even when run twice (two servers)", async () => {
    // April 1st, 03:00 in China: March is last month; my company has March already (generated on demand above).
    t.setNow('2026-03-31T19:00:00Z');
    const [a, b] = await Promise.all([queueMonthlyReports(t.deps), queueMonthlyReports(t.deps)]);
    const again = await queueMonthlyReports(t.deps);
    const rows = await t.db.db.selectFrom('reports').select(['company_id', 'month']).where('month', '=', '2026-03').execute();
    const companies = new Set(rows.map((r) => Number(r.company_id)));
    expect(rows.length).toBe(companies.size);
    expect(companies.has(other.companyId)).toBe(true);
    expect(a + b).toBe(rows.length - 1);
    expect(again).toBe(0);
    const jobs = await t.db.db
      .selectFrom('jobs')
      .select('params')
      .where('kind', '=', 'monthly-report')
      .where('status', '=', 'queued')
      .execute();
    expect(jobs.length).toBe(rows.length - 1);
    await drainJobs(t.deps, allJobHandlers());
    const done = await t.db.db.selectFrom('reports').select('status').where('month', '=', '2026-03').execute();
    expect(done.every((r) => r.status === 'done')).toBe(true);
  });
});

describe('monthly report: other requests go between its parts', () => {
  it('the figures give the event loop back between reading, the fee engine and the rest; the PDF comes a turn later', async () => {
    t.setNow(`${TODAY}T04:00:00Z`);
    const row = await t.db.db
      .selectFrom('reports')
      .select('id')
      .where('company_id', '=', mine.companyId)
      .where('month', '=', '2026-02')
      .executeTakeFirstOrThrow();
    const counter = countTurns();
    const data = await computeReportData(t.deps, mine.companyId, '2026-02', TODAY);
    const figures = counter.turns;
    const turnsAt: number[] = [];
    await buildReport(t.deps, Number(row.id), {
      progress: async () => void turnsAt.push(counter.turns),
      checkStop: () => {},
    });
    counter.stop();
    expect(data.totals.patents).toBeGreaterThan(0);
    // On SQLite a query completes without a turn of the event loop: without the yields there would be none.
    expect(figures).toBeGreaterThanOrEqual(2);
    // Between the figures (progress 1) and the PDF (progress 2).
    expect(turnsAt[1]! - turnsAt[0]!).toBeGreaterThanOrEqual(1);
  });
});
