import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * PostgreSQL: keeps `patent_search`'s heap narrow (ADR 0071). Its GIN indexes point into the heap, and finding a text
 * condition's patents visits one heap row per match, to check its visibility and read `patent_id`. A row bigger
 * than ~2 KB is moved to TOAST only until it fits in 2 KB, so at 1,000,000 patents the heap kept 1.5 KB a row
 * (1,518 MB, larger than shared_buffers), and each match cost a page read. With `toast_tuple_target = 128` every
 * row bigger than ~2 KB keeps only pointers (192 MB at 1,000,000 patents); smaller rows stay as they are. New rows
 * take the setting as they are written; the rows already there are rewritten once (CLUSTER: in patent id order, so a
 * bitmap heap scan reads the heap front to back; 11 minutes at 1,000,000 patents, seconds for the demo data).
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`ALTER TABLE patent_search SET (toast_tuple_target = 128)`.execute(db);
  await sql`CLUSTER patent_search USING patent_search_pkey`.execute(db);
}
