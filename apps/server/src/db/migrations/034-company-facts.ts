import type { Kysely } from 'kysely';

/**
 * The ranking's stored counts (issue 12, speed; ADR 0050). service_company_facts: per enterprise the seven counts the
 * score multiplies by the office's weights (granted inventions, utility models, designs, honours, open demands, done
 * visits and new litigation cases in the 365 days up to `as_of`), kept up to date where the facts change and rebuilt
 * nightly (modules/grading/facts.ts). service_facts_state: one row (id 1), the day `as_of` the two windowed counts
 * were taken on; none yet = never built, and the first ranking builds it. companies_owner_industry: the
 * ranking's industry options from the index alone. The table starts empty: the counts need
 * "today" (Asia/Shanghai, from the app's clock), which a migration does not have.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let t = db.schema.createTable('service_company_facts').addColumn('company_id', 'integer', (c) => c.primaryKey());
  for (const col of ['invention', 'utility', 'design', 'honour', 'demand', 'visit', 'litigation'])
    t = t.addColumn(col, 'integer', (c) => c.notNull().defaultTo(0));
  await t.execute();

  // the ranking's industry filter options: distinct industries of an office, read from the index alone
  await db.schema.createIndex('companies_owner_industry').on('companies').columns(['service_owner_id', 'industry']).execute();

  await db.schema
    .createTable('service_facts_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('as_of', 'varchar(10)', (c) => c.notNull())
    .addColumn('built_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}
