import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/** The tables whose changes a search result depends on, with the column naming the patent. */
const LOGGED: [table: string, column: string][] = [
  ['patents', 'id'],
  ['patent_applicants', 'patent_id'],
  ['patent_ipc', 'patent_id'],
  ['patent_pubs', 'patent_id'],
  ['patent_search', 'patent_id'],
  ['patent_text_chunks', 'patent_id'],
];

/**
 * PostgreSQL's change log for the in-memory search columns (search/engine/pg-store.ts, ADR 0070), the counterpart of
 * SQLite's `search_changes` (migration 003). Each row carries the id of the transaction that wrote it (`xid`): a
 * reader remembers the snapshot of its last read and next reads the rows that snapshot could not see, so a
 * transaction that commits after a later one is not missed (a sequence number alone would skip it). Statement-level
 * triggers with transition tables log a bulk import in one INSERT per statement instead of one per row.
 * `search_changes_pruned` holds the transaction horizon below which rows may have been deleted: a reader whose last
 * snapshot is older rebuilds in full.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`CREATE TABLE search_changes (
    seq bigserial PRIMARY KEY,
    patent_id integer NOT NULL,
    xid xid8 NOT NULL DEFAULT pg_current_xact_id()
  )`.execute(db);
  await sql`CREATE INDEX search_changes_xid ON search_changes (xid)`.execute(db);
  await sql`CREATE TABLE search_changes_pruned (id integer PRIMARY KEY, below xid8 NOT NULL)`.execute(db);
  for (const [table, column] of LOGGED) {
    for (const [event, ref, rows] of [
      ['INSERT', 'NEW TABLE AS changed', `SELECT ${column} FROM changed`],
      ['DELETE', 'OLD TABLE AS changed', `SELECT ${column} FROM changed`],
      [
        'UPDATE',
        'OLD TABLE AS old_rows NEW TABLE AS new_rows',
        `SELECT ${column} FROM old_rows UNION SELECT ${column} FROM new_rows`,
      ],
    ] as const) {
      const name = `${table}_search_${event.toLowerCase()}`;
      await sql
        .raw(
          `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            INSERT INTO search_changes (patent_id) ${rows};
            RETURN NULL;
          END $$`,
        )
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${name} AFTER ${event} ON ${table} REFERENCING ${ref} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`)
        .execute(db);
    }
  }
}
