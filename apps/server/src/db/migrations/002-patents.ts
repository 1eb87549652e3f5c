import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Patents and their search index.
 * One row per application: the A and B publications of one application are one patent (DOMAIN §2); all its
 * publications are kept in `publications` (JSON). `doc_key` is the upsert key: the canonical application number,
 * or `PN:` + the publication number without its kind code when a record carries no application number.
 * The text index holds app-made tokens (search/tokenise.ts): an FTS5 table on SQLite, tsvector columns on PostgreSQL.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('patents'), dialect)
    .addColumn('doc_key', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('an', 'varchar(40)')
    .addColumn('ad', 'varchar(10)')
    .addColumn('pn', 'varchar(40)')
    .addColumn('pd', 'varchar(10)')
    .addColumn('gn', 'varchar(40)')
    .addColumn('gd', 'varchar(10)')
    .addColumn('publications', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('abstract', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('claims', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('applicants', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('first_applicant', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('inventors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('agency', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ipc', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('ipc_main', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('legal_status', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('legal_events', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('family', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('citations', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('drawings', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('pdf', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'varchar(4)', (c) => c.notNull().defaultTo('CN'))
    .addColumn('lang', 'varchar(4)', (c) => c.notNull().defaultTo('zh'))
    .addColumn('app_year', 'integer')
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
    // SHA-256 of the stored content: a re-import of the same record changes nothing.
    .addColumn('content_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    // Days added to an invention's term (from the register) and the last day of the term (null: unknown filing date).
    .addColumn('term_adjustment_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expiry_date', 'varchar(10)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  for (const col of ['an', 'pn', 'ad', 'pd', 'gd', 'type', 'legal_status', 'app_year', 'first_applicant', 'ipc_main']) {
    await db.schema.createIndex(`patents_${col}`).on('patents').column(col).execute();
  }

  // Every publication number of a patent (A and B documents), for PN search and import matching.
  // `stem` is the number without its kind code: CN108472367A and CN108472367B share the stem CN108472367.
  await db.schema
    .createTable('patent_pubs')
    .addColumn('pn', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('stem', 'varchar(40)', (c) => c.notNull())
    .addColumn('patent_id', 'integer', (c) => c.notNull().references('patents.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('patent_pubs_patent').on('patent_pubs').column('patent_id').execute();
  await db.schema.createIndex('patent_pubs_stem').on('patent_pubs').column('stem').execute();

  // IPC codes (main first) for prefix search (`H01M` finds `H01M10/0525`) and class facets.
  await db.schema
    .createTable('patent_ipc')
    .addColumn('patent_id', 'integer', (c) => c.notNull().references('patents.id').onDelete('cascade'))
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addColumn('is_main', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('patent_ipc_pk', ['patent_id', 'code'])
    .execute();
  await db.schema.createIndex('patent_ipc_code').on('patent_ipc').columns(['code', 'patent_id']).execute();

  // Applicants, one row each, for the top-applicant facet.
  await db.schema
    .createTable('patent_applicants')
    .addColumn('patent_id', 'integer', (c) => c.notNull().references('patents.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addPrimaryKeyConstraint('patent_applicants_pk', ['patent_id', 'name'])
    .execute();
  await db.schema.createIndex('patent_applicants_name').on('patent_applicants').columns(['name', 'patent_id']).execute();

  if (dialect === 'sqlite') {
    // Contentless FTS5 over app-made tokens; rowid = patents.id. `ascii` keeps every non-ASCII code point as a
    // token character, so CJK bigrams and anchors stay whole. contentless_delete lets rows be replaced on re-import.
    await sql`CREATE VIRTUAL TABLE patents_fts USING fts5(ti, ab, cl, de, pa, inv, addr, ag, content='', contentless_delete=1, tokenize='ascii', detail=full)`.execute(
      db,
    );
  } else {
    // PostgreSQL: tsvector literals built from the same tokens (search/engine/pg-tsvector.ts). A tsvector keeps
    // positions only up to 16383 and at most 256 per lexeme, so a long field is cut into overlapping chunks:
    // chunk 0 of every field is a column here, further chunks are rows of patent_text_chunks.
    await db.schema
      .createTable('patent_search')
      .addColumn('patent_id', 'integer', (c) => c.primaryKey().references('patents.id').onDelete('cascade'))
      .addColumn('ti', sql`tsvector`, (c) => c.notNull())
      .addColumn('ab', sql`tsvector`, (c) => c.notNull())
      .addColumn('cl', sql`tsvector`, (c) => c.notNull())
      .addColumn('de', sql`tsvector`, (c) => c.notNull())
      .addColumn('pa', sql`tsvector`, (c) => c.notNull())
      .addColumn('inv', sql`tsvector`, (c) => c.notNull())
      .addColumn('addr', sql`tsvector`, (c) => c.notNull())
      .addColumn('ag', sql`tsvector`, (c) => c.notNull())
      .execute();
    for (const col of ['ti', 'ab', 'cl', 'de', 'pa', 'inv', 'addr', 'ag']) {
      await sql`CREATE INDEX ${sql.id(`patent_search_${col}`)} ON patent_search USING gin (${sql.id(col)})`.execute(db);
    }
    await db.schema
      .createTable('patent_text_chunks')
      .addColumn('patent_id', 'integer', (c) => c.notNull().references('patents.id').onDelete('cascade'))
      .addColumn('field', 'varchar(4)', (c) => c.notNull())
      .addColumn('chunk', 'integer', (c) => c.notNull())
      .addColumn('tsv', sql`tsvector`, (c) => c.notNull())
      .addPrimaryKeyConstraint('patent_text_chunks_pk', ['patent_id', 'field', 'chunk'])
      .execute();
    await sql`CREATE INDEX patent_text_chunks_tsv ON patent_text_chunks USING gin (tsv)`.execute(db);
    // IPC prefix search compares codes byte-wise (COLLATE "C"): a locale collation may ignore the "/".
    await sql`CREATE INDEX patent_ipc_code_c ON patent_ipc ((code COLLATE "C"), patent_id)`.execute(db);
    await sql`CREATE INDEX patents_ipc_main_c ON patents ((ipc_main COLLATE "C"))`.execute(db);
  }

  // Long work (imports, exports): a jobs table the worker loop and the progress bars read.
  await idColumn(db.schema.createTable('jobs'), dialect)
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    // Where a resumed job picks up (JSON, written in the same transaction as the work it covers).
    .addColumn('checkpoint', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('started_at', 'varchar(30)')
    .addColumn('finished_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_status').on('jobs').columns(['status', 'id']).execute();
}
