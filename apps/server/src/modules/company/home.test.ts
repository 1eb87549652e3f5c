import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { seedDemoPatents } from '../patents/patent-seed';
import { linkCompanyPatents } from './company-link';

let t: TestApp;
let companyId: number;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-24T02:00:00.000Z' });
  await seedDemoPatents(t.db, 800, { now: () => t.now().toISOString(), batchSize: 800 });
  await linkCompanyPatents(t.db.db, t.now().toISOString());
  companyId = (
    await t.db.db.selectFrom('users').select('company_id').where('mobile', '=', '13800000001').executeTakeFirstOrThrow()
  ).company_id;
});
afterAll(() => t.close());

const summary = async (token: string) => call(t.app, 'POST', '/v1/frontend/home/summary', { token });

describe('POST /v1/frontend/home/summary', () => {
  it('counts the company’s own patents by type and status, as the database holds them', async () => {
    const token = await loginAs(t.app, 'company');
    const own = await t.db.db
      .selectFrom('company_patents as cp')
      .innerJoin('patents as p', 'p.id', 'cp.patent_id')
      .select(['p.type', 'p.legal_status', 'p.gd', 'p.expiry_date'])
      .where('cp.company_id', '=', companyId)
      .execute();
    expect(own.length).toBeGreaterThan(10);
    const res = await summary(token);
    expect(res.body.code).toBe(1);
    const d = res.body.data;
    expect(d.company.company_name).toBe('示例科技有限公司');
    expect(d.total).toBe(own.length);
    for (const { type, count } of d.by_type) expect(count).toBe(own.filter((p) => (p.type || '未知') === type).length);
    for (const { status, count } of d.by_status)
      expect(count).toBe(own.filter((p) => (p.legal_status || '未知') === status).length);
    expect(d.year).toBe(2026);
    expect(d.granted_this_year).toBe(own.filter((p) => p.gd?.startsWith('2026')).length);
    expect(d.expiring_soon.length).toBeLessThanOrEqual(5);
    for (const p of d.expiring_soon) expect(p.expiry_date >= '2026-11-24' && p.expiry_date < '2027-11-24').toBe(true);
  });

  it('links each yearly figure to exactly the list behind it: the count equals the list total (ADR 0031)', async () => {
    const token = await loginAs(t.app, 'company');
    // Patents of the company whose term ends this year, in force: enough of them to make the check mean something.
    const ids = (
      await t.db.db
        .selectFrom('company_patents')
        .select('patent_id')
        .where('company_id', '=', companyId)
        .orderBy('patent_id')
        .limit(3)
        .execute()
    ).map((r) => r.patent_id);
    await t.db.db
      .updateTable('patents')
      .set({ expiry_date: '2026-03-01', legal_status: '有权' })
      .where('id', '=', ids[0])
      .execute();
    await t.db.db
      .updateTable('patents')
      .set({ expiry_date: '2026-12-31', legal_status: '有权', gd: '2026-05-01' })
      .where('id', '=', ids[1])
      .execute();
    await t.db.db
      .updateTable('patents')
      .set({ expiry_date: '2026-06-01', legal_status: '无权' })
      .where('id', '=', ids[2])
      .execute();
    const d = (await summary(token)).body.data;
    const total = async (body: Record<string, unknown>) => {
      const res = await call(t.app, 'POST', '/v1/frontend/patent/list', { token, body: { page_size: 1, ...body } });
      expect(res.body.code, JSON.stringify(res.body)).toBe(1);
      return res.body.data.total as number;
    };
    expect(d.expiring_this_year).toBeGreaterThanOrEqual(2);
    expect(await total({ legal_status: ['有权'], expiry_year: 2026 })).toBe(d.expiring_this_year);
    expect(d.granted_this_year).toBeGreaterThan(0);
    expect(await total({ grant_year: 2026 })).toBe(d.granted_this_year);
    expect(await total({ app_year: [2026] })).toBe(d.applied_this_year);
    // The filters are years, nothing else: a bad one is a Chinese 400.
    const bad = await call(t.app, 'POST', '/v1/frontend/patent/list', { token, body: { expiry_year: '明年' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('届满年份须为数字');
  });

  it('follows removals and core marks at once', async () => {
    const token = await loginAs(t.app, 'company');
    const before = (await summary(token)).body.data;
    const one = await t.db.db
      .selectFrom('company_patents')
      .select('patent_id')
      .where('company_id', '=', companyId)
      .orderBy('patent_id')
      .executeTakeFirstOrThrow();
    await t.db.db.updateTable('company_patents').set({ removed: 1 }).where('patent_id', '=', one.patent_id).execute();
    await t.db.db
      .updateTable('company_patents')
      .set({ is_core: 1 })
      .where('company_id', '=', companyId)
      .where('removed', '=', 0)
      .execute();
    const after = (await summary(token)).body.data;
    expect(after.total).toBe(before.total - 1);
    expect(after.core).toBe(after.total);
  });

  it('lists the certificates expiring within 90 days and the followed cases, of this company only', async () => {
    const token = await loginAs(t.app, 'company');
    const now = t.now().toISOString();
    const cert = (company_id: number, name: string, expiry_date: string | null) => ({
      company_id,
      kind: 'honor',
      name,
      issue_date: '2020-01-01',
      expiry_date,
      created_by: 0,
      created_at: now,
      updated_at: now,
    });
    await t.db.db
      .insertInto('certificates')
      .values([
        cert(companyId, '三十天后到期', '2026-12-24'),
        cert(companyId, '已过期', '2026-11-01'),
        cert(companyId, '一年后到期', '2027-11-01'),
        cert(companyId, '长期有效', null),
        cert(companyId + 1, '别家的证书', '2026-12-01'),
      ] as never)
      .execute();
    const d = (await summary(token)).body.data;
    expect(d.certificates_expiring.map((c: { name: string }) => c.name)).toEqual(['三十天后到期']);
    expect(d.certificates_expiring_count).toBe(1);
    expect(d.litigation_followed).toEqual([]);

    const kase = (case_no: string) => ({
      case_no,
      court: '示例市中级人民法院',
      cause: '侵害发明专利权纠纷',
      trial_level: '一审',
      status: '审理中',
      filing_date: '2025-03-02',
      filing_year: 2025,
      judgment_date: null,
      created_at: now,
      updated_at: now,
    });
    const [a, b] = await t.db.db
      .insertInto('litigation_cases')
      .values([kase('（2025）浙01民初1号'), kase('（2025）浙01民初2号')])
      .returning('id')
      .execute();
    await t.db.db
      .insertInto('litigation_follows')
      .values([
        { company_id: companyId, case_id: a.id, user_id: 0, created_at: now },
        { company_id: companyId + 1, case_id: b.id, user_id: 0, created_at: now },
      ])
      .execute();
    const after = (await summary(token)).body.data;
    expect(after.litigation_followed.map((c: { case_no: string }) => c.case_no)).toEqual(['（2025）浙01民初1号']);
    expect(after.litigation_followed_count).toBe(1);
  });

  it('answers a trial user without a company with empty figures, and refuses other kinds', async () => {
    const trial = (await summary(await loginAs(t.app, 'trial'))).body;
    expect(trial).toMatchObject({ code: 1, data: { company: null, total: 0 } });
    for (const kind of ['admin', 'main', 'staff'] as const) {
      const res = await summary(await loginAs(t.app, kind));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(0);
    }
    expect((await summary('')).status).toBe(401);
  });
});
