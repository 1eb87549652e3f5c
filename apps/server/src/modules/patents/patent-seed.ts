// Patents on a fresh install (outside production): demo patents at once, so search works from the first page view,
// and the real records of PATENT_DATA_DIR (../shared/data/patents) imported in the background as a job.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db';
import type { Deps } from '../../deps';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/write';
import { insertJob } from '../jobs/jobs.service';
import { DemoPatentGenerator } from './demo-patents';
import { validateRecord, type PatentInput } from './patent-record';
import { countPatents, upsertPatents, type UpsertCounts } from './patents.repo';
import { PATENT_IMPORT_JOB, type PatentImportParams } from './patents.jobs';

export interface SeedPatentsOptions {
  seed?: number;
  batchSize?: number;
  now?: () => string;
  onProgress?: (generated: number, counts: UpsertCounts) => void;
  /** Runs inside the last batch's transaction. */
  inLastTransaction?: (trx: Transaction<Database>) => Promise<void>;
}

/** Generates `count` demo patents and upserts them in batches (each batch one transaction). */
export async function seedDemoPatents(db: Db, count: number, opts: SeedPatentsOptions = {}): Promise<UpsertCounts> {
  const gen = new DemoPatentGenerator(opts.seed);
  const batchSize = opts.batchSize ?? 1000;
  const total: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
  let batch: PatentInput[] = [];
  const flush = async (generated: number) => {
    const last = generated === count;
    const c = await upsertPatents(db, batch, opts.now?.() ?? new Date().toISOString(), {
      inTransaction: last && opts.inLastTransaction ? (trx) => opts.inLastTransaction!(trx) : undefined,
    });
    batch = [];
    total.inserted += c.inserted;
    total.updated += c.updated;
    total.unchanged += c.unchanged;
    opts.onProgress?.(generated, total);
  };
  for (let i = 1; i <= count; i++) {
    const v = validateRecord(gen.next(), i, { source: 'demo' });
    if (!v.ok) throw new Error(`演示专利第 ${i} 条生成有误：${v.reason}`);
    batch.push(v.record);
    if (batch.length >= batchSize) await flush(i);
  }
  if (batch.length) await flush(count);
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
  } else if (files.length) {
    await writeTransaction(db, { log: deps.log, what: 'queue patent import' }, queueImport);
  }
  if (jobId !== null)
    deps.log.info(`真实专利数据（${config.patentDataDir}，${files.length} 个文件）将在后台导入（任务 ${jobId}）`);
  return jobId;
}
