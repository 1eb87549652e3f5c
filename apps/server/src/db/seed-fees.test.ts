import { afterAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../test/helpers';
import { linkCompanyPatents } from '../modules/company/company-link';
import { seedDemoPatents } from '../modules/patents/patent-seed';
import { seedDemoData } from './seed-demo-data';

// The demo fee data (ADR 0026): on a fresh start the demo company has reductions, term adjustments, paid past years,
// fees due within 30 and 90 days, fees in grace and a lapsed one, on several seed days.

let t: TestApp | undefined;
afterAll(() => t?.close());

describe('seedDemoFees', () => {
  for (const day of ['2026-03-15', '2026-08-31', '2027-01-28']) {
    it(`gives the demo company fees to show on ${day}`, { timeout: 240_000 }, async () => {
      await t?.close();
      t = await createTestApp({ now: `${day}T04:00:00Z` });
      const now = t.now().toISOString();
      await seedDemoPatents(t.db, 600, { now: () => now, batchSize: 600 });
      await linkCompanyPatents(t.db.db, now);
      await seedDemoData(t.deps);
      const token = await loginAs(t.app, 'company');
      const s = (await call(t.app, 'POST', '/v1/frontend/fee/summary', { token, body: {} })).body.data;
      console.log(`demo fees on ${day}: ${JSON.stringify(s)}`);
      expect(s.due_30).toBeGreaterThan(0);
      expect(s.due_90).toBeGreaterThan(s.due_30);
      expect(s.grace).toBeGreaterThanOrEqual(1);
      expect(s.lapsed).toBeGreaterThanOrEqual(1);
      const reductions = await t.db.db
        .selectFrom('patents')
        .select(['fee_reduction_pct', (eb) => eb.fn.countAll<number>().as('n')])
        .where('fee_reduction_pct', '>', 0)
        .groupBy('fee_reduction_pct')
        .execute();
      expect(reductions.map((r) => Number(r.fee_reduction_pct)).sort()).toEqual([70, 85]);
      const adjusted = await t.db.db.selectFrom('patents').select('id').where('term_adjustment_days', '>', 0).execute();
      expect(adjusted.length).toBeGreaterThan(0);
      const paid = await t.db.db
        .selectFrom('fee_payments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(paid.n)).toBeGreaterThan(10);
    });
  }
});
