import type { Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Litigation (issue 9, ADR 0023): court cases about patents, imported from JSON Lines (docs/litigation-format.md) or
 * generated for the demo; their parties (matched by normalised name against company_names, so a company's own
 * cases find it), the patents involved (numbers in canonical form, so any spelling finds the case), and the cases
 * each company follows (收藏).
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  // One case per case number (案号, canonical: full-width brackets, no spaces); the upsert key of the import.
  await idColumn(db.schema.createTable('litigation_cases'), dialect)
    .addColumn('case_no', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('court', 'varchar(120)', (c) => c.notNull())
    .addColumn('cause', 'varchar(120)', (c) => c.notNull())
    .addColumn('trial_level', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('filing_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('filing_year', 'integer', (c) => c.notNull())
    .addColumn('judgment_date', 'varchar(10)')
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('judgment_text', 'text', (c) => c.notNull().defaultTo(''))
    // JSON: [{title, kind, date, text}]
    .addColumn('documents', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('source', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('litigation_cases_filing').on('litigation_cases').columns(['filing_date', 'id']).execute();
  await db.schema.createIndex('litigation_cases_status').on('litigation_cases').column('status').execute();
  await db.schema.createIndex('litigation_cases_cause').on('litigation_cases').column('cause').execute();
  await db.schema.createIndex('litigation_cases_year').on('litigation_cases').column('filing_year').execute();

  // name_key = normaliseCompanyName(name): the join key against company_names (its normalised variants).
  await db.schema
    .createTable('litigation_parties')
    .addColumn('case_id', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('role', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(200)', (c) => c.notNull())
    .addPrimaryKeyConstraint('litigation_parties_pk', ['case_id', 'sort'])
    .execute();
  await db.schema.createIndex('litigation_parties_name').on('litigation_parties').columns(['name_key', 'case_id']).execute();

  // A patent number as the case names it, with its canonical application number (an) or publication number and
  // stem (pn, pn_stem: CN115400123A → CN115400123), whichever it is.
  await db.schema
    .createTable('litigation_patents')
    .addColumn('case_id', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('number', 'varchar(60)', (c) => c.notNull())
    .addColumn('an', 'varchar(30)')
    .addColumn('pn', 'varchar(30)')
    .addColumn('pn_stem', 'varchar(30)')
    .addPrimaryKeyConstraint('litigation_patents_pk', ['case_id', 'sort'])
    .execute();
  await db.schema.createIndex('litigation_patents_an').on('litigation_patents').columns(['an', 'case_id']).execute();
  await db.schema.createIndex('litigation_patents_stem').on('litigation_patents').columns(['pn_stem', 'case_id']).execute();

  // The cases a company follows (收藏); user_id: who followed it.
  await db.schema
    .createTable('litigation_follows')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('case_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('litigation_follows_pk', ['company_id', 'case_id'])
    .execute();
  await db.schema.createIndex('litigation_follows_case').on('litigation_follows').column('case_id').execute();
}
