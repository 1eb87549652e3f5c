import type { Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Grading, ranking and enterprise warnings (issue 12, bundle B5, ADR 0043).
 * - service_score_settings: per office (main account) the score weights and the grade thresholds, as JSON objects
 *   (no row: the defaults of @ip/contract DEFAULT_SCORE_WEIGHTS / DEFAULT_GRADE_THRESHOLDS).
 * - service_warning_deliveries: which warning (kind + the key of what it is about) was delivered to which staff
 *   member's message centre, so the daily task delivers each once.
 * - indexes for the score's and warnings' aggregates over visits and demands per office.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable('service_score_settings')
    .addColumn('owner_id', 'integer', (c) => c.primaryKey())
    .addColumn('weights', 'text', (c) => c.notNull())
    .addColumn('thresholds', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('service_warning_deliveries'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('ref_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('delivered_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('service_warning_deliveries_once', ['user_id', 'kind', 'ref_key'])
    .execute();

  await db.schema
    .createIndex('visits_owner_done_company')
    .on('visits')
    .columns(['owner_id', 'status', 'visit_date', 'company_id'])
    .execute();
  await db.schema
    .createIndex('demands_owner_status_company')
    .on('demands')
    .columns(['owner_id', 'status', 'company_id'])
    .execute();
}
