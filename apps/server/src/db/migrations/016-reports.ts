import type { Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * The monthly patent report (issue 10, ADR 0030): one row per company and Asia/Shanghai month ('YYYY-MM'). The unique
 * (company_id, month) decides who queues a scheduled report when two servers run the monthly task at once (insert …
 * on conflict do nothing); regenerating a month replaces its row's data and PDF. `data` is the JSON the page shows;
 * `file_id` the PDF in the files store; `job_id` the job that last generated it (its progress is shown).
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('reports'), dialect)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('file_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('job_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('generated_at', 'varchar(30)')
    .addColumn('created_by', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('reports_company_month', ['company_id', 'month'])
    .execute();
}
