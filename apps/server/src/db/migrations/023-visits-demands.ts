import type { Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Visits and demands of the enterprise service (issue 12, ADR 0039, DOMAIN §5).
 * - visits: a to-visit (status 'plan', on the work calendar) that becomes a record (status 'done': visit_date,
 *   people met, content, photos) or is cancelled ('cancelled'). follow_up 1 marks a record that needs following up
 *   (待跟进) until follow_done_at is set. photos: a JSON array of file ids (files of /v1/common/file).
 * - demands: an enterprise's demand (需求) and its loop 登记 → 分派 → 办理 → 评价 → 回访. status is one of
 *   'registered', 'assigned', 'handled', 'evaluated', 'closed' (回访 done); the three due dates (YYYY-MM-DD) are set
 *   from the office's working-day limits when the demand is registered; each *_at is set when its step is done.
 * - demand_steps: every step of a demand: who, when, what (the loop's history).
 * Every row carries owner_id (the main account of the office) for the service scope.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('visits'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('plan_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('plan_time', 'varchar(5)', (c) => c.notNull().defaultTo(''))
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('visit_date', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('people_met', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('follow_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('follow_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('follow_done_at', 'varchar(30)')
    .addColumn('request_key', 'varchar(64)')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('visits_request_key', ['created_by', 'request_key'])
    .execute();
  await db.schema.createIndex('visits_owner_plan').on('visits').columns(['owner_id', 'status', 'plan_date']).execute();
  await db.schema.createIndex('visits_owner_date').on('visits').columns(['owner_id', 'visit_date']).execute();
  await db.schema.createIndex('visits_company').on('visits').columns(['company_id', 'visit_date']).execute();
  await db.schema.createIndex('visits_staff').on('visits').columns(['staff_id', 'status', 'plan_date']).execute();

  await idColumn(db.schema.createTable('demands'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('visit_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('label_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('handler_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('registered_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('contact_due', 'varchar(10)', (c) => c.notNull())
    .addColumn('reply_due', 'varchar(10)', (c) => c.notNull())
    .addColumn('close_due', 'varchar(10)', (c) => c.notNull())
    .addColumn('assigned_at', 'varchar(30)')
    .addColumn('contacted_at', 'varchar(30)')
    .addColumn('replied_at', 'varchar(30)')
    .addColumn('handled_at', 'varchar(30)')
    .addColumn('result', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('evaluated_at', 'varchar(30)')
    .addColumn('rating', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('evaluation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('closed_at', 'varchar(30)')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('demands_owner_status').on('demands').columns(['owner_id', 'status', 'close_due']).execute();
  await db.schema.createIndex('demands_company').on('demands').columns(['company_id', 'status']).execute();
  await db.schema.createIndex('demands_handler').on('demands').columns(['handler_id', 'status']).execute();

  await idColumn(db.schema.createTable('demand_steps'), dialect)
    .addColumn('demand_id', 'integer', (c) => c.notNull())
    .addColumn('step', 'varchar(12)', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('actor_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('demand_steps_demand').on('demand_steps').columns(['demand_id', 'id']).execute();
}
