import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * A main account's patent figures at 1,000,000 linked patents (issue 13, speed; ADR 0062 §6). region_patents and
 * region_office_patents (migrations 045, 048) hold one row per patent, so the district's figures and /region/patent's
 * breakdowns were a scan of the office's rows: 60–420 ms at 1,000,000 patents. Two small tables, kept from those
 * rows by triggers on them, hold the same figures as counts:
 *
 * - region_patent_cube: per office × street × type × legal status × application year × IPC section, how many patents
 *   (rows with n > 0). street_id -1 holds the district (region_office_patents: each patent once, whatever its
 *   streets); a street's rows come from region_patents (street 0: enterprises without a street). Unknown values are
 *   stored as '' (type, legal status, IPC) and 0 (application year): a primary key cannot hold NULL. At most
 *   3 × 3 × years × 8 rows per street, whatever the number of patents.
 * - region_grant_months: per office × street (-1: the district) × grant month (YYYY-MM of gd), how many patents.
 *
 * A row of region_patents / region_office_patents counts while its n > 0; the triggers move its count when it is
 * inserted, deleted, or updated so that it starts or stops counting or its attributes change (a link count going
 * from 1 to 2 changes nothing here, and the trigger does not run). Counts can fall to 0 (the row stays; readers use
 * n > 0). Filled here from the stored rows.
 */
const DISTRICT = -1;
const KEY = ['owner_id', 'street_id', 'type', 'legal_status', 'app_year', 'ipc'];
const ATTRS = ['type', 'legal_status', 'app_year', 'ipc', 'gd'];

/** The cube's key values of a row `r` (NEW or OLD) of the source table, the street given. */
const cubeValues = (r: string, street: string) =>
  `${r}.owner_id, ${street}, coalesce(${r}.type, ''), coalesce(${r}.legal_status, ''), coalesce(${r}.app_year, 0), coalesce(${r}.ipc, '')`;
const cubeDelta = (r: string, street: string, sign: string) =>
  `INSERT INTO region_patent_cube (${KEY.join(', ')}, n) VALUES (${cubeValues(r, street)}, ${sign}1)
   ON CONFLICT (${KEY.join(', ')}) DO UPDATE SET n = region_patent_cube.n + excluded.n`;
const grantDelta = (r: string, street: string, sign: string) =>
  `INSERT INTO region_grant_months (owner_id, street_id, month, n)
   SELECT ${r}.owner_id, ${street}, substr(${r}.gd, 1, 7), ${sign}1 WHERE ${r}.gd IS NOT NULL AND ${r}.gd <> ''
   ON CONFLICT (owner_id, street_id, month) DO UPDATE SET n = region_grant_months.n + excluded.n`;

const SOURCES: [table: string, street: (r: string) => string][] = [
  ['region_patents', (r) => `${r}.street_id`],
  ['region_office_patents', () => String(DISTRICT)],
];

/** The counts computed from the stored rows (the migration on an existing database; a test after emptying them). */
export async function fill(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db);
  for (const [table, street] of SOURCES) {
    // (the district's street is a constant: GROUP BY -1 would name a column by position)
    const byStreet = table === 'region_patents' ? 'r.street_id, ' : '';
    await run(`INSERT INTO region_patent_cube (${KEY.join(', ')}, n)
      SELECT ${cubeValues('r', street('r'))}, count(*) FROM ${table} r WHERE r.n > 0
      GROUP BY r.owner_id, ${byStreet}coalesce(r.type, ''), coalesce(r.legal_status, ''), coalesce(r.app_year, 0),
        coalesce(r.ipc, '')`);
    await run(`INSERT INTO region_grant_months (owner_id, street_id, month, n)
      SELECT r.owner_id, ${street('r')}, substr(r.gd, 1, 7), count(*) FROM ${table} r
      WHERE r.n > 0 AND r.gd IS NOT NULL AND r.gd <> '' GROUP BY r.owner_id, ${byStreet}substr(r.gd, 1, 7)`);
  }
}

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db);
  await run(`CREATE TABLE region_patent_cube (owner_id integer NOT NULL, street_id integer NOT NULL,
    type varchar(10) NOT NULL, legal_status varchar(10) NOT NULL, app_year integer NOT NULL, ipc varchar(10) NOT NULL,
    n integer NOT NULL, PRIMARY KEY (${KEY.join(', ')}))`);
  await run(`CREATE TABLE region_grant_months (owner_id integer NOT NULL, street_id integer NOT NULL,
    month varchar(10) NOT NULL, n integer NOT NULL, PRIMARY KEY (owner_id, street_id, month))`);
  await fill(db);

  // A row's count changes when it starts or stops counting, or when an attribute (or its office, street) changes.
  const changed = (distinct: string) =>
    ['(OLD.n > 0) <> (NEW.n > 0)', `OLD.owner_id <> NEW.owner_id`, ...ATTRS.map((c) => `OLD.${c} ${distinct} NEW.${c}`)].join(
      ' OR ',
    );
  for (const [table, streetOf] of SOURCES) {
    const streetChanged = table === 'region_patents' ? ' OR OLD.street_id <> NEW.street_id' : '';
    const add = (r: string, sign: string) => `${cubeDelta(r, streetOf(r), sign)}; ${grantDelta(r, streetOf(r), sign)}`;
    if (dialect === 'sqlite') {
      const on = (name: string, event: string, body: string, when: string) =>
        run(`CREATE TRIGGER ${table}_cube_${name} AFTER ${event} ON ${table} WHEN ${when} BEGIN ${body}; END`);
      await on('ins', 'INSERT', add('NEW', ''), 'NEW.n > 0');
      await on('del', 'DELETE', add('OLD', '-'), 'OLD.n > 0');
      // Two triggers for an update: the old values out (when they counted), the new ones in (when they count).
      await on('upd_old', 'UPDATE', add('OLD', '-'), `OLD.n > 0 AND (${changed('IS NOT')}${streetChanged})`);
      await on('upd_new', 'UPDATE', add('NEW', ''), `NEW.n > 0 AND (${changed('IS NOT')}${streetChanged})`);
      continue;
    }
    await run(`CREATE FUNCTION ${table}_cube() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN IF NOT (${changed('IS DISTINCT FROM')}${streetChanged}) THEN RETURN NULL; END IF; END IF;
        IF TG_OP <> 'INSERT' AND OLD.n > 0 THEN ${add('OLD', '-')}; END IF;
        IF TG_OP <> 'DELETE' AND NEW.n > 0 THEN ${add('NEW', '')}; END IF;
        RETURN NULL;
      END $$`);
    await run(
      `CREATE TRIGGER ${table}_cube AFTER INSERT OR DELETE OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_cube()`,
    );
  }
}
