import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_RESTRICTION_MESSAGES } from '@ip/contract';
import { applyAs } from '../../../test/applications';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { demoCreditCode } from '../../db/seed';
import { issueToken } from '../../http/auth';
import { loadRecords } from '../search/testing';
import { EXPORT_DENIED } from '../search/search.routes';

// DOMAIN §1: a trial user (and a visitor, and someone not logged in) may read but not have the full-text PDF or
// export; the server withholds both, and an approval lifts the limits with the next request (ADR 0019).

let t: TestApp;
let withPdf: number;
let withoutPdf: number;
const detail = (id: number, token?: string) => call(t.app, 'POST', '/v1/patents/detail', { token, body: { id } });

beforeAll(async () => {
  t = await createTestApp();
  await loadRecords(t.db, [
    {
      pn: 'CN910000001A',
      ad: '2021-01-01',
      title: '一种带全文的电池',
      applicants: ['某公司'],
      type: '发明',
      pdf: 'https://example.com/CN910000001A.pdf',
    },
    { pn: 'CN910000002A', ad: '2021-01-02', title: '一种无全文的电池', applicants: ['某公司'], type: '发明' },
  ]);
  const rows = await t.db.db.selectFrom('patents').select(['id', 'title']).execute();
  withPdf = rows.find((r) => r.title.includes('带全文'))!.id;
  withoutPdf = rows.find((r) => r.title.includes('无全文'))!.id;
});
afterAll(() => t.close());

describe('full-text PDF and export for trial users, visitors and the anonymous', () => {
  it('withholds the PDF from the anonymous and visitors, with the reason', async () => {
    const anon = await detail(withPdf);
    expect(anon.body.data).toMatchObject({
      pdf: '',
      pdf_restricted: 'login',
      pdf_restricted_msg: PDF_RESTRICTION_MESSAGES.login,
    });
    expect(anon.body.data.title).toBe('一种带全文的电池');
    const v = await t.db.db
      .insertInto('visitors')
      .values({ mobile: '13700000001', name: '', created_at: t.now().toISOString(), last_login_at: t.now().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const visitor = await issueToken(t.deps, 'visitor', v.id);
    expect((await detail(withPdf, visitor)).body.data).toMatchObject({ pdf: '', pdf_restricted: 'login' });
    // Nothing to withhold: no reason either.
    expect((await detail(withoutPdf)).body.data).toMatchObject({ pdf: '', pdf_restricted: null });
  });

  it('gives verified accounts the PDF', async () => {
    for (const kind of ['company', 'admin', 'main', 'staff'] as const) {
      const res = await detail(withPdf, await loginAs(t.app, kind));
      expect(res.body.data, kind).toMatchObject({ pdf: 'https://example.com/CN910000001A.pdf', pdf_restricted: null });
    }
  });

  it('refuses a trial user the PDF and export until approval, then allows both on the same token', async () => {
    const trial = await loginAs(t.app, 'trial');
    expect((await detail(withPdf, trial)).body.data).toMatchObject({
      pdf: '',
      pdf_restricted: 'trial',
      pdf_restricted_msg: PDF_RESTRICTION_MESSAGES.trial,
    });
    const refused = await call(t.app, 'POST', '/v1/frontend/user/patent_export', { token: trial, body: { expression: '电池' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 0, msg: EXPORT_DENIED });
    expect(await t.db.db.selectFrom('jobs').selectAll().execute()).toHaveLength(0);

    const id = await applyAs(t.app, trial, { company_name: '试用创新科技有限公司', credit_code: demoCreditCode(90) });
    const admin = await loginAs(t.app, 'admin');
    expect((await call(t.app, 'POST', '/v1/news/user/queuestate', { token: admin, body: { id, status: 1 } })).body.code).toBe(1);

    expect((await detail(withPdf, trial)).body.data).toMatchObject({
      pdf: 'https://example.com/CN910000001A.pdf',
      pdf_restricted: null,
    });
    const allowed = await call(t.app, 'POST', '/v1/frontend/user/patent_export', { token: trial, body: { expression: '电池' } });
    expect(allowed.body).toMatchObject({ code: 1, data: { job_id: expect.any(Number) } });
  });
});
