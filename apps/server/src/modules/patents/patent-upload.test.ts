// POST /v1/patents/import: an administrator uploads a JSON Lines file; a job imports it with progress.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../../test/helpers';
import { applicationCheckDigit } from '../../search/patent-number';
import { allJobHandlers } from '../index';
import { drainJobs } from '../jobs/jobs.service';
import { countPatents } from './patents.repo';
import { builtStore } from '../../search/engine/sqlite-store';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Files kept under DATA_DIR/imports. */
const kept = (dir: string) => (fs.existsSync(path.join(dir, 'imports')) ? fs.readdirSync(path.join(dir, 'imports')) : []);
const an = (d: string) => `CN${d}.${applicationCheckDigit(d)}`;
const CONTENT = [
  JSON.stringify({
    an: an('202310605823'),
    pn: 'CN116595400A',
    ad: '2023-05-23',
    pd: '2023-08-15',
    title: '一种人员聚集发现算法',
    type: '发明',
  }),
  '{"broken": ',
  JSON.stringify({ an: 'CN202223220665.7', pn: 'CN218751475U', title: '一种无人机机载多功能盒' }),
  JSON.stringify({
    an: an('202223220665'),
    pn: 'CN218751475U',
    ad: '2022-12-02',
    pd: '2023-03-28',
    title: '一种无人机机载多功能盒',
    type: '实用新型',
  }),
  JSON.stringify({
    an: an('202310605823'),
    pn: 'CN116595400A',
    ad: '2023-05-23',
    pd: '2023-08-15',
    title: '一种人员聚集发现算法',
    type: '发明',
  }),
].join('\n');

function multipart(filename: string, content: Buffer | string, mime = 'application/octet-stream') {
  const boundary = '----ipimport';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('POST /v1/patents/import', () => {
  it('stores the file, queues a job, and the job reaches done with progress 100 and the right counts', async () => {
    t = await createTestApp();
    const token = await loginAs(t.app, 'admin');
    const res = await call(t.app, 'POST', '/v1/patents/import', { token, ...multipart('专利数据.jsonl', CONTENT) });
    expect(res.status).toBe(200);
    const jobId = res.body.data.job_id;
    expect(jobId).toEqual(expect.any(Number));
    expect(kept(t.dataDir)).toHaveLength(1);

    const queued = await call(t.app, 'POST', '/v1/jobs/status', { token, body: { id: jobId } });
    expect(queued.body.data).toMatchObject({ kind: 'patent-import', status: 'queued', total: 5, done: 0, percent: 0 });

    expect(await drainJobs(t.deps, allJobHandlers())).toBe(1);
    const done = await call(t.app, 'POST', '/v1/jobs/status', { token, body: { id: jobId } });
    expect(done.body.data).toEqual({
      id: jobId,
      kind: 'patent-import',
      status: 'done',
      total: 5,
      done: 5,
      percent: 100,
      result: {
        read: 5,
        inserted: 2,
        updated: 0,
        unchanged: 1,
        rejected: 2,
        // Patents linked to registered companies by applicant name after the import (ADR 0018): none of these.
        linked: 0,
        errors: [
          { line: 2, reason: expect.stringMatching(/^不是有效的 JSON/) },
          { line: 3, reason: '申请号（an）申请号“CN202223220665.7”的校验位错误：应为 2，不是 7' },
        ],
      },
      error: '',
    });
    expect(await countPatents(t.db)).toBe(2);
    // SQLite: the in-memory search columns were brought up to date by the job, before any search.
    if (t.db.sqlite) expect(builtStore(t.db.sqlite)?.live.count()).toBe(2);
    // The uploaded file is removed once imported.
    expect(kept(t.dataDir)).toEqual([]);
    const sources = await t.db.db.selectFrom('patents').select('source').distinct().execute();
    expect(sources).toEqual([{ source: '专利数据.jsonl' }]);

    // Another user may not see the administrator's job.
    const other = await call(t.app, 'POST', '/v1/jobs/status', { token: await loginAs(t.app, 'company'), body: { id: jobId } });
    expect(other.status).toBe(404);
  });

  it('is for administrators only', async () => {
    t = await createTestApp();
    for (const kind of ['trial', 'company', 'main', 'staff'] as const) {
      const res = await call(t.app, 'POST', '/v1/patents/import', {
        token: await loginAs(t.app, kind),
        ...multipart('a.jsonl', CONTENT),
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(0);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await t.db.db.selectFrom('jobs').select('id').execute()).toEqual([]);
  });

  it.each([
    ['专利.xlsx', CONTENT, 400, '文件格式不支持，请上传 JSON Lines 文件（.jsonl，每行一条专利记录）'],
    ['专利.jsonl', '', 400, '文件内容为空'],
    ['专利.jsonl', 'pn,title\nCN1,x\n', 400, '文件内容不是 JSON Lines 格式：每行应为一个 JSON 对象（{...}）'],
    ['专利.jsonl', Buffer.from([0x7b, 0x00, 0x01, 0x02]), 400, '文件内容不是 JSON Lines 格式：每行应为一个 JSON 对象（{...}）'],
  ])('rejects %s with a Chinese message', async (name, content, status, msg) => {
    t = await createTestApp();
    const res = await call(t.app, 'POST', '/v1/patents/import', {
      token: await loginAs(t.app, 'admin'),
      ...multipart(name, content),
    });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ code: 0, msg });
    expect(kept(t.dataDir)).toEqual([]);
  });

  it('answers 413 for a file over the limit and keeps nothing', async () => {
    t = await createTestApp({ env: { IMPORT_MAX_BYTES: '1024' } });
    const res = await call(t.app, 'POST', '/v1/patents/import', {
      token: await loginAs(t.app, 'admin'),
      ...multipart('big.jsonl', `${CONTENT}\n`.repeat(10)),
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 0, msg: '文件不能超过 1 KB' });
    expect(kept(t.dataDir)).toEqual([]);
    expect(await t.db.db.selectFrom('jobs').select('id').execute()).toEqual([]);
  });

  it('asks for a multipart upload', async () => {
    t = await createTestApp();
    const res = await call(t.app, 'POST', '/v1/patents/import', { token: await loginAs(t.app, 'admin'), body: {} });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('请以表单方式上传专利数据文件（.jsonl）');
  });
});
