import type { Kysely } from 'kysely';

/**
 * The message centre (ADR 0028): a deleted message is hidden (`deleted_at`), not removed, so its unique delivery key
 * stays taken and a warning scan never delivers it again; the unread badge counts by user, kind and read state.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('deleted_at', 'varchar(30)').execute();
  await db.schema.createIndex('messages_user_kind_read').on('messages').columns(['user_id', 'kind', 'read_at']).execute();
}
