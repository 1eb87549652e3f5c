import type { Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/** Accounts, tokens, SMS codes, verification applications, audit log, files and the company directory. */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('users'), dialect)
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_news', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('com_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('street_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('street_name', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('introduction', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('company_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('newtype', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_com_id').on('users').column('com_id').execute();

  await db.schema
    .createTable('tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('subject', 'varchar(10)', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('is_admin_view', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('admin_id', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tokens_subject').on('tokens').columns(['subject', 'subject_id']).execute();

  await idColumn(db.schema.createTable('sms_codes'), dialect)
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('sms_codes_mobile').on('sms_codes').columns(['mobile', 'purpose', 'created_at']).execute();

  await idColumn(db.schema.createTable('sms_outbox'), dialect)
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('login_failures'), dialect)
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_mobile').on('login_failures').columns(['mobile', 'created_at']).execute();

  await idColumn(db.schema.createTable('visitors'), dialect)
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_login_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('verifications'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('credit_code', 'varchar(30)', (c) => c.notNull())
    .addColumn('contact', 'varchar(60)', (c) => c.notNull())
    .addColumn('license', 'varchar(500)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('reviewer_id', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('reviewed_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('verifications_user').on('verifications').columns(['user_id', 'status']).execute();

  await idColumn(db.schema.createTable('audit_log'), dialect)
    .addColumn('admin_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('action', 'varchar(100)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('files'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('stored_name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('companies'), dialect)
    .addColumn('company_name', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('credit_code', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('street_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('street_name', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('patent_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('wechat_bindings')
    .addColumn('openid', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}
