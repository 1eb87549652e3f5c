import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
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

/** Opens the database the configuration names: PostgreSQL with DATABASE_URL, else SQLite at DATA_DIR/app.db. */
export function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Db {
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
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
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
