import type { Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * The enterprise-service foundation (issue 12, ADR 0038).
 * - streets: the district's streets (街道) and their region, edited by the administrator on /system.
 * - companies.service_owner_id: the main account (set C) whose office serves the enterprise (0: none).
 * - service_labels: company labels (kind 'company') and demand labels (kind 'demand'), defined per main account.
 * - company_labels: labels applied to an enterprise (by the office that defined them).
 * - staff_companies / staff_streets: enterprises and streets assigned to a staff member (set D); a staff member's
 *   scope is the union of both.
 * - service_settings: the demand loop's time limits in working days, per main account (no row: the defaults).
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('streets'), dialect)
    .addColumn('region', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('streets_region_name', ['region', 'name'])
    .execute();

  await db.schema
    .alterTable('companies')
    .addColumn('service_owner_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('companies_service_owner').on('companies').columns(['service_owner_id', 'street_id']).execute();

  await idColumn(db.schema.createTable('service_labels'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('color', 'varchar(20)', (c) => c.notNull().defaultTo('blue'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('service_labels_owner_kind_name', ['owner_id', 'kind', 'name'])
    .execute();

  await db.schema
    .createTable('company_labels')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('label_id', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('company_labels_pk', ['company_id', 'label_id'])
    .execute();
  await db.schema.createIndex('company_labels_label').on('company_labels').column('label_id').execute();

  await db.schema
    .createTable('staff_companies')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_companies_pk', ['staff_id', 'company_id'])
    .execute();
  await db.schema.createIndex('staff_companies_company').on('staff_companies').column('company_id').execute();

  await db.schema
    .createTable('staff_streets')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('street_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_streets_pk', ['staff_id', 'street_id'])
    .execute();

  await db.schema
    .createTable('service_settings')
    .addColumn('owner_id', 'integer', (c) => c.primaryKey())
    .addColumn('contact_days', 'integer', (c) => c.notNull())
    .addColumn('reply_days', 'integer', (c) => c.notNull())
    .addColumn('close_days', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}
