import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * The enterprise-service dashboards' stored visit counts (issue 13, speed; ADR 0059).
 * service_visit_days: how many visits of an office's enterprises there are per office × street × visitor × state ×
 * day, where office and street are those of the visit's enterprise now (companies.service_owner_id, street_id) and
 * only visits the serving office recorded count (visits.owner_id = companies.service_owner_id, as the dashboards'
 * join); visit_day is visit_date for a done visit, plan_date otherwise (the day the dashboards count it on). The
 * office-wide dashboard calls (ADR 0052) sum these rows instead of joining a year of visits to their enterprises.
 * Kept right by triggers in the writer's statement, whoever writes: a visit inserted, deleted or changed (state,
 * days, visitor, enterprise, office) moves its count; an enterprise moved to another street or office (or deleted)
 * moves the counts of all its visits. A count can drop to 0 (the row stays; readers ignore n = 0).
 */
const KEY = 'owner_id, visit_day, street_id, staff_id, status';
const dayOf = (v: string) => `case when ${v}.status = 'done' then ${v}.visit_date else ${v}.plan_date end`;
/** One visit's row (`v` is NEW or OLD) counted `sign` times, when the serving office recorded it. */
const visitDelta = (v: string, sign: string) => `INSERT INTO service_visit_days (${KEY}, n)
  SELECT c.service_owner_id, ${dayOf(v)}, c.street_id, ${v}.staff_id, ${v}.status, ${sign}
  FROM companies c WHERE c.id = ${v}.company_id AND c.service_owner_id = ${v}.owner_id
  ON CONFLICT (${KEY}) DO UPDATE SET n = service_visit_days.n + excluded.n`;
/** All visits of one enterprise (`c` is NEW or OLD) counted `sign` times with its office and street. */
const companyDelta = (c: string, sign: string) => `INSERT INTO service_visit_days (${KEY}, n)
  SELECT ${c}.service_owner_id, ${dayOf('v')}, ${c}.street_id, v.staff_id, v.status, ${sign} count(*)
  FROM visits v WHERE v.company_id = ${c}.id AND v.owner_id = ${c}.service_owner_id
  GROUP BY ${dayOf('v')}, v.staff_id, v.status
  ON CONFLICT (${KEY}) DO UPDATE SET n = service_visit_days.n + excluded.n`;
const VISIT_COLUMNS = 'owner_id, company_id, staff_id, status, plan_date, visit_date';
const COMPANY_MOVED = 'OLD.street_id <> NEW.street_id OR OLD.service_owner_id <> NEW.service_owner_id';

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable('service_visit_days')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('visit_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('street_id', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('service_visit_days_pk', ['owner_id', 'visit_day', 'street_id', 'staff_id', 'status'])
    .execute();
  await sql
    .raw(
      `INSERT INTO service_visit_days (${KEY}, n)
      SELECT c.service_owner_id, ${dayOf('v')}, c.street_id, v.staff_id, v.status, count(*)
      FROM visits v JOIN companies c ON c.id = v.company_id AND c.service_owner_id = v.owner_id
      GROUP BY c.service_owner_id, ${dayOf('v')}, c.street_id, v.staff_id, v.status`,
    )
    .execute(db);
  if (dialect === 'sqlite') {
    const run = (q: string) => sql.raw(q).execute(db);
    await run(`CREATE TRIGGER service_visit_days_ins AFTER INSERT ON visits BEGIN ${visitDelta('NEW', '1')}; END`);
    await run(`CREATE TRIGGER service_visit_days_del AFTER DELETE ON visits BEGIN ${visitDelta('OLD', '-1')}; END`);
    await run(
      `CREATE TRIGGER service_visit_days_upd AFTER UPDATE OF ${VISIT_COLUMNS} ON visits
      BEGIN ${visitDelta('OLD', '-1')}; ${visitDelta('NEW', '1')}; END`,
    );
    await run(
      `CREATE TRIGGER service_visit_days_company_upd AFTER UPDATE OF street_id, service_owner_id ON companies
      WHEN ${COMPANY_MOVED} BEGIN ${companyDelta('OLD', '-')}; ${companyDelta('NEW', '')}; END`,
    );
    await run(`CREATE TRIGGER service_visit_days_company_del AFTER DELETE ON companies BEGIN ${companyDelta('OLD', '-')}; END`);
    return;
  }
  const run = (q: string) => sql.raw(q).execute(db);
  await run(`CREATE FUNCTION service_visit_days_visits() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN ${visitDelta('OLD', '-1')}; END IF;
      IF TG_OP <> 'DELETE' THEN ${visitDelta('NEW', '1')}; END IF;
      RETURN NULL;
    END $$`);
  await run(`CREATE TRIGGER service_visit_days_visits AFTER INSERT OR DELETE OR UPDATE OF ${VISIT_COLUMNS} ON visits
    FOR EACH ROW EXECUTE FUNCTION service_visit_days_visits()`);
  await run(`CREATE FUNCTION service_visit_days_companies() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN ${companyDelta('OLD', '-')};
      ELSIF ${COMPANY_MOVED} THEN ${companyDelta('OLD', '-')}; ${companyDelta('NEW', '')};
      END IF;
      RETURN NULL;
    END $$`);
  await run(`CREATE TRIGGER service_visit_days_companies AFTER DELETE OR UPDATE OF street_id, service_owner_id ON companies
    FOR EACH ROW EXECUTE FUNCTION service_visit_days_companies()`);
}
