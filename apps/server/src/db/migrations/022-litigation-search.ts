import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * The litigation text index (issue 9, ADR 0037): the CJK bigrams and single characters of each case's judgment text,
 * summary, cause and court, so a search for a Chinese word reads the cases that hold all its tokens instead of
 * LIKE over every judgment. `litigation_search` says which version of each case is indexed (its content_hash);
 * the tokens live in an FTS5 table on SQLite (rowid = case id) and in a tsvector with a GIN index on PostgreSQL.
 * Filled by the application (modules/litigation/litigation-index.ts) on import and, for anything else, before a
 * search: the migration itself tokenises nothing.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  let table = db.schema
    .createTable('litigation_search')
    .addColumn('case_id', 'integer', (c) => c.primaryKey())
    .addColumn('content_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(''));
  if (dialect === 'postgres') table = table.addColumn('tsv', sql`tsvector`, (c) => c.notNull().defaultTo(sql`''::tsvector`));
  await table.execute();
  if (dialect === 'postgres') {
    await sql`CREATE INDEX litigation_search_tsv ON litigation_search USING gin (tsv)`.execute(db);
  } else {
    // detail=none: the search asks only whether a case holds every token (LIKE then confirms the exact text).
    await sql`CREATE VIRTUAL TABLE litigation_fts USING fts5(tokens, tokenize = 'ascii', detail = 'none')`.execute(db);
  }
  // The staleness check before a search: count and newest updated_at of both tables, each from an index.
  await db.schema.createIndex('litigation_cases_updated').on('litigation_cases').column('updated_at').execute();
  await db.schema.createIndex('litigation_search_updated').on('litigation_search').column('updated_at').execute();
}
