import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * /region/patent's breakdowns from the stored rows (issue 13, speed; ADR 0062 §5). region_patents and
 * region_office_patents (migration 045) carry, besides the 有权 / 有权 发明 flags, the patent attributes the breakdowns
 * group by: type, legal_status, app_year, ipc (the IPC section: the first letter of ipc_main) and gd (the grant date),
 * copied from the patent; filled here with one UPDATE … FROM patents per table. Each breakdown of a main account's
 * district is one GROUP BY over the office's rows (an index per attribute on region_office_patents: an ordered,
 * index-only scan), of one street over the street's rows of region_patents (a range of its primary key).
 *
 * 045's triggers are replaced by the same ones setting the new columns too (the upsert sets the row's attributes,
 * which are the patent's), and the patent trigger also fires when app_year, ipc_main or gd change. 045 itself is not
 * edited: databases may have run it. company_patent_counts is unchanged (its statements are in the same triggers).
 */
const OWN = (x: string) => `${x}.removed = 0 AND ${x}.source <> 'collect'`;
const VALID = (p: string) => `CASE WHEN ${p}.legal_status = '有权' THEN 1 ELSE 0 END`;
const INVENTION = (p: string) => `CASE WHEN ${p}.legal_status = '有权' AND ${p}.type = '发明' THEN 1 ELSE 0 END`;
/** The stored attributes of a patent `p`: column → expression. */
const ATTRS = (p: string): [string, string][] => [
  ['valid', VALID(p)],
  ['invention', INVENTION(p)],
  ['type', `${p}.type`],
  ['legal_status', `${p}.legal_status`],
  ['app_year', `${p}.app_year`],
  ['ipc', `substr(${p}.ipc_main, 1, 1)`],
  ['gd', `${p}.gd`],
];
const ATTR_COLUMNS = ATTRS('p').map(([c]) => c);
/** The patent columns the attributes are made of. */
const PATENT_COLUMNS = ['legal_status', 'type', 'app_year', 'ipc_main', 'gd'];
const P_COLUMNS = (p: string) => PATENT_COLUMNS.map((c) => `${p}.${c}`).join(', ');

const delta = (
  street: string | null,
  owner: string,
  p: string,
  from: string,
  where: string,
  group: (street: boolean) => string,
  sign: string,
) => {
  const table = street === null ? 'region_office_patents' : 'region_patents';
  const key = `owner_id, ${street === null ? '' : 'street_id, '}patent_id`;
  return `INSERT INTO ${table} (${key}, ${ATTR_COLUMNS.join(', ')}, n)
  SELECT ${owner}, ${street === null ? '' : `${street}, `}${p}.id, ${ATTRS(p)
    .map(([, e]) => e)
    .join(', ')}, ${sign}count(*)
  FROM ${from} WHERE ${where} AND ${owner} <> 0 GROUP BY ${group(street !== null)}
  ON CONFLICT (${key}) DO UPDATE SET n = ${table}.n + excluded.n, ${ATTR_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}`;
};
const deltas = (street: string, ...rest: [string, string, string, string, (street: boolean) => string, string]) => [
  delta(street, ...rest),
  delta(null, ...rest),
];
const byLink = (withStreet: boolean) => `c.service_owner_id, ${withStreet ? 'c.street_id, ' : ''}p.id, ${P_COLUMNS('p')}`;
const linkDelta = (v: string, sign: string) =>
  deltas(
    'c.street_id',
    'c.service_owner_id',
    'p',
    `companies c JOIN patents p ON p.id = ${v}.patent_id`,
    `c.id = ${v}.company_id AND ${OWN(v)}`,
    byLink,
    sign,
  ).join('; ');
const companyDelta = (c: string, sign: string) =>
  deltas(
    `${c}.street_id`,
    `${c}.service_owner_id`,
    'p',
    'company_patents x JOIN patents p ON p.id = x.patent_id',
    `x.company_id = ${c}.id AND ${OWN('x')}`,
    () => `p.id, ${P_COLUMNS('p')}`,
    sign,
  ).join('; ');
const patentDelta = (p: string, sign: string) =>
  deltas(
    'c.street_id',
    'c.service_owner_id',
    p,
    'company_patents x JOIN companies c ON c.id = x.company_id',
    `x.patent_id = ${p}.id AND ${OWN('x')}`,
    (withStreet) => `c.service_owner_id${withStreet ? ', c.street_id' : ''}`,
    sign,
  ).join('; ');

// company_patent_counts, as in 045.
const TYPE_INVENTION = (p: string) => `CASE WHEN ${p}.type = '发明' THEN 1 ELSE 0 END`;
const COUNTS = ['patents', 'inventions', 'valid', 'valid_inventions'];
const countsDelta = (x: string, p: string, from: string, where: string, sign: string) =>
  `INSERT INTO company_patent_counts (company_id, ${COUNTS.join(', ')})
  SELECT ${x}.company_id, ${sign}1, ${sign}${TYPE_INVENTION(p)}, ${sign}${VALID(p)}, ${sign}${INVENTION(p)}
  FROM ${from} WHERE ${where} AND ${OWN(x)}
  ON CONFLICT (company_id) DO UPDATE SET ${COUNTS.map((c) => `${c} = company_patent_counts.${c} + excluded.${c}`).join(', ')}`;
const linkCounts = (v: string, sign: string) => countsDelta(v, 'p', 'patents p', `p.id = ${v}.patent_id`, sign);
const patentCounts = (p: string, sign: string) => countsDelta('x', p, 'company_patents x', `x.patent_id = ${p}.id`, sign);

const LINK_COLUMNS = 'company_id, patent_id, removed, source';
const COMPANY_MOVED = 'OLD.street_id <> NEW.street_id OR OLD.service_owner_id <> NEW.service_owner_id';
const PATENT_CHANGED = ['OLD.id <> NEW.id', ...PATENT_COLUMNS.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`)].join(' OR ');
const PATENT_UPDATE = `id, ${PATENT_COLUMNS.join(', ')}`;

/** The district's breakdowns: one index per attribute, n included (rows with n = 0 stay; readers use n > 0). */
const OFFICE_INDEXES = ['type', 'legal_status', 'app_year', 'ipc', 'gd'];

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db);
  if (dialect === 'sqlite') {
    for (const t of ['link_ins', 'link_del', 'link_upd', 'company_ins', 'company_del', 'company_upd']) {
      await run(`DROP TRIGGER IF EXISTS region_patents_${t}`);
    }
    for (const t of ['patent_ins', 'patent_del', 'patent_upd']) await run(`DROP TRIGGER IF EXISTS region_patents_${t}`);
  } else {
    for (const [t, on] of [
      ['links', 'company_patents'],
      ['companies', 'companies'],
      ['patents', 'patents'],
    ]) {
      await run(`DROP TRIGGER IF EXISTS region_patents_${t} ON ${on}`);
      await run(`DROP FUNCTION IF EXISTS region_patents_${t}()`);
    }
  }
  for (const table of ['region_patents', 'region_office_patents']) {
    for (const [col, type] of [
      ['type', 'varchar(10)'],
      ['legal_status', 'varchar(10)'],
      ['app_year', 'integer'],
      ['ipc', 'varchar(10)'],
      ['gd', 'varchar(10)'],
    ])
      await run(`ALTER TABLE ${table} ADD COLUMN ${col} ${type}`);
    await run(`UPDATE ${table} SET type = p.type, legal_status = p.legal_status, app_year = p.app_year,
      ipc = substr(p.ipc_main, 1, 1), gd = p.gd FROM patents p WHERE p.id = ${table}.patent_id`);
  }
  for (const col of OFFICE_INDEXES)
    await run(`CREATE INDEX region_office_patents_${col} ON region_office_patents (owner_id, ${col}, n)`);
  // The district's count, valid and inventions (getSixList, center): the rows, now three times as wide, made SQLite's
  // scan of the office's rows 25 → 70 ms; a narrow covering index keeps it what it was.
  await run('CREATE INDEX region_office_patents_flags ON region_office_patents (owner_id, n, valid, invention)');

  if (dialect === 'sqlite') {
    const on = (name: string, event: string, body: string, when = '') =>
      run(`CREATE TRIGGER region_patents_${name} AFTER ${event} ${when ? `WHEN ${when}` : ''} BEGIN ${body}; END`);
    const link = (v: string, sign: string) => `${linkDelta(v, sign)}; ${linkCounts(v, sign)}`;
    const patent = (v: string, sign: string) => `${patentDelta(v, sign)}; ${patentCounts(v, sign)}`;
    await on('link_ins', 'INSERT ON company_patents', link('NEW', ''));
    await on('link_del', 'DELETE ON company_patents', link('OLD', '-'));
    await on('link_upd', `UPDATE OF ${LINK_COLUMNS} ON company_patents`, `${link('OLD', '-')}; ${link('NEW', '')}`);
    await on('company_ins', 'INSERT ON companies', companyDelta('NEW', ''));
    await on('company_del', 'DELETE ON companies', companyDelta('OLD', '-'));
    await on(
      'company_upd',
      'UPDATE OF street_id, service_owner_id ON companies',
      `${companyDelta('OLD', '-')}; ${companyDelta('NEW', '')}`,
      COMPANY_MOVED,
    );
    await on('patent_ins', 'INSERT ON patents', patent('NEW', ''));
    await on('patent_del', 'DELETE ON patents', patent('OLD', '-'));
    await on(
      'patent_upd',
      `UPDATE OF ${PATENT_UPDATE} ON patents`,
      `${patent('OLD', '-')}; ${patent('NEW', '')}`,
      PATENT_CHANGED.replace(/IS DISTINCT FROM/g, 'IS NOT'),
    );
    return;
  }
  const fn = async (name: string, old: string, neu: string, changed: string, on: string) => {
    await run(`CREATE FUNCTION region_patents_${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN IF NOT (${changed}) THEN RETURN NULL; END IF; END IF;
        IF TG_OP <> 'INSERT' THEN ${old}; END IF;
        IF TG_OP <> 'DELETE' THEN ${neu}; END IF;
        RETURN NULL;
      END $$`);
    await run(`CREATE TRIGGER region_patents_${name} AFTER ${on} FOR EACH ROW EXECUTE FUNCTION region_patents_${name}()`);
  };
  await fn(
    'links',
    `${linkDelta('OLD', '-')}; ${linkCounts('OLD', '-')}`,
    `${linkDelta('NEW', '')}; ${linkCounts('NEW', '')}`,
    'true',
    `INSERT OR DELETE OR UPDATE OF ${LINK_COLUMNS} ON company_patents`,
  );
  await fn(
    'companies',
    companyDelta('OLD', '-'),
    companyDelta('NEW', ''),
    COMPANY_MOVED,
    'INSERT OR DELETE OR UPDATE OF street_id, service_owner_id ON companies',
  );
  await fn(
    'patents',
    `${patentDelta('OLD', '-')}; ${patentCounts('OLD', '-')}`,
    `${patentDelta('NEW', '')}; ${patentCounts('NEW', '')}`,
    PATENT_CHANGED,
    `INSERT OR DELETE OR UPDATE OF ${PATENT_UPDATE} ON patents`,
  );
}
