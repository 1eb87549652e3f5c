// Backup and restore of the database the configuration names (npm run backup / npm run restore).
//
// SQLite: better-sqlite3's online backup API (page by page, consistent, safe while the server runs) into a temp file
// renamed into place. It copies app.db, which holds every record; the full-text index's side files (db/index-files.ts)
// are rebuilt from the patents when a restored database is first opened (ADR 0089). Restore checks the file, then
// swaps it in with one rename (the old database is kept beside the backups as a hard link), so a failure at any step
// leaves either the old database or the new one, whole.
// PostgreSQL: pg_dump -Fc / pg_restore --clean --if-exists --single-transaction (all or nothing), binaries from
// PG_BIN, /usr/lib/postgresql/<newest>/bin or PATH; the password goes through PGPASSWORD, not the command line.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config';
import { indexFilePaths } from './index-files';

type DbConfig = Pick<Config, 'dataDir' | 'databaseUrl'>;

/** The SQLite database file of a configuration. */
export const sqliteFile = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'app.db');

/** The running server's pid file in DATA_DIR (written by main.ts, removed on exit). */
export const PID_FILE = 'server.pid';

/**
 * better-sqlite3 copies 100 pages a step by default, yielding between steps; a write by the server between two steps
 * restarts the copy from the start (SQLite's backup API). One step with every page is faster (1.5–2.5× on 26 MB here)
 * and cannot restart: it reads one snapshot, and in WAL mode a reader does not block the server's writers.
 */
const ALL_PAGES = () => 0x7fffffff;

const stamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');

/** The default backup file: DATA_DIR/backups/app-<UTC timestamp>.db (SQLite) or .dump (PostgreSQL). */
export function defaultBackupFile(config: DbConfig, now = new Date()): string {
  return path.join(config.dataDir, 'backups', `app-${stamp(now)}.${config.databaseUrl ? 'dump' : 'db'}`);
}

/** Writes a backup of the database to `file` (created with mode 0600; never a half-written file under that name). */
export async function backupDatabase(config: DbConfig, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.partial-${process.pid}`;
  fs.rmSync(tmp, { force: true });
  try {
    if (config.databaseUrl) {
      await runPg('pg_dump', ['--format=custom', '--no-owner', `--file=${tmp}`], config.databaseUrl);
    } else {
      const src = sqliteFile(config);
      if (!fs.existsSync(src)) throw new Error(`数据库文件不存在：${src}`);
      const db = new SqliteDatabase(src, { fileMustExist: true });
      try {
        db.pragma('busy_timeout = 5000');
        await db.backup(tmp, { progress: ALL_PAGES });
      } finally {
        db.close();
      }
    }
    fs.chmodSync(tmp, 0o600);
    fs.renameSync(tmp, file);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** Whether a server is running on this DATA_DIR (its pid file names a live process). */
export function runningServerPid(config: Pick<Config, 'dataDir'>): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(config.dataDir, PID_FILE), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** Other sessions on the PostgreSQL database (a running server holds some). */
async function otherPgSessions(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return r.rows[0].n as number;
  } finally {
    await c.end();
  }
}

export interface RestoreResult {
  /** SQLite: where the replaced database was kept (a hard link or copy in DATA_DIR/backups). */
  previous?: string;
}

/**
 * Replaces the database with a backup. Refuses while a server uses the database (SQLite: its pid file; PostgreSQL:
 * other sessions) unless force is set.
 */
export async function restoreDatabase(config: DbConfig, file: string, opts: { force?: boolean } = {}): Promise<RestoreResult> {
  if (!fs.existsSync(file)) throw new Error(`备份文件不存在：${file}`);
  if (config.databaseUrl) {
    if (!opts.force) {
      const n = await otherPgSessions(config.databaseUrl);
      if (n > 0) throw new Error(`数据库上还有 ${n} 个连接（服务端是否在运行？）：请先停止服务端，或加 --force`);
    }
    await runPg(
      'pg_restore',
      ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', file],
      config.databaseUrl,
      true,
    );
    return {};
  }
  const pid = runningServerPid(config);
  if (pid && !opts.force) throw new Error(`服务端正在运行（进程 ${pid}）：请先停止服务端再恢复，或加 --force`);
  const target = sqliteFile(config);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const tmp = `${target}.restore-${process.pid}`;
  try {
    // A copy through the backup API checks that the file is an SQLite database; then the check proper.
    const src = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    try {
      await src.backup(tmp, { progress: ALL_PAGES });
    } finally {
      src.close();
    }
    const check = new SqliteDatabase(tmp);
    try {
      const ok = check.pragma('quick_check', { simple: true });
      if (ok !== 'ok') throw new Error(`备份文件已损坏：${String(ok)}`);
      const users = check.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'").get();
      if (!users) throw new Error('这不是本平台的数据库备份（没有 users 表）');
      // The full-text index's side files belong to the database being replaced: without a token the restored one
      // rebuilds them from its patents when it is next opened (search/engine/index-files.ts, ADR 0089).
      if (check.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'index_files'").get())
        check.exec('DELETE FROM index_files');
      check.pragma('journal_mode = DELETE');
    } finally {
      check.close();
    }
    let previous: string | undefined;
    if (fs.existsSync(target)) {
      // Fold the old database's WAL into it and drop the WAL: a WAL left beside the new file would be replayed into it.
      const old = new SqliteDatabase(target, { fileMustExist: true });
      try {
        old.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        old.close();
      }
      previous = path.join(config.dataDir, 'backups', `app-before-restore-${stamp()}.db`);
      fs.mkdirSync(path.dirname(previous), { recursive: true });
      try {
        fs.linkSync(target, previous);
      } catch {
        fs.copyFileSync(target, previous);
      }
    }
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
    fs.renameSync(tmp, target);
    for (const f of indexFilePaths(target)) fs.rmSync(f, { force: true });
    return { previous };
  } finally {
    fs.rmSync(tmp, { force: true });
    for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(`${tmp}${suffix}`, { force: true });
  }
}

/** The directory holding pg_dump / pg_restore: PG_BIN, the newest /usr/lib/postgresql/<n>/bin, or PATH (null). */
export function pgBinDir(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  try {
    const versions = fs
      .readdirSync(base)
      .filter((v) => /^\d+$/.test(v) && fs.existsSync(path.join(base, v, 'bin/pg_dump')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return path.join(base, versions[0], 'bin');
  } catch {
    /* not Debian's layout */
  }
  return null;
}

/** Runs pg_dump / pg_restore against a database URL; rejects with its stderr on failure. */
function runPg(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string, dbFlag = false): Promise<void> {
  const url = new URL(databaseUrl);
  const env = { ...process.env };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  const dir = pgBinDir();
  const bin = dir ? path.join(dir, tool) : tool;
  const fullArgs = dbFlag ? [`--dbname=${url.toString()}`, ...args] : [...args, `--dbname=${url.toString()}`];
  return new Promise((resolve, reject) => {
    const child = spawn(bin, fullArgs, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err) =>
      reject(new Error(`无法运行 ${tool}（${err.message}）：请安装 PostgreSQL 客户端，或用 PG_BIN 指明其目录`)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} 失败（退出码 ${code}）：${stderr.trim().slice(-2000)}`)),
    );
  });
}
