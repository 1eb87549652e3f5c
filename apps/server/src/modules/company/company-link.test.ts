import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { seedDemoPatents } from '../patents/patent-seed';
import { DEMO_COMPANY } from '../patents/demo-patents';
import { linkCompanyPatents, nameVariants, normaliseCompanyName, refreshCompanyNames } from './company-link';
import { loadRecords } from '../search/testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const own = (companyId: number) =>
  t.db.db.selectFrom('company_patents').select(['patent_id', 'source', 'removed']).where('company_id', '=', companyId).execute();
const companyId = async (name: string) =>
  (await t.db.db.selectFrom('companies').select('id').where('company_name', '=', name).executeTakeFirstOrThrow()).id;

describe('company names', () => {
  it('normalises width, brackets, spaces and case', () => {
    expect(normaliseCompanyName(' 示例（北京）科技 有限公司 ')).toBe('示例(北京)科技有限公司');
    expect(normaliseCompanyName('ＡＢＣ Co.')).toBe('abcco.');
    expect(nameVariants('示例(北京)科技有限公司')).toContain('示例（北京）科技有限公司');
  });
});

describe('linkCompanyPatents', () => {
  it('gives the demo company user its company and the demo company its patents (current and former names)', async () => {
    const id = await companyId(DEMO_COMPANY);
    const user = await t.db.db
      .selectFrom('users')
      .select('company_id')
      .where('mobile', '=', '13800000001')
      .executeTakeFirstOrThrow();
    expect(user.company_id).toBe(id);
    await seedDemoPatents(t.db, 600, { now: () => t.now().toISOString(), batchSize: 600 });
    const applicantCount = await t.db.db
      .selectFrom('patent_applicants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('name', '=', DEMO_COMPANY)
      .executeTakeFirstOrThrow();
    expect(Number(applicantCount.n)).toBeGreaterThan(10);
    const linked = await linkCompanyPatents(t.db.db, t.now().toISOString());
    expect(linked).toBeGreaterThanOrEqual(Number(applicantCount.n));
    expect((await own(id)).length).toBe(Number(applicantCount.n));
    const c = await t.db.db.selectFrom('companies').select('patent_num').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(c.patent_num)).toBe(Number(applicantCount.n));
    // Linking again adds nothing.
    expect(await linkCompanyPatents(t.db.db, t.now().toISOString())).toBe(0);
  });

  it('matches a former name spelt with half-width brackets, keeps removed patents out, turns a collected one into its own', async () => {
    const id = await companyId(DEMO_COMPANY);
    await t.db.db
      .updateTable('companies')
      .set({ former_names: JSON.stringify(['旧名(杭州)电子有限公司']) })
      .where('id', '=', id)
      .execute();
    await refreshCompanyNames(t.db.db, id);
    const base = {
      country: 'CN',
      type: '发明',
      title: '一种测试装置',
      abstract: '测试',
      ad: '2020-01-02',
    };
    await loadRecords(t.db, [
      { ...base, an: 'CN202010000001.1', pn: 'CN111000001A', applicants: ['旧名（杭州）电子有限公司'] },
      { ...base, an: 'CN202010000002.6', pn: 'CN111000002A', applicants: ['别家公司'] },
    ]);
    const [a, b] = await t.db.db
      .selectFrom('patents')
      .select('id')
      .where('pn', 'in', ['CN111000001A', 'CN111000002A'])
      .orderBy('pn')
      .execute();
    const now = t.now().toISOString();
    await t.db.db
      .insertInto('company_patents')
      .values({ company_id: id, patent_id: b.id, source: 'collect', is_collected: 1, created_at: now, updated_at: now })
      .execute();
    expect(await linkCompanyPatents(t.db.db, now, id)).toBe(1);
    expect((await own(id)).find((r) => r.patent_id === a.id)?.source).toBe('auto');
    expect((await own(id)).find((r) => r.patent_id === b.id)?.source).toBe('collect');
    await t.db.db.updateTable('company_patents').set({ removed: 1 }).where('patent_id', '=', a.id).execute();
    await linkCompanyPatents(t.db.db, now, id);
    expect((await own(id)).find((r) => r.patent_id === a.id)?.removed).toBe(1);
  });
});
