import type { Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * The portal's content (issue 14, ADR 0045).
 * - articles: one article of a channel (PORTAL_CHANNELS keys). status 'draft' | 'published' | 'withdrawn';
 *   publish_at (ISO) is when a published article becomes visible to the public; pinned 1 puts it first.
 *   body is sanitised HTML (modules/portal/sanitize.ts); attachments a JSON array of file ids.
 *   issuer/effective_date (YYYY-MM-DD) for 政策法规.
 * - article_revisions: a snapshot (JSON of the article's fields) for every save, publish and withdraw.
 * - portal_settings: one row per key ('banners', 'footer', 'share'), value JSON.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('articles'), dialect)
    .addColumn('channel', 'varchar(30)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('author', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_file_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('issuer', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('effective_date', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('publish_at', 'varchar(30)')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('articles_public')
    .on('articles')
    .columns(['channel', 'status', 'pinned', 'publish_at', 'id'])
    .execute();
  await db.schema.createIndex('articles_admin').on('articles').columns(['channel', 'updated_at']).execute();

  await idColumn(db.schema.createTable('article_revisions'), dialect)
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(12)', (c) => c.notNull())
    .addColumn('editor_id', 'integer', (c) => c.notNull())
    .addColumn('editor_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('article_revisions_article').on('article_revisions').columns(['article_id', 'id']).execute();

  await db.schema
    .createTable('portal_settings')
    .addColumn('key', 'varchar(30)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}
