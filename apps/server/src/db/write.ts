// Writes that another process may hold up (ADR 0015). On SQLite every transaction begins IMMEDIATE and waits up to
// busy_timeout for the write lock; when another writer holds it longer (a command-line import's batch, say), the
// transaction fails with SQLITE_BUSY before it has done anything, and is simply run again after a pause. The pause
// is asynchronous, so the server answers other requests meanwhile. PostgreSQL: a deadlock or serialisation failure
// is retried the same way.
import type { Transaction } from 'kysely';
import type { Db } from './index';
import type { Database } from './schema';

export interface WriteRetryOptions {
  /** Tries in all (default 3; on SQLite a BEGIN is also retried by the connection, see db/index.ts). */
  tries?: number;
  /** The first pause; each next one doubles, with some jitter (default 200 ms). */
  firstPauseMs?: number;
  /** Told about each retry (debug level in the server). */
  log?: { debug(obj: object, msg: string): void };
  /** What the write does, for the log. */
  what?: string;
}

const PG_RETRYABLE = new Set(['40001', '40P01']);

/** SQLITE_BUSY (and its extended codes: _SNAPSHOT, _TIMEOUT, _RECOVERY) or a PostgreSQL deadlock / serialisation failure. */
export function isBusyError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return code.startsWith('SQLITE_BUSY') || PG_RETRYABLE.has(code);
}

/** Thrown after the last try: the database stayed locked by another process. */
export class DatabaseBusyError extends Error {
  constructor(cause: unknown) {
    super('数据库正忙（另一个程序正在写入），请稍后重试', { cause });
    this.name = 'DatabaseBusyError';
  }
}

/** Runs `write` and runs it again (after a growing pause) while it fails because the database is busy. */
export async function withWriteRetry<T>(write: () => Promise<T>, opts: WriteRetryOptions = {}): Promise<T> {
  const tries = opts.tries ?? 3;
  let pause = opts.firstPauseMs ?? 200;
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!isBusyError(err)) throw err;
      if (attempt >= tries) throw new DatabaseBusyError(err);
      opts.log?.debug(
        { attempt, pauseMs: pause, code: (err as { code?: string }).code, what: opts.what },
        'database busy, retrying the write',
      );
      await new Promise((resolve) => setTimeout(resolve, pause * (0.75 + Math.random() / 2)));
      pause *= 2;
    }
  }
}

/**
 * A write transaction, retried while the database is busy. `fn` may run more than once: it must start from scratch
 * each time (no counters carried over from a failed try).
 */
export function writeTransaction<T>(db: Db, opts: WriteRetryOptions, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return withWriteRetry(() => db.db.transaction().execute(fn), opts);
}
