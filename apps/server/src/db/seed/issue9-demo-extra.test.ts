import { CERTIFICATE_KINDS, IP_KINDS, IP_STATUSES, LITIGATION_STATUSES, TRIAL_LEVELS } from '@ip/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { linkCompanyPatents } from '../../modules/company/company-link';
import { seedDemoPatents } from '../../modules/patents/patent-seed';
import { seedDemoData } from '../seed-demo-data';

// A fresh start's demo data has several rows in every category /home and the portfolio pages show (ADR 0037), on
// SQLite and PostgreSQL; the same rows on every fresh start.

let t: TestApp;
let token: string;
const post = async (url: string, body: unknown = {}) => {
  const res = await call(t.app, 'POST', url, { token, body });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data;
};
const by = <T>(xs: T[], key: (x: T) => string) =>
  xs.reduce<Record<string, number>>((m, x) => ((m[key(x)] = (m[key(x)] ?? 0) + 1), m), {});

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-24T04:00:00Z' });
  const now = t.now().toISOString();
  await seedDemoPatents(t.db, 2000, { now: () => now, batchSize: 1000 });
  await linkCompanyPatents(t.db.db, now);
  await seedDemoData(t.deps);
  token = await loginAs(t.app, 'company');
}, 300_000);
afterAll(() => t.close());

describe('demo data of issue 9', () => {
  it('every portfolio category holds patents, and 本年届满 on /home has some', async () => {
    const cate = await post('/v1/frontend/patent/cate');
    type Node = { name: string; total: number; children: Node[] };
    const flat = (ns: Node[]): Node[] => ns.flatMap((n) => [n, ...flat(n.children)]);
    const totals = Object.fromEntries(flat(cate.tree).map((n) => [n.name, n.total]));
    console.log(`demo categories: ${JSON.stringify(totals)}, 未分类 ${cate.uncategorized}`);
    for (const [name, n] of Object.entries(totals)) expect(n, name).toBeGreaterThanOrEqual(3);
    expect(cate.uncategorized).toBeGreaterThanOrEqual(3);
    expect(cate.core).toBeGreaterThanOrEqual(3);
    expect(cate.collected).toBeGreaterThanOrEqual(3);
    const home = await post('/v1/frontend/home/summary');
    expect(home.expiring_this_year).toBeGreaterThanOrEqual(3);
    const list = await post('/v1/frontend/patent/list', {
      status: undefined,
      legal_status: ['有权'],
      expiry_year: 2026,
      page_size: 1,
    });
    expect(list.total).toBe(home.expiring_this_year);
  });

  it('every certificate kind, IP kind and IP status has several rows', async () => {
    const certs = (await post('/v1/frontend/certificate/index', { page_size: 100 })).list as { kind: string }[];
    const kinds = by(certs, (c) => c.kind);
    for (const k of CERTIFICATE_KINDS) expect(kinds[k] ?? 0, k).toBeGreaterThanOrEqual(3);
    const ip = (await post('/v1/frontend/ip/index', { page_size: 100 })).list as { kind: string; status: string }[];
    const ipKinds = by(ip, (r) => r.kind);
    const ipStatuses = by(ip, (r) => r.status);
    for (const k of IP_KINDS) expect(ipKinds[k] ?? 0, k).toBeGreaterThanOrEqual(3);
    for (const s of IP_STATUSES) expect(ipStatuses[s] ?? 0, s).toBeGreaterThanOrEqual(2);
  });

  it('the company’s litigation list holds several cases of every status and trial level', async () => {
    const lit = (await post('/v1/frontend/Iitigation/index', { page_size: 100 })).list as {
      status: string;
      trial_level: string;
    }[];
    const statuses = by(lit, (c) => c.status);
    const levels = by(lit, (c) => c.trial_level);
    console.log(`demo litigation: ${JSON.stringify(statuses)} ${JSON.stringify(levels)}`);
    for (const s of LITIGATION_STATUSES) expect(statuses[s] ?? 0, s).toBeGreaterThanOrEqual(3);
    for (const l of TRIAL_LEVELS) expect(levels[l] ?? 0, l).toBeGreaterThanOrEqual(3);
  });
});
