import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { backupDatabase, restoreDatabase } from '../../db/backup';
import { openDb, type Db } from '../../db';
import { attachIndexFiles, INDEX_FILES, indexFilePath } from '../../db/index-files';
import { migrate } from '../../db/migrate';
import { DemoPatentGenerator } from '../../modules/patents/demo-patents';
import { importJsonlFile } from '../../modules/patents/patent-import';
import { seedDemoPatents } from '../../modules/patents/patent-seed';
import { astOf } from '../../modules/search/testing';
import { ftsQuery } from './compile-sqlite';
import { bulkImport, indexWorkerStats, repairPendingIndex, withIndexWorkers } from './index-files';
import { indexEntryOfRow, removeSqliteIndexRows, writeSqliteIndexRows } from './index-writer';
import { storeWhenReady } from './sqlite-store';
import type { PatentsTable } from '../../db/schema';

// The full-text index in side files (db/index-files.ts, ADR 0089): where the tables are, that an import's two worker
// threads write exactly what one writer writes, and what a crash, a restore and an old database leave behind.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  delete process.env.IP_INDEX_WORKERS;
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ip-index-files-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function open(dir: string): Promise<Db> {
  const db = openDb({ dataDir: dir, databaseUrl: undefined });
  let closed = false;
  const close = db.close;
  db.close = async () => {
    if (closed) return;
    closed = true;
    await close();
  };
  cleanups.push(() => db.close());
  await migrate(db.db as never, db.dialect, () => undefined);
  return db;
}

const TABLES = [
  { schema: 'fts_all', table: 'patents_fts' },
  { schema: 'fts_title', table: 'patents_ti' },
  { schema: 'fts_title', table: 'patents_tx' },
];

/**
 * Each FTS5 table's content as a hash: its rows (docsize) and, term by term, the documents and occurrences in each
 * column (fts5vocab 'col'), so two tables hash alike only when they index the same tokens of the same patents.
 */
function indexDigest(raw: SqliteDatabase.Database): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { schema, table } of TABLES) {
    const h = crypto.createHash('sha256');
    for (const r of raw.prepare(`SELECT id, sz FROM ${schema}.${table}_docsize ORDER BY id`).raw().iterate())
      h.update(JSON.stringify(r));
    raw.exec(`DROP TABLE IF EXISTS temp.vocab; CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(${schema}, ${table}, 'col')`);
    for (const r of raw.prepare('SELECT term, col, doc, cnt FROM temp.vocab').raw().iterate()) h.update(JSON.stringify(r));
    raw.exec('DROP TABLE temp.vocab');
    out[table] = h.digest('hex');
  }
  return out;
}

const count = (raw: SqliteDatabase.Database, sqlText: string) => raw.prepare(sqlText).pluck().get() as number;
const indexedRows = (raw: SqliteDatabase.Database) => TABLES.map((t) => count(raw, `SELECT count(*) FROM ${t.table}_docsize`));

/** Demo records as an import file's lines, their titles changed by `suffix` (real records: not demo data). */
function recordsFile(dir: string, name: string, n: number, suffix: string): string {
  const gen = new DemoPatentGenerator(515151);
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = gen.next() as unknown as Record<string, unknown>;
    lines.push(JSON.stringify({ ...r, title: `${String(r.title)}${suffix}` }));
  }
  const file = path.join(dir, name);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/** Demo patents, then real records displacing some of them (their index rows removed), then those changed again. */
async function importScenario(db: Db, dir: string): Promise<void> {
  await seedDemoPatents(db, 900, { seed: 515151, batchSize: 300 });
  for (const [name, suffix] of [
    ['a.jsonl', '改进型'],
    ['b.jsonl', '第二代'],
  ]) {
    const r = await importJsonlFile(db, recordsFile(dir, name, 450, suffix), { batchSize: 300 });
    expect(r.rejected).toBe(0);
  }
}

describe('the full-text index in side files', () => {
  it('keeps the FTS5 tables in app-fts.db and app-title.db, each carrying app.db’s token', async () => {
    const dir = tempDir();
    const db = await open(dir);
    const raw = db.sqlite!;
    const where = raw
      .prepare(
        "SELECT name, schema FROM pragma_table_list WHERE name IN ('patents_fts', 'patents_ti', 'patents_tx') ORDER BY name",
      )
      .all();
    expect(where).toEqual([
      { name: 'patents_fts', schema: 'fts_all' },
      { name: 'patents_ti', schema: 'fts_title' },
      { name: 'patents_tx', schema: 'fts_title' },
    ]);
    const token = raw.prepare('SELECT token FROM index_files').pluck().get();
    for (const f of INDEX_FILES) {
      expect(fs.existsSync(indexFilePath(raw.name, f))).toBe(true);
      expect(raw.prepare(`SELECT token, ready FROM ${f.schema}.index_meta`).get()).toEqual({ token, ready: 1 });
    }
  });

  it('an import with the two index workers writes exactly what one writer writes, removals and replacements included', async () => {
    const one = tempDir();
    process.env.IP_INDEX_WORKERS = 'off';
    const a = await open(one);
    const before = indexWorkerStats.batches;
    await importScenario(a, one);
    expect(indexWorkerStats.batches).toBe(before);
    delete process.env.IP_INDEX_WORKERS;

    const two = tempDir();
    const b = await open(two);
    await importScenario(b, two);
    // 3 batches of demo patents and 2 × 2 of records went through the workers.
    expect(indexWorkerStats.batches - before).toBe(7);

    const patents = count(a.sqlite!, 'SELECT count(*) FROM patents');
    expect(count(b.sqlite!, 'SELECT count(*) FROM patents')).toBe(patents);
    // Real records displaced demo patents: fewer than were imported.
    expect(patents).toBeLessThan(900 + 450);
    expect(indexedRows(b.sqlite!)).toEqual([patents, patents, patents]);
    expect(count(b.sqlite!, 'SELECT count(*) FROM index_pending')).toBe(0);
    expect(indexDigest(b.sqlite!)).toEqual(indexDigest(a.sqlite!));
  });

  it('an import that fails still gets the index rows of the batches it committed', async () => {
    const dir = tempDir();
    const db = await open(dir);
    const before = indexWorkerStats.batches;
    await expect(
      withIndexWorkers(db, async () => {
        await seedDemoPatents(db, 600, { seed: 9090, batchSize: 300 });
        throw new Error('导入中断');
      }),
    ).rejects.toThrow('导入中断');
    expect(indexWorkerStats.batches - before).toBe(2);
    expect(indexedRows(db.sqlite!)).toEqual([600, 600, 600]);
    expect(count(db.sqlite!, 'SELECT count(*) FROM index_pending')).toBe(0);
  });

  it('the files of one bulk import share its workers, the second file changing what the first staged', async () => {
    // Both files hold the same applications (one generator seed), so the second replaces the first's patents while
    // the workers may still have the first's batches queued.
    const files = async (db: Db, dir: string) => {
      for (const [name, suffix] of [
        ['a.jsonl', '改进型'],
        ['b.jsonl', '第二代'],
      ])
        expect((await importJsonlFile(db, recordsFile(dir, name, 450, suffix), { batchSize: 300 })).rejected).toBe(0);
    };
    const one = tempDir();
    process.env.IP_INDEX_WORKERS = 'off';
    const a = await open(one);
    await bulkImport(a, () => files(a, one));
    delete process.env.IP_INDEX_WORKERS;

    const two = tempDir();
    const b = await open(two);
    const before = { ...indexWorkerStats };
    await bulkImport(b, () => files(b, two));
    expect(indexWorkerStats.imports - before.imports).toBe(1);
    expect(indexWorkerStats.batches - before.batches).toBe(4);
    expect(count(b.sqlite!, 'SELECT count(*) FROM patents')).toBe(450);
    expect(count(b.sqlite!, "SELECT count(*) FROM patents WHERE title LIKE '%第二代'")).toBe(450);
    expect(indexedRows(b.sqlite!)).toEqual([450, 450, 450]);
    expect(count(b.sqlite!, 'SELECT count(*) FROM index_pending')).toBe(0);
    expect(indexDigest(b.sqlite!)).toEqual(indexDigest(a.sqlite!));
  });

  it('a patent another writer changes before the workers reach its batch is indexed as stored, not as staged', async () => {
    // The other writer (another process's small import, which writes its index rows itself) holds both side files'
    // locks, so the workers wait; meanwhile the import commits its batch and the other writer changes a patent of it.
    const dir = tempDir();
    const db = await open(dir);
    const other = new SqliteDatabase(db.sqlite!.name);
    cleanups.push(() => void other.close());
    attachIndexFiles(other);
    other.pragma('busy_timeout = 10000');
    other.exec('BEGIN');
    for (const t of TABLES) other.prepare(`DELETE FROM ${t.table} WHERE rowid = -1`).run();
    const before = indexWorkerStats.batches;
    const seeding = seedDemoPatents(db, 300, { seed: 6060, batchSize: 300 });
    const peek = new SqliteDatabase(db.sqlite!.name, { readonly: true });
    cleanups.push(() => void peek.close());
    while (count(peek, 'SELECT count(*) FROM index_pending') < 300) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(indexWorkerStats.batches).toBe(before);

    const id = count(peek, 'SELECT min(id) FROM patents');
    other.prepare("UPDATE patents SET title = '量子纠缠测距仪', abstract = '一种量子纠缠测距仪。' WHERE id = ?").run(id);
    const changed = other.prepare('SELECT * FROM patents WHERE id = ?').get(id) as PatentsTable;
    writeSqliteIndexRows(other, [indexEntryOfRow(changed, true)]);
    other.exec('COMMIT');
    await seeding;
    expect(indexWorkerStats.batches - before).toBe(1);

    const raw = db.sqlite!;
    const store = await storeWhenReady(raw);
    expect([...store.ftsSet(ftsQuery(astOf('名称=量子纠缠测距仪'))!).toArray()]).toEqual([id]);
    // Every table equals a rebuild from the stored patents: one row a patent, the changed one with its new text.
    expect(indexedRows(raw)).toEqual([300, 300, 300]);
    const copy = tempDir();
    await backupDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }), path.join(copy, 'app.db'));
    const rebuilt = await open(copy);
    expect(indexDigest(raw)).toEqual(indexDigest(rebuilt.sqlite!));
  });

  it('a transaction takes app.db’s write lock alone, so the workers can write the side files meanwhile', async () => {
    const dir = tempDir();
    const db = await open(dir);
    const side = new SqliteDatabase(indexFilePath(db.sqlite!.name, INDEX_FILES[0]));
    cleanups.push(() => void side.close());
    side.pragma('busy_timeout = 0');
    const sideFree = () => {
      try {
        side.exec('BEGIN IMMEDIATE');
        side.exec('ROLLBACK');
        return true;
      } catch {
        return false;
      }
    };
    const other = new SqliteDatabase(db.sqlite!.name);
    cleanups.push(() => void other.close());
    other.pragma('busy_timeout = 0');
    const states: boolean[] = [];
    await db.db.transaction().execute(async () => {
      states.push(sideFree());
      expect(() => other.exec('BEGIN IMMEDIATE')).toThrow(/locked|busy/);
      // Writing an index row takes the side file's lock, until the commit.
      writeSqliteIndexRows(db.sqlite!, [
        {
          patentId: 1,
          replace: false,
          fields: { ti: '测试', ab: '', cl: '', de: '', pa: '', inv: '', addr: '', ag: '' },
        },
      ]);
      states.push(sideFree());
    });
    states.push(sideFree());
    expect(states).toEqual([true, false, true]);
  });

  it('the repair of marked patents stops while another process holds a side file, and leaves them marked', async () => {
    // `npm run import` (and the server's start) repairs what index_pending holds; beside a server's upload import those
    // are that import's marks, and its workers hold the side files batch after batch: the repair must not fail the
    // command, only leave the marks for later.
    const dir = tempDir();
    const db = await open(dir);
    const raw = db.sqlite!;
    await seedDemoPatents(db, 300, { seed: 5050, batchSize: 300 });
    const ids = (raw.prepare('SELECT id FROM patents ORDER BY id LIMIT 3').pluck().all() as number[]).map(Number);
    removeSqliteIndexRows(raw, ids);
    for (const id of ids) raw.prepare('INSERT INTO index_pending (patent_id) VALUES (?)').run(id);
    // A thread holds app-fts.db's write lock until told to let go.
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const holder = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads');
       const Database = require(workerData.module);
       const db = new Database(workerData.file);
       db.exec('BEGIN IMMEDIATE');
       db.prepare('DELETE FROM patents_fts WHERE rowid = -1').run();
       parentPort.postMessage('locked');
       Atomics.wait(workerData.flag, 0, 0);
       db.exec('COMMIT');
       db.close();`,
      {
        eval: true,
        workerData: {
          module: createRequire(import.meta.url).resolve('better-sqlite3'),
          file: indexFilePath(raw.name, INDEX_FILES[0]),
          flag,
        },
      },
    );
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    cleanups.push(async () => void (await holder.terminate()));
    await new Promise((resolve) => holder.once('message', resolve));
    raw.pragma('busy_timeout = 20');
    expect(await repairPendingIndex(db.db, raw)).toBe(0);
    expect(count(raw, 'SELECT count(*) FROM index_pending')).toBe(3);
    expect(indexedRows(raw)).toEqual([297, 297, 297]);

    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
    await exited;
    expect(await repairPendingIndex(db.db, raw)).toBe(3);
    expect(count(raw, 'SELECT count(*) FROM index_pending')).toBe(0);
    expect(indexedRows(raw)).toEqual([300, 300, 300]);
  });

  it('the search store drops what it kept of the text queries when another connection commits index rows', async () => {
    // An import's workers commit a batch's FTS5 rows after its patents: a search in between must not keep its answer.
    const dir = tempDir();
    const db = await open(dir);
    await seedDemoPatents(db, 300, { seed: 8080, batchSize: 300 });
    const store = await storeWhenReady(db.sqlite!);
    const query = ftsQuery(astOf('名称=装置'))!;
    const before = store.ftsSet(query).toArray();
    expect(before.length).toBeGreaterThan(10);
    const other = new SqliteDatabase(db.sqlite!.name);
    cleanups.push(() => void other.close());
    attachIndexFiles(other);
    const id = before[0];
    const row = other.prepare('SELECT * FROM patents WHERE id = ?').get(id) as PatentsTable;
    other.transaction(() => removeSqliteIndexRows(other, [id]))();
    expect(store.refresh()).toBe(true);
    expect(store.ftsSet(query).toArray()).toEqual(before.slice(1));
    other.transaction(() => writeSqliteIndexRows(other, [indexEntryOfRow(row, false)]))();
    expect(store.refresh()).toBe(true);
    expect(store.ftsSet(query).toArray()).toEqual(before);
  });

  it('after a crash in the middle of an import, opening the database indexes the patents the workers had not', async () => {
    const dir = tempDir();
    await (await open(dir)).close();
    const fixture = fileURLToPath(new URL('./index-files-crash.fixture.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    cleanups.push(() => void child.kill('SIGKILL'));
    // Killed once several batches are in, while some committed patents wait for their index rows (the state a crash
    // in the middle leaves; each batch's patents are marked until both workers have committed its rows).
    const peek = new SqliteDatabase(path.join(dir, 'app.db'), { readonly: true });
    let seen = { patents: 0, pending: 0 };
    try {
      for (;;) {
        seen = peek
          .prepare('SELECT (SELECT count(*) FROM patents) AS patents, (SELECT count(*) FROM index_pending) AS pending')
          .get() as typeof seen;
        if (seen.patents >= 1200 && seen.pending > 0) break;
        expect(child.exitCode, stderr).toBeNull();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      peek.close();
    }
    child.kill('SIGKILL');
    await exited;

    // Before anything repairs it: some committed patents lack their index rows, or have them only in one file.
    const raw = new SqliteDatabase(path.join(dir, 'app.db'));
    const patents = count(raw, 'SELECT count(*) FROM patents');
    const pending = count(raw, 'SELECT count(*) FROM index_pending');
    raw.close();
    expect(pending).toBeGreaterThan(0);

    // A copy of app.db alone rebuilds its index from the patents: the reference, made by the two index workers and
    // by one writer alike.
    const copy = () => {
      const to = tempDir();
      for (const f of ['app.db', 'app.db-wal'])
        if (fs.existsSync(path.join(dir, f))) fs.copyFileSync(path.join(dir, f), path.join(to, f));
      return to;
    };
    const before = indexWorkerStats.batches;
    const rebuilt = await open(copy());
    expect(indexWorkerStats.batches - before).toBe(Math.ceil(patents / 1000));
    expect(count(rebuilt.sqlite!, 'SELECT count(*) FROM patents')).toBe(patents);
    process.env.IP_INDEX_WORKERS = 'off';
    const byOneWriter = await open(copy());
    delete process.env.IP_INDEX_WORKERS;
    expect(indexDigest(byOneWriter.sqlite!)).toEqual(indexDigest(rebuilt.sqlite!));

    const db = await open(dir);
    expect(count(db.sqlite!, 'SELECT count(*) FROM index_pending')).toBe(0);
    expect(indexedRows(db.sqlite!)).toEqual([patents, patents, patents]);
    expect(indexDigest(db.sqlite!)).toEqual(indexDigest(rebuilt.sqlite!));
  }, 120_000);

  it('a restored backup rebuilds the index of its own patents; so does a database whose index was still in app.db', async () => {
    const dir = tempDir();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir });
    let db = await open(dir);
    await seedDemoPatents(db, 400, { seed: 7001, batchSize: 200 });
    const digest = indexDigest(db.sqlite!);
    const backup = path.join(dir, 'backups', 'b.db');
    await backupDatabase(config, backup);
    await seedDemoPatents(db, 300, { seed: 7002, batchSize: 300 });
    expect(indexedRows(db.sqlite!)).toEqual([700, 700, 700]);
    await db.close();

    await restoreDatabase(config, backup);
    for (const f of INDEX_FILES) expect(fs.existsSync(path.join(dir, f.name))).toBe(false);
    db = await open(dir);
    expect(count(db.sqlite!, 'SELECT count(*) FROM patents')).toBe(400);
    expect(indexDigest(db.sqlite!)).toEqual(digest);
    await db.close();

    // The layout before ADR 0089: the FTS5 tables in app.db, no side files, no token.
    const old = new SqliteDatabase(path.join(dir, 'app.db'));
    old.exec('DELETE FROM index_files');
    old.exec(
      "CREATE VIRTUAL TABLE patents_fts USING fts5(ti, ab, cl, de, pa, inv, addr, ag, content='', contentless_delete=1, tokenize='ascii', detail=full)",
    );
    old.exec("CREATE VIRTUAL TABLE patents_ti USING fts5(ti, content='', contentless_delete=1, tokenize='ascii', detail=full)");
    old.exec(
      "CREATE VIRTUAL TABLE patents_tx USING fts5(ti, ab, cl, content='', contentless_delete=1, tokenize='ascii', detail=full)",
    );
    old.exec("INSERT INTO patents_ti (rowid, ti) VALUES (1, 'x')");
    old.close();
    for (const f of INDEX_FILES) fs.rmSync(path.join(dir, f.name), { force: true });
    db = await open(dir);
    expect(
      db
        .sqlite!.prepare("SELECT count(*) FROM main.sqlite_master WHERE name IN ('patents_fts', 'patents_ti', 'patents_tx')")
        .pluck()
        .get(),
    ).toBe(0);
    expect(indexDigest(db.sqlite!)).toEqual(digest);
  }, 60_000);
});
