import { linkCompanyPatents } from '../company/company-link';
// Patents on a fresh install (outside production): demo patents at once, so search works from the first page view,
// and the real records of PATENT_DATA_DIR (../shared/data/patents) imported in the background as a job.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db';
import { bulkImport } from '../../search/engine/index-files';
import type { Deps } from '../../deps';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/write';
import { insertJob } from '../jobs/jobs.service';
import { DEFAULT_DEMO_SEED, DemoPatentGenerator } from './demo-patents';
import { pnStem, validateRecord, type PatentInput } from './patent-record';
import { countPatents, upsertPatents, type UpsertCounts } from './patents.repo';
import { PATENT_IMPORT_JOB, type PatentImportParams } from './patents.jobs';

/** What seedDemoPatents did: upsert counts, and generated records skipped because their numbers were taken. */
export interface SeedCounts extends UpsertCounts {
  skipped: number;
}

export interface SeedPatentsOptions {
  seed?: number;
  batchSize?: number;
  now?: () => string;
  onProgress?: (stored: number, counts: SeedCounts) => void;
  /** Runs inside the last batch's transaction. */
  inLastTransaction?: (trx: Transaction<Database>) => Promise<void>;
  /** Keeps only the generated records it accepts (the others are dropped and more are generated). */
  accept?: (record: PatentInput) => boolean;
}

/**
 * The records of a batch whose numbers are already stored for another patent: the application number stored from
 * another source (a real record, another seed's demo patent: the source is `demo:<seed>`), or a publication number
 * belonging to any patent but this record's stored self. A record stored by an earlier run of the same seed is its
 * own self and stays (updated or unchanged).
 */
async function takenElsewhere(db: Db, batch: PatentInput[], source: string): Promise<Set<PatentInput>> {
  const taken = new Set<PatentInput>();
  const byAn = new Map<string, { id: number; source: string }>();
  const byStem = new Map<string, Set<number>>();
  for (let i = 0; i < batch.length; i += 500) {
    const part = batch.slice(i, i + 500);
    const ans = part.map((r) => r.an).filter((an): an is string => Boolean(an));
    const stems = [...new Set(part.flatMap((r) => r.publications.map((p) => pnStem(p.pn))))];
    if (ans.length) {
      for (const row of await db.db.selectFrom('patents').select(['id', 'an', 'source']).where('an', 'in', ans).execute()) {
        byAn.set(row.an!, { id: Number(row.id), source: row.source });
      }
    }
    if (stems.length) {
      for (const row of await db.db
        .selectFrom('patent_pubs')
        .select(['stem', 'patent_id'])
        .where('stem', 'in', stems)
        .execute()) {
        const ids = byStem.get(row.stem) ?? new Set<number>();
        ids.add(Number(row.patent_id));
        byStem.set(row.stem, ids);
      }
    }
  }
  for (const r of batch) {
    const stored = r.an ? byAn.get(r.an) : undefined;
    if (stored && stored.source !== source) {
      taken.add(r);
      continue;
    }
    for (const p of r.publications) {
      const owners = byStem.get(pnStem(p.pn));
      if (owners && [...owners].some((id) => id !== stored?.id)) taken.add(r);
    }
  }
  return taken;
}

/**
 * Generates `count` demo patents and upserts them in batches (each batch one transaction). Generated records whose
 * application or publication number is already stored for another patent are skipped (and more are generated), so
 * runs with different seeds never store two patents under one number.
 */
export async function seedDemoPatents(db: Db, count: number, opts: SeedPatentsOptions = {}): Promise<SeedCounts> {
  return bulkImport(db, () => seedDemo(db, count, opts));
}

async function seedDemo(db: Db, count: number, opts: SeedPatentsOptions): Promise<SeedCounts> {
  const seed = opts.seed ?? DEFAULT_DEMO_SEED;
  const source = `demo:${seed}`;
  const gen = new DemoPatentGenerator(seed);
  const batchSize = opts.batchSize ?? 1000;
  const total: SeedCounts = { inserted: 0, updated: 0, unchanged: 0, skipped: 0 };
  let done = 0;
  let generated = 0;
  while (done < count) {
    const want = Math.min(batchSize, count - done);
    let batch: PatentInput[] = [];
    // Fill the batch with records whose numbers are free (a few rounds at most: collisions are rare).
    while (batch.length < want) {
      const fresh: PatentInput[] = [];
      while (batch.length + fresh.length < want) {
        generated++;
        const v = validateRecord(gen.next(), generated, { source });
        if (!v.ok) throw new Error(`演示专利第 ${generated} 条生成有误：${v.reason}`);
        if (opts.accept && !opts.accept(v.record)) continue;
        fresh.push(v.record);
      }
      const taken = await takenElsewhere(db, fresh, source);
      total.skipped += taken.size;
      batch = batch.concat(fresh.filter((r) => !taken.has(r)));
    }
    done += batch.length;
    const last = done === count;
    const c = await upsertPatents(db, batch, opts.now?.() ?? new Date().toISOString(), {
      inTransaction: last && opts.inLastTransaction ? (trx) => opts.inLastTransaction!(trx) : undefined,
    });
    total.inserted += c.inserted;
    total.updated += c.updated;
    total.unchanged += c.unchanged;
    opts.onProgress?.(done, total);
  }
  return total;
}

/** The JSON Lines files of a directory, by name. */
export function jsonlFiles(dir: string): string[] {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /\.(jsonl|ndjson)$/i.test(f))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * On an empty patents table outside production (and unless SEED_DEMO=never): inserts the demo patents (some of them
 * the demo company's) and, when PATENT_DATA_DIR holds JSON Lines files, queues a job importing them. Returns the
 * job's id, or null.
 */
export async function seedPatentsOnEmpty(deps: Deps): Promise<number | null> {
  const { config, db } = deps;
  if (config.production || !config.seedDemo) return null;
  if ((await countPatents(db)) > 0) return null;
  const now = () => deps.clock().toISOString();
  const files = config.patentDataDir ? jsonlFiles(config.patentDataDir) : [];
  let jobId: number | null = null;
  // The import job is queued in the demo data's (last) transaction: a start-up killed midway leaves either an empty
  // table (seeded again next start) or the demo data with the job that imports the real records.
  const queueImport = async (trx: Transaction<Database>) => {
    if (!files.length) return;
    const admin = await trx.selectFrom('users').select('id').where('is_admin', '=', 1).orderBy('id').executeTakeFirst();
    const params: PatentImportParams = { files: files.map((f) => ({ path: f, name: path.basename(f) })), log: true };
    jobId = await insertJob(
      trx,
      { kind: PATENT_IMPORT_JOB, ownerId: admin ? Number(admin.id) : 0, params: { ...params } },
      now(),
    );
  };
  const started = Date.now();
  if (config.demoPatents > 0) {
    // One transaction for the usual few thousand.
    const c = await seedDemoPatents(db, config.demoPatents, {
      now,
      batchSize: Math.max(1000, Math.min(config.demoPatents, 5000)),
      inLastTransaction: queueImport,
    });
    deps.log.info(`已生成 ${c.inserted} 件演示专利（${((Date.now() - started) / 1000).toFixed(1)} 秒）`);
    await writeTransaction(db, { log: deps.log, what: 'link company patents' }, (trx) => linkCompanyPatents(trx, now()));
  } else if (files.length) {
    await writeTransaction(db, { log: deps.log, what: 'queue patent import' }, queueImport);
  }
  if (jobId !== null)
    deps.log.info(`真实专利数据（${config.patentDataDir}，${files.length} 个文件）将在后台导入（任务 ${jobId}）`);
  return jobId;
}
