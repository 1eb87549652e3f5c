import type { Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';
import { packageHolidayRows } from '../../modules/calendar/holiday-package';

/**
 * Issue 10 (ADR 0027): the holiday table behind the working-day calendar, filled from the chinese-days package for
 * every year it knows (an administrator edits it on /system 节假日), and each company's warning lead times.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  void dialect;
  await db.schema
    .createTable('holidays')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('working', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'varchar(10)', (c) => c.notNull().defaultTo('package'))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('warning_settings')
    .addColumn('company_id', 'integer', (c) => c.primaryKey())
    .addColumn('fee_days', 'text', (c) => c.notNull())
    .addColumn('fee_grace_monthly', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('certificate_days', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  const rows = packageHolidayRows().map((r) => ({ ...r, source: 'package', updated_at: now }));
  const dbx = db as unknown as Kysely<{ holidays: (typeof rows)[number] }>;
  for (let i = 0; i < rows.length; i += 200)
    await dbx
      .insertInto('holidays')
      .values(rows.slice(i, i + 200))
      .execute();
}
