import type { Kysely } from 'kysely';

/**
 * Indexes of the enterprise-service dashboards (issue 13, speed; ADR 0059):
 * - visits_company_owner (enterprise, office, state, days, visitor) covers every visit figure per enterprise: the
 *   enterprise table of /datapage (GET /v1/street/getrightlist) counts each enterprise's done visits in the range with
 *   one seek, and a staff member's figures (its enterprises, not stored per office: ADR 0059) go enterprise by
 *   enterprise without reading the visits' rows; demands_company_owner does the same for an enterprise's demands;
 * - demands_owner_dashboard holds every column the dashboards' demand figures read (scope, state, the registered and
 *   handled times, the three due days and the steps the light depends on, handler, label), so they scan the office's
 *   demands in this index instead of reading each wide row (title, content, result);
 * - companies_service_cover: the enterprise's office and street beside its id, so the scope check of each visit or
 *   demand reads this narrow index rather than the enterprise's row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('visits_company_owner')
    .on('visits')
    .columns(['company_id', 'owner_id', 'status', 'visit_date', 'plan_date', 'staff_id'])
    .execute();
  await db.schema
    .createIndex('demands_company_owner')
    .on('demands')
    .columns(['company_id', 'owner_id', 'status', 'registered_at'])
    .execute();
  await db.schema
    .createIndex('demands_owner_dashboard')
    .on('demands')
    .columns([
      'owner_id',
      'status',
      'registered_at',
      'handled_at',
      'close_due',
      'company_id',
      'handler_id',
      'label_id',
      'contact_due',
      'reply_due',
      'contacted_at',
      'replied_at',
    ])
    .execute();
  await db.schema
    .createIndex('companies_service_cover')
    .on('companies')
    .columns(['id', 'service_owner_id', 'street_id', 'street_name'])
    .execute();
}
