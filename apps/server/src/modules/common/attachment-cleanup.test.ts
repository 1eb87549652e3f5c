import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { demoPortfolio, upload } from '../../../test/company-records';
import { ORPHAN_MIN_AGE_MS, purgeOrphanAttachments } from './attachment-cleanup';
import { fileHousekeeping } from './file-housekeeping';
import { pathOf } from './file-store';

// Attachments of deleted records leave the disk (ADR 0037), on SQLite and PostgreSQL: a certificate's or a
// non-patent IP record's files go with it unless another record still names them; the daily housekeeping purges
// documents no record names once older than a day. (Fee receipts: fee-calls.test.ts.)

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T04:00:00Z' });
  token = await loginAs(t.app, 'company');
  await demoPortfolio(t, 20);
});
afterAll(() => t.close());

const post = (url: string, body: unknown) => call(t.app, 'POST', `/v1/frontend/${url}`, { token, body });
const fileRow = (id: number) => t.db.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
async function onDisk(id: number): Promise<string> {
  const row = await fileRow(id);
  expect(row, `files row ${id}`).toBeTruthy();
  const p = pathOf(t.deps.config, row!);
  expect(fs.existsSync(p), `file ${id} on disk`).toBe(true);
  return p;
}
const certificate = (file_ids: number[], n: string) => ({
  kind: 'honor',
  number: `HONOR-${n}`,
  name: `荣誉证书 ${n}`,
  issue_date: '2024-01-01',
  file_ids,
});
const trademark = (file_ids: number[]) => ({
  kind: 'trademark',
  number: '56781299',
  name: '示例',
  nice_class: 9,
  registration_date: '2016-06-07',
  owner: '示例科技有限公司',
  status: 'registered',
  file_ids,
});

describe('attachments of deleted records', () => {
  it('a deleted certificate takes its own file along; a file another record names stays until that one goes', async () => {
    const own = await upload(t, token, { name: '证书扫描.pdf', mime: 'application/pdf' });
    const shared = await upload(t, token, { name: '共用.png' });
    const ownPath = await onDisk(own);
    const sharedPath = await onDisk(shared);
    const cert = await post('certificate/create', certificate([own, shared], '1'));
    expect(cert.body.code, JSON.stringify(cert.body)).toBe(1);
    const other = await post('certificate/create', certificate([shared], '2'));
    const ip = await post('ip/create', trademark([shared]));
    expect(ip.body.code, JSON.stringify(ip.body)).toBe(1);

    expect((await post('certificate/delete', { id: cert.body.data.id })).body.code).toBe(1);
    expect(fs.existsSync(ownPath)).toBe(false);
    expect(await fileRow(own)).toBeUndefined();
    expect(fs.existsSync(sharedPath)).toBe(true);

    expect((await post('certificate/delete', { id: other.body.data.id })).body.code).toBe(1);
    expect(fs.existsSync(sharedPath)).toBe(true); // the trademark still names it
    expect((await post('ip/detail', { id: ip.body.data.id })).body.data.files.map((f: { id: number }) => f.id)).toEqual([shared]);

    expect((await post('ip/delete', { id: ip.body.data.id })).body.code).toBe(1);
    expect(fs.existsSync(sharedPath)).toBe(false);
    expect(await fileRow(shared)).toBeUndefined();
  });

  it('a refused deletion (unknown id) removes nothing', async () => {
    const f = await upload(t, token);
    const cert = await post('certificate/create', certificate([f], '3'));
    const p = await onDisk(f);
    const res = await post('certificate/delete', { id: cert.body.data.id + 1000 });
    expect(res.body.code).toBe(0);
    expect(fs.existsSync(p)).toBe(true);
  });

  it('housekeeping purges documents no record names once a day old; young ones, named ones and licences stay', async () => {
    const named = await upload(t, token);
    await post('certificate/create', certificate([named], '4'));
    const dropped = await upload(t, token); // taken off its record by an update
    const cert = await post('certificate/create', certificate([dropped], '5'));
    await post('certificate/update', { id: cert.body.data.id, ...certificate([], '5') });
    const neverSaved = await upload(t, token);
    const licence = await upload(t, token, { purpose: 'licence' });
    // A portal article's attachment (ADR 0045) is named by articles.attachments.
    const admin = await loginAs(t.app, 'admin');
    const attached = await upload(t, admin, { name: '附件.pdf', mime: 'application/pdf' });
    const saved = await call(t.app, 'POST', '/v1/portal/admin/article/save', {
      token: admin,
      body: { channel: 'news', title: '带附件的新闻', attachments: [attached] },
    });
    expect(saved.body.code, saved.body.msg).toBe(1);
    const paths = {
      named: await onDisk(named),
      dropped: await onDisk(dropped),
      neverSaved: await onDisk(neverSaved),
      licence: await onDisk(licence),
      attached: await onDisk(attached),
    };
    // Not yet a day old: nothing of these goes.
    t.advance(ORPHAN_MIN_AGE_MS - 60_000);
    expect(await purgeOrphanAttachments(t.deps)).toBe(0);
    const young = await upload(t, token);
    t.advance(120_000);
    const r = await fileHousekeeping(t.deps);
    expect(r.orphans).toBeGreaterThanOrEqual(2);
    expect(fs.existsSync(paths.dropped)).toBe(false);
    expect(fs.existsSync(paths.neverSaved)).toBe(false);
    expect(await fileRow(dropped)).toBeUndefined();
    expect(fs.existsSync(paths.named)).toBe(true);
    expect(fs.existsSync(paths.licence)).toBe(true);
    expect(fs.existsSync(paths.attached)).toBe(true);
    await onDisk(young);
    // Demo certificates' files (seeded on start) are named by their records and stay.
    for (const c of await t.db.db.selectFrom('certificates').select('file_ids').execute()) {
      for (const id of JSON.parse(c.file_ids) as number[]) await onDisk(id);
    }
  });
});
