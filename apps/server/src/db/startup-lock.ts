// One server at a time through the start-up work (migrations, the demo seed), so that several servers started
// together on an empty database do not each create the schema or insert the same demo accounts (ADR 0015).
// PostgreSQL: a session advisory lock, held on one dedicated connection while the work runs on the pool.
// SQLite: a lock file beside the database (servers sharing a SQLite file share a machine), holding the owner's pid;
// a file left by a process that no longer runs is taken over.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './index';

/** The advisory lock's key: any constant the application owns (here "IP start-up" in digits). */
export const STARTUP_LOCK_KEY = 7_240_015_001;

export interface StartupLockOptions {
  /** SQLite: DATA_DIR, where the lock file lives. */
  dataDir: string;
  /** Give up after this long (default 10 minutes: a first start seeds and may import for a while). */
  timeoutMs?: number;
}

/** Runs `work` while no other server runs its own start-up work on the same database. */
export async function withStartupLock<T>(db: Db, opts: StartupLockOptions, work: () => Promise<T>): Promise<T> {
  return db.pool ? withAdvisoryLock(db.pool, work) : withLockFile(path.join(opts.dataDir, 'startup.lock'), opts, work);
}

async function withAdvisoryLock<T>(pool: NonNullable<Db['pool']>, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function withLockFile<T>(file: string, opts: StartupLockOptions, work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const deadline = Date.now() + (opts.timeoutMs ?? 600_000);
  const token = `${process.pid} ${Math.random().toString(36).slice(2)}`;
  for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
    try {
      fs.writeFileSync(file, token, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let holder = Number.NaN;
      try {
        holder = Number.parseInt(fs.readFileSync(file, 'utf8').split(' ')[0] ?? '', 10);
      } catch {
        continue; // removed meanwhile: try again
      }
      // Left behind by a process that died during its start-up: take it over.
      if (Number.isInteger(holder) && holder > 0 && !alive(holder)) {
        fs.rmSync(file, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`等待其他服务完成启动（数据库迁移与初始化）超时：${file}`);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
  try {
    return await work();
  } finally {
    if (fs.readFileSync(file, 'utf8') === token) fs.rmSync(file, { force: true });
  }
}
