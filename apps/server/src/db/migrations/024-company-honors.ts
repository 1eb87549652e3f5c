import type { Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Honours of the enterprises an enterprise-service office serves (issue 12, ADR 0041): /honor and the honours tab of
 * /workEnterprisevisit. level is one of 国家级 / 省级 / 市级 / 区级; year the year it was awarded; file_id an optional
 * attachment (files of /v1/common/file, 0: none). Scope goes through the company (companies.service_owner_id).
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('company_honors'), dialect)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('level', 'varchar(10)', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('issuer', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('file_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('company_honors_company').on('company_honors').columns(['company_id', 'year']).execute();
}
