import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Search: each user's recent searches, and (SQLite only) a change log the in-process search columns
 * (search/engine/sqlite-store.ts) read to stay in step with the patents tables, whoever writes them.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('search_history'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expression', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_history_user').on('search_history').columns(['user_id', 'id']).execute();

  if (dialect === 'sqlite') {
    // The columns search filters, sorts and counts on, in one narrow covering index: the in-memory search columns
    // load from it in one scan instead of reading the wide rows (these columns sit behind the long texts).
    await sql`CREATE INDEX patents_search_columns ON patents (id, ad, pd, gd, app_year, type, legal_status, ipc_main)`.execute(
      db,
    );
    // Every change to a patent (any column: its text index is rewritten with it), its IPC codes or applicants
    // appends its id here.
    await sql`CREATE TABLE search_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, patent_id INTEGER NOT NULL)`.execute(db);
    await sql`CREATE TRIGGER patents_search_ins AFTER INSERT ON patents BEGIN INSERT INTO search_changes (patent_id) VALUES (NEW.id); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER patents_search_del AFTER DELETE ON patents BEGIN INSERT INTO search_changes (patent_id) VALUES (OLD.id); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER patents_search_upd AFTER UPDATE ON patents BEGIN INSERT INTO search_changes (patent_id) VALUES (OLD.id); INSERT INTO search_changes (patent_id) SELECT NEW.id WHERE NEW.id <> OLD.id; END`.execute(
      db,
    );
    for (const table of ['patent_ipc', 'patent_applicants']) {
      await sql`CREATE TRIGGER ${sql.id(`${table}_search_ins`)} AFTER INSERT ON ${sql.id(table)} BEGIN INSERT INTO search_changes (patent_id) VALUES (NEW.patent_id); END`.execute(
        db,
      );
      await sql`CREATE TRIGGER ${sql.id(`${table}_search_del`)} AFTER DELETE ON ${sql.id(table)} BEGIN INSERT INTO search_changes (patent_id) VALUES (OLD.patent_id); END`.execute(
        db,
      );
      await sql`CREATE TRIGGER ${sql.id(`${table}_search_upd`)} AFTER UPDATE ON ${sql.id(table)} BEGIN INSERT INTO search_changes (patent_id) VALUES (OLD.patent_id); INSERT INTO search_changes (patent_id) VALUES (NEW.patent_id); END`.execute(
        db,
      );
    }
  }
}
