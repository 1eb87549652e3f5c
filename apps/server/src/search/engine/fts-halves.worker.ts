// The helper thread of FtsHalves (fts-halves.ts, ADR 0077): its own read-only connection to the server's SQLite
// file evaluates the upper half of an FTS5 query's rowid range while the server's thread evaluates the lower half.
// It writes the ids it finds as bits into the shared buffer of the request, then sets the state word and wakes the
// waiting thread. It imports nothing of the server but the shared constants and the id-list parser.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { addIdList } from './bitset';
import { HALF_DONE, HALF_FAILED, HALF_READY, HALF_STATE, type HalfRequest } from './fts-halves-protocol';

const { file, ctrl: ctrlBuffer } = workerData as { file: string; ctrl: SharedArrayBuffer };
const ctrl = new Int32Array(ctrlBuffer);
const db = new Database(file, { readonly: true, fileMustExist: true });
// Its pages come mostly from the operating system's cache, as the server's own connection's do (ADR 0074).
db.pragma('cache_size = -2048');
db.pragma('busy_timeout = 1000');
const statements = new Map<string, Database.Statement>();
Atomics.store(ctrl, HALF_READY, 1);

parentPort!.on('message', (m: HalfRequest) => {
  try {
    const words = new Uint32Array(m.words, 0, m.wordCount);
    words.fill(0);
    const source = `SELECT group_concat(rowid) FROM ${m.table} WHERE ${m.table} MATCH ? AND rowid > ?`;
    let st = statements.get(source);
    if (!st) statements.set(source, (st = db.prepare(source).pluck()));
    // A BigInt binds as INTEGER: FTS5 ignores a rowid bound bound as REAL (a JavaScript number) and walks the whole list.
    const s = st.get(m.query, BigInt(m.after)) as string | null;
    if (s) addIdList(words, s);
    Atomics.store(ctrl, HALF_STATE, HALF_DONE);
  } catch {
    Atomics.store(ctrl, HALF_STATE, HALF_FAILED);
  }
  Atomics.notify(ctrl, HALF_STATE);
});
