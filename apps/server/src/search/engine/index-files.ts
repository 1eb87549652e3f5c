// The full-text index's side files (db/index-files.ts, ADR 0089): made and rebuilt when the database opens, repaired
// after a crash, and written by two worker threads during a bulk import.
import crypto from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { withImportSettings, type Db } from '../../db';
import { isBusyError } from '../../db/write';
import type { Database, PatentsTable } from '../../db/schema';
import { hasIndexFiles, INDEX_FILES, INDEX_TABLE_NAMES, indexFilePath, type IndexFile } from '../../db/index-files';
import { startWorker } from '../../worker-thread';
import { keepIndexWorkers, takeIndexWorkers } from './index-workers-pool';
import type { IndexWorkerBatch } from './index-files.worker';
import {
  compactTitleIndex,
  indexEntryOfRow,
  removeSqliteIndexRows,
  sqliteIndexSinks,
  writeSqliteIndexRows,
  type IndexStaging,
  type SqliteIndexSink,
} from './index-writer';

/** Patents per transaction of a rebuild or a repair. */
const REBUILD_BATCH = 1000;
/** The fewest patents whose rebuild goes through the index workers. */
const REBUILD_WORKERS_MIN = 1000;

/** The token and state a side file carries, or null when it has none (new, or made by another app.db). */
function sideState(raw: SqliteDatabase.Database, f: IndexFile): { token: string; ready: number } | null {
  try {
    return (raw.prepare(`SELECT token, ready FROM ${f.schema}.index_meta`).get() as { token: string; ready: number }) ?? null;
  } catch {
    return null; // no index_meta table
  }
}

/**
 * Brings the side files in line with app.db, after the migrations (migrate.ts calls it):
 * - app.db's own FTS5 tables (a database from before ADR 0089, or one migration 002 has just made) are dropped;
 * - a side file that is new, half rebuilt, or carries another app.db's token gets its tables anew and is rebuilt
 *   from the patents (a database from before ADR 0089: about as long as importing its patents' index once; a
 *   restored backup holds app.db only);
 * - the patents an interrupted import left in index_pending are indexed again.
 */
export async function prepareIndexFiles(
  db: Kysely<Database>,
  raw: SqliteDatabase.Database,
  log: (msg: string) => void = () => undefined,
): Promise<void> {
  if (!hasIndexFiles(raw)) return;
  let token = raw.prepare('SELECT token FROM index_files WHERE id = 1').pluck().get() as string | undefined;
  const stale = (t: string) =>
    INDEX_FILES.filter((f) => {
      const st = sideState(raw, f);
      return !st || st.token !== t || st.ready !== 1;
    });
  const inMain = () =>
    INDEX_TABLE_NAMES.filter((t) => raw.prepare("SELECT 1 FROM main.sqlite_master WHERE type = 'table' AND name = ?").get(t));
  let rebuild: IndexFile[] = [];
  if (!token || stale(token).length || inMain().length) {
    await db.transaction().execute(async () => {
      // Again under the write lock: another process (an import beside the server) may have done it meanwhile.
      token = raw.prepare('SELECT token FROM index_files WHERE id = 1').pluck().get() as string | undefined;
      if (!token) {
        token = crypto.randomUUID();
        raw.prepare('INSERT INTO index_files (id, token) VALUES (1, ?)').run(token);
      }
      rebuild = stale(token);
      for (const f of rebuild) {
        for (const t of [...INDEX_TABLE_NAMES, 'index_meta']) raw.exec(`DROP TABLE IF EXISTS ${f.schema}.${t}`);
        for (const ddl of f.ddl) raw.exec(ddl);
        raw.exec(`CREATE TABLE ${f.schema}.index_meta (token TEXT NOT NULL, ready INTEGER NOT NULL)`);
        raw.prepare(`INSERT INTO ${f.schema}.index_meta (token, ready) VALUES (?, 0)`).run(token);
      }
      for (const t of inMain()) raw.exec(`DROP TABLE main.${t}`);
    });
  }
  if (rebuild.length) {
    const tables = rebuild.length === INDEX_FILES.length ? 'all' : rebuild[0].tables;
    const total = raw.prepare('SELECT count(*) FROM patents').pluck().get() as number;
    const started = Date.now();
    if (total) log(`正在重建全文索引（${rebuild.map((f) => f.name).join('、')}）：${total} 件专利`);
    let done = 0;
    // Both files from scratch and many patents: the two index workers write them, reading the patents themselves
    // (a crash starts the rebuild over).
    const workers =
      tables === 'all' && total >= REBUILD_WORKERS_MIN && process.env.IP_INDEX_WORKERS !== 'off' ? new IndexWorkers(raw) : null;
    // The workers get ids only (they read the rows themselves).
    const read = raw.prepare(`SELECT ${workers ? 'id' : '*'} FROM patents WHERE id > ? ORDER BY id LIMIT ?`);
    if (workers) read.pluck();
    try {
      for (let after = 0; ;) {
        const rows = read.all(after, REBUILD_BATCH) as number[] | PatentsTable[];
        if (!rows.length) break;
        if (workers) {
          const batch = new Staging(null);
          batch.stage(rows as number[]);
          await workers.post(batch);
          after = (rows as number[])[rows.length - 1];
        } else {
          const entries = (rows as PatentsTable[]).map((r) => indexEntryOfRow(r, false));
          await db.transaction().execute(async () => writeSqliteIndexRows(raw, entries, tables));
          after = Number((rows as PatentsTable[])[rows.length - 1].id);
        }
        done += rows.length;
        if (done % 50_000 < REBUILD_BATCH && total > 50_000) log(`全文索引重建中：${done}/${total}`);
      }
      await workers?.finish(db);
    } catch (err) {
      await workers?.stop();
      throw err;
    }
    await db.transaction().execute(async () => {
      for (const f of rebuild) raw.exec(`UPDATE ${f.schema}.index_meta SET ready = 1`);
    });
    if (total) log(`全文索引已重建：${total} 件专利，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
  }
  await repairPendingIndex(db, raw);
}

/**
 * Indexes again the patents in index_pending (an import's workers had not committed their rows when it ended), from
 * their stored text; a patent no longer stored loses its rows. Idempotent, and safe beside another process's import
 * whose marks these may be: it writes what is stored, and a later change marks its patent again.
 *
 * Best effort: when a side file stays locked past busy_timeout (that other import's workers, writing batch after
 * batch), it stops and leaves the rest marked for the next import or start, rather than failing the import or the
 * start that called it (`npm run import` beside a server's upload import failed so).
 */
export async function repairPendingIndex(db: Kysely<Database>, raw: SqliteDatabase.Database): Promise<number> {
  const next = raw.prepare('SELECT patent_id FROM index_pending ORDER BY patent_id LIMIT ?').pluck();
  const rowsOf = raw.prepare('SELECT * FROM patents WHERE id IN (SELECT value FROM json_each(?))');
  const clear = raw.prepare('DELETE FROM index_pending WHERE patent_id IN (SELECT value FROM json_each(?))');
  let repaired = 0;
  for (;;) {
    const ids = next.all(REBUILD_BATCH) as number[];
    if (!ids.length) return repaired;
    try {
      await db.transaction().execute(async () => {
        const rows = rowsOf.all(JSON.stringify(ids)) as PatentsTable[];
        const stored = new Set(rows.map((r) => Number(r.id)));
        removeSqliteIndexRows(
          raw,
          ids.filter((id) => !stored.has(id)),
        );
        writeSqliteIndexRows(
          raw,
          rows.map((r) => indexEntryOfRow(r, true)),
        );
        clear.run(JSON.stringify(ids));
      });
    } catch (err) {
      if (isBusyError(err)) return repaired;
      throw err;
    }
    repaired += ids.length;
  }
}

/** Batches both workers of an import have committed, and the imports that ran with workers, in this process (tests). */
export const indexWorkerStats = { batches: 0, imports: 0 };

/** Batches a worker may have queued before the import waits for it. */
const MAX_IN_FLIGHT = 2;
/** The smallest batch that starts the workers (starting them costs more than writing a few rows). */
const WORKERS_MIN_BATCH = 200;

interface WorkerReply {
  seq: number;
  error?: string;
}

/** One transaction's patents for the workers (they read their text: index-files.worker.ts). */
class Staging implements IndexStaging {
  ids: number[] = [];
  removals: number[] = [];
  /**
   * `mark`: marks the staged patents in index_pending (null: a rebuild's batch, nothing marked, as the side files are
   * not ready until it is done). `unmarked`: how many of the finished patents the transaction unmarked.
   */
  constructor(
    readonly mark: SqliteDatabase.Statement | null,
    readonly unmarked = 0,
  ) {}
  stage(ids: readonly number[]): void {
    for (const id of ids) this.mark?.run(id);
    this.ids.push(...ids);
  }
  stageRemovals(ids: readonly number[]): void {
    for (const id of ids) this.mark?.run(id);
    this.removals.push(...ids);
  }
}

/**
 * An import's two index workers (index-files.worker.ts), one per side file. Each transaction of the import stages its
 * entries (marking the patents in index_pending, in the same transaction); once it has committed, the entries go to
 * both workers, which write and commit them in their files while the import goes on with its next batch. The
 * patents whose entries both have committed are unmarked in a later transaction.
 */
class IndexWorkers implements SqliteIndexSink {
  current: IndexStaging | null = null;
  private seq = 0;
  private readonly inFlight = new Map<number, { ids: number[]; acks: number }>();
  /** Per patent, its staged batches the workers have not both committed. */
  private readonly outstanding = new Map<number, number>();
  /** Patents to unmark (no batch of theirs outstanding). */
  private done: number[] = [];
  private error: Error | null = null;
  private wake: (() => void)[] = [];
  private readonly mark: SqliteDatabase.Statement;
  private readonly unmark: SqliteDatabase.Statement;

  /**
   * Started by the first batch of WORKERS_MIN_BATCH patents that has index rows: a small import writes its few rows
   * itself, and one that changes nothing needs none.
   */
  private workers: Worker[] = [];
  private stopping = false;

  constructor(private readonly raw: SqliteDatabase.Database) {
    this.mark = raw.prepare('INSERT OR IGNORE INTO index_pending (patent_id) VALUES (?)');
    this.unmark = raw.prepare('DELETE FROM index_pending WHERE patent_id IN (SELECT value FROM json_each(?))');
  }

  private readonly listeners = {
    message: (m: WorkerReply) => this.onReply(m),
    error: (err: Error) => this.fail(new Error(`全文索引写入线程出错：${err.message}`)),
    exit: (code: number) => {
      if (!this.stopping) this.fail(new Error(`全文索引写入线程意外退出（${code}）`));
    },
  };

  private startWorkers(): void {
    this.workers =
      takeIndexWorkers(this.raw) ??
      INDEX_FILES.map((f) =>
        startWorker('index-files', import.meta.url, {
          workerData: { file: indexFilePath(this.raw.name, f), tables: f.tables, main: this.raw.name },
        }),
      );
    for (const w of this.workers) {
      w.ref();
      w.on('message', this.listeners.message);
      w.on('error', this.listeners.error);
      w.on('exit', this.listeners.exit);
    }
  }

  /** The workers, idle and well, are kept for the connection's next import (index-workers-pool.ts). */
  private release(): void {
    for (const w of this.workers) {
      w.off('message', this.listeners.message);
      w.off('error', this.listeners.error);
      w.off('exit', this.listeners.exit);
    }
    if (this.workers.length) keepIndexWorkers(this.raw, this.workers);
    this.workers = [];
  }

  begin(records: number): void {
    if (!this.workers.length && records < WORKERS_MIN_BATCH) {
      this.current = null; // written in the transaction, as without workers
      return;
    }
    // Unmarked again by a later transaction if this one rolls back: harmless.
    if (this.done.length) this.unmark.run(JSON.stringify(this.done));
    this.current = new Staging(this.mark, this.done.length);
  }

  end(): IndexStaging | null {
    const s = this.current;
    this.current = null;
    return s;
  }

  async post(staged: IndexStaging | null): Promise<void> {
    const staging = staged as Staging | null;
    this.done.splice(0, staging?.unmarked ?? 0);
    if (this.error) throw this.error;
    if (!staging || (!staging.ids.length && !staging.removals.length)) return;
    // Marked patents are unmarked once both workers have committed their rows.
    const ids = staging.mark ? [...new Set([...staging.ids, ...staging.removals])] : [];
    for (const id of ids) this.outstanding.set(id, (this.outstanding.get(id) ?? 0) + 1);
    if (!this.workers.length) this.startWorkers(); // the first batch with index rows
    const seq = ++this.seq;
    this.inFlight.set(seq, { ids, acks: 0 });
    // The workers read the patents' text themselves (index-files.worker.ts): the batch names them.
    const batch: IndexWorkerBatch = { seq, ids: staging.ids, removals: staging.removals };
    for (const w of this.workers) w.postMessage(batch);
    await this.until(() => this.inFlight.size <= MAX_IN_FLIGHT);
  }

  /** Waits for every batch, unmarks what is left, and keeps the workers for the next import. */
  async finish(db: Kysely<Database>): Promise<void> {
    try {
      await this.until(() => this.inFlight.size === 0);
    } catch (err) {
      await this.stop();
      throw err;
    }
    this.release();
    if (this.done.length) {
      const done = JSON.stringify(this.done);
      await db.transaction().execute(async () => void this.unmark.run(done));
      this.done = [];
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private onReply(m: WorkerReply): void {
    if (m.error) return this.fail(new Error(`全文索引写入失败：${m.error}`));
    const f = this.inFlight.get(m.seq);
    if (!f || ++f.acks < this.workers.length) return;
    this.inFlight.delete(m.seq);
    indexWorkerStats.batches++;
    for (const id of f.ids) {
      const n = (this.outstanding.get(id) ?? 1) - 1;
      if (n > 0) this.outstanding.set(id, n);
      else {
        this.outstanding.delete(id);
        this.done.push(id);
      }
    }
    this.notify();
  }

  private fail(err: Error): void {
    this.error ??= err;
    this.notify();
  }

  private notify(): void {
    const w = this.wake;
    this.wake = [];
    for (const f of w) f();
  }

  private async until(cond: () => boolean): Promise<void> {
    while (!cond()) {
      if (this.error) throw this.error;
      await new Promise<void>((resolve) => this.wake.push(resolve));
    }
    if (this.error) throw this.error;
  }
}

/**
 * Runs a bulk import with the index written by two worker threads (ADR 0089): upsertPatents stages each batch's
 * index entries (SqliteIndexSink) and hands them over once the batch has committed. Without side files (an
 * in-memory database, PostgreSQL), inside another such import on the same connection, or with IP_INDEX_WORKERS=off
 * (the benchmark's baseline) it just runs. The patents an
 * earlier import left unindexed are indexed first; if this one fails, its unfinished patents stay marked for the next.
 */
export async function withIndexWorkers<T>(db: Db, run: () => Promise<T>): Promise<T> {
  const raw = db.sqlite;
  if (!raw || !hasIndexFiles(raw) || sqliteIndexSinks.has(raw) || process.env.IP_INDEX_WORKERS === 'off') return run();
  await repairPendingIndex(db.db, raw);
  const workers = new IndexWorkers(raw);
  sqliteIndexSinks.set(raw, workers);
  indexWorkerStats.imports++;
  let out: T;
  try {
    out = await run();
    await workers.finish(db.db);
  } catch (err) {
    // The batches committed before the failure still get their index rows (else index_pending keeps them for the
    // next import or start): unless the workers are what failed.
    await workers.finish(db.db).catch(() => workers.stop());
    throw err;
  } finally {
    sqliteIndexSinks.delete(raw);
  }
  return out;
}

/** The databases (their SQLite connection, or the Db) a bulkImport is running on. */
const inBulkImport = new WeakSet<object>();

/**
 * A bulk import's surroundings (an import file, the demo patents): the import's page cache and temporary files
 * (withImportSettings), its index workers, then the titles' index merged (compactTitleIndex) once they are done.
 * Inside another on the same database it just runs: the files of one import (`npm run import`, the import job) go
 * through one, so the workers do not drain and the titles are not merged between files (ADR 0090: 32,315 real
 * records in 6 files, 2,449–2,721/s file by file, 2,889–3,421/s in one).
 */
export async function bulkImport<T>(db: Db, run: () => Promise<T>): Promise<T> {
  const key: object = db.sqlite ?? db;
  if (inBulkImport.has(key)) return run();
  inBulkImport.add(key);
  try {
    return await withImportSettings(db.sqlite, async () => {
      const out = await withIndexWorkers(db, run);
      await compactTitleIndex(db.sqlite);
      return out;
    });
  } finally {
    inBulkImport.delete(key);
  }
}
