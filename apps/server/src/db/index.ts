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
   * SQLite: how long a statement waits for another process's write lock before SQLITE_BUSY (default 2000 ms).
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
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.round(opts.busyTimeoutMs ?? 2000))}`);
  sqlite.pragma('cache_size = -65536');
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
}

/**
 * Every transaction begins IMMEDIATE: it takes the write lock at BEGIN, where busy_timeout applies. A deferred
 * transaction that first reads and then writes fails at once with "database is locked" when another process wrote
 * in between (the busy handler is not called for that upgrade), which is how `npm run import` beside a running
 * server failed (issue 8). All our transactions write, so nothing is lost by taking the lock up front.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly sqliteConfig: SqliteDialectConfig) {
    super(sqliteConfig);
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.sqliteConfig);
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
