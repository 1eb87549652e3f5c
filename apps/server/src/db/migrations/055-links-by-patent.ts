import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * SQLite: the links' index by patent (migration 007's company_patents_patent, on patent_id alone) becomes a covering
 * one, `company_patents_by_patent (patent_id, company_id, removed, source)`, and replaces it: every lookup by patent
 * reads the new one, and a link still writes one index entry by patent.
 *
 * The 企业预警 list's lapse warnings for a whole office (enterprise-warnings.ts) read its own-patent links with each
 * patent's fee facts (patents_fee_facts). In enterprise order, the seeks into the patents' index jump over the whole
 * table once per enterprise; in patent order they go through it once, front to back. At 709,076 links of 300
 * enterprises and 1,031,466 patents the 企业预警 list took 2.9–3.5 s through HTTP, 1.1–1.4 s with this (ADR 0081).
 * PostgreSQL plans the join itself: nothing to do.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`create index company_patents_by_patent on company_patents (patent_id, company_id, removed, source)`.execute(db);
  await sql`drop index company_patents_patent`.execute(db);
}
