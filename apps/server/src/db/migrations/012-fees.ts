import type { Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Annual fees (issue 10, ADR 0025): the payments a company records per patent year, and the fee reduction (费减)
 * recorded on a patent. The term adjustment days the fee engine reads are already on patents (migration 002).
 * Amounts are whole yuan (every CNIPA annual, late and restoration fee is). Days are `YYYY-MM-DD` text.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('fee_payments'), dialect)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('patent_id', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('paid_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('payer', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('file_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('fee_payments_company_patent_year', ['company_id', 'patent_id', 'year'])
    .execute();
  await db.schema.createIndex('fee_payments_company_paid_on').on('fee_payments').columns(['company_id', 'paid_on']).execute();
  // loadFeeInputs reads every payment of a company (20,000 patents: ~100,000 rows) from this index alone.
  await db.schema
    .createIndex('fee_payments_facts')
    .on('fee_payments')
    .columns(['company_id', 'patent_id', 'year', 'paid_on', 'amount'])
    .execute();

  // 0, 70 (joint owners) or 85 (single owner) % off the first ten annual fees from the grant year (DOMAIN §3).
  await db.schema
    .alterTable('patents')
    .addColumn('fee_reduction_pct', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // SQLite keeps a patent's long texts in its row, so reading a few columns of 20,000 patents walks their pages; this
  // index holds what the fee engine reads (ADR 0025 bench). PostgreSQL moves long texts out of the row (TOAST).
  if (dialect === 'sqlite')
    await db.schema
      .createIndex('patents_fee_facts')
      .on('patents')
      .columns(['id', 'ad', 'gd', 'an', 'type', 'country', 'term_adjustment_days', 'fee_reduction_pct'])
      .execute();
}
