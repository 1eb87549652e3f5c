// A throwaway PostgreSQL 15 cluster loaded for the search benchmarks on PostgreSQL (pg-search-bench.ts,
// pg-servers-bench.ts): a database `bench`, migrated, `count` demo patents plus the real records imported through the
// product's import path (seedDemoPatents, importJsonlFile), then VACUUM ANALYZE as a settled database would be.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql, type LogConfig } from 'kysely';
import pg from 'pg';
// @ts-expect-error scripts/pg.mjs is plain JavaScript
import { startPg } from '../../scripts/pg.mjs';
import { REPO_ROOT } from '../../apps/server/src/config';
import type { Db } from '../../apps/server/src/db';
import { migrate } from '../../apps/server/src/db/migrate';
import type { Database } from '../../apps/server/src/db/schema';
import { importJsonlFile } from '../../apps/server/src/modules/patents/patent-import';
import { jsonlFiles, seedDemoPatents } from '../../apps/server/src/modules/patents/patent-seed';

/** The real records: PATENT_DATA_DIR, else ../shared/data/patents beside the repository. */
export const realRecordsDir = () => process.env.PATENT_DATA_DIR ?? path.resolve(REPO_ROOT, '../shared/data/patents');

export interface BenchPg {
  /** The `bench` database's URL (what a server gets as DATABASE_URL). */
  url: string;
  db: Db;
  k: Kysely<Database>;
  /** Patents in the database after loading. */
  total: number;
  /** Closes the pool, stops the cluster and deletes its directory (idempotent). */
  stop(): Promise<void>;
}

/**
 * Starts the cluster, creates and migrates `bench`, loads `count` demo patents and the real records (progress through
 * `log`). `kyselyLog` is handed to the benchmark's own Kysely instance (e.g. timing per statement).
 */
export async function startLoadedPg(opts: {
  count: number;
  log?: (m: string) => void;
  poolMax?: number;
  kyselyLog?: LogConfig;
}): Promise<BenchPg> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const server = await startPg({ log });
  let k: Kysely<Database> | null = null;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await k?.destroy();
    server.stop();
  };
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    const url = (server.url as string).replace(/\/postgres$/, '/bench');
    const pool = new pg.Pool({ connectionString: url, max: opts.poolMax ?? 10 });
    k = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: opts.kyselyLog });
    const db = { db: k, dialect: 'postgres', pool, close: () => k!.destroy() } as Db;
    await migrate(k as never, 'postgres');

    let t0 = performance.now();
    await seedDemoPatents(db, opts.count, { batchSize: 1000 });
    log(`loaded ${opts.count.toLocaleString('en-US')} demo patents in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const dir = realRecordsDir();
    if (fs.existsSync(dir)) {
      t0 = performance.now();
      let n = 0;
      for (const f of jsonlFiles(dir)) n += (await importJsonlFile(db, f, { batchSize: 1000 })).inserted;
      log(`imported ${n.toLocaleString('en-US')} real records in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    } else log(`no real records in ${dir}`);
    // As a database settles in use (autovacuum): the visibility map lets the id lookups skip the heap.
    await sql`VACUUM ANALYZE`.execute(k);
    const total = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM patents`.execute(k)).rows[0].n);
    return { url, db, k, total, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
