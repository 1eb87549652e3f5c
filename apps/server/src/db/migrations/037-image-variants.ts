import type { Kysely } from 'kysely';

/**
 * Resized copies of uploaded portal images (issue 14, ADR 0053): the original stays as uploaded; `thumb_name` (480 px
 * wide WebP, for lists) and `display_name` (at most 1200 px wide WebP, for article bodies) sit beside it in
 * DATA_DIR/uploads. '' for files without variants (every file before this migration, and non-portal files).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('files')
    .addColumn('thumb_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('files')
    .addColumn('display_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
}
