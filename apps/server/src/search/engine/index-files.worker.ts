// An import's index worker (index-files.ts IndexWorkers): writes the FTS5 tables of one side file (db/index-files.ts)
// with a connection of its own, a transaction per batch, and answers each batch with its sequence number once it has
// committed (or with the error).
//
// A batch names patents, not their text: the worker reads each patent from app.db once it holds its side file's write
// lock, and indexes it as stored then. Another process (a second import, a small one writing its rows itself) may
// have changed a patent since the batch staged it; it writes that patent's index rows before this transaction or
// after it, never in between, so the last rows written are always those of the stored text.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { IndexTables } from '../../db/index-files';
import { isBusyError } from '../../db/write';
import { indexEntryOfRow, removeSqliteIndexRows, writeSqliteIndexRows, type IndexedRow } from './index-writer';

/** What the worker is sent: the patents to index and the patents whose index rows go. */
export interface IndexWorkerBatch {
  seq: number;
  /** Patents to index from their stored rows (one no longer stored loses its rows). */
  ids: number[];
  /** Patents deleted: their rows go (first, so that an id the batch deleted and used again is indexed). */
  removals: number[];
}

const { file, tables, main } = workerData as { file: string; tables: IndexTables; main: string };
const db = new Database(file, { fileMustExist: true });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
// The server writes a side file too when it edits a patent: a batch waits for it, then tries again (below).
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -32768');

const app = new Database(main, { fileMustExist: true });
app.pragma('query_only = ON');
app.pragma('busy_timeout = 5000');
app.pragma('cache_size = -4096');
// The title file's tables index 名称, 摘要 and 权利要求 alone: the rest (说明书 above all) is not read.
const columns =
  tables === 'ti-tx'
    ? "id, title, abstract, claims, '' AS description, NULL AS applicants, NULL AS inventors, '' AS address, '' AS agency"
    : 'id, title, abstract, claims, description, applicants, inventors, address, agency';
const read = app.prepare(`SELECT ${columns} FROM patents WHERE id IN (SELECT value FROM json_each(?))`);

// Whether a patent has index rows in this file (then they are replaced): asked of the file itself, since another
// process may have indexed a patent the batch staged as new.
const indexed = db
  .prepare(`SELECT 1 FROM ${tables === 'fts' ? 'patents_fts_docsize' : 'patents_tx_docsize'} WHERE id = ?`)
  .pluck();

const write = db.transaction((m: IndexWorkerBatch) => {
  removeSqliteIndexRows(db, m.removals, tables);
  // Read under the side file's write lock (the transaction is IMMEDIATE): see the head of this file.
  const rows = read.all(JSON.stringify(m.ids)) as IndexedRow[];
  const stored = new Set(rows.map((r) => Number(r.id)));
  removeSqliteIndexRows(
    db,
    m.ids.filter((id) => !stored.has(id)),
    tables,
  );
  writeSqliteIndexRows(
    db,
    rows.map((r) => indexEntryOfRow(r, indexed.get(r.id) !== undefined)),
    tables,
  );
});

/** Tries of a batch that finds the file busy past busy_timeout (another process's long write). */
const TRIES = 12;

parentPort!.on('message', (m: IndexWorkerBatch) => {
  for (let attempt = 1; ; attempt++) {
    try {
      write.immediate(m);
      parentPort!.postMessage({ seq: m.seq });
      return;
    } catch (err) {
      if (!isBusyError(err) || attempt >= TRIES) {
        parentPort!.postMessage({ seq: m.seq, error: (err as Error).message });
        return;
      }
    }
  }
});
