// Test helpers for the company records (certificates, non-patent IP): a second company with its own user, the demo
// company's portfolio, and uploads through POST /v1/common/file.
import { expect } from 'vitest';
import { NEW_USER } from '../src/modules/account/new-user';
import { linkCompanyPatents } from '../src/modules/company/company-link';
import { seedDemoPatents } from '../src/modules/patents/patent-seed';
import { call, DEMO, login, type TestApp } from './helpers';

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
export const PDF = Buffer.from('%PDF-1.4 证书 test');

/** A multipart body with text fields (in order) and one file. */
export function multipart(fields: Record<string, string>, filename: string, mime: string, content: Buffer) {
  const boundary = '----iprecords';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body: payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a file as the token's user; returns its id. */
export async function upload(
  t: TestApp,
  token: string,
  opts: { name?: string; mime?: string; content?: Buffer; purpose?: string; type?: string } = {},
): Promise<number> {
  const name = opts.name ?? '证书.png';
  const mime = opts.mime ?? 'image/png';
  const res = await call(t.app, 'POST', '/v1/common/file', {
    token,
    ...multipart(
      { type: opts.type ?? (mime.startsWith('image/') ? 'image' : 'file'), purpose: opts.purpose ?? 'document' },
      name,
      mime,
      opts.content ?? (mime === 'application/pdf' ? PDF : PNG),
    ),
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data.id as number;
}

/** Inserts a company and a user of it (password Demo@2026, like the demo accounts); logs the user in. */
export async function otherCompany(
  t: TestApp,
  name = '乙方测试有限公司',
  mobile = '13911110000',
  extra: Partial<typeof NEW_USER> = {},
): Promise<{ companyId: number; userId: number; token: string }> {
  const now = t.now().toISOString();
  const c = await t.db.db
    .insertInto('companies')
    .values({ company_name: name, patent_num: 0, created_at: now, street_id: 0, street_name: '', credit_code: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const u = await companyUser(t, c.id, mobile, extra);
  return { companyId: c.id, ...u };
}

/** Inserts a user of a company (e.g. a sub-account with rid > 0) and logs it in. */
export async function companyUser(t: TestApp, companyId: number, mobile: string, extra: Partial<typeof NEW_USER> = {}) {
  const now = t.now().toISOString();
  const { password_hash } = await t.db.db
    .selectFrom('users')
    .select('password_hash')
    .where('mobile', '=', DEMO.company)
    .executeTakeFirstOrThrow();
  const u = await t.db.db
    .insertInto('users')
    .values({
      ...NEW_USER,
      name: '测试用户',
      mobile,
      company_id: companyId,
      ...extra,
      password_hash,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: u.id, token: await login(t.app, mobile) };
}

/** The demo company's id and its portfolio after loading `count` demo patents (the demo company holds some). */
export async function demoPortfolio(t: TestApp, count = 200): Promise<{ companyId: number; patentIds: number[] }> {
  const now = t.now().toISOString();
  await seedDemoPatents(t.db, count, { now: () => now, batchSize: count });
  await linkCompanyPatents(t.db.db, now);
  const { company_id } = await t.db.db
    .selectFrom('users')
    .select('company_id')
    .where('mobile', '=', DEMO.company)
    .executeTakeFirstOrThrow();
  const rows = await t.db.db
    .selectFrom('company_patents')
    .select('patent_id')
    .where('company_id', '=', company_id)
    .orderBy('patent_id')
    .execute();
  return { companyId: company_id, patentIds: rows.map((r) => r.patent_id) };
}

/** How many rows a table holds (to check that a refused call changed nothing). */
export async function countRows(t: TestApp, table: 'certificates' | 'ip_assets'): Promise<number> {
  const r = await t.db.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
