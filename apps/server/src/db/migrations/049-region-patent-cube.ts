import { sql, type Kysely } from 'kysely';
import { ATTRS as ATTRS_048, PATENT_COLUMNS as PATENT_COLUMNS_048 } from './048-region-patent-attributes';
import type { MigrationDialect } from './helpers';
import { createRegionTriggers, dropRegionTriggers } from './region-triggers';

/**
 * A main account's patent figures at 1,000,000 linked patents (issue 13, speed; ADR 0062 §6). region_patents and
 * region_office_patents (migrations 045, 048) hold one row per patent, so the district's figures, /region/patent's
 * breakdowns and the monthly filings and grants were a scan of the office's rows (or of its links): 60–1,200 ms at
 * 1,000,000 patents. Two small tables, kept from those rows by triggers on them, hold the same figures as counts:
 *
 * - region_patent_cube: per office × street × type × legal status × application year × IPC section, how many patents
 *   (rows with n > 0). street_id -1 holds the district (region_office_patents: each patent once, whatever its
 *   streets); a street's rows come from region_patents (street 0: enterprises without a street). Unknown values are
 *   stored as '' (type, legal status, IPC) and 0 (application year): a primary key cannot hold NULL. At most
 *   3 × 3 × years × 8 rows per street, whatever the number of patents.
 * - region_patent_days: per office × street (-1: the district) × kind ('ad' the application date, 'gd' the grant
 *   date) × day (the date as stored), how many patents: a range of days is a range of this key.
 *
 * A partial index on region_patents' invention rows serves a staff scope's valid inventions (its streets' rows).
 *
 * The region rows carry the application date too (ad, as 048 added gd): the triggers of 045/048 are written again
 * with it (region-triggers.ts), and the patent trigger also fires when ad changes.
 *
 * A row of region_patents / region_office_patents counts while its n > 0; the triggers on those tables move its
 * counts when it is inserted, deleted, or updated so that it starts or stops counting or an attribute changes (a
 * link count going from 1 to 2 changes nothing here, and the trigger does not run). Counts can fall to 0 (the row
 * stays; readers use n > 0). Filled here from the stored rows.
 */
const DISTRICT = -1;
const KEY = ['owner_id', 'street_id', 'type', 'legal_status', 'app_year', 'ipc'];
/** The region rows' attributes the counts depend on. */
const ATTRS = ['type', 'legal_status', 'app_year', 'ipc', 'ad', 'gd'];
const DAYS = ['ad', 'gd'] as const;

/** The cube's key values of a row `r` (NEW or OLD) of the source table, the street given. */
const cubeValues = (r: string, street: string) =>
  `${r}.owner_id, ${street}, coalesce(${r}.type, ''), coalesce(${r}.legal_status, ''), coalesce(${r}.app_year, 0), coalesce(${r}.ipc, '')`;
const cubeDelta = (r: string, street: string, sign: string) =>
  `INSERT INTO region_patent_cube (${KEY.join(', ')}, n) VALUES (${cubeValues(r, street)}, ${sign}1)
   ON CONFLICT (${KEY.join(', ')}) DO UPDATE SET n = region_patent_cube.n + excluded.n`;
const dayDelta = (r: string, street: string, sign: string, kind: (typeof DAYS)[number]) =>
  `INSERT INTO region_patent_days (owner_id, street_id, kind, day, n)
   SELECT ${r}.owner_id, ${street}, '${kind}', ${r}.${kind}, ${sign}1 WHERE ${r}.${kind} IS NOT NULL AND ${r}.${kind} <> ''
   ON CONFLICT (owner_id, street_id, kind, day) DO UPDATE SET n = region_patent_days.n + excluded.n`;

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
    for (const kind of DAYS)
      await run(`INSERT INTO region_patent_days (owner_id, street_id, kind, day, n)
        SELECT r.owner_id, ${street('r')}, '${kind}', r.${kind}, count(*) FROM ${table} r
        WHERE r.n > 0 AND r.${kind} IS NOT NULL AND r.${kind} <> '' GROUP BY r.owner_id, ${byStreet}r.${kind}`);
  }
}

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db);
  // The application date on the region rows, and the triggers of 048 written again with it.
  await dropRegionTriggers(run, dialect);
  for (const table of ['region_patents', 'region_office_patents']) {
    await run(`ALTER TABLE ${table} ADD COLUMN ad varchar(10)`);
    await run(`UPDATE ${table} SET ad = p.ad FROM patents p WHERE p.id = ${table}.patent_id`);
  }
  await createRegionTriggers(run, dialect, (p) => [...ATTRS_048(p), ['ad', `${p}.ad`]], [...PATENT_COLUMNS_048, 'ad']);

  await run(`CREATE TABLE region_patent_cube (owner_id integer NOT NULL, street_id integer NOT NULL,
    type varchar(10) NOT NULL, legal_status varchar(10) NOT NULL, app_year integer NOT NULL, ipc varchar(10) NOT NULL,
    n integer NOT NULL, PRIMARY KEY (${KEY.join(', ')}))`);
  await run(`CREATE TABLE region_patent_days (owner_id integer NOT NULL, street_id integer NOT NULL,
    kind varchar(2) NOT NULL, day varchar(10) NOT NULL, n integer NOT NULL, PRIMARY KEY (owner_id, street_id, kind, day))`);
  await fill(db);
  // A staff scope's valid inventions (/visit/center): the invention rows of its streets, without reading the others.
  await run(
    'CREATE INDEX region_patents_inventions ON region_patents (owner_id, street_id, patent_id) WHERE invention = 1 AND n > 0',
  );

  // A row's counts change when it starts or stops counting, or when an attribute (or its office, street) changes.
  const changed = (distinct: string) =>
    ['(OLD.n > 0) <> (NEW.n > 0)', `OLD.owner_id <> NEW.owner_id`, ...ATTRS.map((c) => `OLD.${c} ${distinct} NEW.${c}`)].join(
      ' OR ',
    );
  for (const [table, streetOf] of SOURCES) {
    const streetChanged = table === 'region_patents' ? ' OR OLD.street_id <> NEW.street_id' : '';
    const add = (r: string, sign: string) =>
      [cubeDelta(r, streetOf(r), sign), ...DAYS.map((k) => dayDelta(r, streetOf(r), sign, k))].join('; ');
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
