import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m001 from './migrations/001-accounts';
import * as m002 from './migrations/002-patents';
import * as m003 from './migrations/003-search';
import * as m004 from './migrations/004-account-security';
import * as m005 from './migrations/005-files';
import * as m006 from './migrations/006-job-leases';
import * as m007 from './migrations/007-portfolio';
import * as m008 from './migrations/008-certificates';
import * as m009 from './migrations/009-litigation';
import * as m010 from './migrations/010-admin';
import * as m011 from './migrations/011-messages';
import * as m012 from './migrations/012-fees';
import * as m013 from './migrations/013-calendar';
import * as m014 from './migrations/014-messages-extra';
import * as m015 from './migrations/015-monitoring';
import * as m016 from './migrations/016-reports';
import * as m017 from './migrations/017-enterprise-service';
import * as m018 from './migrations/018-reindex-text';
import * as m019 from './migrations/019-reindex-text';
import * as m021 from './migrations/021-term-29-february';
import * as m022 from './migrations/022-litigation-search';
import * as m023 from './migrations/023-visits-demands';
import * as m024 from './migrations/024-company-honors';
import * as m025 from './migrations/025-grading-warnings';
import * as m026 from './migrations/026-portal-content';
import * as m027 from './migrations/027-consulting-push';
import * as m028 from './migrations/028-activity-stats';
import * as m031 from './migrations/031-field-tokens';
import * as m032 from './migrations/032-enterprise-warnings';
import * as m034 from './migrations/034-company-facts';
import * as m035 from './migrations/035-district-map';
import * as m037 from './migrations/037-image-variants';
import * as m038 from './migrations/038-industry-reports';
import * as m039 from './migrations/039-last-visit';
import * as m040 from './migrations/040-service-visit-days';
import * as m041 from './migrations/041-service-dashboard-indexes';
import * as m043 from './migrations/043-fee-facts-pg';
import * as m044 from './migrations/044-demand-due-index';
import * as m045 from './migrations/045-region-patents';
import * as m046 from './migrations/046-stats-days';
import * as m047 from './migrations/047-service-visit-windows';
import * as m048 from './migrations/048-region-patent-attributes';
import * as m049 from './migrations/049-region-patent-cube';
import * as m050 from './migrations/050-title-index';
import * as m051 from './migrations/051-search-columns-pg';
import * as m052 from './migrations/052-search-changes-pg';
import * as m053 from './migrations/053-narrow-search-heap-pg';
import * as m054 from './migrations/054-tx-index';
import * as m055 from './migrations/055-links-by-patent';
import * as m056 from './migrations/056-index-files';
import { sqliteHandleOf, type Dialect } from './index';
import type { Database } from './schema';
import { prepareIndexFiles } from '../search/engine/index-files';

type DialectMigration = { up(db: Kysely<unknown>, dialect: Dialect): Promise<void> };

/** Every migration in order. A new migration is a new file added here; old ones never change. */
export const MIGRATIONS: Record<string, DialectMigration> = {
  '001-accounts': m001,
  '002-patents': m002,
  '003-search': m003,
  '004-account-security': m004,
  '005-files': m005,
  '006-job-leases': m006,
  '007-portfolio': m007,
  '008-certificates': m008,
  '009-litigation': m009,
  '010-admin': m010,
  '011-messages': m011,
  '012-fees': m012,
  '013-calendar': m013,
  '014-messages-extra': m014,
  '015-monitoring': m015,
  '016-reports': m016,
  '017-enterprise-service': m017,
  '018-reindex-text': m018,
  '019-reindex-text': m019,
  '021-term-29-february': m021,
  '022-litigation-search': m022,
  '023-visits-demands': m023,
  '024-company-honors': m024,
  '025-grading-warnings': m025,
  '026-portal-content': m026,
  '027-consulting-push': m027,
  '028-activity-stats': m028,
  '031-field-tokens': m031,
  '032-enterprise-warnings': m032,
  '034-company-facts': m034,
  '035-district-map': m035,
  '037-image-variants': m037,
  '038-industry-reports': m038,
  '039-last-visit': m039,
  '040-service-visit-days': m040,
  '041-service-dashboard-indexes': m041,
  '043-fee-facts-pg': m043,
  '044-demand-due-index': m044,
  '045-region-patents': m045,
  '046-stats-days': m046,
  '047-service-visit-windows': m047,
  '048-region-patent-attributes': m048,
  '049-region-patent-cube': m049,
  '050-title-index': m050,
  '051-search-columns-pg': m051,
  '052-search-changes-pg': m052,
  '053-narrow-search-heap-pg': m053,
  '054-tx-index': m054,
  '055-links-by-patent': m055,
  '056-index-files': m056,
};

class InCodeProvider implements MigrationProvider {
  constructor(private dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, mod] of Object.entries(MIGRATIONS)) out[name] = { up: (db) => mod.up(db, this.dialect) };
    return out;
  }
}

/**
 * Brings the schema up to date; throws with the failing migration's name. SQLite: then brings the full-text index's
 * side files in line with app.db (prepareIndexFiles: made, moved or rebuilt, and repaired after a crash).
 */
export async function migrate(
  db: Kysely<never>,
  dialect: Dialect,
  log: (msg: string) => void = (msg) => console.log(msg),
): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) throw new Error(`数据库迁移失败${failed ? `（${failed.migrationName}）` : ''}：${String(error)}`);
  const raw = dialect === 'sqlite' ? sqliteHandleOf(db) : undefined;
  if (raw) await prepareIndexFiles(db as unknown as Kysely<Database>, raw, log);
}
