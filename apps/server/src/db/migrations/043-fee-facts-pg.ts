import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * PostgreSQL's counterpart of migration 012's SQLite index patents_fee_facts (ADR 0061): the columns the fee lists read
 * of each patent (loadFeeFacts), beside the id. A demo or imported patent row holds its abstract and claims
 * compressed in the row (about 3 KB: under TOAST's 2 KB threshold once compressed), so reading eight small columns of a
 * company's 20,000 patents read the whole table (8,000 pages); with this index PostgreSQL reads them by an index-only
 * scan in id order (≈ 200 pages), merged with the company's links and the grouped payments. SQLite already has it.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`create index patents_fee_facts on patents (id)
    include (an, ad, gd, type, country, term_adjustment_days, fee_reduction_pct)`.execute(db);
}
