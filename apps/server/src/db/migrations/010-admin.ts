import type { Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * Issue 9, administration (ADR 0019): the audit log is listed newest first and filtered by administrator, target
 * user and date; the verification applications are listed pending first and by date. No new tables: indexes only.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();
  await db.schema.createIndex('audit_log_admin').on('audit_log').columns(['admin_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('verifications_status').on('verifications').columns(['status', 'created_at']).execute();
}
