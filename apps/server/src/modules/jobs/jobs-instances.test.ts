// Several app servers on one database share the job queue (issue 8, items 6 and 7; ADR 0015): two (or three) app
// instances with different INSTANCE_IDs on the same database, each with its own worker, clock and connection.
import { afterEach, describe, expect, it } from 'vitest';
import { createPeerApp, createTestApp, waitFor, type TestApp } from '../../../test/helpers';
import {
  claimNextJob,
  createJob,
  drainJobs,
  getJob,
  jobResult,
  leaseOf,
  runJob,
  startJobWorker,
  type JobContext,
  type JobHandlers,
  type JobWorker,
} from './jobs.service';

const STEPS = 3;

/** Lets a test job take its steps one at a time, when the test says so. */
class Gate {
  private allowed = 0;
  private passed = 0;
  private waiters: (() => void)[] = [];
  waiting = 0;
  allow(n = 1) {
    this.allowed += n;
    this.wake();
  }
  allowAll() {
    this.allow(1_000_000);
  }
  async wait() {
    this.waiting++;
    while (this.passed >= this.allowed) await new Promise<void>((resolve) => this.waiters.push(resolve));
    this.waiting--;
    this.passed++;
  }
  private wake() {
    const w = this.waiters;
    this.waiters = [];
    for (const resolve of w) resolve();
  }
}

interface Run {
  server: string;
  job: number;
  from: number;
}

/** A job of STEPS steps: each waits for the server's gate, checks for a stop, then records its checkpoint. */
function gatedHandlers(server: string, gate: Gate, runs: Run[]): JobHandlers {
  return {
    gated: async (ctx: JobContext) => {
      const from = Number(ctx.checkpoint.step ?? 0);
      runs.push({ server, job: ctx.job.id, from });
      for (let step = from; step < STEPS; step++) {
        await gate.wait();
        ctx.checkStop();
        await ctx.progress({ done: step + 1, checkpoint: { step: step + 1 }, result: { by: server } });
      }
      return { steps: STEPS, by: server, resumedFrom: from };
    },
  };
}

const servers: TestApp[] = [];
const workers: JobWorker[] = [];
afterEach(async () => {
  for (const w of workers.splice(0)) w.abandon();
  // Peers first: the first server's close() drops the database.
  for (const s of servers.splice(0).reverse()) await s.close();
});

async function twoServers(env: Record<string, string> = {}) {
  const a = await createTestApp({ seed: false, env: { INSTANCE_ID: 'A', ...env } });
  servers.push(a);
  const b = await createPeerApp(a, { env: { INSTANCE_ID: 'B', ...env } });
  servers.push(b);
  return { a, b };
}

function worker(t: TestApp, handlers: JobHandlers, heartbeatMs = 0): Promise<JobWorker> {
  return startJobWorker(t.deps, handlers, { pollMs: 20, heartbeatMs }).then((w) => {
    workers.push(w);
    return w;
  });
}

const queue = (t: TestApp, ownerId = 1) => createJob(t.db, { kind: 'gated', ownerId, total: STEPS }, t.now().toISOString());
const job = async (t: TestApp, id: number) => (await getJob(t.db, id))!;

/** Two servers; A's worker has run step 1 of a new job and waits at its gate before step 2 (B's gate is shut). */
async function jobPausedOnA() {
  const { a, b } = await twoServers();
  const gateA = new Gate();
  const gateB = new Gate();
  const runs: Run[] = [];
  const workerA = await worker(a, gatedHandlers('A', gateA, runs));
  const id = await queue(a);
  gateA.allow(1);
  await waitFor(async () => (await job(a, id)).done === 1 && gateA.waiting > 0, 'A to finish step 1');
  return { a, b, gateA, gateB, runs, workerA, id };
}

describe('jobs on several servers', () => {
  it('a server starting up does not take or re-run a job another live server is running', async () => {
    const { a, b } = await twoServers();
    const gateA = new Gate();
    const gateB = new Gate();
    const runs: Run[] = [];
    await worker(a, gatedHandlers('A', gateA, runs), 10);
    const id = await queue(a);
    await waitFor(() => gateA.waiting > 0, 'A to start the job');
    const leaseMs = a.config.jobLeaseMs;
    expect(await job(a, id)).toMatchObject({
      status: 'running',
      lease_owner: 'A',
      lease_until: new Date(a.now().getTime() + leaseMs).toISOString(),
    });
    // A's heartbeat keeps the lease ahead of A's clock.
    a.advance(leaseMs);
    const renewed = new Date(a.now().getTime() + leaseMs).toISOString();
    await waitFor(async () => (await job(a, id)).lease_until === renewed, 'the heartbeat to renew the lease');

    // B starts (its worker re-queues its own leftovers only) and looks for work, a lease's time later: nothing for it.
    b.advance(leaseMs + 1);
    await worker(b, gatedHandlers('B', gateB, runs));
    expect(await drainJobs(b.deps, gatedHandlers('B', gateB, runs))).toBe(0);
    expect(await job(b, id)).toMatchObject({ status: 'running', lease_owner: 'A' });

    gateA.allowAll();
    const done = await waitFor(async () => ((await job(a, id)).status === 'done' ? job(a, id) : null), 'the job to end');
    expect(done).toMatchObject({ status: 'done', error: '', done: STEPS, lease_owner: null });
    expect(jobResult(done)).toEqual({ steps: STEPS, by: 'A', resumedFrom: 0 });
    expect(runs).toEqual([{ server: 'A', job: id, from: 0 }]);
  });

  it('a dead server’s job is taken over by a live server once its lease has run out, and finished once', async () => {
    const { a, b, gateA, gateB, runs, workerA, id } = await jobPausedOnA();
    workerA.abandon(); // A dies: no more heartbeats, nothing cleaned up

    const workerB = await worker(b, gatedHandlers('B', gateB, runs));
    gateB.allowAll();
    // Within the lease B leaves the job alone.
    expect(await drainJobs(b.deps, {})).toBe(0);
    expect(await job(b, id)).toMatchObject({ status: 'running', lease_owner: 'A', done: 1 });

    b.advance(b.config.jobLeaseMs + 1);
    workerB.poke();
    const done = await waitFor(async () => ((await job(b, id)).status === 'done' ? job(b, id) : null), 'B to finish');
    expect(done).toMatchObject({ status: 'done', error: '', done: STEPS, lease_owner: null });
    expect(jobResult(done)).toEqual({ steps: STEPS, by: 'B', resumedFrom: 1 });
    expect(runs).toEqual([
      { server: 'A', job: id, from: 0 },
      { server: 'B', job: id, from: 1 },
    ]);

    // A comes back to life mid-step: it writes nothing.
    gateA.allowAll();
    await waitFor(() => gateA.waiting === 0, 'A to wake up');
    expect(await job(a, id)).toMatchObject({ status: 'done', error: '', done: STEPS });
    expect(jobResult(await job(a, id))).toMatchObject({ by: 'B' });
  });

  it('a server that stalled past its lease stops quietly: no progress, result or failure over the new owner’s', async () => {
    const { a, b } = await twoServers();
    const gateA = new Gate();
    const runs: Run[] = [];
    const id = await queue(a);
    const claimed = (await claimNextJob(a.db, a.now().toISOString(), leaseOf(a.deps)))!;
    // A runs without a heartbeat (a long GC pause, a frozen VM): its lease runs out while it waits.
    const runA = runJob(a.deps, gatedHandlers('A', gateA, runs), claimed, () => false, { heartbeatMs: 0 });
    gateA.allow(1);
    await waitFor(async () => (await job(a, id)).done === 1 && gateA.waiting > 0, 'A to finish step 1');

    b.advance(b.config.jobLeaseMs + 1);
    const gateB = new Gate();
    gateB.allow(1);
    const takenOver = (await claimNextJob(b.db, b.now().toISOString(), leaseOf(b.deps)))!;
    expect(takenOver).toMatchObject({ id, lease_owner: 'B' });
    const runB = runJob(b.deps, gatedHandlers('B', gateB, runs), takenOver, () => false, { heartbeatMs: 0 });
    await waitFor(async () => (await job(b, id)).done === 2, 'B to take a step');

    // A wakes up: its next progress write finds the lease gone; it ends without touching the job.
    gateA.allowAll();
    await runA;
    expect(await job(a, id)).toMatchObject({ status: 'running', lease_owner: 'B', done: 2, error: '' });

    gateB.allowAll();
    await runB;
    expect(await job(b, id)).toMatchObject({ status: 'done', error: '', done: STEPS });
    expect(jobResult(await job(b, id))).toEqual({ steps: STEPS, by: 'B', resumedFrom: 1 });
  });

  it('a restarted server re-queues only its own dead jobs; another server’s running job stays with it', async () => {
    const { a, b, gateB, runs, workerA, id: mine } = await jobPausedOnA();
    await worker(b, gatedHandlers('B', gateB, runs));
    const theirs = await queue(a);
    await waitFor(() => gateB.waiting > 0, 'B to start the second job');
    workerA.abandon(); // A crashes

    // A starts again (same INSTANCE_ID, a new process): its job resumes at once, B's stays B's.
    const a2 = await createPeerApp(a, { env: { INSTANCE_ID: 'A' } });
    servers.push(a2);
    const gateA2 = new Gate();
    gateA2.allowAll();
    await worker(a2, gatedHandlers('A', gateA2, runs));
    const done = await waitFor(async () => ((await job(a2, mine)).status === 'done' ? job(a2, mine) : null), 'A to finish');
    expect(jobResult(done)).toEqual({ steps: STEPS, by: 'A', resumedFrom: 1 });
    expect(await job(a2, theirs)).toMatchObject({ status: 'running', lease_owner: 'B', done: 0 });
    expect(runs.filter((r) => r.job === theirs)).toEqual([{ server: 'B', job: theirs, from: 0 }]);

    gateB.allowAll();
    await waitFor(async () => (await job(b, theirs)).status === 'done', 'B to finish');
    expect(jobResult(await job(b, theirs))).toEqual({ steps: STEPS, by: 'B', resumedFrom: 0 });
  });

  it('a job interrupted by its server’s stop resumes from its checkpoint on another server', async () => {
    const { a, b, gateA, gateB, runs, workerA, id } = await jobPausedOnA();
    const stopping = workerA.stop();
    gateA.allowAll();
    await stopping;
    expect(await job(a, id)).toMatchObject({ status: 'queued', done: 1, lease_owner: null });

    gateB.allowAll();
    await worker(b, gatedHandlers('B', gateB, runs));
    await waitFor(async () => (await job(b, id)).status === 'done', 'B to finish');
    expect(jobResult(await job(b, id))).toEqual({ steps: STEPS, by: 'B', resumedFrom: 1 });
    expect(runs).toEqual([
      { server: 'A', job: id, from: 0 },
      { server: 'B', job: id, from: 1 },
    ]);
  });
});

describe('the order jobs are taken in', () => {
  it('one owner’s long queue does not make another owner’s job wait behind all of it', async () => {
    const { a } = await twoServers();
    const order: number[] = [];
    const handlers: JobHandlers = {
      gated: async (ctx) => {
        order.push(ctx.job.owner_id);
        return {};
      },
    };
    for (let i = 0; i < 10; i++) await queue(a, 7); // one user's ten exports
    await queue(a, 1); // then the administrator's one-line import
    a.advance(1);
    expect(await drainJobs(a.deps, handlers)).toBe(11);
    // The user's first job, then the administrator's (never served), then the rest of the user's.
    expect(order.slice(0, 3)).toEqual([7, 1, 7]);
  });

  it('the owner with fewer jobs running goes first', async () => {
    const { a, b } = await twoServers();
    const gateA = new Gate();
    const runs: Run[] = [];
    await worker(a, gatedHandlers('A', gateA, runs));
    const first = await queue(a, 7);
    await waitFor(() => gateA.waiting > 0, 'A to start');
    expect((await job(a, first)).owner_id).toBe(7);
    await queue(a, 7);
    await queue(a, 1);
    // B takes the administrator's job, though the user's was queued first: the user already has a job running.
    const next = (await claimNextJob(b.db, b.now().toISOString(), leaseOf(b.deps)))!;
    expect(next.owner_id).toBe(1);
    gateA.allowAll();
  });
});
