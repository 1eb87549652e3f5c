import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * SQLite: what app.db keeps about the full-text index's side files (db/index-files.ts, ADR 0089).
 * - `index_files`: one row, the token every side file must carry to belong to this app.db. A side file with another
 *   token (app.db restored from a backup, or replaced by hand) is rebuilt from the patents when the database opens
 *   (search/engine/index-files.ts prepareIndexFiles).
 * - `index_pending`: the patents an import committed whose index rows its worker threads have not committed yet. A
 *   crash between the two leaves their ids here; they are indexed again when the database opens or an import starts.
 * The FTS5 tables themselves move out of app.db at the same place, not here: moving them rebuilds them, and the side
 *   files are attached by the connection, not made by a migration.
 * PostgreSQL has one database: nothing to do.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`CREATE TABLE index_files (id INTEGER PRIMARY KEY CHECK (id = 1), token TEXT NOT NULL)`.execute(db);
  await sql`CREATE TABLE index_pending (patent_id INTEGER PRIMARY KEY)`.execute(db);
}
