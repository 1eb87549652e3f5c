import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * Per-enterprise done-visit counts of every 12-month window (issue 13, speed; ADR 0059 §6): service_visit_windows
 * holds, per office × window × enterprise, the done visits whose month (the YYYY-MM of visit_date) falls in the 12
 * calendar months from from_month (from_month … from_month + 11). Office as in 040: the enterprise's serving office
 * now, and only visits that office recorded (visits.owner_id = companies.service_owner_id). /datapage's enterprise
 * table (GET /v1/street/getrightlist) sorts by done visits in the range; for a range of 12 whole months ending with
 * the end day's month (the default range) that is one row per enterprise here instead of counting its visits.
 * A done visit counts in the 12 windows that contain its month. Kept right by triggers in the writer's statement
 * (SQLite triggers, PostgreSQL plpgsql), whoever writes: a visit inserted, deleted or changed in owner, enterprise,
 * state or visit_date moves its 12 counts; an enterprise handed to another office (or deleted) moves the counts of
 * all its visits. A count can fall to 0 (the row stays; readers treat a missing row as 0). Visit days are
 * YYYY-MM-DD (the API validates them); a visit_date whose month part is not YYYY-MM (01–12) counts in no window.
 */
const KS = Array.from({ length: 12 }, (_, k) => k);

function exprs(dialect: MigrationDialect) {
  /** The window starts (YYYY-MM) of the visit_date `d`: its month minus k, k = 0 … 11 from `ks.k`. */
  const month = (d: string) => {
    if (dialect === 'sqlite') {
      const idx = `(cast(substr(${d}, 1, 4) as integer) * 12 + cast(substr(${d}, 6, 2) as integer) - 1 - ks.k)`;
      return `printf('%04d-%02d', ${idx} / 12, ${idx} % 12 + 1)`;
    }
    // Guarded by the same test as \`valid\`: PostgreSQL may fold the casts of a trigger's NEW values while planning,
    // before the WHERE clause leaves out a plan (visit_date '').
    const idx = `(case when ${d} ~ '^[0-9]{4}-(0[1-9]|1[0-2])' then substr(${d}, 1, 4)::int * 12 + substr(${d}, 6, 2)::int - 1 else 0 end - ks.k)`;
    return `(lpad((${idx} / 12)::text, 4, '0') || '-' || lpad((${idx} % 12 + 1)::text, 2, '0'))`;
  };
  const valid = (d: string) =>
    dialect === 'sqlite'
      ? `${d} GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]*' AND substr(${d}, 6, 2) BETWEEN '01' AND '12'`
      : `${d} ~ '^[0-9]{4}-(0[1-9]|1[0-2])'`;
  const ks =
    dialect === 'sqlite'
      ? `(${KS.map((k) => `SELECT ${k} AS k`).join(' UNION ALL ')}) ks`
      : `(VALUES ${KS.map((k) => `(${k})`).join(', ')}) ks(k)`;
  return { month, valid, ks };
}

const UPSERT = 'ON CONFLICT (owner_id, from_month, company_id) DO UPDATE SET n = service_visit_windows.n + excluded.n';

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db);
  const { month, valid, ks } = exprs(dialect);
  /** One visit (`v` is NEW or OLD) counted `sign` times in its 12 windows, when done and its office recorded it. */
  const rowDelta = (v: string, sign: string) => `INSERT INTO service_visit_windows (owner_id, from_month, company_id, n)
    SELECT c.service_owner_id, ${month(`${v}.visit_date`)}, c.id, ${sign}
    FROM companies c CROSS JOIN ${ks}
    WHERE c.id = ${v}.company_id AND c.service_owner_id = ${v}.owner_id AND ${v}.status = 'done'
      AND ${valid(`${v}.visit_date`)} ${UPSERT}`;
  /** All done visits of one enterprise (`c` is NEW or OLD) counted `sign` times for its office. */
  const companyDelta = (c: string, sign: string) => `INSERT INTO service_visit_windows (owner_id, from_month, company_id, n)
    SELECT ${c}.service_owner_id, ${month('x.visit_date')}, ${c}.id, ${sign} count(*)
    FROM visits x CROSS JOIN ${ks}
    WHERE x.company_id = ${c}.id AND x.owner_id = ${c}.service_owner_id AND x.status = 'done' AND ${valid('x.visit_date')}
    GROUP BY ${month('x.visit_date')} ${UPSERT}`;
  const moved = 'OLD.service_owner_id <> NEW.service_owner_id';

  await db.schema
    .createTable('service_visit_windows')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('from_month', 'varchar(7)', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('service_visit_windows_pk', ['owner_id', 'from_month', 'company_id'])
    .execute();
  await run(`INSERT INTO service_visit_windows (owner_id, from_month, company_id, n)
    SELECT c.service_owner_id, ${month('v.visit_date')}, c.id, count(*)
    FROM visits v JOIN companies c ON c.id = v.company_id AND c.service_owner_id = v.owner_id CROSS JOIN ${ks}
    WHERE v.status = 'done' AND ${valid('v.visit_date')}
    GROUP BY c.service_owner_id, ${month('v.visit_date')}, c.id`);

  const columns = 'owner_id, company_id, status, visit_date';
  if (dialect === 'sqlite') {
    await run(`CREATE TRIGGER service_visit_windows_ins AFTER INSERT ON visits BEGIN ${rowDelta('NEW', '1')}; END`);
    await run(`CREATE TRIGGER service_visit_windows_del AFTER DELETE ON visits BEGIN ${rowDelta('OLD', '-1')}; END`);
    await run(`CREATE TRIGGER service_visit_windows_upd AFTER UPDATE OF ${columns} ON visits
      BEGIN ${rowDelta('OLD', '-1')}; ${rowDelta('NEW', '1')}; END`);
    await run(`CREATE TRIGGER service_visit_windows_company_upd AFTER UPDATE OF service_owner_id ON companies
      WHEN ${moved} BEGIN ${companyDelta('OLD', '-')}; ${companyDelta('NEW', '')}; END`);
    await run(`CREATE TRIGGER service_visit_windows_company_del AFTER DELETE ON companies
      BEGIN ${companyDelta('OLD', '-')}; END`);
    return;
  }
  await run(`CREATE FUNCTION service_visit_windows_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN ${rowDelta('OLD', '-1')}; END IF;
      IF TG_OP <> 'DELETE' THEN ${rowDelta('NEW', '1')}; END IF;
      RETURN NULL;
    END $$`);
  await run(`CREATE TRIGGER service_visit_windows_rows AFTER INSERT OR DELETE OR UPDATE OF ${columns} ON visits
    FOR EACH ROW EXECUTE FUNCTION service_visit_windows_rows()`);
  await run(`CREATE FUNCTION service_visit_windows_companies() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN ${companyDelta('OLD', '-')};
      ELSIF ${moved} THEN ${companyDelta('OLD', '-')}; ${companyDelta('NEW', '')};
      END IF;
      RETURN NULL;
    END $$`);
  await run(`CREATE TRIGGER service_visit_windows_companies AFTER DELETE OR UPDATE OF service_owner_id ON companies
    FOR EACH ROW EXECUTE FUNCTION service_visit_windows_companies()`);
}
