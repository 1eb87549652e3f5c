// The worker of fts-split-probe.ts (started with worker-thread.ts): owns a side SQLite file holding the FTS5 tables and writes the index rows the
// probe's import sends it, one transaction per batch, with the product's own writeSqliteIndexRows.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { writeSqliteIndexRows, type IndexEntry } from '../../apps/server/src/search/engine/index-writer';

const { file, ddl, tables } = workerData as { file: string; ddl: string[]; tables: 'all' | 'fts' | 'ti-tx' };
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('cache_size = -65536');
db.pragma('temp_store = MEMORY');
for (const s of ddl) db.exec(s);
const write = db.transaction((entries: IndexEntry[]) => writeSqliteIndexRows(db, entries, tables));
parentPort!.postMessage('ready');

parentPort!.on('message', (m: IndexEntry[] | 'close') => {
  if (m === 'close') {
    db.close();
    parentPort!.postMessage(-1);
    return;
  }
  write(m);
  parentPort!.postMessage(m.length);
});
