// The one scheduler for timed work (ARCHITECTURE: `scheduler`, on top of `jobs`): croner patterns in Asia/Shanghai.
// A task is short housekeeping (purging expired rows and files) or queues a job for the jobs worker. Tasks must be
// safe to run on several servers at once (idempotent deletes, or a unique key on what they create).
import { Cron } from 'croner';
import type { Deps } from '../../deps';

export const SCHEDULE_TIMEZONE = 'Asia/Shanghai';

export interface ScheduledTask {
  /** English name, for the log. */
  name: string;
  /** croner pattern (5 or 6 parts), in Asia/Shanghai time. */
  cron: string;
  /** Also run once right after start (housekeeping that may have been missed while the server was down). */
  runAtStart?: boolean;
  run(deps: Deps): Promise<unknown>;
}

export interface Scheduler {
  stop(): void;
}

/** Runs one task now; an error is logged, never thrown (a failing task must not stop the others). */
export async function runScheduledTask(deps: Deps, task: ScheduledTask): Promise<void> {
  try {
    await task.run(deps);
  } catch (err) {
    deps.log.error({ err, task: task.name }, 'scheduled task failed');
  }
}

/** Starts every task on its pattern; a run still going when the next is due is skipped (protect). */
export function startScheduler(deps: Deps, tasks: ScheduledTask[]): Scheduler {
  const jobs = tasks.map(
    (task) =>
      new Cron(task.cron, { name: task.name, timezone: SCHEDULE_TIMEZONE, protect: true, unref: true }, () =>
        runScheduledTask(deps, task),
      ),
  );
  for (const task of tasks) if (task.runAtStart) void runScheduledTask(deps, task);
  return {
    stop() {
      for (const job of jobs) job.stop();
    },
  };
}
