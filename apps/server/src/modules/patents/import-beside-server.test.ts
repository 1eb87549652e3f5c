// `npm run import` in a second process beside a running server on the same database (issue 8, item 5): the server
// keeps writing (a logged-in user's search history, job progress) while the command line imports; the import must
// not fail with "database is locked", and its summary must count exactly what it committed.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { call, createTestApp, loginAs, runImportTool, type TestApp } from '../../../test/helpers';
import { createJob, saveJobProgress } from '../jobs/jobs.service';
import { countPatents } from './patents.repo';

const REAL = path.join(REPO_ROOT, '../shared/data/patents/cn_g06f_title_abstract_cpc.jsonl');

let t: TestApp;
afterEach(() => t?.close());

/** The first `n` records of a real data file, written into the test's DATA_DIR (read at test time, never copied into the repo). */
function realRecords(n: number, name = 'real.jsonl'): string {
  const lines = fs.readFileSync(REAL, 'utf8').split('\n').filter(Boolean).slice(0, n);
  const file = path.join(t.dataDir, name);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const runImport = (args: string[]) => runImportTool(t, args);

/** The summary line's counts. */
function summaryCounts(stdout: string) {
  const m = /读取 ([\d,]+) 行，新增 ([\d,]+)，更新 ([\d,]+)，未变化 ([\d,]+)，拒绝 ([\d,]+)/.exec(stdout);
  if (!m) throw new Error(`no summary in: ${stdout}`);
  const n = (s: string) => Number(s.replace(/,/g, ''));
  return { read: n(m[1]), inserted: n(m[2]), updated: n(m[3]), unchanged: n(m[4]), rejected: n(m[5]) };
}

describe('npm run import beside a running server', () => {
  it('imports while the server writes search history and job progress, and counts what it committed', async () => {
    t = await createTestApp();
    realRecords(2000);
    const token = await loginAs(t.app, 'company');
    const jobId = await createJob(t.db, { kind: 'export', ownerId: 1, total: 1_000_000 }, t.now().toISOString());

    const run = runImport(['real.jsonl', '--batch', '100']);
    // The server's own writes, as fast as it can, until the import ends: a search by a logged-in user (history
    // rows), then a job's progress.
    let searches = 0;
    let serverErrors = 0;
    while (!run.finished()) {
      const res = await call(t.app, 'POST', '/v1/search/expression', {
        token,
        body: { expression: `TI=(数据${searches % 7})`, page_size: 1, facets: false },
      });
      if (res.status !== 200) serverErrors++;
      await saveJobProgress(t.db.db, jobId, { done: searches }, t.now().toISOString()).catch(() => serverErrors++);
      searches++;
    }
    const r = await run.done;
    expect(r.stderr).not.toMatch(/database is locked|SQLITE_BUSY/);
    expect(r.code).toBe(0);
    const counts = summaryCounts(r.stdout);
    expect(counts.read).toBe(2000);
    expect(counts.inserted).toBeGreaterThan(0);
    expect(counts.inserted).toBe(await countPatents(t.db));
    expect(serverErrors).toBe(0);
    expect(searches).toBeGreaterThan(0);
  }, 120_000);

  it('reports what earlier batches committed when a later batch fails', async () => {
    t = await createTestApp();
    const file = realRecords(500, 'fails.jsonl');
    // The 301st record cannot be stored: a trigger rejects it, so the fourth batch of 100 fails.
    const bad = JSON.parse(fs.readFileSync(file, 'utf8').split('\n')[300]) as { title: string };
    if (t.dialect === 'sqlite') {
      await sql
        .raw(
          `CREATE TRIGGER reject_one BEFORE INSERT ON patents WHEN NEW.title = '${bad.title.replace(/'/g, "''")}' BEGIN SELECT RAISE(ABORT, 'rejected by test'); END`,
        )
        .execute(t.db.db);
    } else {
      await sql
        .raw(
          `CREATE FUNCTION reject_one() RETURNS trigger AS $$ BEGIN IF NEW.title = '${bad.title.replace(/'/g, "''")}' THEN RAISE EXCEPTION 'rejected by test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
        )
        .execute(t.db.db);
      await sql
        .raw(`CREATE TRIGGER reject_one BEFORE INSERT ON patents FOR EACH ROW EXECUTE FUNCTION reject_one()`)
        .execute(t.db.db);
    }
    const r = await runImport(['fails.jsonl', '--batch', '100']).done;
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('fails.jsonl：导入中断');
    const stored = await countPatents(t.db);
    expect(stored).toBe(300);
    expect(summaryCounts(r.stdout)).toMatchObject({ read: 300, inserted: 300 });
  }, 120_000);
});
