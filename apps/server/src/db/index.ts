import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './schema';
import { isBusyError } from './write';
import { closeFtsHalves } from '../search/engine/fts-halves';
import { closeIndexWorkers } from '../search/engine/index-workers-pool';
import { attachIndexFiles } from './index-files';

export type Dialect = 'sqlite' | 'postgres';
export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The better-sqlite3 handle behind Kysely (SQLite only), for hot paths such as the patent import. */
  sqlite?: SqliteDatabase.Database;
  /** The connection pool behind Kysely (PostgreSQL only). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

// PostgreSQL returns BIGINT (count(*)) as text by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface OpenDbOptions {
  /**
   * SQLite: how long a statement waits for another process's write lock before SQLITE_BUSY (default 1000 ms).
   * better-sqlite3 waits synchronously, so inside the server this blocks the event loop: keep it short there and
   * let withWriteRetry wait (asynchronously) for longer; a command-line tool may wait longer.
   */
  busyTimeoutMs?: number;
}

/** Opens the database the configuration names: PostgreSQL with DATABASE_URL, else SQLite at DATA_DIR/app.db. */
export function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>, opts: OpenDbOptions = {}): Db {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection that the server ends (a restart, an administrator's pg_terminate_backend, DROP DATABASE
    // … WITH (FORCE)) makes the pool emit 'error'; with no listener Node ends the whole process. The pool drops that
    // client and opens a new one on the next query, so a warning is all it needs.
    pool.on('error', (err) => console.warn(`[db] 数据库空闲连接已断开，将自动重连：${err.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', pool, close: () => db.destroy() };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'app.db');
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.round(opts.busyTimeoutMs ?? 1000))}`);
  // 12 MB of page cache on app.db, 32 MB with the side files' (64 MB during bulk imports: withImportSettings). ADR 0074,
  // when app.db held everything: at 1,000,000 patents 64 MB held the server's RSS at 467–477 MB after the benchmark's queries
  // (peak 502–514 MB, target 500) against 388 MB (peak 485 MB) with 32, at the same query times: the pages missed
  // come from the operating system's cache (ADR 0074).
  sqlite.pragma(`cache_size = -${SERVE_CACHE_KIB}`);
  // What a transaction writes first to take app.db's write lock alone (ImmediateSqliteDriver): made here, before any
  // migration, as the side files are attached here.
  sqlite.exec(`CREATE TABLE IF NOT EXISTS ${WRITE_LOCK_TABLE} (id INTEGER PRIMARY KEY)`);
  attachIndexFiles(sqlite);
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }, sqlite),
  });
  // The FTS5 helper thread's connection (fts-halves.ts) and an import's index workers go with the server's.
  const close = async () => {
    await closeFtsHalves(sqlite);
    await closeIndexWorkers(sqlite); // an import's, kept for the next one
    await db.destroy();
  };
  sqliteHandles.set(db, sqlite);
  return { db, dialect: 'sqlite', sqlite, close };
}

const sqliteHandles = new WeakMap<object, SqliteDatabase.Database>();

/** The better-sqlite3 handle behind a Kysely instance openDb made (SQLite), for code that is given Kysely alone. */
export function sqliteHandleOf(db: object): SqliteDatabase.Database | undefined {
  return sqliteHandles.get(db);
}

/** A table of app.db that a transaction's first statement writes nothing to (ImmediateSqliteDriver). */
const WRITE_LOCK_TABLE = 'write_lock';

/**
 * Every transaction takes app.db's write lock as it begins, where busy_timeout applies. A deferred
 * transaction that first reads and then writes fails at once with "database is locked" when another process wrote
 * in between (the busy handler is not called for that upgrade), which is how `npm run import` beside a running
 * server failed (issue 8). All our transactions write, so nothing is lost by taking the lock up front.
 *
 * Not BEGIN IMMEDIATE, which takes the lock of every attached file too: the side files of the full-text index
 * (index-files.ts) are locked only when a transaction writes them, so an import's transactions on app.db and its
 * worker threads' on the side files run side by side (ADR 0089). `DELETE FROM write_lock WHERE id = 0` deletes
 * nothing and takes app.db's lock alone.
 *
 * A statement that still finds the database busy after busy_timeout has done nothing; when it is a BEGIN or a
 * statement outside a transaction it is run again after an asynchronous pause (the event loop serves other requests
 * meanwhile), so every write of the server waits out another process's long batch, not only the ones wrapped in
 * withWriteRetry (db/write.ts). Inside a transaction it is not: withWriteRetry runs the whole transaction again.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  private retrying: DatabaseConnection | null = null;

  constructor(
    config: SqliteDialectConfig,
    private readonly sqlite: SqliteDatabase.Database,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await super.acquireConnection();
    this.retrying ??= retryingConnection(inner, this.sqlite);
    return this.retrying;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    // Retried while busy like a statement outside a transaction: the BEGIN itself takes no lock.
    await busyRetrying(async () => {
      await connection.executeQuery(CompiledQuery.raw('begin'));
      try {
        await connection.executeQuery(CompiledQuery.raw(`DELETE FROM ${WRITE_LOCK_TABLE} WHERE id = 0`));
      } catch (err) {
        await connection.executeQuery(CompiledQuery.raw('rollback'));
        throw err;
      }
    });
  }
}

/** Statement-level retries while busy (outside a transaction), pauses 50, 100, 200, 400 ms with jitter. */
const STATEMENT_TRIES = 5;

/** Runs `attempt` again after an asynchronous pause while it fails busy and `retry()` allows, STATEMENT_TRIES in all. */
async function busyRetrying<T>(attempt: () => Promise<T>, retry: () => boolean = () => true): Promise<T> {
  for (let n = 1, pause = 50; ; n++, pause *= 2) {
    try {
      return await attempt();
    } catch (err) {
      if (!isBusyError(err) || !retry() || n >= STATEMENT_TRIES) throw err;
      await new Promise((resolve) => setTimeout(resolve, pause * (0.75 + Math.random() / 2)));
    }
  }
}

function retryingConnection(inner: DatabaseConnection, sqlite: SqliteDatabase.Database): DatabaseConnection {
  return {
    executeQuery: (query) =>
      busyRetrying(
        () => inner.executeQuery(query),
        () => !sqlite.inTransaction,
      ),
    streamQuery: (query, chunkSize) => inner.streamQuery(query, chunkSize),
  };
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    private readonly sqliteConfig: SqliteDialectConfig,
    private readonly sqlite: SqliteDatabase.Database,
  ) {
    super(sqliteConfig);
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.sqliteConfig, this.sqlite);
  }
}

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs about as much as running a small statement.
 * This keeps the most recently used prepared statements (Kysely runs one query at a time on the connection).
 */
function withStatementCache(sqlite: SqliteDatabase.Database, max = 500) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string): SqliteDatabase.Statement {
      let stmt = cache.get(sqlText);
      if (stmt) {
        cache.delete(sqlText);
      } else {
        stmt = sqlite.prepare(sqlText);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(sqlText, stmt);
      return stmt;
    },
  };
}

/** The current time as an ISO string (UTC). */
export function nowIso(clock: () => Date = () => new Date()): string {
  return clock().toISOString();
}

/**
 * The page cache a connection serves with on app.db, and the one a bulk import works with (KiB). With the side files'
 * (db/index-files.ts: 16 + 4 MB) the server's connection has the 32 MB of ADR 0074.
 */
export const SERVE_CACHE_KIB = 12288;
export const IMPORT_CACHE_KIB = 65536;

/**
 * Runs a bulk import with the settings it writes faster with, and gives the connection its own back afterwards,
 * whatever happens:
 * - the larger page cache: its B-tree and FTS5 writes went about 8 % faster with 64 MB than with 32 (ADR 0074);
 * - temporary files in memory (`temp_store = MEMORY`): an insert into patents fires the region triggers, whose
 *   upserts make SQLite keep a statement journal, and with the row's 15 index entries that journal passes the 64 KiB
 *   SQLite keeps in memory and goes to a temporary file, for every patent. In memory, inserting 10,000 demo patents'
 *   rows took 1.1 s instead of 2.2 (ADR 0076). Only for the import: the server's sorts of large results then keep to
 *   files as before.
 */
export async function withImportSettings<T>(raw: SqliteDatabase.Database | undefined, run: () => Promise<T>): Promise<T> {
  if (!raw) return run();
  const cache = raw.pragma('cache_size', { simple: true }) as number;
  const temp = raw.pragma('temp_store', { simple: true }) as number;
  raw.pragma(`cache_size = ${-IMPORT_CACHE_KIB}`);
  raw.pragma('temp_store = MEMORY');
  try {
    return await run();
  } finally {
    raw.pragma(`cache_size = ${cache}`);
    raw.pragma(`temp_store = ${temp}`);
  }
}
