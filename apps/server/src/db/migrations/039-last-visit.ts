import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * 久未走访 from a stored day (issue 12, speed; ADR 0058). companies.last_visit_date: the latest visit_date of the
 * enterprise's 'done' visits (any day, a future one included; null: none), kept by triggers on visits in both engines
 * — whoever writes visits (the visits module, seeds, imports, tests) — and filled here for the existing rows. The
 * warning compares it with today in SQL (enterprise-warnings.ts), so it stays right as days pass.
 * companies_owner_last_visit: the office's enterprises by that day, so "no visit since D" is one index range.
 *
 * A done visit added raises the day (greatest of the stored one and the new day: right under concurrent inserts in
 * PostgreSQL's read committed, the update re-reads the row it waited for); a visit updated (status, day, enterprise)
 * or deleted recomputes the day of the enterprises it touched from visits_company_status_day.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable('companies').addColumn('last_visit_date', 'varchar(10)').execute();
  await db.schema
    .createIndex('companies_owner_last_visit')
    .on('companies')
    .columns(['service_owner_id', 'last_visit_date'])
    .execute();
  const last = (company: string) =>
    sql.raw(`(SELECT max(v.visit_date) FROM visits v WHERE v.company_id = ${company} AND v.status = 'done')`);
  if (dialect === 'sqlite') {
    await sql`CREATE TRIGGER visits_last_visit_ins AFTER INSERT ON visits WHEN NEW.status = 'done' BEGIN
        UPDATE companies SET last_visit_date = max(coalesce(last_visit_date, ''), NEW.visit_date) WHERE id = NEW.company_id;
      END`.execute(db);
    await sql`CREATE TRIGGER visits_last_visit_upd AFTER UPDATE OF status, visit_date, company_id ON visits BEGIN
        UPDATE companies SET last_visit_date = ${last('OLD.company_id')} WHERE id = OLD.company_id;
        UPDATE companies SET last_visit_date = ${last('NEW.company_id')} WHERE id = NEW.company_id AND NEW.company_id <> OLD.company_id;
      END`.execute(db);
    await sql`CREATE TRIGGER visits_last_visit_del AFTER DELETE ON visits WHEN OLD.status = 'done' BEGIN
        UPDATE companies SET last_visit_date = ${last('OLD.company_id')} WHERE id = OLD.company_id;
      END`.execute(db);
  } else {
    await sql`CREATE FUNCTION visits_last_visit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          IF NEW.status = 'done' THEN
            UPDATE companies SET last_visit_date = greatest(coalesce(last_visit_date, ''), NEW.visit_date)
              WHERE id = NEW.company_id;
          END IF;
          RETURN NULL;
        END IF;
        IF TG_OP = 'DELETE' AND OLD.status <> 'done' THEN RETURN NULL; END IF;
        UPDATE companies SET last_visit_date = ${last('OLD.company_id')} WHERE id = OLD.company_id;
        IF TG_OP = 'UPDATE' AND NEW.company_id <> OLD.company_id THEN
          UPDATE companies SET last_visit_date = ${last('NEW.company_id')} WHERE id = NEW.company_id;
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER visits_last_visit AFTER INSERT OR DELETE OR UPDATE OF status, visit_date, company_id
      ON visits FOR EACH ROW EXECUTE FUNCTION visits_last_visit()`.execute(db);
  }
  await sql`UPDATE companies SET last_visit_date = ${last('companies.id')}`.execute(db);
}
