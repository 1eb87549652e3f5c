import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * The district dashboards' patent figures, stored (issue 13, speed; ADR 0062). region_patents: one row per office ×
 * street × patent the office's enterprises of that street hold as their own (company_patents not removed, not only
 * collected — region.service.ts OWN_PATENT), with n the number of such links (a patent two enterprises of one street
 * hold: one row, n = 2) and the patent's 有权 (valid) and 有权 发明 (invention) flags. Office and street are those of
 * the enterprise now (companies.service_owner_id, street_id; enterprises no office serves are left out); a link to a
 * patent that does not exist counts nothing, as the dashboards' join to patents. A street's figures are count(*),
 * sum(valid), sum(invention) of its rows with n > 0; the district's count each patent once over its streets.
 * company_patent_counts: per enterprise (whoever serves it) its own patents, 发明 among them, 有权 ones and 有权 发明 —
 * the top enterprises of /region/center and the top applicants of /region/patent, without grouping every link.
 *
 * Both kept right by triggers in the writer's statement, whoever writes (ADR 0059 §2, migration 040): a link inserted,
 * deleted, or changed in enterprise, patent, removed or source moves its count; an enterprise moved to another street
 * or office moves the counts of all its links, and one inserted or deleted adds or takes them; a patent inserted,
 * deleted, or changed in legal status or type takes its links with the old flags and adds them with the new ones
 * (the upsert sets the flags of the row it touches, which are the patent's). A count can drop to 0: the row stays,
 * readers use n > 0 (patents > 0). company_patent_counts does not depend on the enterprise's office or street: only
 * links and patents move it. Both filled here from the existing links with one INSERT … SELECT.
 */
const OWN = (x: string) => `${x}.removed = 0 AND ${x}.source <> 'collect'`;
const VALID = (p: string) => `CASE WHEN ${p}.legal_status = '有权' THEN 1 ELSE 0 END`;
const INVENTION = (p: string) => `CASE WHEN ${p}.legal_status = '有权' AND ${p}.type = '发明' THEN 1 ELSE 0 END`;

/**
 * Own links counted `sign` times per office × street × patent (street: region_patents) or per office × patent
 * (region_office_patents): `owner`, `street` the enterprise's office and street, `p` the patent (an alias or NEW /
 * OLD), over `from` where `where`, grouped by `group(street)`.
 */
const delta = (
  street: string | null,
  owner: string,
  p: string,
  from: string,
  where: string,
  group: (street: boolean) => string,
  sign: string,
) =>
  `INSERT INTO ${street === null ? 'region_office_patents' : 'region_patents'}
  (owner_id, ${street === null ? '' : 'street_id, '}patent_id, valid, invention, n)
  SELECT ${owner}, ${street === null ? '' : `${street}, `}${p}.id, ${VALID(p)}, ${INVENTION(p)}, ${sign}count(*)
  FROM ${from} WHERE ${where} AND ${owner} <> 0 GROUP BY ${group(street !== null)}
  ON CONFLICT (owner_id, ${street === null ? '' : 'street_id, '}patent_id) DO UPDATE SET
  n = ${street === null ? 'region_office_patents' : 'region_patents'}.n + excluded.n, valid = excluded.valid,
  invention = excluded.invention`;
/** Both tables' statements. */
const deltas = (street: string, ...rest: [string, string, string, string, (street: boolean) => string, string]) => [
  delta(street, ...rest),
  delta(null, ...rest),
];
const byLink = (withStreet: boolean) => `c.service_owner_id, ${withStreet ? 'c.street_id, ' : ''}p.id, p.legal_status, p.type`;
/** One link (`v` is NEW or OLD), when its enterprise and patent exist. */
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
/** Every own link of an enterprise (`c` is NEW or OLD). */
const companyDelta = (c: string, sign: string) =>
  deltas(
    `${c}.street_id`,
    `${c}.service_owner_id`,
    'p',
    'company_patents x JOIN patents p ON p.id = x.patent_id',
    `x.company_id = ${c}.id AND ${OWN('x')}`,
    () => 'p.id, p.legal_status, p.type',
    sign,
  ).join('; ');
/** Every own link of a patent (`p` is NEW or OLD). */
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

const TYPE_INVENTION = (p: string) => `CASE WHEN ${p}.type = '发明' THEN 1 ELSE 0 END`;
const COUNTS = ['patents', 'inventions', 'valid', 'valid_inventions'];
/** company_patent_counts: own links (`x` a link, NEW or OLD; `p` its patent) counted `sign` times per enterprise. */
const countsDelta = (x: string, p: string, from: string, where: string, sign: string) =>
  `INSERT INTO company_patent_counts (company_id, ${COUNTS.join(', ')})
  SELECT ${x}.company_id, ${sign}1, ${sign}${TYPE_INVENTION(p)}, ${sign}${VALID(p)}, ${sign}${INVENTION(p)}
  FROM ${from} WHERE ${where} AND ${OWN(x)}
  ON CONFLICT (company_id) DO UPDATE SET ${COUNTS.map((c) => `${c} = company_patent_counts.${c} + excluded.${c}`).join(', ')}`;
/** One link (a link is one patent of one enterprise). */
const linkCounts = (v: string, sign: string) => countsDelta(v, 'p', 'patents p', `p.id = ${v}.patent_id`, sign);
/** Every own link of a patent. */
const patentCounts = (p: string, sign: string) => countsDelta('x', p, 'company_patents x', `x.patent_id = ${p}.id`, sign);

const LINK_COLUMNS = 'company_id, patent_id, removed, source';
const COMPANY_MOVED = 'OLD.street_id <> NEW.street_id OR OLD.service_owner_id <> NEW.service_owner_id';
const PATENT_CHANGED = `OLD.id <> NEW.id OR OLD.legal_status IS DISTINCT FROM NEW.legal_status
  OR OLD.type IS DISTINCT FROM NEW.type`;

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db);
  let table = db.schema
    .createTable('region_patents')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('street_id', 'integer', (c) => c.notNull())
    .addColumn('patent_id', 'integer', (c) => c.notNull())
    .addColumn('valid', 'integer', (c) => c.notNull())
    .addColumn('invention', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('region_patents_pk', ['owner_id', 'street_id', 'patent_id']);
  if (dialect === 'sqlite') table = table.modifyEnd(sql`WITHOUT ROWID`);
  await table.execute();
  // The district's figures count each patent once: its rows over all streets of the office.
  let office = db.schema
    .createTable('region_office_patents')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('patent_id', 'integer', (c) => c.notNull())
    .addColumn('valid', 'integer', (c) => c.notNull())
    .addColumn('invention', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('region_office_patents_pk', ['owner_id', 'patent_id']);
  if (dialect === 'sqlite') office = office.modifyEnd(sql`WITHOUT ROWID`);
  await office.execute();
  await db.schema
    .createTable('company_patent_counts')
    .addColumn('company_id', 'integer', (c) => c.primaryKey())
    .addColumn('patents', 'integer', (c) => c.notNull())
    .addColumn('inventions', 'integer', (c) => c.notNull())
    .addColumn('valid', 'integer', (c) => c.notNull())
    .addColumn('valid_inventions', 'integer', (c) => c.notNull())
    .execute();
  await run(`INSERT INTO company_patent_counts (company_id, ${COUNTS.join(', ')})
    SELECT x.company_id, count(*), sum(${TYPE_INVENTION('p')}), sum(${VALID('p')}), sum(${INVENTION('p')})
    FROM company_patents x JOIN patents p ON p.id = x.patent_id WHERE ${OWN('x')} GROUP BY x.company_id`);
  for (const fill of deltas(
    'c.street_id',
    'c.service_owner_id',
    'p',
    'company_patents x JOIN companies c ON c.id = x.company_id JOIN patents p ON p.id = x.patent_id',
    OWN('x'),
    byLink,
    '',
  ))
    await run(fill);

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
      'UPDATE OF id, legal_status, type ON patents',
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
    'INSERT OR DELETE OR UPDATE OF id, legal_status, type ON patents',
  );
}
