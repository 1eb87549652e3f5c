// Jobs (ARCHITECTURE rule 10): long work (imports, exports, reports) is a row in `jobs` that an in-process worker
// runs one at a time. A job records its progress (total, done), a result (JSON) and an error; a checkpoint written in
// the same transaction as the work it covers lets a job interrupted by a crash resume where it stopped.
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { JobStatusName, JobStatusReply } from '@ip/contract';
import type { Db } from '../../db';
import type { Database, JobsTable } from '../../db/schema';
import type { Deps } from '../../deps';

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

/** Takes the oldest queued job and marks it running; null when none is waiting (or another worker took it). */
export async function claimNextJob(db: Db, now: string): Promise<JobRow | null> {
  const next = await db.db
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', 'queued')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!next) return null;
  const res = await db.db
    .updateTable('jobs')
    .set({ status: 'running', started_at: now, updated_at: now })
    .where('id', '=', next.id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return null;
  return getJob(db, Number(next.id));
}

/** Jobs a crash left running go back to the queue; they resume from their checkpoint. Returns how many. */
export async function requeueInterruptedJobs(db: Db, now: string): Promise<number> {
  const res = await db.db
    .updateTable('jobs')
    .set({ status: 'queued', updated_at: now })
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export interface JobProgress {
  done?: number;
  total?: number;
  /** Counts so far (shown while the job runs). */
  result?: Record<string, unknown>;
  checkpoint?: Record<string, unknown>;
}

/** Records progress; pass a transaction to commit it together with the work it covers. */
export async function saveJobProgress(ex: Executor, id: number, p: JobProgress, now: string): Promise<void> {
  const set: Updateable<JobsTable> = { updated_at: now };
  if (p.done !== undefined) set.done = p.done;
  if (p.total !== undefined) set.total = p.total;
  if (p.result !== undefined) set.result = JSON.stringify(p.result);
  if (p.checkpoint !== undefined) set.checkpoint = JSON.stringify(p.checkpoint);
  await ex.updateTable('jobs').set(set).where('id', '=', id).execute();
}

export async function finishJob(db: Db, id: number, result: Record<string, unknown>, now: string): Promise<void> {
  await db.db
    .updateTable('jobs')
    .set((eb) => ({ status: 'done', result: JSON.stringify(result), done: eb.ref('total'), finished_at: now, updated_at: now }))
    .where('id', '=', id)
    .execute();
}

export async function failJob(db: Db, id: number, error: string, now: string): Promise<void> {
  await db.db
    .updateTable('jobs')
    .set({ status: 'failed', error, finished_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
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
  /** Records progress now (outside any transaction). */
  progress(p: JobProgress): Promise<void>;
  /** Records progress inside the transaction that did the work. */
  progressIn(trx: Transaction<Database>, p: JobProgress): Promise<void>;
  /** Throws JobInterrupted when the server is stopping; call it between steps (the job resumes on next start). */
  checkStop(): void;
}

/** Thrown by checkStop(): the job goes back to the queue and resumes from its checkpoint. */
export class JobInterrupted extends Error {
  constructor() {
    super('任务已中断，将在服务重启后继续');
  }
}

/** Runs a job and returns its result; a thrown error fails the job (its message, when Chinese, is shown). */
export type JobHandler = (ctx: JobContext) => Promise<Record<string, unknown>>;
export type JobHandlers = Record<string, JobHandler>;

const CJK = /[\u4e00-\u9fff]/;

/** Runs one job to its end (done or failed). */
export async function runJob(
  deps: Deps,
  handlers: JobHandlers,
  job: JobRow,
  stopping: () => boolean = () => false,
): Promise<void> {
  const now = () => deps.clock().toISOString();
  const handler = handlers[job.kind];
  if (!handler) {
    await failJob(deps.db, job.id, `未知的任务类型：${job.kind}`, now());
    return;
  }
  try {
    const result = await handler({
      deps,
      job,
      params: jobParams(job),
      checkpoint: jobCheckpoint(job),
      progress: (p) => saveJobProgress(deps.db.db, job.id, p, now()),
      progressIn: (trx, p) => saveJobProgress(trx, job.id, p, now()),
      checkStop: () => {
        if (stopping()) throw new JobInterrupted();
      },
    });
    await finishJob(deps.db, job.id, result, now());
  } catch (err) {
    if (err instanceof JobInterrupted) {
      await deps.db.db.updateTable('jobs').set({ status: 'queued', updated_at: now() }).where('id', '=', job.id).execute();
      return;
    }
    deps.log.error({ err, job: job.id, kind: job.kind }, 'job failed');
    const message = err instanceof Error && CJK.test(err.message) ? err.message : '任务执行失败，请稍后重试或联系管理员';
    await failJob(deps.db, job.id, message, now()).catch((e) => deps.log.error({ err: e }, 'could not record the job failure'));
  }
}

/** Runs queued jobs until none is left (tests; the worker does this in the background). Returns how many ran. */
export async function drainJobs(deps: Deps, handlers: JobHandlers): Promise<number> {
  let n = 0;
  for (;;) {
    const job = await claimNextJob(deps.db, deps.clock().toISOString());
    if (!job) return n;
    await runJob(deps, handlers, job);
    n++;
  }
}

export interface JobWorker {
  /** Stops polling and waits for the running job's current step to end (the job stays 'running' and resumes on restart). */
  stop(): Promise<void>;
  /** Wakes the worker now instead of at its next poll. */
  poke(): void;
}

/**
 * The in-process worker: re-queues jobs a crash left running, then polls for queued jobs every `pollMs` and runs
 * them one at a time.
 */
export async function startJobWorker(deps: Deps, handlers: JobHandlers, opts: { pollMs?: number } = {}): Promise<JobWorker> {
  const pollMs = opts.pollMs ?? 500;
  const requeued = await requeueInterruptedJobs(deps.db, deps.clock().toISOString());
  if (requeued) deps.log.info(`已重新排队 ${requeued} 个上次未完成的任务，将从中断处继续`);
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  const tick = async () => {
    timer = null;
    if (stopped) return;
    try {
      const job = await claimNextJob(deps.db, deps.clock().toISOString());
      if (job && !stopped) {
        deps.log.info(`任务 ${job.id}（${job.kind}）开始`);
        current = runJob(deps, handlers, job, () => stopped);
        await current;
        current = null;
        const after = await getJob(deps.db, job.id);
        deps.log.info(`任务 ${job.id}（${job.kind}）${after?.status === 'done' ? '完成' : `失败：${after?.error ?? ''}`}`);
      }
    } catch (err) {
      deps.log.error({ err }, 'job worker poll failed');
    }
    if (!stopped) timer = setTimeout(tick, pollMs);
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      // A running job stops at its next step and goes back to the queue; it resumes from its checkpoint next start.
      if (current) await current.catch(() => {});
    },
    poke() {
      if (!stopped && timer) {
        clearTimeout(timer);
        timer = setTimeout(tick, 0);
      }
    },
  };
}
