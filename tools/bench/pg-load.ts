// A PostgreSQL 15 cluster loaded for the search benchmarks on PostgreSQL (pg-search-bench.ts, pg-servers-bench.ts):
// a database `bench`, migrated, `count` demo patents plus the real records imported through the product's import
// path (seedDemoPatents, importJsonlFile), then VACUUM ANALYZE as a settled database would be.
//
// Two ways to load, the same stored rows (tools/bench/pg-load-check.ts compares them table by table):
//   • 'product': every index in place, as the server imports;
//   • 'fast': the GIN indexes of the text index (patent_search, patent_text_chunks) dropped before the import and
//     built again afterwards from their own definitions (pg_indexes), with a large maintenance_work_mem, two at a
//     time. Building a GIN index in one pass sorts its entries once; the import otherwise inserts every entry into
//     the pending lists and merges them into ever bigger trees, which ADR 0065 measured as most of the server's
//     time per patent (and it grows with the index).
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
import { DEFAULT_DEMO_SEED } from '../../apps/server/src/modules/patents/demo-patents';
import { jsonlFiles, seedDemoPatents } from '../../apps/server/src/modules/patents/patent-seed';

/** The real records: PATENT_DATA_DIR, else ../shared/data/patents beside the repository. */
export const realRecordsDir = () => process.env.PATENT_DATA_DIR ?? path.resolve(REPO_ROOT, '../shared/data/patents');

export type LoadMode = 'product' | 'fast';

export interface BenchPg {
  /** The `bench` database's URL (what a server gets as DATABASE_URL). */
  url: string;
  db: Db;
  k: Kysely<Database>;
  /** Patents in the database after loading. */
  total: number;
  /** Seconds the load took (demo, real records, index builds, VACUUM ANALYZE); null when a kept cluster was reused. */
  loadSeconds: number | null;
  /** The cluster's directory (data, log, socket). */
  dir: string;
  /** Closes the pool and stops the cluster; deletes its directory unless it was given as `dir` (idempotent). */
  stop(): Promise<void>;
}

export interface LoadOptions {
  count: number;
  load?: LoadMode;
  log?: (m: string) => void;
  /** The time stamped on written rows (two loads compared row by row need the same). */
  now?: () => string;
}

const TEXT_INDEX_TABLES = ['patent_search', 'patent_text_chunks'];

/** The GIN indexes of the text index as they are now (name, CREATE INDEX statement). */
export async function textGinIndexes(db: Db): Promise<{ name: string; def: string }[]> {
  return (
    await sql<{ name: string; def: string }>`SELECT indexname AS name, indexdef AS def FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename IN (${sql.join(TEXT_INDEX_TABLES)}) AND indexdef LIKE '% USING gin %'
      ORDER BY indexname`.execute(db.db)
  ).rows;
}

/**
 * Demo patents per generator seed: one generator's application numbers of a year and type run out at about 1.1M
 * patents (its lane's share of the 7-digit serials, demo-patents.ts), so a larger load takes its patents from
 * consecutive seeds, a million each: the seeds are in different number lanes, so their numbers never meet. Up to a
 * million it is the default seed's stream alone, as before.
 */
const PATENTS_PER_SEED = 1_000_000;

/**
 * `count` demo patents, then the real records, through the product's import (either engine). Resumes a load that
 * was cut short (a kept database): each seed's demo patents are stored in the generator's order, the seeds one after
 * another and all before any real record, so while no real record is stored the K patents of a seed there are its
 * stream's first K, skipped here; once real records are stored the demo part is complete (some of its patents gave
 * way to real records with the same number). The real records are imported in any case (unchanged ones are only
 * compared).
 */
export async function seedPatents(db: Db, opts: LoadOptions & { batchSize?: number }): Promise<void> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const k = db.db;
  const real = Number(
    (await sql<{ n: number }>`SELECT count(*) AS n FROM patents WHERE source NOT LIKE 'demo:%'`.execute(k)).rows[0].n,
  );
  let t0 = performance.now();
  let shown = t0;
  let inserted = 0;
  for (let part = 0; part * PATENTS_PER_SEED < opts.count; part++) {
    const seed = DEFAULT_DEMO_SEED + part;
    const before = part * PATENTS_PER_SEED;
    const want = Math.min(PATENTS_PER_SEED, opts.count - before);
    const demo = Number(
      (await sql<{ n: number }>`SELECT count(*) AS n FROM patents WHERE source = ${`demo:${seed}`}`.execute(k)).rows[0].n,
    );
    const skip = real ? want : Math.min(demo, want);
    if (skip)
      log(
        `resuming: ${demo.toLocaleString('en-US')} demo patents of seed ${seed} and ${real.toLocaleString('en-US')} other patents stored`,
      );
    if (skip === want) continue;
    let seen = 0;
    const partStart = performance.now();
    const c = await seedDemoPatents(db, want - skip, {
      seed,
      batchSize: opts.batchSize ?? 1000,
      now: opts.now,
      accept: skip ? () => ++seen > skip : undefined,
      onProgress(done) {
        const now = performance.now();
        if (now - shown < 30000) return;
        shown = now;
        const rate = done / ((now - partStart) / 1000);
        log(
          `  ${(before + skip + done).toLocaleString('en-US')} / ${opts.count.toLocaleString('en-US')}  ${Math.round(rate)} patents/s  load ${loadavg()}`,
        );
      },
    });
    inserted += c.inserted;
  }
  log(
    `loaded ${inserted.toLocaleString('en-US')} demo patents in ${((performance.now() - t0) / 1000).toFixed(1)} s, load ${loadavg()}`,
  );
  const dir = realRecordsDir();
  if (fs.existsSync(dir)) {
    t0 = performance.now();
    let n = 0;
    for (const f of jsonlFiles(dir))
      n += (await importJsonlFile(db, f, { batchSize: opts.batchSize ?? 1000, now: opts.now })).inserted;
    log(`imported ${n.toLocaleString('en-US')} real records in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } else log(`no real records in ${dir}`);
}

/**
 * Loads a migrated database (seedPatents) and builds the GIN indexes of `gin` that are missing (all of them after a
 * fast load, which drops them first); returns the seconds taken.
 */
export async function loadPatents(db: Db, opts: LoadOptions & { gin?: { name: string; def: string }[] }): Promise<number> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const k = db.db;
  const start = performance.now();
  const gin = opts.gin ?? (await textGinIndexes(db));
  if (opts.load === 'fast') {
    const present = await textGinIndexes(db);
    for (const i of present) await sql`DROP INDEX ${sql.id(i.name)}`.execute(k);
    if (present.length)
      log(`fast load: ${present.length} GIN indexes dropped for the import (${present.map((i) => i.name).join(', ')})`);
  }
  await seedPatents(db, opts);

  const present = new Set((await textGinIndexes(db)).map((i) => i.name));
  const missing = gin.filter((i) => !present.has(i.name));
  if (missing.length) {
    const t0 = performance.now();
    // Two builds at a time (one per core), each on a connection of its own with room to sort in memory.
    const queue = [...missing];
    await Promise.all(
      [0, 1].map(() =>
        k.connection().execute(async (c) => {
          await sql`SET maintenance_work_mem = '1GB'`.execute(c);
          for (let i = queue.shift(); i; i = queue.shift()) await sql.raw(i.def).execute(c);
        }),
      ),
    );
    log(`built ${missing.length} GIN indexes in ${((performance.now() - t0) / 1000).toFixed(1)} s, load ${loadavg()}`);
  }
  const t0 = performance.now();
  // As a database settles in use (autovacuum): the visibility map lets the id lookups skip the heap.
  await sql`VACUUM ANALYZE`.execute(k);
  log(`VACUUM ANALYZE in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return (performance.now() - start) / 1000;
}

export const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** A Db over one database of a cluster. */
export function pgDb(url: string, opts: { poolMax?: number; kyselyLog?: LogConfig } = {}): Db {
  const pool = new pg.Pool({ connectionString: url, max: opts.poolMax ?? 10 });
  const k = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: opts.kyselyLog });
  return { db: k, dialect: 'postgres', pool, close: () => k.destroy() } as Db;
}

/** Creates and migrates database `name` on the cluster at `serverUrl`; returns its URL. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = serverUrl.replace(/\/postgres$/, `/${name}`);
  const db = pgDb(url, { poolMax: 1 });
  await migrate(db.db as never, 'postgres');
  await db.close();
  return url;
}

/**
 * Starts the cluster (kept in `dir` when given: a loaded `bench` database there is reused as it is), creates,
 * migrates and loads `bench` (progress through `log`). `settings` go to the server at start (scripts/pg.mjs);
 * `kyselyLog` is handed to the benchmark's own Kysely instance (e.g. timing per statement).
 */
export async function startLoadedPg(
  opts: LoadOptions & {
    poolMax?: number;
    kyselyLog?: LogConfig;
    dir?: string;
    settings?: Record<string, string>;
  },
): Promise<BenchPg> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const server = await startPg({ log, dir: opts.dir, settings: opts.settings });
  let db: Db | null = null;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await db?.close();
    server.stop();
  };
  try {
    const url = (server.url as string).replace(/\/postgres$/, '/bench');
    let loadSeconds: number | null = null;
    // A kept cluster marks a finished load with this file; without it the load there was cut short and resumes.
    const loaded = path.join(server.dir, 'loaded');
    if (!server.reused) await createDatabase(server.url, 'bench');
    db = pgDb(url, opts);
    const k = db.db;
    if (fs.existsSync(loaded)) {
      // Migrations added since the load (e.g. an index) apply as they would to a server's database.
      await migrate(k as never, 'postgres');
      log(`reusing the loaded cluster in ${server.dir}`);
    } else {
      // The GIN indexes as the migrations write them, from a scratch database when a cut fast load dropped them.
      let gin = await textGinIndexes(db);
      if (server.reused) {
        const scratch = pgDb(await createDatabase(server.url, 'bench_indexes'), { poolMax: 1 });
        gin = await textGinIndexes(scratch);
        await scratch.close();
        const admin = pgDb(server.url, { poolMax: 1 });
        await sql`DROP DATABASE bench_indexes`.execute(admin.db);
        await admin.close();
      }
      loadSeconds = await loadPatents(db, { ...opts, gin });
      if (opts.dir) fs.writeFileSync(loaded, `${new Date().toISOString()} ${opts.count}\n`);
    }
    const total = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM patents`.execute(k)).rows[0].n);
    return { url, db, k, total, loadSeconds, dir: server.dir, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
