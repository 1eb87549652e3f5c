import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * Files: which uploads are public, what each is for, exports with an expiry (issue 8, ADR 0014).
 * Rows from before: images stay public (avatars, the only image upload so far); documents become private (their
 * files are moved out of the static root by the file housekeeping task at start).
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .alterTable('files')
    .addColumn('visibility', 'varchar(10)', (c) => c.notNull().defaultTo('private'))
    .execute();
  await db.schema
    .alterTable('files')
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull().defaultTo('document'))
    .execute();
  await db.schema.alterTable('files').addColumn('expires_at', 'varchar(30)').execute();
  await sql`UPDATE files SET visibility = 'public', purpose = 'avatar' WHERE kind = 'image'`.execute(db);
  await db.schema.createIndex('files_owner_purpose').on('files').columns(['owner_id', 'purpose']).execute();
  await db.schema.createIndex('files_expires_at').on('files').column('expires_at').execute();
}
