import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { demoPortfolio, otherCompany } from '../../../test/company-records';
import { seedDemoPatents } from '../patents/patent-seed';

// Timing of POST /v1/frontend/fee/index (ADR 0026): the demo company, and a generated company holding 20,000
// granted patents. Run on demand (FEE_BENCH=1): it loads 20,000 patents first.

const N = 20_000;
let t: TestApp;

describe.runIf(process.env.FEE_BENCH)('fee list timing', () => {
  let big: { token: string; companyId: number };
  let demo: string;

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-03-15T04:00:00Z' });
    demo = await loginAs(t.app, 'company');
    await demoPortfolio(t);
    const now = t.now().toISOString();
    await seedDemoPatents(t.db, N + 2000, { now: () => now, batchSize: 2000 });
    const o = await otherCompany(t, '大型专利企业有限公司', '13911112222');
    big = { token: o.token, companyId: o.companyId };
    const ids = await t.db.db.selectFrom('patents').select('id').where('gd', 'is not', null).orderBy('id').limit(N).execute();
    for (let i = 0; i < ids.length; i += 1000) {
      await t.db.db
        .insertInto('company_patents')
        .values(
          ids.slice(i, i + 1000).map((r) => ({ company_id: o.companyId, patent_id: r.id, created_at: now, updated_at: now })),
        )
        .execute();
    }
  }, 900_000);
  afterAll(() => t?.close());

  async function time(token: string, body: Record<string, unknown>) {
    const runs: number[] = [];
    let total = 0;
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      const res = await call(t.app, 'POST', '/v1/frontend/fee/index', { token, body });
      runs.push(performance.now() - start);
      expect(res.body.code).toBe(1);
      total = res.body.data.total;
    }
    runs.sort((a, b) => a - b);
    return { total, median: Math.round(runs[2]), min: Math.round(runs[0]) };
  }

  it('times the list', { timeout: 600_000 }, async () => {
    const d = await time(demo, {});
    const b = await time(big.token, {});
    const bf = await time(big.token, { within_days: 90, sort_field: 'amount', sort_order: 'descend' });
    console.log(
      `fee list: demo ${d.total} patents median ${d.median} ms; ${b.total} patents median ${b.median} ms (min ${b.min}); filtered+sorted median ${bf.median} ms`,
    );
    expect(b.total).toBeGreaterThan(N * 0.8);
  });
});
