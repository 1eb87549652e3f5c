import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { linkCompanyPatents } from '../../modules/company/company-link';
import { seedDemoPatents } from '../../modules/patents/patent-seed';
import { seedDemoData } from '../seed-demo-data';
import { DEMO_STREETS, DISTRICT_PATENT_SEED, realEnterpriseApplicants } from './enterprise-service';

// The demo district of a fresh start (ADR 0049): 300 enterprises of the demo office in the ten demo streets, each named
// after a patent applicant, whose num (seachCompany) is the count of its own patents; the second set of demo patents
// gives new names only, so the demo company's and the first applicants' counts stay what they were. Both engines.

let t: TestApp;
let main: string;
let staff: string;
let seconds = 0;
let before = new Set<string>();
const post = async (token: string, url: string, body: unknown = {}) => {
  const res = await call(t.app, 'POST', url, { token, body });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data;
};

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-24T04:00:00Z' });
  const now = t.now().toISOString();
  await seedDemoPatents(t.db, 2000, { now: () => now, batchSize: 1000 });
  await linkCompanyPatents(t.db.db, now);
  before = new Set([
    ...(await t.db.db.selectFrom('companies').select('company_name').execute()).map((c) => c.company_name),
    ...(await t.db.db.selectFrom('patent_applicants').select('name').distinct().execute()).map((a) => a.name),
  ]);
  const started = Date.now();
  await seedDemoData(t.deps);
  seconds = (Date.now() - started) / 1000;
  console.log(`seedDemoData with the 300-enterprise district: ${seconds.toFixed(1)} s`);
  main = await loginAs(t.app, 'main');
  staff = await loginAs(t.app, 'staff');
}, 600_000);
afterAll(() => t.close());

describe('the demo district', () => {
  it('holds 300 enterprises over the ten demo streets, each with street, industry and size', async () => {
    const list = await post(main, '/v1/service/companies', { page: 1, page_size: 100 });
    expect(list.total).toBe(300);
    const streets = (await call(t.app, 'GET', '/v1/company/street', { token: main })).body.data as {
      name: string;
      company_count: number;
    }[];
    expect(streets.map((s) => s.name)).toEqual(DEMO_STREETS);
    expect(streets.reduce((n, s) => n + s.company_count, 0)).toBe(300);
    for (const s of streets) expect(s.company_count, s.name).toBeGreaterThanOrEqual(20);
    const rows = await t.db.db
      .selectFrom('companies')
      .select(['company_name', 'industry', 'size', 'street_id'])
      .where('service_owner_id', '>', 0)
      .execute();
    expect(rows).toHaveLength(300);
    for (const r of rows) {
      expect(r.industry, r.company_name).not.toBe('');
      expect(r.size, r.company_name).not.toBe('');
      expect(Number(r.street_id), r.company_name).toBeGreaterThan(0);
    }
    const grades = await post(main, '/v1/service/grades');
    console.log(`demo district grades: ${JSON.stringify(grades.counts)}`);
    for (const g of ['A', 'B', 'C', 'D']) expect(grades.counts[g], g).toBeGreaterThan(0);
    const mine = await post(staff, '/v1/service/companies', { page: 1, page_size: 1 });
    expect(mine.total).toBeGreaterThan(40);
  });

  it('names every enterprise after a patent applicant and counts its own patents (num = patentlist total)', async () => {
    const { db } = t.db;
    const real = new Set(realEnterpriseApplicants(t.deps.config.patentDataDir));
    const office = await db
      .selectFrom('companies')
      .select(['id', 'company_name', 'patent_num'])
      .where('service_owner_id', '>', 0)
      .orderBy('id')
      .execute();
    const applicants = new Set((await db.selectFrom('patent_applicants').select('name').distinct().execute()).map((a) => a.name));
    const own = new Map(
      (
        await db
          .selectFrom('company_patents')
          .select(['company_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('removed', '=', 0)
          .where('source', '<>', 'collect')
          .groupBy('company_id')
          .execute()
      ).map((r) => [Number(r.company_id), Number(r.n)]),
    );
    let fromReal = 0;
    for (const c of office) {
      // the real records' applicants are linked when the background import stores them (not run here)
      if (real.has(c.company_name) && !applicants.has(c.company_name)) {
        fromReal++;
        continue;
      }
      expect(applicants.has(c.company_name), c.company_name).toBe(true);
      expect(Number(c.patent_num), c.company_name).toBe(own.get(Number(c.id)) ?? 0);
      expect(Number(c.patent_num), c.company_name).toBeGreaterThan(0);
    }
    console.log(`district enterprises named after the shared real records' applicants: ${fromReal}`);
    // the district's second set of patents names none of the companies or company applicants that existed before it
    // (universities may be co-applicants): their counts do not move
    const secondNames = await db
      .selectFrom('patent_applicants')
      .innerJoin('patents', 'patents.id', 'patent_applicants.patent_id')
      .select('patent_applicants.name')
      .distinct()
      .where('patents.source', '=', `demo:${DISTRICT_PATENT_SEED}`)
      .execute();
    expect(secondNames.length).toBeGreaterThan(50);
    for (const { name } of secondNames) if (name.endsWith('公司')) expect(before.has(name), name).toBe(false);
    // seachCompany's num is patentlist's total, for one of the second set's enterprises too
    const second = await db
      .selectFrom('companies')
      .innerJoin('patent_applicants', 'patent_applicants.name', 'companies.company_name')
      .innerJoin('patents', 'patents.id', 'patent_applicants.patent_id')
      .select(['companies.id', 'companies.company_name'])
      .where('patents.source', '=', `demo:${DISTRICT_PATENT_SEED}`)
      .orderBy('companies.id', 'desc')
      .executeTakeFirstOrThrow();
    const hit = (await post(main, '/v1/company/seachCompany', { keword: second.company_name })) as {
      id: number;
      num: number;
    }[];
    const found = hit.find((h) => h.id === Number(second.id))!;
    const patents = await call(t.app, 'GET', '/v1/company/patentlist', {
      token: main,
      query: { company_id: String(second.id), page_size: '1' },
    });
    expect(found.num).toBeGreaterThan(0);
    expect(patents.body.data.total).toBe(found.num);
  });
});
