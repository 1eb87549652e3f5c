import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { DemoPatentGenerator } from './demo-patents';
import { validateRecord } from './patent-record';
import { seedDemoPatents } from './patent-seed';
import { upsertPatents } from './patents.repo';

// seed:patents into a database: runs with different seeds (same lane included) and real records never end up with
// two patents under one application or publication number; a second run of the same seed changes nothing.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const now = () => '2026-01-01T00:00:00.000Z';

async function duplicates(db: TestApp['db']) {
  const ans = await db.db
    .selectFrom('patents')
    .select('an')
    .groupBy('an')
    .having(sql<number>`count(*)`, '>', 1)
    .execute();
  const stems = await db.db
    .selectFrom('patent_pubs')
    .select('stem')
    .groupBy('stem')
    .having(sql<number>`count(distinct patent_id)`, '>', 1)
    .execute();
  return [...ans.map((r) => r.an), ...stems.map((r) => r.stem)];
}

describe('seedDemoPatents', () => {
  it('never stores two patents under one number, whatever the seeds, and keeps real records', async () => {
    t = await createTestApp({ seed: false });
    // A real record holding the numbers the seed-17 generator gives first (seed 1 too: 17 and 1 share lane 1).
    const first = new DemoPatentGenerator(17).next();
    const real = validateRecord({ ...first, is_demo: false, title: '真实专利记录' }, 1, { source: 'real.jsonl' });
    if (!real.ok) throw new Error(real.reason);
    await upsertPatents(t.db, [real.record], now());

    const a = await seedDemoPatents(t.db, 300, { seed: 1, now });
    expect(a.inserted).toBe(300);
    expect(a.skipped).toBeGreaterThan(0);
    // Seed 17 (17 mod 16 = 1): its numbers collide with seed 1's and with the real record.
    const b = await seedDemoPatents(t.db, 300, { seed: 17, now });
    expect(b.inserted).toBe(300);
    expect(b.skipped).toBeGreaterThan(0);
    const c = await seedDemoPatents(t.db, 300, { seed: 2, now });
    expect(c).toMatchObject({ inserted: 300, skipped: 0 });

    expect(await duplicates(t.db)).toEqual([]);
    const count = await t.db.db
      .selectFrom('patents')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(901);
    const kept = await t.db.db.selectFrom('patents').select(['title', 'is_demo']).where('an', '=', first.an).execute();
    expect(kept).toEqual([{ title: '真实专利记录', is_demo: 0 }]);

    // The same seed again: the same patents (the same ones skipped), nothing new.
    const again = await seedDemoPatents(t.db, 300, { seed: 1, now });
    expect(again).toMatchObject({ inserted: 0, unchanged: 300, skipped: a.skipped });
  });
});
