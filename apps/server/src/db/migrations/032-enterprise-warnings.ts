import type { Kysely } from 'kysely';

/**
 * Enterprise warnings (issue 12, bundle B5, ADR 0048): 久未走访 reads each enterprise's last done visit with one index
 * seek (`select max(visit_date) from visits where company_id = ? and status = 'done'`). service_warning_deliveries
 * itself is migration 025's; certificates already have (company_id, expiry_date).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('visits_company_status_day').on('visits').columns(['company_id', 'status', 'visit_date']).execute();
}
