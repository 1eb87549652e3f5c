import type { Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * A company's certificates and its non-patent IP (issue 9, ADR 0021). Dates are plain ISO `YYYY-MM-DD` text, so the
 * expiry warnings (a later issue) compare them as strings on both dialects; attachments are a JSON list of files ids
 * (files uploaded by the company's users with a private purpose).
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('certificates'), dialect)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('number', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('issuer', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('issue_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('expiry_date', 'varchar(10)')
    .addColumn('patent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('certificates_company_expiry').on('certificates').columns(['company_id', 'expiry_date']).execute();
  // The expiry warnings scan every company's certificates by date.
  await db.schema.createIndex('certificates_expiry').on('certificates').column('expiry_date').execute();
  await db.schema.createIndex('certificates_company_patent').on('certificates').columns(['company_id', 'patent_id']).execute();

  await idColumn(db.schema.createTable('ip_assets'), dialect)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('number', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('nice_class', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('application_date', 'varchar(10)')
    .addColumn('registration_date', 'varchar(10)')
    .addColumn('expiry_date', 'varchar(10)')
    .addColumn('owner', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ip_assets_company_kind').on('ip_assets').columns(['company_id', 'kind']).execute();
  await db.schema.createIndex('ip_assets_expiry').on('ip_assets').column('expiry_date').execute();
}
