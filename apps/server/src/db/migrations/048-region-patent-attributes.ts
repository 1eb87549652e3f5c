import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';
import { createRegionTriggers, dropRegionTriggers, INVENTION, VALID, type RegionAttrs } from './region-triggers';

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
/** The stored attributes of a patent `p`: column → expression. */
export const ATTRS: RegionAttrs = (p) => [
  ['valid', VALID(p)],
  ['invention', INVENTION(p)],
  ['type', `${p}.type`],
  ['legal_status', `${p}.legal_status`],
  ['app_year', `${p}.app_year`],
  ['ipc', `substr(${p}.ipc_main, 1, 1)`],
  ['gd', `${p}.gd`],
];
/** The patent columns the attributes are made of. */
export const PATENT_COLUMNS = ['legal_status', 'type', 'app_year', 'ipc_main', 'gd'];

/** The district's breakdowns: one index per attribute, n included (rows with n = 0 stay; readers use n > 0). */
const OFFICE_INDEXES = ['type', 'legal_status', 'app_year', 'ipc', 'gd'];

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db);
  await dropRegionTriggers(run, dialect);
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

  await createRegionTriggers(run, dialect, ATTRS, PATENT_COLUMNS);
}
