import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Companies and their portfolio (issue 9, ADR 0018): a company is a real row every set-A user belongs to
 * (users.company_id), its names (current and former, normalised) are matched against patent applicants, and the
 * patents it holds are rows of company_patents with the company's own category, core mark and note.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  for (const [col, type] of [
    ['address', 'varchar(300)'],
    ['contact', 'varchar(60)'],
    ['contact_phone', 'varchar(30)'],
    ['industry', 'varchar(60)'],
    ['size', 'varchar(30)'],
    ['former_names', 'text'],
  ] as const) {
    await db.schema
      .alterTable('companies')
      .addColumn(col, type, (c) => c.notNull().defaultTo(col === 'former_names' ? '[]' : ''))
      .execute();
  }
  await db.schema
    .alterTable('companies')
    .addColumn('fee_reduction', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('companies')
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('companies_credit_code').on('companies').column('credit_code').execute();

  await db.schema
    .alterTable('users')
    .addColumn('company_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('users_company_id').on('users').column('company_id').execute();

  // Every normalised name a company is known by (current and former): the join key against patent_applicants.name.
  await db.schema
    .createTable('company_names')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addPrimaryKeyConstraint('company_names_pk', ['name', 'company_id'])
    .execute();
  await db.schema.createIndex('company_names_company').on('company_names').column('company_id').execute();

  await idColumn(db.schema.createTable('patent_categories'), dialect)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('patent_categories_company').on('patent_categories').columns(['company_id', 'parent_id']).execute();

  // A patent in a company's portfolio. source 'auto' (applicant matched the company's names) or 'manual'; removed 1:
  // taken out by the company (kept so automatic linking does not bring it back; 'restore' clears it).
  await db.schema
    .createTable('company_patents')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('patent_id', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(10)', (c) => c.notNull().defaultTo('auto'))
    .addColumn('category_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_core', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_collected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('company_patents_pk', ['company_id', 'patent_id'])
    .execute();
  await db.schema.createIndex('company_patents_patent').on('company_patents').column('patent_id').execute();
  await db.schema
    .createIndex('company_patents_category')
    .on('company_patents')
    .columns(['company_id', 'removed', 'category_id'])
    .execute();

  // 研判 (assessment) notes on a portfolio patent (ADR 0020): several per patent, each with its author and time.
  await idColumn(db.schema.createTable('patent_notes'), dialect)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('patent_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('author', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('patent_notes_company_patent').on('patent_notes').columns(['company_id', 'patent_id']).execute();
  // The portfolio list (ADR 0020; tools/bench/portfolio-bench.ts): a company's rows in patent id order with every
  // column the list filters on, so the list reads neither the rows nor, joined in the same order, the wide patents.
  await db.schema
    .createIndex('company_patents_list')
    .on('company_patents')
    .columns(['company_id', 'patent_id', 'removed', 'source', 'category_id', 'is_core', 'is_collected', 'created_at'])
    .execute();

  if (dialect === 'sqlite') {
    // The portfolio list sorts and filters a company's patents by these columns: a narrow covering index, read by
    // id (INDEXED BY), spares reading the wide rows, whose text columns spill into overflow pages; type and status
    // sit behind the long texts (tools/bench/portfolio-bench.ts, ADR 0020).
    await sql`CREATE INDEX patents_portfolio ON patents (id, ad, gd, type, legal_status, app_year, title, an, pn)`.execute(db);
  }

  // Existing data: each company is known by its name as written; verified company users of the same company name
  // belong to it; the patents of those names become theirs (later: linkCompanyPatents after every import).
  await sql`INSERT INTO company_names (company_id, name) SELECT id, company_name FROM companies`.execute(db);
  await sql`UPDATE users SET company_id = COALESCE((SELECT c.id FROM companies c WHERE c.company_name = users.company_name), 0)
    WHERE is_admin = 0 AND is_news = 0 AND type <> '1'`.execute(db);
  const now = new Date().toISOString();
  await sql`INSERT INTO company_patents (company_id, patent_id, source, created_at, updated_at)
    SELECT DISTINCT cn.company_id, pa.patent_id, 'auto', ${now}, ${now}
    FROM company_names cn JOIN patent_applicants pa ON pa.name = cn.name`.execute(db);
}
