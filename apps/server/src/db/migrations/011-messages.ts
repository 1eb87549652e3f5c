import type { Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * The message centre (issue 10): every warning, monitoring hit, approval result and administrator push is one row per
 * recipient user. `delivery_key` is unique, so a warning is delivered once per threshold even when two servers scan
 * at once or a scan runs again after a restart (insert … on conflict do nothing).
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('messages'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('object_type', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('object_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('read_at', 'varchar(30)')
    .addColumn('handled_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('messages_user_created').on('messages').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('messages_user_read').on('messages').columns(['user_id', 'read_at']).execute();
  await db.schema.createIndex('messages_object').on('messages').columns(['object_type', 'object_id']).execute();
}
