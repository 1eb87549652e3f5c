// The helper thread of FtsHalves (fts-halves.ts, ADR 0077): its own read-only connection to the server's SQLite
// file evaluates the upper half of an FTS5 query's rowid range while the server's thread evaluates the lower half.
// It writes the ids it finds as bits into the shared buffer of the request (or, for ip_hits, posts the text on its
// result port; or counts the upper half of a result's facets from the store's shared arrays, ADR 0078), then sets
// the state word and wakes the waiting thread. It imports nothing of the server but the shared constants, the id-list parser, the facet count and the side files' names.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { attachIndexFiles } from '../../db/index-files';
import { addIdList } from './bitset';
import { countFacets, facetCounters, facetWords } from './facet-count';
import {
  HALF_DONE,
  HALF_FAILED,
  HALF_READY,
  HALF_STATE,
  hitsSql,
  idsSql,
  type FacetsRequest,
  type HalfRequest,
} from './fts-halves-protocol';

const {
  file,
  ctrl: ctrlBuffer,
  results,
  extension,
} = workerData as {
  file: string;
  ctrl: SharedArrayBuffer;
  /** Where a text result goes (the server's thread reads it with receiveMessageOnPort). */
  results: MessagePort;
  /** The search extension the server's connection has loaded (db/native.ts), for ip_hits; null when none. */
  extension: string | null;
};
const ctrl = new Int32Array(ctrlBuffer);
const db = new Database(file, { readonly: true, fileMustExist: true });
// The FTS5 tables are in the side files (ADR 0089), each with a page cache as small as this connection's own.
attachIndexFiles(db, () => 2048);
// Without it, a 'hits' request fails and the server's thread evaluates that half itself.
try {
  if (extension) db.loadExtension(extension);
} catch {
  // as without it
}
// Its pages come mostly from the operating system's cache, as the server's own connection's do (ADR 0074).
db.pragma('cache_size = -2048');
db.pragma('busy_timeout = 1000');
const statements = new Map<string, Database.Statement>();
Atomics.store(ctrl, HALF_READY, 1);

const statement = (source: string): Database.Statement => {
  let st = statements.get(source);
  if (!st) statements.set(source, (st = db.prepare(source).pluck()));
  return st;
};

/** The facet counts of the request's half, into its `out` buffer (the count of patents without an applicant last). */
function facets(m: FacetsRequest): void {
  const words = facetWords(m.sizes);
  new Int32Array(m.out, 0, words + 1).fill(0);
  const none = countFacets(
    new Uint32Array(m.set, 0, m.setWords),
    m.fromWord,
    m.toWord,
    {
      rec: new Int32Array(m.rec),
      secOf: new Int32Array(m.secOf),
      clsOf: new Int32Array(m.clsOf),
      moreWords: new Uint32Array(m.more, 0, m.moreWords),
      pool: new Int32Array(m.pool),
    },
    facetCounters(m.sizes, m.out),
  );
  new Int32Array(m.out, words * 4, 1)[0] = none;
}

parentPort!.on('message', (m: HalfRequest) => {
  try {
    if (m.kind === 'facets') facets(m);
    else if (m.kind === 'bits') {
      // A BigInt binds as INTEGER: FTS5 ignores a rowid bound bound as REAL (a JavaScript number) and walks the whole list.
      const words = new Uint32Array(m.words, 0, m.wordCount);
      words.fill(0);
      const s = statement(idsSql(m.table, '>')).get(m.query, BigInt(m.after)) as string | null;
      if (s) addIdList(words, s);
    } else {
      results.postMessage(statement(hitsSql('>')).get(m.query, BigInt(m.after)) as string | null);
    }
    Atomics.store(ctrl, HALF_STATE, HALF_DONE);
  } catch {
    Atomics.store(ctrl, HALF_STATE, HALF_FAILED);
  }
  Atomics.notify(ctrl, HALF_STATE);
});
