// An import's index worker (index-files.ts IndexWorkers): writes the FTS5 tables of one side file (db/index-files.ts)
// with a connection of its own, a transaction per batch, and answers each batch with its sequence number once it has
// committed (or with the error).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { IndexTables } from '../../db/index-files';
import { isBusyError } from '../../db/write';
import { removeSqliteIndexRows, writeSqliteIndexRows, type IndexEntry } from './index-writer';

const { file, tables } = workerData as { file: string; tables: IndexTables };
const db = new Database(file, { fileMustExist: true });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
// The server writes a side file too when it edits a patent: a batch waits for it, then tries again (below).
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -32768');

const write = db.transaction((entries: IndexEntry[], removals: number[]) => {
  removeSqliteIndexRows(db, removals, tables);
  writeSqliteIndexRows(db, entries, tables);
});

/** Tries of a batch that finds the file busy past busy_timeout (another process's long write). */
const TRIES = 12;

parentPort!.on('message', (m: { seq: number; entries: IndexEntry[]; removals: number[] }) => {
  for (let attempt = 1; ; attempt++) {
    try {
      write.immediate(m.entries, m.removals);
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
