// An import's index workers (index-files.ts), kept a while after it for the next one on the same connection: a job
// imports its files one by one, and starting the two threads each time cost more than a small file's index rows.
import type { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';

/** How long idle workers are kept before they end. */
const KEEP_IDLE_MS = 30_000;

const kept = new WeakMap<SqliteDatabase.Database, { workers: Worker[]; timer: NodeJS.Timeout; onExit: () => void }>();

/** The connection's kept workers (they are the caller's now), or null. */
export function takeIndexWorkers(raw: SqliteDatabase.Database): Worker[] | null {
  const k = kept.get(raw);
  if (!k) return null;
  clearTimeout(k.timer);
  kept.delete(raw);
  for (const w of k.workers) w.off('exit', k.onExit);
  return k.workers;
}

/** Keeps idle workers for the connection's next import; they end after KEEP_IDLE_MS or when it closes. */
export function keepIndexWorkers(raw: SqliteDatabase.Database, workers: Worker[]): void {
  void closeIndexWorkers(raw);
  // One that ends meanwhile takes the others with it: the next import starts two new ones.
  const onExit = () => void closeIndexWorkers(raw);
  for (const w of workers) {
    w.unref();
    w.once('exit', onExit);
  }
  const timer = setTimeout(onExit, KEEP_IDLE_MS);
  timer.unref();
  kept.set(raw, { workers, timer, onExit });
}

/** Ends the connection's kept workers (db.close()). */
export async function closeIndexWorkers(raw: SqliteDatabase.Database): Promise<void> {
  const workers = takeIndexWorkers(raw);
  if (workers) await Promise.all(workers.map((w) => w.terminate()));
}
