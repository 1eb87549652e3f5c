import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../test/helpers';
import { demoPortfolio } from '../../test/company-records';
import { seedDemoCertificates } from './seed-certificates';

// The fresh start's demo certificates and non-patent IP: relative to the seed day, with previewable files.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-07-01T02:00:00Z' });
  await demoPortfolio(t, 600);
  await seedDemoCertificates(t.deps);
  token = await loginAs(t.app, 'company');
});
afterAll(() => t.close());

describe('seedDemoCertificates', () => {
  it('gives 示例科技有限公司 20–30 certificates: patent ones, a 高新 certificate expiring in 60 days, an expired ISO 9001', async () => {
    const res = await call(t.app, 'POST', '/v1/frontend/certificate/index', { token, body: { page_size: 100 } });
    const { list, counts } = res.body.data;
    expect(counts.total).toBeGreaterThanOrEqual(20);
    expect(counts.total).toBeLessThanOrEqual(30);
    expect(counts.expiring).toBeGreaterThanOrEqual(3);
    expect(counts.expired).toBeGreaterThanOrEqual(2);
    const patentCerts = list.filter((c: { kind: string }) => c.kind === 'patent');
    expect(patentCerts.length).toBeGreaterThanOrEqual(8);
    for (const c of patentCerts) expect(c.patent?.legal_status).toBe('有权');
    expect(list.find((c: { kind: string }) => c.kind === 'hightech')).toMatchObject({ status: 'expiring', days_left: 60 });
    const iso9001 = list.find((c: { name: string }) => c.name.startsWith('ISO 9001'));
    expect(iso9001).toMatchObject({ status: 'expired', days_left: -25 });
  });

  it('attaches images and PDFs that open through their signed links', async () => {
    const list = (await call(t.app, 'POST', '/v1/frontend/certificate/index', { token, body: { page_size: 100 } })).body.data
      .list;
    const withFile = list.filter((c: { file_count: number }) => c.file_count > 0);
    expect(withFile.length).toBeGreaterThanOrEqual(8);
    const mimes = new Set<string>();
    for (const c of withFile.slice(0, 6)) {
      const d = (await call(t.app, 'POST', '/v1/frontend/certificate/detail', { token, body: { id: c.id } })).body.data;
      const got = await t.app.inject({ method: 'GET', url: d.files[0].url });
      expect(got.statusCode).toBe(200);
      mimes.add(String(got.headers['content-type']));
      if (got.headers['content-type'] === 'image/png') expect(got.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      else expect(got.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect([...mimes].sort()).toEqual(['application/pdf', 'image/png']);
  });

  it('records about ten trademarks, copyrights and software copyrights', async () => {
    const res = await call(t.app, 'POST', '/v1/frontend/ip/index', { token, body: { page_size: 100 } });
    expect(res.body.data.total).toBe(10);
    const kinds = new Set(res.body.data.list.map((r: { kind: string }) => r.kind));
    expect([...kinds].sort()).toEqual(['copyright', 'software', 'trademark']);
    expect(res.body.data.list.some((r: { expiry_status: string }) => r.expiry_status === 'expiring')).toBe(true);
  });
});
