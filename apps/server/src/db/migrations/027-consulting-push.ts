import type { Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Business consulting and the administrator's message push (issue 14, ADR 0046).
 * - consult_questions: a company user's question (category, title, content, attachments as a JSON list of private
 *   'document' file ids) and its state: 'open' (待回复), 'replied' (已回复), 'closed' (已关闭). public 1: the
 *   administrator published it with its answers as a Q&A of the portal's /web/askAbout.
 * - consult_replies: the thread of a question: the administrator's answers (author 'admin') and the company's
 *   additions (author 'company'), oldest first.
 * - pushes: a message the administrator sent (title, body, link), to whom (target 'all' | 'street' | 'label' |
 *   'industry' | 'companies' and target_value, a JSON value), whether by SMS too, and how many users and
 *   companies it reached when sent. The messages themselves are rows of `messages` (kind 'push', delivery key
 *   `push:<id>:…`), so sent and read are counted there.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('consult_questions'), dialect)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('file_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('replies', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_reply_at', 'varchar(30)')
    .addColumn('closed_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('consult_questions_company')
    .on('consult_questions')
    .columns(['company_id', 'created_at'])
    .execute();
  await db.schema.createIndex('consult_questions_status').on('consult_questions').columns(['status', 'created_at']).execute();

  await idColumn(db.schema.createTable('consult_replies'), dialect)
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('author', 'varchar(10)', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('file_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consult_replies_question').on('consult_replies').columns(['question_id', 'id']).execute();

  await idColumn(db.schema.createTable('pushes'), dialect)
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('target', 'varchar(10)', (c) => c.notNull())
    .addColumn('target_value', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('companies', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('users', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sms_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pushes_created').on('pushes').columns(['created_at']).execute();
}
