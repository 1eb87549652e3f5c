// Jobs (ARCHITECTURE rule 10): long work (imports, exports, reports) is a row in `jobs` that an in-process worker
// runs one at a time. A job records its progress (total, done), a result (JSON) and an error; a checkpoint written in
// the same transaction as the work it covers lets a job interrupted by a crash resume where it stopped.
//
// Several servers share one queue (ADR 0015): a worker claims a job with a lease (lease_owner = its INSTANCE_ID,
// lease_until) and renews it with a heartbeat while the job runs. A job whose lease ran out (its server died) is
// taken over by another server and resumes from its checkpoint; a restarted server re-queues only its own jobs.
// Every write a running job makes (progress, result, failure) is conditional on still holding the lease, so a
// server that lost it stops quietly. Queued jobs are taken in a fair order across owners (see claimNextJob).
import os from 'node:os';
import { sql, type ExpressionBuilder, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { JobStatusName, JobStatusReply } from '@ip/contract';
import type { Db } from '../../db';
import type { Database, JobsTable } from '../../db/schema';
import type { Deps } from '../../deps';
import { withWriteRetry } from '../../db/write';

export type JobRow = Omit<JobsTable, 'id'> & { id: number };
type Executor = Kysely<Database> | Transaction<Database>;

export interface NewJob {
  kind: string;
  ownerId: number;
  params?: Record<string, unknown>;
  total?: number;
}

function parse(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/** Queues a job; the worker picks it up within its poll interval. */
export async function createJob(db: Db, job: NewJob, now: string): Promise<number> {
  return insertJob(db.db, job, now);
}

/** Queues a job inside a transaction (committed together with the work that asks for it). */
export async function insertJob(ex: Executor, job: NewJob, now: string): Promise<number> {
  const row = await ex
    .insertInto('jobs')
    .values({
      kind: job.kind,
      owner_id: job.ownerId,
      status: 'queued',
      params: JSON.stringify(job.params ?? {}),
      total: job.total ?? 0,
      done: 0,
      result: '{}',
      error: '',
      checkpoint: '{}',
      started_at: null,
      finished_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function getJob(db: Db, id: number): Promise<JobRow | null> {
  const row = await db.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { ...row, id: Number(row.id) } : null;
}

/** Who runs a job and for how long without a heartbeat. */
export interface Lease {
  /** INSTANCE_ID of the server. */
  owner: string;
  /** How long the lease lasts from each claim or heartbeat. */
  ms: number;
}

/** This server's lease settings (INSTANCE_ID, JOB_LEASE_MS). */
export const leaseOf = (deps: Pick<Deps, 'config'>): Lease => ({
  owner: deps.config.instanceId,
  ms: deps.config.jobLeaseMs,
});

/** For callers without a server's settings (tests, tools): this process. */
const PROCESS_LEASE: Lease = { owner: `${os.hostname()}:pid${process.pid}`, ms: 30_000 };

const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/** A job another server may take: queued, or running under a lease that ran out (or that has none, from before leases). */
function claimable(eb: ExpressionBuilder<Database, 'jobs'>, now: string) {
  return eb.or([
    eb('jobs.status', '=', 'queued'),
    eb.and([eb('jobs.status', '=', 'running'), eb.or([eb('jobs.lease_until', 'is', null), eb('jobs.lease_until', '<', now)])]),
  ]);
}

/**
 * Takes the next job and runs it under `lease`: a queued job, or a running one whose lease ran out (a takeover; it
 * resumes from its checkpoint). Null when none is waiting. Fair across owners: the job of the owner with the fewest
 * jobs running now goes first, then the owner served longest ago (latest start of any of their jobs), then the
 * oldest job, so one user's ten exports cannot starve another user's job (issue 8). PostgreSQL: the row is locked
 * with FOR UPDATE SKIP LOCKED, so servers claiming at once take different jobs; SQLite: the transaction holds the
 * write lock (BEGIN IMMEDIATE) from its start.
 */
export async function claimNextJob(db: Db, now: string, lease: Lease = PROCESS_LEASE): Promise<JobRow | null> {
  const until = plus(now, lease.ms);
  // An idle poll only reads: no write transaction (on SQLite the write lock) unless there is something to take.
  const any = await db.db
    .selectFrom('jobs')
    .select('jobs.id')
    .where((eb) => claimable(eb, now))
    .limit(1)
    .executeTakeFirst();
  if (!any) return null;
  return withWriteRetry(
    () =>
      db.db.transaction().execute(async (trx) => {
        let q = trx
          .selectFrom('jobs')
          .select('jobs.id')
          .where((eb) => claimable(eb, now))
          .orderBy(
            (eb) =>
              eb
                .selectFrom('jobs as r')
                .select((e) => e.fn.countAll().as('n'))
                .whereRef('r.owner_id', '=', 'jobs.owner_id')
                .where('r.status', '=', 'running')
                .where('r.lease_until', '>=', now),
            'asc',
          )
          .orderBy(sql`(select coalesce(max(s.started_at), '') from jobs s where s.owner_id = jobs.owner_id)`, 'asc')
          .orderBy('jobs.id', 'asc')
          .limit(1);
        if (db.dialect === 'postgres') q = q.forUpdate().skipLocked();
        const next = await q.executeTakeFirst();
        if (!next) return null;
        const res = await trx
          .updateTable('jobs')
          .set((eb) => ({
            status: 'running',
            lease_owner: lease.owner,
            lease_until: until,
            started_at: eb.fn.coalesce('started_at', eb.val(now)),
            updated_at: now,
          }))
          .where('id', '=', next.id)
          .where((eb) => claimable(eb, now))
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return null;
        const row = await trx.selectFrom('jobs').selectAll().where('id', '=', next.id).executeTakeFirstOrThrow();
        return { ...row, id: Number(row.id) };
      }),
    { what: 'claim job' },
  );
}

/**
 * At start: this server's jobs that a crash left running go back to the queue (they resume from their checkpoint).
 * Jobs other servers are running are theirs; a dead server's jobs are taken over when their lease runs out.
 */
export async function requeueInterruptedJobs(db: Db, now: string, owner: string): Promise<number> {
  const res = await withWriteRetry(() =>
    db.db
      .updateTable('jobs')
      .set({ status: 'queued', lease_owner: null, lease_until: null, updated_at: now })
      .where('status', '=', 'running')
      .where('lease_owner', '=', owner)
      .executeTakeFirst(),
  );
  return Number(res.numUpdatedRows);
}

/** The heartbeat: moves the lease forward; false when this server no longer holds the job. */
export async function renewLease(db: Db, id: number, lease: Lease, now: string): Promise<boolean> {
  const res = await withWriteRetry(() =>
    db.db
      .updateTable('jobs')
      .set({ lease_until: plus(now, lease.ms) })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('lease_owner', '=', lease.owner)
      .executeTakeFirst(),
  );
  return Number(res.numUpdatedRows) === 1;
}

export interface JobProgress {
  done?: number;
  total?: number;
  /** Counts so far (shown while the job runs). */
  result?: Record<string, unknown>;
  checkpoint?: Record<string, unknown>;
}

/**
 * Records progress; pass a transaction to commit it together with the work it covers. With `owner`, only while that
 * server holds the job's lease: returns false (and writes nothing) when it lost it.
 */
export async function saveJobProgress(ex: Executor, id: number, p: JobProgress, now: string, owner?: string): Promise<boolean> {
  const set: Updateable<JobsTable> = { updated_at: now };
  if (p.done !== undefined) set.done = p.done;
  if (p.total !== undefined) set.total = p.total;
  if (p.result !== undefined) set.result = JSON.stringify(p.result);
  if (p.checkpoint !== undefined) set.checkpoint = JSON.stringify(p.checkpoint);
  let q = ex.updateTable('jobs').set(set).where('id', '=', id);
  if (owner !== undefined) q = q.where('status', '=', 'running').where('lease_owner', '=', owner);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks a job done (with `owner`: only while that server holds it). Returns whether it did. */
export async function finishJob(
  db: Db,
  id: number,
  result: Record<string, unknown>,
  now: string,
  owner?: string,
): Promise<boolean> {
  const res = await withWriteRetry(() => {
    let q = db.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'done',
        result: JSON.stringify(result),
        done: eb.ref('total'),
        lease_owner: null,
        lease_until: null,
        finished_at: now,
        updated_at: now,
      }))
      .where('id', '=', id);
    if (owner !== undefined) q = q.where('status', '=', 'running').where('lease_owner', '=', owner);
    return q.executeTakeFirst();
  });
  return Number(res.numUpdatedRows) === 1;
}

/** Marks a job failed (with `owner`: only while that server holds it). Returns whether it did. */
export async function failJob(db: Db, id: number, error: string, now: string, owner?: string): Promise<boolean> {
  const res = await withWriteRetry(() => {
    let q = db.db
      .updateTable('jobs')
      .set({ status: 'failed', error, lease_owner: null, lease_until: null, finished_at: now, updated_at: now })
      .where('id', '=', id);
    if (owner !== undefined) q = q.where('status', '=', 'running').where('lease_owner', '=', owner);
    return q.executeTakeFirst();
  });
  return Number(res.numUpdatedRows) === 1;
}

/** A stopping server gives its running job back to the queue (another server, or itself after restart, resumes it). */
async function releaseJob(db: Db, id: number, now: string, owner: string): Promise<boolean> {
  const res = await withWriteRetry(() =>
    db.db
      .updateTable('jobs')
      .set({ status: 'queued', lease_owner: null, lease_until: null, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('lease_owner', '=', owner)
      .executeTakeFirst(),
  );
  return Number(res.numUpdatedRows) === 1;
}

/** What the status call answers. */
export function jobStatus(job: JobRow): JobStatusReply {
  const total = Number(job.total);
  const done = Number(job.done);
  const status = job.status as JobStatusName;
  const percent = status === 'done' ? 100 : total > 0 ? Math.min(99, Math.floor((done * 100) / total)) : 0;
  return { id: job.id, kind: job.kind, status, total, done, percent, result: parse(job.result), error: job.error };
}

export const jobParams = (job: JobRow) => parse(job.params);
export const jobCheckpoint = (job: JobRow) => parse(job.checkpoint);
export const jobResult = (job: JobRow) => parse(job.result);

// ─── handlers and the worker ────────────────────────────────────────────────────────────────────────────────

export interface JobContext {
  deps: Deps;
  job: JobRow;
  params: Record<string, unknown>;
  /** Where an interrupted run stopped ({} on a first run). */
  checkpoint: Record<string, unknown>;
  /** Records progress now (outside any transaction). Throws JobLeaseLost when another server took the job over. */
  progress(p: JobProgress): Promise<void>;
  /**
   * Records progress inside the transaction that did the work. Throws JobLeaseLost when another server took the job
   * over, which rolls that work back.
   */
  progressIn(trx: Transaction<Database>, p: JobProgress): Promise<void>;
  /**
   * Throws JobInterrupted when the server is stopping (the job goes back to the queue and resumes from its
   * checkpoint), JobLeaseLost when this server lost the job; call it between steps.
   */
  checkStop(): void;
}

/** Thrown by checkStop(): the job goes back to the queue and resumes from its checkpoint. */
export class JobInterrupted extends Error {
  constructor() {
    super('任务已中断，将在服务重启后继续');
  }
}

/** This server no longer holds the job's lease (another server took it over): the run ends without writing anything. */
export class JobLeaseLost extends Error {
  constructor() {
    super('任务已由其他服务器接管');
  }
}

/** Runs a job and returns its result; a thrown error fails the job (its message, when Chinese, is shown). */
export type JobHandler = (ctx: JobContext) => Promise<Record<string, unknown>>;
export type JobHandlers = Record<string, JobHandler>;

export interface RunJobOptions {
  /** Renew the lease this often while the job runs (default: a third of the lease; 0: no heartbeat). */
  heartbeatMs?: number;
  /** Aborted: stop the heartbeat at once and write nothing more, as if the process had died (tests). */
  abandon?: AbortSignal;
}

const CJK = /[\u4e00-\u9fff]/;

/**
 * Runs one claimed job to its end (done or failed), or until the server stops (back to the queue) or loses the
 * lease (another server has it: nothing more is written). The lease is the one the claim stored in the row.
 */
export async function runJob(
  deps: Deps,
  handlers: JobHandlers,
  job: JobRow,
  stopping: () => boolean = () => false,
  opts: RunJobOptions = {},
): Promise<void> {
  const now = () => deps.clock().toISOString();
  const owner = job.lease_owner ?? deps.config.instanceId;
  const lease: Lease = { owner, ms: deps.config.jobLeaseMs };
  const handler = handlers[job.kind];
  if (!handler) {
    await failJob(deps.db, job.id, `未知的任务类型：${job.kind}`, now(), owner);
    return;
  }
  let lost = false;
  const abandoned = () => opts.abandon?.aborted === true;
  const check = (held: boolean) => {
    if (!held || abandoned()) {
      lost = true;
      throw new JobLeaseLost();
    }
  };
  const heartbeatMs = opts.heartbeatMs ?? Math.floor(lease.ms / 3);
  let beating = false;
  const heartbeat =
    heartbeatMs > 0
      ? setInterval(() => {
          if (beating || lost || abandoned()) return;
          beating = true;
          renewLease(deps.db, job.id, lease, now())
            .then((held) => {
              if (!held) lost = true;
            })
            .catch((err: unknown) => deps.log.warn({ err, job: job.id }, 'job heartbeat failed'))
            .finally(() => (beating = false));
        }, heartbeatMs)
      : null;
  heartbeat?.unref();
  // Taken off again when the job ends: the worker's one signal outlives every job it runs (a listener left on it per
  // job kept that job's closures, and past ten Node warned of a leak).
  const onAbandon = () => heartbeat && clearInterval(heartbeat);
  opts.abandon?.addEventListener('abort', onAbandon, { once: true });
  try {
    const result = await handler({
      deps,
      job,
      params: jobParams(job),
      checkpoint: jobCheckpoint(job),
      progress: async (p) => {
        if (abandoned()) check(false);
        check(await withWriteRetry(() => saveJobProgress(deps.db.db, job.id, p, now(), owner)));
      },
      progressIn: async (trx, p) => {
        if (abandoned()) check(false);
        check(await saveJobProgress(trx, job.id, p, now(), owner));
      },
      checkStop: () => {
        if (lost || abandoned()) check(false);
        if (stopping()) throw new JobInterrupted();
      },
    });
    if (abandoned()) return;
    if (!(await finishJob(deps.db, job.id, result, now(), owner))) lost = true;
  } catch (err) {
    if (abandoned()) return;
    if (err instanceof JobInterrupted) {
      await releaseJob(deps.db, job.id, now(), owner);
      return;
    }
    if (err instanceof JobLeaseLost || lost) return;
    deps.log.error({ err, job: job.id, kind: job.kind }, 'job failed');
    const message = err instanceof Error && CJK.test(err.message) ? err.message : '任务执行失败，请稍后重试或联系管理员';
    await failJob(deps.db, job.id, message, now(), owner).catch((e) =>
      deps.log.error({ err: e }, 'could not record the job failure'),
    );
  } finally {
    if (heartbeat) clearInterval(heartbeat);
    opts.abandon?.removeEventListener('abort', onAbandon);
    if (lost && !abandoned()) deps.log.info(`任务 ${job.id}（${job.kind}）已由其他服务器接管，本服务器不再处理`);
  }
}

/**
 * Runs waiting jobs (and jobs whose lease ran out) until none is left, under this server's lease (tests; the worker
 * does this in the background). Returns how many ran.
 */
export async function drainJobs(deps: Deps, handlers: JobHandlers): Promise<number> {
  let n = 0;
  for (;;) {
    const job = await claimNextJob(deps.db, deps.clock().toISOString(), leaseOf(deps));
    if (!job) return n;
    await runJob(deps, handlers, job);
    n++;
  }
}

export interface JobWorker {
  /**
   * Stops polling and waits for the running job's current step to end; that job goes back to the queue (another
   * server, or this one after a restart, resumes it from its checkpoint).
   */
  stop(): Promise<void>;
  /** Wakes the worker now instead of at its next poll. */
  poke(): void;
  /**
   * Stops at once as a crash would (tests): no more polls, heartbeats or writes; the running job keeps its lease
   * until it runs out and another server takes it over.
   */
  abandon(): void;
}

export interface JobWorkerOptions {
  /** How often to look for work when idle (default 500 ms). */
  pollMs?: number;
  /** How often to renew the running job's lease (default: a third of JOB_LEASE_MS). */
  heartbeatMs?: number;
}

/**
 * The in-process worker: re-queues this server's jobs a crash left running, then polls for work every `pollMs` and
 * runs one job at a time under this server's lease (INSTANCE_ID, JOB_LEASE_MS), renewed by a heartbeat.
 */
export async function startJobWorker(deps: Deps, handlers: JobHandlers, opts: JobWorkerOptions = {}): Promise<JobWorker> {
  const pollMs = opts.pollMs ?? 500;
  const lease = leaseOf(deps);
  const requeued = await requeueInterruptedJobs(deps.db, deps.clock().toISOString(), lease.owner);
  if (requeued) deps.log.info(`已重新排队 ${requeued} 个上次未完成的任务，将从中断处继续`);
  let stopped = false;
  const abandonment = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  const tick = async () => {
    timer = null;
    if (stopped) return;
    let ran = false;
    try {
      const job = await claimNextJob(deps.db, deps.clock().toISOString(), lease);
      if (job && abandonment.signal.aborted) return;
      if (job && stopped) await releaseJob(deps.db, job.id, deps.clock().toISOString(), lease.owner);
      else if (job) {
        ran = true;
        deps.log.info(`任务 ${job.id}（${job.kind}）开始${job.checkpoint !== '{}' ? '（从中断处继续）' : ''}`);
        current = runJob(deps, handlers, job, () => stopped, { heartbeatMs: opts.heartbeatMs, abandon: abandonment.signal });
        await current;
        current = null;
        if (abandonment.signal.aborted) return;
        const after = await getJob(deps.db, job.id);
        if (after?.status === 'done' || after?.status === 'failed')
          deps.log.info(`任务 ${job.id}（${job.kind}）${after.status === 'done' ? '完成' : `失败：${after.error}`}`);
      }
    } catch (err) {
      deps.log.error({ err }, 'job worker poll failed');
    }
    // After a job, look for the next at once; when idle, wait for the next poll.
    if (!stopped) timer = setTimeout(tick, ran ? 0 : pollMs);
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (current) await current.catch(() => {});
    },
    poke() {
      if (!stopped && timer) {
        clearTimeout(timer);
        timer = setTimeout(tick, 0);
      }
    },
    abandon() {
      stopped = true;
      if (timer) clearTimeout(timer);
      abandonment.abort();
    },
  };
}
