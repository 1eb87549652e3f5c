import type { Kysely } from 'kysely';

/**
 * Indexes of the enterprise-service dashboards (issue 13, speed; ADR 0059): the enterprise table of /datapage
 * (GET /v1/street/getrightlist) counts each enterprise's done visits in the range and its demands with one seek in
 * each (office, state, enterprise, day) and (enterprise, office, state, registered time), covering the counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('visits_owner_status_company')
    .on('visits')
    .columns(['owner_id', 'status', 'company_id', 'visit_date'])
    .execute();
  await db.schema
    .createIndex('demands_company_owner')
    .on('demands')
    .columns(['company_id', 'owner_id', 'status', 'registered_at'])
    .execute();
}
