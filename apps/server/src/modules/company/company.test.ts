import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_SEARCH_CAP } from '@ip/contract';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  // The administrator searches every company; the scope of sets C/D is tested in enterprise/directory.test.ts.
  token = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

describe('POST /v1/company/seachCompany', () => {
  it('finds companies by part of the name with id, company_name and num', async () => {
    const res = await call(t.app, 'POST', '/v1/company/seachCompany', { token, body: { keword: '示例' } });
    expect(res.body.code).toBe(1);
    expect(res.body.data.length).toBeGreaterThanOrEqual(3);
    for (const c of res.body.data) {
      expect(c.company_name).toContain('示例');
      expect(Object.keys(c).sort()).toEqual(['company_name', 'id', 'num']);
      expect(typeof c.num).toBe('number');
    }
  });

  it('treats LIKE wildcards literally', async () => {
    expect((await call(t.app, 'POST', '/v1/company/seachCompany', { token, body: { keword: '%' } })).body.data).toEqual([]);
    expect((await call(t.app, 'POST', '/v1/company/seachCompany', { token, body: { keword: '_' } })).body.data).toEqual([]);
  });

  it('caps results at 1000', async () => {
    const now = t.now().toISOString();
    const rows = Array.from({ length: COMPANY_SEARCH_CAP + 20 }, (_, i) => ({
      company_name: `批量测试公司${i}`,
      patent_num: i,
      created_at: now,
      street_id: 0,
      street_name: '',
      credit_code: '',
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.db.db
        .insertInto('companies')
        .values(rows.slice(i, i + 200))
        .execute();
    const res = await call(t.app, 'POST', '/v1/company/seachCompany', { token, body: { keword: '批量测试' } });
    expect(res.body.data).toHaveLength(COMPANY_SEARCH_CAP);
  });

  it('requires a name: empty → 请输入公司名称', async () => {
    for (const body of [{}, { keword: '' }, { keword: '   ' }]) {
      const res = await call(t.app, 'POST', '/v1/company/seachCompany', { token, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 0, msg: '请输入公司名称' });
    }
  });

  it('is for enterprise-service accounts and admins, not company users', async () => {
    const res = await call(t.app, 'POST', '/v1/company/seachCompany', {
      token: await loginAs(t.app, 'company'),
      body: { keword: '示例' },
    });
    expect(res.status).toBe(403);
  });
});
