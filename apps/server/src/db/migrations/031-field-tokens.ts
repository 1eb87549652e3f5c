import type { Kysely } from 'kysely';

/**
 * Field tokens (issue 12, mobile H5, ADR 0044): a session opened on /web/small/login by an enterprise-service account
 * with an SMS code carries `scope` 'field' and may make only the calls of the field allow-list
 * (http/field-scope.ts). '' is an ordinary session, so every existing token keeps its meaning.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tokens')
    .addColumn('scope', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .execute();
}
