// Exports as private files (issue 8 items 4 and 7, ADR 0014): written by a worker thread to a .part file and renamed
// when complete, readable by the owner and administrators or through a freshly signed link, capped per user, deleted
// by the housekeeping task once expired.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { allJobHandlers } from '..';
import { drainJobs, getJob, jobParams } from '../jobs/jobs.service';
import { seedDemoPatents } from '../patents/patent-seed';
import { fileHousekeeping } from '../common/file-housekeeping';
import { privateDir, publicDir, tmpDir } from '../common/file-store';
import { PATENT_EXPORT_JOB, searchJobHandlers } from './search.export';

const DAY = 86_400_000;
let t: TestApp;
let company: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-01T02:00:00Z', env: { MAX_QUEUED_EXPORTS: '2', EXPORT_TTL_DAYS: '3' } });
  await seedDemoPatents(t.db, 1200);
  company = await loginAs(t.app, 'company');
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

const files = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
const startExport = (token: string, expression = '方法 OR 装置 OR 系统 OR 设备') =>
  call(t.app, 'POST', '/v1/frontend/user/patent_export', { token, body: { expression, sort: 'date_asc' } });
const status = (token: string, id: number) => call(t.app, 'POST', '/v1/jobs/status', { token, body: { id } });

describe('patent export: a private file written off the event loop', () => {
  let jobId: number;
  let fileId: number;
  let url: string;

  it('appears only complete: while rows are written nothing sits in a served or final place', async () => {
    const res = await startExport(company);
    expect(res.status).toBe(200);
    jobId = res.body.data.job_id;
    const job = (await getJob(t.db, jobId))!;
    const seen: { done: number; finals: string[]; parts: string[] }[] = [];
    // The handler run by hand, looking at the directories at every progress step.
    const result = await searchJobHandlers[PATENT_EXPORT_JOB]({
      deps: t.deps,
      job,
      params: jobParams(job),
      checkpoint: {},
      progress: async (p) => {
        if (p.done)
          seen.push({
            done: p.done,
            finals: [
              ...files(privateDir(t.config)),
              ...files(publicDir(t.config)),
              ...files(path.join(publicDir(t.config), 'exports')),
            ].filter((f) => f.endsWith('.xlsx')),
            parts: files(tmpDir(t.config)),
          });
      },
      progressIn: async () => {},
      checkStop: () => {},
    });
    expect(seen.length).toBeGreaterThan(1);
    for (const s of seen) {
      expect(s.finals, `at ${s.done} rows`).toEqual([]);
      expect(
        s.parts.some((p) => p.endsWith('.xlsx.part')),
        `at ${s.done} rows`,
      ).toBe(true);
    }
    expect(files(tmpDir(t.config))).toEqual([]);
    expect(result).toMatchObject({ rows: seen.at(-1)!.done, truncated: false, expires_at: '2026-03-04T02:00:00.000Z' });
    fileId = result.file_id as number;
    const row = await t.db.db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ visibility: 'private', purpose: 'export', expires_at: '2026-03-04T02:00:00.000Z' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path.join(privateDir(t.config), row.stored_name));
    expect(wb.worksheets[0].rowCount).toBe(Number(result.rows) + 1);
    expect(wb.worksheets[0].getRow(1).getCell(11).value).toBe('法律状态');
    // Mark the job done with that result, as the worker would.
    await t.db.db
      .updateTable('jobs')
      .set({ status: 'done', result: JSON.stringify(result) })
      .where('id', '=', jobId)
      .execute();
  });

  it('hands the owner a freshly signed link in the job status, valid without a session for minutes', async () => {
    const s = await status(company, jobId);
    expect(s.body.data.status).toBe('done');
    url = s.body.data.result.url;
    expect(url).toMatch(new RegExp(`^/v1/common/file/${fileId}\\?expires=\\d+&sig=[0-9a-f]{64}$`));
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; /);
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('专利检索结果-2026-03-01.xlsx'));
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  });

  it('serves the export to its owner and administrators only', async () => {
    const plain = `/v1/common/file/${fileId}`;
    expect((await call(t.app, 'GET', plain, { token: company })).status).toBe(200);
    expect((await call(t.app, 'GET', plain, { token: admin })).status).toBe(200);
    for (const kind of ['trial', 'main', 'staff'] as const) {
      expect((await call(t.app, 'GET', plain, { token: await loginAs(t.app, kind) })).status, kind).toBe(404);
    }
    expect((await call(t.app, 'GET', plain)).status).toBe(401);
    // Another user cannot even see the job.
    expect((await status(await loginAs(t.app, 'main'), jobId)).status).toBe(404);
  });

  it('runs through the job worker too (the worker thread starts under tsx)', async () => {
    const res = await startExport(company, '装置');
    await drainJobs(t.deps, allJobHandlers());
    const s = await status(company, res.body.data.job_id);
    expect(s.body.data).toMatchObject({ status: 'done', error: '' });
    expect(s.body.data.result.rows).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: s.body.data.result.url })).statusCode).toBe(200);
  });

  it('is deleted with its row by the housekeeping task once expired, and the status then says so', async () => {
    const stored = (await t.db.db.selectFrom('files').select('stored_name').where('id', '=', fileId).executeTakeFirstOrThrow())
      .stored_name;
    // A .part left by a crash, and an export of the old public directory.
    const part = path.join(tmpDir(t.config), 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.xlsx.part');
    fs.writeFileSync(part, 'PK');
    const legacyDir = path.join(publicDir(t.config), 'exports');
    fs.mkdirSync(legacyDir, { recursive: true });
    const legacy = path.join(legacyDir, 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.xlsx');
    fs.writeFileSync(legacy, 'PK');
    // Written "now" on the test clock (the clock, not the machine's time, decides what is old).
    for (const f of [part, legacy]) fs.utimesSync(f, t.now(), t.now());

    t.advance(DAY - 60_000);
    expect(await fileHousekeeping(t.deps)).toMatchObject({ expired: 0, partials: 0, legacyExports: 0 });
    t.advance(2 * DAY);
    expect(await fileHousekeeping(t.deps)).toMatchObject({ expired: 0, partials: 1, legacyExports: 0 });
    expect(fs.existsSync(path.join(privateDir(t.config), stored))).toBe(true);
    expect((await status(company, jobId)).body.data.result.url).toBeDefined();

    t.advance(120_000);
    const r = await fileHousekeeping(t.deps);
    expect(r.expired).toBe(2); // both exports made so far
    expect(r.partials).toBe(0);
    expect(r.legacyExports).toBe(1);
    expect(fs.existsSync(path.join(privateDir(t.config), stored))).toBe(false);
    expect(fs.existsSync(part)).toBe(false);
    expect(fs.existsSync(legacyDir)).toBe(false);
    expect(await t.db.db.selectFrom('files').select('id').where('purpose', '=', 'export').execute()).toEqual([]);
    const s = await status(company, jobId);
    expect(s.body.data.result.url).toBeUndefined();
    expect(s.body.data.result.expired).toBe(true);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
  });
});

describe('per-user cap on queued exports', () => {
  it('answers 429 on the export after MAX_QUEUED_EXPORTS queued or running ones, and nothing is queued', async () => {
    const before = await t.db.db.selectFrom('jobs').select('id').execute();
    expect((await startExport(company)).status).toBe(200);
    expect((await startExport(company)).status).toBe(200);
    const third = await startExport(company);
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ code: 0, msg: '您已有 2 个导出任务正在进行，请完成后再试' });
    expect((await t.db.db.selectFrom('jobs').select('id').execute()).length).toBe(before.length + 2);
    // Another user is not held up by this one's exports.
    expect((await startExport(admin)).status).toBe(200);
    // Once they are done the user may export again.
    await drainJobs(t.deps, allJobHandlers());
    expect((await startExport(company)).status).toBe(200);
    // Draining three real exports: over the default 30 s on a heavily loaded machine.
  }, 120_000);
});
