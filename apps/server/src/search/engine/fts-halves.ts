// An FTS5 query of a large database in two halves at once (ADR 0077): the server's thread evaluates rowid ≤ m while a
// helper thread, with its own read-only connection to the same file, evaluates rowid > m. A phrase of frequent
// bigrams costs FTS5 time in proportion to the doclists it walks (特征 is in 900,149 of 1,031,826 patents), and a
// rowid range walks only its part of them: each half takes about half the time, and on the machine's second core
// the two run side by side.
//
// The server's thread blocks in Atomics.wait until the helper's half is in (a search is synchronous code from the
// first FTS5 call to the page); the helper writes the ids as bits into a shared buffer, or, for ip_hits (a one-phrase
// query's instances per column, which the relevance page scores), posts the text on a port the waiting thread reads
// synchronously (receiveMessageOnPort). Until the helper has opened the database, after it failed, in a transaction
// (a half read outside it would miss its writes), for in-memory databases and under FTS_HALVES_MIN patents, queries
// run whole as before. IP_FTS_HALVES=off turns it off.
import type Database from 'better-sqlite3';
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { loadSearchExtension, NATIVE_SEARCH_LIBRARY } from '../../db/native';
import { startWorker } from '../../worker-thread';
import { facetCounters, facetWords, type FacetArrays, type FacetCounters, type FacetSizes } from './facet-count';
import { HALF_CONTROL_WORDS, HALF_DONE, HALF_PENDING, HALF_READY, HALF_STATE, type HalfRequest } from './fts-halves-protocol';

/** Under this many patents (the store's id range) a query runs whole: a split costs a message and a wake-up. */
export const FTS_HALVES_MIN = 200_000;
/** How long the server's thread waits for the helper's half before it gives up on the helper and does the half itself. */
const HALF_WAIT_MS = 10_000;

export class FtsHalves {
  private worker: Worker | null = null;
  private readonly ctrl = new Int32Array(new SharedArrayBuffer(HALF_CONTROL_WORDS * 4));
  private buffer: SharedArrayBuffer | null = null;
  /** The facet requests' copies of the result's and the several-applicants set's words, and their counters. */
  private facetBuffers = { set: new SharedArrayBuffer(0), more: new SharedArrayBuffer(0), out: new SharedArrayBuffer(0) };
  /** Where the helper's text results arrive; read synchronously (receiveMessageOnPort) while the thread waits. */
  private results: MessagePort | null = null;
  private stopped = false;
  /** Halves the helper has evaluated (tests, figures). */
  helped = 0;

  /** `extension`: the search extension the server's connection loaded (for ip_hits), null when none. */
  constructor(
    private readonly file: string,
    private readonly extension: string | null,
  ) {}

  /** Whether the helper is up; the first call starts it (until it has opened the database, queries run whole). */
  ready(): boolean {
    if (this.stopped) return false;
    if (!this.worker) {
      this.start();
      return false;
    }
    return Atomics.load(this.ctrl, HALF_READY) === 1;
  }

  private start(): void {
    try {
      const { port1, port2 } = new MessageChannel();
      const w = startWorker('fts-halves', import.meta.url, {
        workerData: { file: this.file, ctrl: this.ctrl.buffer, results: port2, extension: this.extension },
        transferList: [port2],
        resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 32 },
      });
      w.unref();
      port1.unref();
      this.results = port1;
      // A helper that cannot open the file, or ends, is not started again: queries run whole.
      w.on('error', () => void this.stop());
      w.on('exit', () => {
        this.stopped = true;
        this.worker = null;
      });
      this.worker = w;
    } catch {
      this.stopped = true;
    }
  }

  /**
   * Sends the half rowid > `after` to the helper (ready() must be true); the returned function waits for its bits
   * (`wordCount` words, valid until the next request) or returns null when the helper failed or did not answer in time.
   */
  send(table: string, query: string, after: number, wordCount: number): () => Uint32Array | null {
    if (!this.buffer || this.buffer.byteLength < wordCount * 4) this.buffer = new SharedArrayBuffer(wordCount * 4);
    const words = this.buffer;
    const done = this.request({ kind: 'bits', table, query, after, words, wordCount });
    return () => (done() ? new Uint32Array(words, 0, wordCount) : null);
  }

  /**
   * Sends ip_hits over patents_tx for rowid > `after` (ready() must be true); the returned function waits for its text
   * ({ text }: null when nothing matched) or returns null when the helper failed or did not answer in time.
   */
  sendHits(query: string, after: number): () => { text: string | null } | null {
    const done = this.request({ kind: 'hits', query, after });
    return () => {
      if (!done()) return null;
      const m = receiveMessageOnPort(this.results!);
      return m ? { text: m.message as string | null } : null;
    };
  }

  /**
   * Sends the facet count of `set`'s members in words [fromWord, set.length) to the helper (ready() must be true; the
   * store's arrays on SharedArrayBuffers, else null: the caller counts them itself). The returned function waits for
   * the counts (valid until the next request) and how many of those patents have no applicant, or returns null when
   * the helper failed or did not answer in time.
   */
  sendFacets(f: FacetHalf): (() => { counts: FacetCounters | null; noApplicant: number } | null) | null {
    const { rec, secOf, clsOf, pool, moreWords } = f.arrays;
    for (const a of [rec, secOf, clsOf, pool]) if (!(a.buffer instanceof SharedArrayBuffer)) return null;
    const b = this.facetBuffers;
    // Only the words from fromWord on: the helper reads no others (the ids it counts are in them).
    const share = (buffer: SharedArrayBuffer, words: Uint32Array) => {
      if (buffer.byteLength < words.byteLength) buffer = new SharedArrayBuffer(words.byteLength);
      new Uint32Array(buffer, 0, words.length).set(words.subarray(f.fromWord), Math.min(f.fromWord, words.length));
      return buffer;
    };
    b.set = share(b.set, f.set);
    b.more = share(b.more, moreWords);
    const outWords = facetWords(f.sizes) + 1;
    if (b.out.byteLength < outWords * 4) b.out = new SharedArrayBuffer(outWords * 4);
    const out = b.out;
    const done = this.request({
      kind: 'facets',
      set: b.set,
      setWords: f.set.length,
      fromWord: f.fromWord,
      toWord: f.set.length,
      rec: rec.buffer as SharedArrayBuffer,
      secOf: secOf.buffer as SharedArrayBuffer,
      clsOf: clsOf.buffer as SharedArrayBuffer,
      more: b.more,
      moreWords: moreWords.length,
      pool: pool.buffer as SharedArrayBuffer,
      sizes: f.sizes,
      out,
    });
    return () =>
      done() ? { counts: facetCounters(f.sizes, out), noApplicant: new Int32Array(out, (outWords - 1) * 4, 1)[0] } : null;
  }

  /** Posts a request; the returned function waits for it and says whether it was done. */
  private request(m: HalfRequest): () => boolean {
    Atomics.store(this.ctrl, HALF_STATE, HALF_PENDING);
    this.worker!.postMessage(m);
    return () => {
      Atomics.wait(this.ctrl, HALF_STATE, HALF_PENDING, HALF_WAIT_MS);
      const state = Atomics.load(this.ctrl, HALF_STATE);
      if (state === HALF_DONE) {
        this.helped++;
        return true;
      }
      // Failed (the server's thread meets the same error in its own half), or stuck: a stuck helper is stopped.
      if (state === HALF_PENDING) void this.stop();
      return false;
    };
  }

  /** Stops the helper for good. */
  async stop(): Promise<void> {
    this.stopped = true;
    const w = this.worker;
    this.worker = null;
    this.results?.close();
    this.results = null;
    if (w) await w.terminate();
  }
}

/** What a facet count's upper half needs (ColumnStore.facets): the result's words and the store's arrays. */
export interface FacetHalf {
  set: Uint32Array;
  fromWord: number;
  arrays: FacetArrays;
  sizes: FacetSizes;
}

const helpers = new WeakMap<Database.Database, FtsHalves>();

/** The helper of a connection to a database file (created, not started, on the first call); null when there is none. */
export function ftsHalvesOf(raw: Database.Database): FtsHalves | null {
  if (process.env.IP_FTS_HALVES === 'off' || raw.memory || !raw.name) return null;
  let h = helpers.get(raw);
  if (!h) helpers.set(raw, (h = new FtsHalves(raw.name, loadSearchExtension(raw) ? NATIVE_SEARCH_LIBRARY : null)));
  return h;
}

/** Stops the helper of a connection (its database is being closed). */
export async function closeFtsHalves(raw: Database.Database): Promise<void> {
  const h = helpers.get(raw);
  helpers.delete(raw);
  await h?.stop();
}

/**
 * A query's two halves side by side (ADR 0077): `upper` waits for the helper's half (sent just before), `lower` runs
 * the other here meanwhile, and `upperHere` runs the helper's half here when the helper failed or did not answer.
 */
export function inHalves<L, U>(upper: () => U | null, lower: () => L, upperHere: () => U): [L, U] {
  let up: U | null;
  let low: L;
  try {
    low = lower();
  } finally {
    // Waited for even when this half failed: the helper's next request must not meet this one.
    up = upper();
  }
  return [low, up ?? upperHere()];
}
