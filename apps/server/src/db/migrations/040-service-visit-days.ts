import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * The enterprise-service dashboards' stored counts (issue 13, speed; ADR 0059). Office and street are those of the
 * row's enterprise now (companies.service_owner_id, street_id), and only rows the serving office recorded count
 * (owner_id = companies.service_owner_id), as the dashboards' join to companies.
 * - service_visit_days: visits per office × day × street × visitor × state; visit_day is visit_date for a done
 *   visit, plan_date otherwise (the day the dashboards count it on).
 * - service_demand_registered: demands per office × China day of registered_at × street × state × label.
 * - service_demand_handled: handled demands (handled_at set) per office × China day of handled_at × street × handler
 *   × on time (1 when that day is on or before close_due).
 * The office-wide dashboard calls (ADR 0052) sum these rows instead of joining a year of visits or every demand to
 * their enterprises. Kept right by triggers in the writer's statement, whoever writes: a visit or demand inserted,
 * deleted or changed in a column counted moves its count; an enterprise moved to another street or office (or
 * deleted) moves the counts of all its visits and demands. A count can drop to 0 (the row stays; readers use n > 0).
 */
interface Counted {
  table: string;
  source: 'visits' | 'demands';
  /** Key columns and their value from the enterprise `c` and the source row `v` (NEW, OLD or an alias). */
  key: [string, (c: string, v: string) => string][];
  /** Which source rows count, beyond the office's own. */
  where?: (v: string) => string;
  /** The source columns a change of which moves the count. */
  columns: string[];
}

function counted(dialect: MigrationDialect): Counted[] {
  const chinaDay = (col: string) =>
    dialect === 'postgres'
      ? `to_char(${col}::timestamptz AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`
      : `strftime('%Y-%m-%d', ${col}, '+8 hours')`;
  const office: [string, (c: string, v: string) => string] = ['owner_id', (c) => `${c}.service_owner_id`];
  const street: [string, (c: string, v: string) => string] = ['street_id', (c) => `${c}.street_id`];
  return [
    {
      table: 'service_visit_days',
      source: 'visits',
      key: [
        office,
        ['visit_day', (_c, v) => `case when ${v}.status = 'done' then ${v}.visit_date else ${v}.plan_date end`],
        street,
        ['staff_id', (_c, v) => `${v}.staff_id`],
        ['status', (_c, v) => `${v}.status`],
      ],
      columns: ['owner_id', 'company_id', 'staff_id', 'status', 'plan_date', 'visit_date'],
    },
    {
      table: 'service_demand_registered',
      source: 'demands',
      key: [
        office,
        ['registered_day', (_c, v) => chinaDay(`${v}.registered_at`)],
        street,
        ['status', (_c, v) => `${v}.status`],
        ['label_id', (_c, v) => `${v}.label_id`],
      ],
      columns: ['owner_id', 'company_id', 'status', 'label_id', 'registered_at'],
    },
    {
      table: 'service_demand_handled',
      source: 'demands',
      key: [
        office,
        ['handled_day', (_c, v) => chinaDay(`${v}.handled_at`)],
        street,
        ['handler_id', (_c, v) => `${v}.handler_id`],
        ['on_time', (_c, v) => `case when ${chinaDay(`${v}.handled_at`)} <= ${v}.close_due then 1 else 0 end`],
      ],
      where: (v) => `${v}.handled_at is not null`,
      columns: ['owner_id', 'company_id', 'handler_id', 'handled_at', 'close_due'],
    },
  ];
}

const names = (s: Counted) => s.key.map(([k]) => k).join(', ');
const upsert = (s: Counted) => `ON CONFLICT (${names(s)}) DO UPDATE SET n = ${s.table}.n + excluded.n`;
/** One source row (`v` is NEW or OLD) counted `sign` times, when the serving office recorded it. */
const rowDelta = (s: Counted, v: string, sign: string) => `INSERT INTO ${s.table} (${names(s)}, n)
  SELECT ${s.key.map(([, f]) => f('c', v)).join(', ')}, ${sign}
  FROM companies c WHERE c.id = ${v}.company_id AND c.service_owner_id = ${v}.owner_id
  ${s.where ? `AND ${s.where(v)}` : ''} ${upsert(s)}`;
/** All source rows of one enterprise (`c` is NEW or OLD) counted `sign` times with its office and street. */
const companyDelta = (s: Counted, c: string, sign: string) => {
  const own = s.key.filter(([k]) => k !== 'owner_id' && k !== 'street_id').map(([, f]) => f(c, 'x'));
  return `INSERT INTO ${s.table} (${names(s)}, n)
  SELECT ${s.key.map(([, f]) => f(c, 'x')).join(', ')}, ${sign} count(*)
  FROM ${s.source} x WHERE x.company_id = ${c}.id AND x.owner_id = ${c}.service_owner_id
  ${s.where ? `AND ${s.where('x')}` : ''} GROUP BY ${own.join(', ')} ${upsert(s)}`;
};
const COMPANY_MOVED = 'OLD.street_id <> NEW.street_id OR OLD.service_owner_id <> NEW.service_owner_id';

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db);
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
  await db.schema
    .createTable('service_demand_registered')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('registered_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('street_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('label_id', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('service_demand_registered_pk', ['owner_id', 'registered_day', 'street_id', 'status', 'label_id'])
    .execute();
  await db.schema
    .createTable('service_demand_handled')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('handled_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('street_id', 'integer', (c) => c.notNull())
    .addColumn('handler_id', 'integer', (c) => c.notNull())
    .addColumn('on_time', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('service_demand_handled_pk', ['owner_id', 'handled_day', 'street_id', 'handler_id', 'on_time'])
    .execute();

  for (const s of counted(dialect)) {
    const exprs = s.key.map(([, f]) => f('c', 'v')).join(', ');
    await run(`INSERT INTO ${s.table} (${names(s)}, n)
      SELECT ${exprs}, count(*) FROM ${s.source} v JOIN companies c ON c.id = v.company_id AND c.service_owner_id = v.owner_id
      ${s.where ? `WHERE ${s.where('v')}` : ''} GROUP BY ${exprs}`);
    const cols = s.columns.join(', ');
    if (dialect === 'sqlite') {
      await run(`CREATE TRIGGER ${s.table}_ins AFTER INSERT ON ${s.source} BEGIN ${rowDelta(s, 'NEW', '1')}; END`);
      await run(`CREATE TRIGGER ${s.table}_del AFTER DELETE ON ${s.source} BEGIN ${rowDelta(s, 'OLD', '-1')}; END`);
      await run(`CREATE TRIGGER ${s.table}_upd AFTER UPDATE OF ${cols} ON ${s.source}
        BEGIN ${rowDelta(s, 'OLD', '-1')}; ${rowDelta(s, 'NEW', '1')}; END`);
      await run(`CREATE TRIGGER ${s.table}_company_upd AFTER UPDATE OF street_id, service_owner_id ON companies
        WHEN ${COMPANY_MOVED} BEGIN ${companyDelta(s, 'OLD', '-')}; ${companyDelta(s, 'NEW', '')}; END`);
      await run(`CREATE TRIGGER ${s.table}_company_del AFTER DELETE ON companies BEGIN ${companyDelta(s, 'OLD', '-')}; END`);
      continue;
    }
    await run(`CREATE FUNCTION ${s.table}_rows() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN ${rowDelta(s, 'OLD', '-1')}; END IF;
        IF TG_OP <> 'DELETE' THEN ${rowDelta(s, 'NEW', '1')}; END IF;
        RETURN NULL;
      END $$`);
    await run(`CREATE TRIGGER ${s.table}_rows AFTER INSERT OR DELETE OR UPDATE OF ${cols} ON ${s.source}
      FOR EACH ROW EXECUTE FUNCTION ${s.table}_rows()`);
    await run(`CREATE FUNCTION ${s.table}_companies() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN ${companyDelta(s, 'OLD', '-')};
        ELSIF ${COMPANY_MOVED} THEN ${companyDelta(s, 'OLD', '-')}; ${companyDelta(s, 'NEW', '')};
        END IF;
        RETURN NULL;
      END $$`);
    await run(`CREATE TRIGGER ${s.table}_companies AFTER DELETE OR UPDATE OF street_id, service_owner_id ON companies
      FOR EACH ROW EXECUTE FUNCTION ${s.table}_companies()`);
  }
}
