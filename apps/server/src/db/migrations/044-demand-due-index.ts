import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * An open demand's current due day, indexed (issue 12, speed; ADR 0058 §6). 需求红灯 (enterprise-warnings.ts) is "an
 * open demand of the office whose current due day is before today"; the due day is a CASE over the demand's step
 * (demand-lights.ts dueSql), so every request read all of the office's open demands. demands_owner_due holds
 * (office, state, that CASE, enterprise): the warnings read one range per state, in due-day order, and a page stops
 * after its rows. Both engines use an index on an expression only when the query writes the identical expression:
 * DUE_EXPR is dueSql's text without the table name (a test compares them, demand-lights.test.ts).
 * PostgreSQL: the step columns as INCLUDE so counting the range needs no table rows (an expression's columns must be
 * in the index for an index-only scan); SQLite reads the expression from the index itself.
 */
export const DUE_EXPR = `case when status not in ('registered', 'assigned') then null
    when contacted_at is null then contact_due
    when replied_at is null then reply_due
    else close_due end`;

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect === 'postgres')
    await sql`create index demands_owner_due on demands (owner_id, status, (${sql.raw(DUE_EXPR)}), company_id)
      include (id, contacted_at, replied_at, contact_due, reply_due, close_due)`.execute(db);
  else await sql`create index demands_owner_due on demands (owner_id, status, (${sql.raw(DUE_EXPR)}), company_id)`.execute(db);
}
