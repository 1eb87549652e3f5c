import type { Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Administrator statistics (/dataShow, issue 13, ADR 0047).
 * - activity_log: one row per login of a user account (not admin-view tokens, not visitors) and per export file
 *   written; tokens are purged and export files expire, so neither can be counted later from their own tables.
 *   kind is 'login' or 'export'; user_id the account; created_at an ISO UTC time like every other table.
 * - indexes on created_at of the tables the statistics count by date range (users, verifications, search_history).
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('activity_log'), dialect)
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activity_log_kind_time').on('activity_log').columns(['kind', 'created_at']).execute();
  await db.schema.createIndex('users_created_at').on('users').column('created_at').execute();
  await db.schema.createIndex('verifications_created_at').on('verifications').column('created_at').execute();
  await db.schema.createIndex('search_history_created_at').on('search_history').column('created_at').execute();
}
