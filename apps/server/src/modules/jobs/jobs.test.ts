import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, loginAs, type TestApp } from '../../../test/helpers';
import { claimNextJob, createJob, drainJobs, getJob, runJob, saveJobProgress } from './jobs.service';

let t: TestApp;
let companyJob: number;
beforeAll(async () => {
  t = await createTestApp();
  const company = await t.db.db.selectFrom('users').select('id').where('mobile', '=', DEMO.company).executeTakeFirstOrThrow();
  companyJob = await createJob(t.db, { kind: 'export', ownerId: company.id, params: {}, total: 200 }, t.now().toISOString());
  await saveJobProgress(t.db.db, companyJob, { done: 50, result: { rows: 50 } }, t.now().toISOString());
});
afterAll(() => t.close());

describe('POST /v1/jobs/status', () => {
  it('answers the owner with progress and the partial result', async () => {
    const res = await call(t.app, 'POST', '/v1/jobs/status', {
      token: await loginAs(t.app, 'company'),
      body: { id: companyJob },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: companyJob,
      kind: 'export',
      status: 'queued',
      total: 200,
      done: 50,
      percent: 25,
      result: { rows: 50 },
      error: '',
    });
  });

  it('lets an administrator see any job', async () => {
    const res = await call(t.app, 'POST', '/v1/jobs/status', { token: await loginAs(t.app, 'admin'), body: { id: companyJob } });
    expect(res.body.data.id).toBe(companyJob);
  });

  it('answers another user as if the job did not exist', async () => {
    for (const kind of ['trial', 'main', 'staff'] as const) {
      const res = await call(t.app, 'POST', '/v1/jobs/status', { token: await loginAs(t.app, kind), body: { id: companyJob } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 0, msg: '任务不存在或无权查看' });
    }
    const missing = await call(t.app, 'POST', '/v1/jobs/status', {
      token: await loginAs(t.app, 'company'),
      body: { id: 999999 },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('任务不存在或无权查看');
  });

  it('validates the id and requires a login', async () => {
    const token = await loginAs(t.app, 'company');
    const bad = await call(t.app, 'POST', '/v1/jobs/status', { token, body: { id: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/任务编号/);
    expect((await call(t.app, 'POST', '/v1/jobs/status', { body: { id: companyJob } })).status).toBe(401);
  });

  it('fails a job of an unknown kind with a Chinese message', async () => {
    const id = await createJob(t.db, { kind: 'nonsense', ownerId: 1 }, t.now().toISOString());
    await drainJobs(t.deps, {});
    const job = await getJob(t.db, id);
    expect(job).toMatchObject({ status: 'failed', error: '未知的任务类型：nonsense' });
  });
});

describe('runJob', () => {
  it('leaves no listener on the worker’s signal once a job has ended (one signal outlives every job)', async () => {
    const abandon = new AbortController().signal;
    const handlers = { noop: async () => ({ ok: true }) };
    for (let i = 0; i < 12; i++) {
      const id = await createJob(t.db, { kind: 'noop', ownerId: 1 }, t.now().toISOString());
      const job = await claimNextJob(t.db, t.now().toISOString());
      expect(job?.id).toBe(id);
      await runJob(t.deps, handlers, job!, () => false, { heartbeatMs: 60_000, abandon });
      expect(await getJob(t.db, id)).toMatchObject({ status: 'done' });
    }
    expect(getEventListeners(abandon, 'abort')).toHaveLength(0);
  });
});
