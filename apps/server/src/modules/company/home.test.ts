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
