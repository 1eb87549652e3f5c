import type { MigrationDialect } from './helpers';

/**
 * The triggers keeping region_patents, region_office_patents (one row per office × street × patent, per office ×
 * patent, with the patent attributes the dashboards read) and company_patent_counts right (migrations 045, 048, 049;
 * ADR 0062): written by 048 with its attributes and by 049 with one more (the application date). One builder, so that
 * a migration adding an attribute does not repeat the trigger SQL; 048 emits exactly the SQL it did when it was
 * written inline (the schema objects after migrating to 048 were compared before and after the move, on both engines).
 */
type Run = (q: string) => Promise<unknown>;

export const OWN = (x: string) => `${x}.removed = 0 AND ${x}.source <> 'collect'`;
export const VALID = (p: string) => `CASE WHEN ${p}.legal_status = '有权' THEN 1 ELSE 0 END`;
export const INVENTION = (p: string) => `CASE WHEN ${p}.legal_status = '有权' AND ${p}.type = '发明' THEN 1 ELSE 0 END`;

/** The stored attributes of a patent `p`: column → expression. */
export type RegionAttrs = (p: string) => [string, string][];

/** Drops the triggers of 045 / 048 (before an attribute is added and the triggers written again). */
export async function dropRegionTriggers(run: Run, dialect: MigrationDialect): Promise<void> {
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
}

/** Writes the triggers for the attributes `ATTRS`, made of the patent columns `PATENT_COLUMNS`. */
export async function createRegionTriggers(
  run: Run,
  dialect: MigrationDialect,
  ATTRS: RegionAttrs,
  PATENT_COLUMNS: string[],
): Promise<void> {
  const ATTR_COLUMNS = ATTRS('p').map(([c]) => c);
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
