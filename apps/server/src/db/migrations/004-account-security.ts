import type { Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/** Account security: absolute token lifetime, admin-view token parents, rate-limit counters, WeChat state and tickets (issue 8). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  // An admin-view token dies with the administrator's own token (ADR 0013); the absolute lifetime counts from created_at.
  await db.schema.alterTable('tokens').addColumn('parent_hash', 'varchar(64)').execute();
  await db.schema.createIndex('tokens_parent').on('tokens').column('parent_hash').execute();
  await db.schema.createIndex('tokens_admin').on('tokens').column('admin_id').execute();
  await db.schema.createIndex('tokens_last_used').on('tokens').column('last_used_at').execute();

  // Fixed-window counters, each updated by one atomic upsert (modules/account/limits.ts).
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset').on('rate_limits').column('reset_at').execute();

  // WeChat login secrets, each stored only as a hash and used once: the browser-bound state, the offline provider's
  // authorization codes, and the tickets that stand for an openid not yet bound.
  await db.schema
    .createTable('wechat_grants')
    .addColumn('hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'varchar(500)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wechat_grants_expires').on('wechat_grants').column('expires_at').execute();

  // Login failures are counted in rate_limits now.
  await db.schema.dropTable('login_failures').execute();
}
