import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GRADE_THRESHOLDS, DEFAULT_SCORE_WEIGHTS } from '@ip/contract';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { seedDemoPatents } from '../patents/patent-seed';
import { createOffice, insertDemand, insertLitigation, insertVisit, type TestOffice } from '../../../test/service-office';

// Grading and ranking (issue 12, ADR 0043): the score from the office's weights, its breakdown, grades, rank,
// filters, export, scope and bad settings. SQLite, and PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let o: TestOffice;
let other: TestOffice;
let company: string;
const NAMES = ['甲评分测试有限公司', '乙评分测试有限公司', '丙评分测试有限公司', '丁评分测试有限公司'];
const post = (token: string, url: string, body: unknown = {}) => call(t.app, 'POST', `/v1${url}`, { token, body });

beforeAll(async () => {
  t = await createTestApp({ now: '2026-06-15T02:00:00.000Z' });
  await seedDemoPatents(t.db, 20, { now: () => t.now().toISOString() });
  o = await createOffice(t, '1370000100', NAMES);
  other = await createOffice(t, '1370000200', ['他区评分企业有限公司']);
  company = await loginAs(t.app, 'company');
  const db = t.db.db;
  const patents = (await db.selectFrom('patents').select('id').orderBy('id').limit(6).execute()).map((p) => Number(p.id));
  const kinds: [number, string, string][] = [
    [0, '发明', '有权'],
    [0, '发明', '有权'],
    [0, '实用新型', '有权'],
    [0, '发明', '审中'],
    [1, '外观设计', '有权'],
  ];
  const now = t.now().toISOString();
  for (const [i, [c, type, legal]] of kinds.entries()) {
    await db.updateTable('patents').set({ type, legal_status: legal }).where('id', '=', patents[i]).execute();
    await db
      .insertInto('company_patents')
      .values({ company_id: o.companies[c], patent_id: patents[i], created_at: now, updated_at: now })
      .execute();
  }
  // a patent only collected (收藏) does not count
  await db.updateTable('patents').set({ type: '发明', legal_status: '有权' }).where('id', '=', patents[5]).execute();
  await db
    .insertInto('company_patents')
    .values({ company_id: o.companies[1], patent_id: patents[5], source: 'collect', created_at: now, updated_at: now })
    .execute();
  const [c1, c2] = o.companies;
  await insertVisit(t, { ownerId: o.mainId, companyId: c1, staffId: o.staffId, status: 'done', day: '2026-03-01' });
  await insertVisit(t, { ownerId: o.mainId, companyId: c1, staffId: o.staffId, status: 'done', day: '2025-06-01' });
  await insertVisit(t, { ownerId: o.mainId, companyId: c1, staffId: o.staffId, status: 'plan', day: '2026-06-20' });
  await insertDemand(t, {
    ownerId: o.mainId,
    companyId: c2,
    status: 'registered',
    registered: '2026-06-10',
    contact_due: '2026-06-11',
  });
  await insertDemand(t, {
    ownerId: o.mainId,
    companyId: c2,
    status: 'assigned',
    registered: '2026-06-10',
    contact_due: '2026-06-11',
  });
  await insertDemand(t, {
    ownerId: o.mainId,
    companyId: c2,
    status: 'closed',
    registered: '2026-05-10',
    contact_due: '2026-05-11',
  });
  await insertLitigation(t, NAMES[2], '(2026)测0001号', '2026-06-05');
  await insertLitigation(t, NAMES[2], '(2024)测0002号', '2024-01-05');
  // 丁 has one honour (company_honors, migration 024)
  await db
    .insertInto('company_honors')
    .values({
      company_id: o.companies[3],
      name: '区级专精特新企业',
      level: '区级',
      year: 2025,
      created_by: o.mainId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  // the other office's rows never count here
  await insertVisit(t, { ownerId: other.mainId, companyId: c1, staffId: other.staffId, status: 'done', day: '2026-06-01' });
}, 120_000);
afterAll(() => t.close());

describe('ranking', () => {
  it('scores each enterprise from the default weights, shows each part, ranks and grades', async () => {
    const res = await post(o.main, '/service/ranking', {});
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const d = res.body.data;
    expect(d.weights).toEqual(DEFAULT_SCORE_WEIGHTS);
    expect(d.thresholds).toEqual(DEFAULT_GRADE_THRESHOLDS);
    expect(d.total).toBe(4);
    const rows = d.list.map((r: { company_name: string; score: number; grade: string; rank: number }) => [
      r.company_name,
      r.score,
      r.grade,
      r.rank,
    ]);
    // 甲: 2 inventions × 10 + 1 utility × 4 + 1 recent visit × 2 = 26 (C); 乙: 1 design × 2 + 2 open demands × 3 = 8 (D);
    // 丁: 1 honour × 5 = 5 (D); 丙: − 1 new litigation × 5 = −5 (D)
    expect(rows).toEqual([
      [NAMES[0], 26, 'C', 1],
      [NAMES[1], 8, 'D', 2],
      [NAMES[3], 5, 'D', 3],
      [NAMES[2], -5, 'D', 4],
    ]);
    expect(d.list[0].counts).toEqual({ invention: 2, utility: 1, design: 0, honour: 0, demand: 0, visit: 1, litigation: 0 });
    expect(d.list[1].counts).toMatchObject({ design: 1, demand: 2, invention: 0 });
    expect(d.list[2].counts).toMatchObject({ honour: 1 });
    expect(d.list[3].counts).toMatchObject({ litigation: 1 });
    expect(d.industries).toEqual(['制造', '软件']);
  });

  it('filters by grade, street, industry, keyword and label, keeping the rank in the whole scope', async () => {
    const names = async (body: Record<string, unknown>) =>
      (await post(o.main, '/service/ranking', body)).body.data.list.map((r: { company_name: string; rank: number }) => [
        r.company_name,
        r.rank,
      ]);
    expect(await names({ grade: 'D' })).toEqual([
      [NAMES[1], 2],
      [NAMES[3], 3],
      [NAMES[2], 4],
    ]);
    expect(await names({ street_id: 2 })).toEqual([[NAMES[1], 2]]);
    expect(await names({ industry: '制造' })).toEqual([
      [NAMES[1], 2],
      [NAMES[3], 3],
    ]);
    expect(await names({ keyword: '丙评分' })).toEqual([[NAMES[2], 4]]);
    const label = await post(o.main, '/company/companyLabelAdd', { name: '重点' });
    await post(o.main, '/company/labelTrue', { label_id: label.body.data.id, company_ids: [o.companies[3]] });
    expect(await names({ label_id: label.body.data.id })).toEqual([[NAMES[3], 3]]);
    const page2 = await post(o.main, '/service/ranking', { page: 2, page_size: 3 });
    expect(page2.body.data.list.map((r: { rank: number }) => r.rank)).toEqual([4]);
    expect(page2.body.data.total).toBe(4);
    const page9 = await post(o.main, '/service/ranking', { page: 9, page_size: 3 });
    expect(page9.body.data).toMatchObject({ list: [], total: 4 });
  });

  it('gives a staff member only its enterprises, another office none of ours, others 403', async () => {
    const staff = await post(o.staff, '/service/ranking', {});
    expect(staff.body.data.list.map((r: { id: number; rank: number }) => [r.id, r.rank])).toEqual([[o.companies[0], 1]]);
    const theirs = await post(other.main, '/service/ranking', {});
    expect(theirs.body.data.list.map((r: { id: number }) => r.id)).toEqual([other.companies[0]]);
    expect(theirs.body.data.list[0].counts.visit).toBe(0); // the visit row names our enterprise: not in its scope
    const res = await post(company, '/service/ranking', {});
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 0, msg: '仅企业服务账号可使用该功能' });
    const grades = await post(o.staff, '/service/grades');
    expect(grades.body.data.counts).toEqual({ A: 0, B: 0, C: 1, D: 0 });
  });

  it('summarises one enterprise for its page: profile, rank among the scope, score make-up (ADR 0049)', async () => {
    const res = await post(o.main, '/service/company/summary', { company_id: o.companies[3] });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const d = res.body.data;
    expect(d.company).toMatchObject({
      id: o.companies[3],
      company_name: NAMES[3],
      street_name: '街道4',
      industry: '制造',
      num: 0,
      labels: [{ name: '重点' }],
    });
    expect(d.ranking).toMatchObject({ rank: 3, score: 5, grade: 'D', counts: { honour: 1 } });
    expect(d.scope_total).toBe(4);
    expect(d.weights).toEqual(DEFAULT_SCORE_WEIGHTS);
    // the staff member sees its one enterprise (rank among its own scope) with itself as serving staff
    const mine = await post(o.staff, '/service/company/summary', { company_id: o.companies[0] });
    expect(mine.body.data).toMatchObject({ ranking: { rank: 1, score: 26, grade: 'C' }, scope_total: 1 });
    expect(mine.body.data.company.staff.map((s: { id: number }) => s.id)).toEqual([o.staffId]);
  });

  it('refuses the summary of an enterprise outside the scope, of another office, or to a wrong role', async () => {
    const notMine = await post(o.staff, '/service/company/summary', { company_id: o.companies[1] });
    expect(notMine.status).toBe(404);
    expect(notMine.body.msg).toMatch(/^企业不存在或不在您的服务范围内/);
    const otherOffice = await post(other.main, '/service/company/summary', { company_id: o.companies[0] });
    expect(otherOffice.status).toBe(404);
    expect((await post(o.main, '/service/company/summary', { company_id: other.companies[0] })).status).toBe(404);
    expect((await post(o.main, '/service/company/summary', { company_id: 99_999_999 })).status).toBe(404);
    const wrongRole = await post(company, '/service/company/summary', { company_id: o.companies[0] });
    expect(wrongRole.status).toBe(403);
    expect(wrongRole.body.msg).toBe('仅企业服务账号可使用该功能');
    const bad = await post(o.main, '/service/company/summary', { company_id: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(0);
  });

  it('exports the ranking to Excel with each part', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/service/ranking/export',
      headers: { authorization: `Bearer ${o.main}` },
      payload: { grade: 'D' },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(2).value).toBe('企业名称');
    expect(ws.getRow(1).getCell(7).value).toBe('有效发明专利（×10）');
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(4).getCell(2).value).toBe(NAMES[2]);
    expect(ws.getRow(4).getCell(5).value).toBe(-5);
  });
});

describe('weights and thresholds', () => {
  const snapshot = () => t.db.db.selectFrom('service_score_settings').selectAll().orderBy('owner_id').execute();
  const good = { weights: { ...DEFAULT_SCORE_WEIGHTS }, thresholds: { ...DEFAULT_GRADE_THRESHOLDS } };

  it('refuses bad weights and thresholds in Chinese and saves nothing', async () => {
    const before = JSON.stringify(await snapshot());
    const cases: [unknown, string][] = [
      [{ ...good, weights: { ...good.weights, visit: -1 } }, '近一年走访的权重不能为负数'],
      [{ ...good, weights: { ...good.weights, invention: '十' } }, '有效发明专利的权重须为数字'],
      [{ ...good, weights: { ...good.weights, design: 1.5 } }, '有效外观设计的权重须为整数'],
      [{ ...good, thresholds: { a: 10, b: 20, c: 5 } }, 'A 级分数线须高于 B 级'],
      [{ ...good, thresholds: { a: 30, b: 20, c: 20 } }, 'B 级分数线须高于 C 级'],
      [{ ...good, thresholds: { a: 30, b: 20, c: -1 } }, 'C级分数线不能为负数'],
      [{ weights: good.weights }, '请填写分级分数线'],
    ];
    for (const [body, msg] of cases) {
      const res = await post(o.main, '/service/score/save', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.code).toBe(0);
      expect(res.body.msg).toContain(msg);
    }
    const preview = await post(o.main, '/service/score/preview', cases[0][0]);
    expect(preview.status).toBe(400);
    expect(JSON.stringify(await snapshot())).toBe(before);
  });

  it('lets only the main account save; staff and others are refused', async () => {
    const before = JSON.stringify(await snapshot());
    const staff = await post(o.staff, '/service/score/save', good);
    expect(staff.status).toBe(403);
    expect(staff.body.msg).toBe('仅企业服务主账号可以进行该操作');
    expect((await post(company, '/service/score/save', good)).status).toBe(403);
    expect((await post(company, '/service/score/settings')).status).toBe(403);
    expect(JSON.stringify(await snapshot())).toBe(before);
  });

  it('previews grade counts without saving, then a saved weight changes the ranking for main and staff', async () => {
    const weights = { ...DEFAULT_SCORE_WEIGHTS, demand: 20 };
    const preview = await post(o.main, '/service/score/preview', { weights, thresholds: good.thresholds });
    // 乙: 2 + 2 × 20 = 42 (B), 甲 26 (C)
    expect(preview.body.data).toEqual({ counts: { A: 0, B: 1, C: 1, D: 2 }, total: 4 });
    expect((await post(o.main, '/service/score/settings')).body.data.saved).toBe(false);
    const saved = await post(o.main, '/service/score/save', { weights, thresholds: { a: 40, b: 20, c: 1 } });
    expect(saved.body.data).toMatchObject({ saved: true, counts: { A: 1, B: 1, C: 1, D: 1 } });
    const list = (await post(o.main, '/service/ranking', {})).body.data.list;
    expect(
      list.slice(0, 2).map((r: { company_name: string; score: number; grade: string }) => [r.company_name, r.score, r.grade]),
    ).toEqual([
      [NAMES[1], 42, 'A'],
      [NAMES[0], 26, 'B'],
    ]);
    const settings = (await post(o.staff, '/service/score/settings')).body.data;
    expect(settings).toMatchObject({ saved: true, weights, thresholds: { a: 40, b: 20, c: 1 } });
    // the other office keeps the defaults
    expect((await post(other.main, '/service/score/settings')).body.data.saved).toBe(false);
  });
});
