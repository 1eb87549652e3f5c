import type { Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Patent monitoring (issue 10, ADR 0029): a company's rules (an applicant, a search expression, an IPC class or a
 * list of patent numbers) and what their runs found. A hit is unique per (rule, patent, event, event date), so a
 * run over the same patents again (a re-import, a second server, a restart) never adds a second hit.
 * `patents_updated_at` lets a run read only the patents changed since the previous run.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('monitor_rules'), dialect)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    // Events dated before this day are history, not news (ADR 0029).
    .addColumn('watch_from', 'varchar(10)', (c) => c.notNull())
    // Patents changed up to this instant have been looked at; null: never run.
    .addColumn('last_run_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('monitor_rules_company').on('monitor_rules').columns(['company_id', 'id']).execute();

  await idColumn(db.schema.createTable('monitor_hits'), dialect)
    .addColumn('rule_id', 'integer', (c) => c.notNull().references('monitor_rules.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('patent_id', 'integer', (c) => c.notNull())
    .addColumn('event', 'varchar(20)', (c) => c.notNull())
    .addColumn('event_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('detail', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('found_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('read_at', 'varchar(30)')
    .addUniqueConstraint('monitor_hits_unique', ['rule_id', 'patent_id', 'event', 'event_date'])
    .execute();
  await db.schema.createIndex('monitor_hits_company').on('monitor_hits').columns(['company_id', 'read_at', 'found_at']).execute();
  await db.schema.createIndex('monitor_hits_rule').on('monitor_hits').columns(['rule_id', 'event_date']).execute();
  await db.schema.createIndex('patents_updated_at').on('patents').column('updated_at').execute();
}
