import type { Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Industry reports and the portal's service requests (issue 14, ADR 0054).
 * - industry_reports: a PDF report the administrator uploaded (file_id: a private 'document' upload; cover_file_id:
 *   a public 'portal' image or 0), its title, industry, year and summary, its state 'draft' | 'published' |
 *   'withdrawn', and how often it was downloaded (bumped by POST /v1/report/industry/download).
 * - portal_requests: what a visitor (SMS login) or a logged-in user sends from the portal's service pages: a question
 *   (/web/askAbout), a dialogue topic (/web/dialogue) or an appointment (/web/immediately, with a preferred day);
 *   the administrator's answer or handling note (reply) and state 'open' | 'handled'. visitor_id or user_id says
 *   whose it is (the other 0), so each sees only their own.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('industry_reports'), dialect)
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('industry', 'varchar(20)', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_id', 'integer', (c) => c.notNull())
    .addColumn('cover_file_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('published_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('industry_reports_status')
    .on('industry_reports')
    .columns(['status', 'year', 'published_at'])
    .execute();

  await idColumn(db.schema.createTable('portal_requests'), dialect)
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('company', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('preferred_date', 'varchar(10)')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('reply', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('handled_at', 'varchar(30)')
    .addColumn('visitor_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('portal_requests_kind').on('portal_requests').columns(['kind', 'status', 'created_at']).execute();
  await db.schema.createIndex('portal_requests_visitor').on('portal_requests').columns(['visitor_id', 'created_at']).execute();
  await db.schema.createIndex('portal_requests_user').on('portal_requests').columns(['user_id', 'created_at']).execute();
}
