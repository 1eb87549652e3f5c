// Imports a JSON Lines file of patent records: streams it line by line, validates each line, and upserts the good
// ones in batches, each batch in its own transaction. A rejected line is reported (line number and a Chinese reason)
// and the import goes on. Stopping midway loses nothing committed, and running the same file again resumes without
// duplicates (the upsert changes nothing for records already stored).
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import { bulkImport } from '../../search/engine/index-files';
import type { Database } from '../../db/schema';
import { validateRecord, type PatentInput } from './patent-record';
import { upsertPatents, type UpsertOptions } from './patents.repo';

export interface ImportError {
  line: number;
  reason: string;
}

export interface ImportCounts {
  /** Non-empty lines read. */
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

export interface ImportState extends ImportCounts {
  /** Every line up to this one is done (imported or rejected). */
  line: number;
  /** The first rejected lines (at most maxErrors). */
  errors: ImportError[];
}

export interface ImportResult extends ImportState {
  elapsedMs: number;
}

export interface ImportFileOptions {
  /** Records per transaction (default 1000). */
  batchSize?: number;
  /** Stored as each patent's source (default: the file's name). */
  source?: string;
  /** The time stamped on written rows (default: now). */
  now?: () => string;
  /** Continue after this state (a resumed job): lines up to resume.line are skipped. */
  resume?: ImportState;
  /** How many rejected lines to keep in `errors` (default 200). */
  maxErrors?: number;
  onRejected?: (line: number, reason: string) => void;
  /** Runs inside each batch's transaction, with the state that transaction commits. */
  onBatch?: (state: ImportState, trx: Transaction<Database>) => Promise<void>;
  /** After each committed batch. */
  onProgress?: (state: ImportState) => void;
  /** Marks records as generated demo data. */
  demo?: boolean;
  /** Let other work (HTTP requests) run between batches: for imports inside the server. */
  yieldBetweenBatches?: boolean;
  /** Told (debug) when a batch waits for another process's write lock. */
  log?: UpsertOptions['log'];
}

export const emptyImportState = (): ImportState => ({
  line: 0,
  read: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  rejected: 0,
  errors: [],
});

/** Imports one JSON Lines file. I/O errors (missing file, unreadable) are thrown; bad lines are not. */
export async function importJsonlFile(db: Db, file: string, opts: ImportFileOptions = {}): Promise<ImportResult> {
  const started = Date.now();
  const result = await bulkImport(db, () => importFile(db, file, opts));
  return { ...result, elapsedMs: Date.now() - started };
}

async function importFile(db: Db, file: string, opts: ImportFileOptions): Promise<ImportState> {
  const source = opts.source ?? path.basename(file);
  const maxErrors = opts.maxErrors ?? 200;
  const state: ImportState = opts.resume ? { ...opts.resume, errors: [...opts.resume.errors] } : emptyImportState();
  const skipTo = state.line;
  await fs.promises.access(file, fs.constants.R_OK);
  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  const batcher = new Batcher(db, state, opts);
  let lineNo = 0;
  try {
    for await (const raw of lines) {
      lineNo++;
      if (lineNo <= skipTo) continue;
      const text = lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw;
      if (!text.trim()) {
        if (!batcher.size) state.line = lineNo;
        continue;
      }
      state.read++;
      const v = validateRecord(text, lineNo, { source });
      if (v.ok) {
        if (opts.demo) v.record.isDemo = true;
        await batcher.add(v.record, lineNo);
      } else {
        state.rejected++;
        if (state.errors.length < maxErrors) state.errors.push({ line: lineNo, reason: v.reason });
        opts.onRejected?.(lineNo, v.reason);
        if (!batcher.size) state.line = lineNo;
      }
    }
    await batcher.flush(lineNo);
  } finally {
    lines.close();
    stream.destroy();
  }
  return state;
}

/** Collects records and upserts them a batch at a time, committing the import state with each batch. */
export class Batcher {
  private records: PatentInput[] = [];
  private readonly batchSize: number;

  constructor(
    private readonly db: Db,
    private readonly state: ImportState,
    private readonly opts: Pick<
      ImportFileOptions,
      'batchSize' | 'now' | 'onBatch' | 'onProgress' | 'yieldBetweenBatches' | 'log'
    >,
  ) {
    this.batchSize = opts.batchSize ?? 1000;
  }

  get size(): number {
    return this.records.length;
  }

  async add(record: PatentInput, lineNo: number): Promise<void> {
    this.records.push(record);
    if (this.records.length >= this.batchSize) await this.flush(lineNo);
  }

  /** Writes what is collected; `lineNo` is the last line the batch covers. */
  async flush(lineNo: number): Promise<void> {
    const records = this.records;
    this.records = [];
    const state = this.state;
    const after = { ...state, line: Math.max(state.line, lineNo) };
    const now = this.opts.now?.() ?? new Date().toISOString();
    const onBatch = this.opts.onBatch;
    let counts = { inserted: 0, updated: 0, unchanged: 0 };
    if (records.length || onBatch) {
      counts = await upsertPatents(this.db, records, now, {
        log: this.opts.log,
        inTransaction: onBatch
          ? (trx, c) =>
              onBatch(
                {
                  ...after,
                  inserted: state.inserted + c.inserted,
                  updated: state.updated + c.updated,
                  unchanged: state.unchanged + c.unchanged,
                },
                trx,
              )
          : undefined,
      });
    }
    state.inserted += counts.inserted;
    state.updated += counts.updated;
    state.unchanged += counts.unchanged;
    state.line = after.line;
    this.opts.onProgress?.(state);
    if (this.opts.yieldBetweenBatches) await nextTurn();
  }
}

/** Lines in a file (a last line without a newline counts), read in chunks. */
export async function countLines(file: string): Promise<number> {
  let n = 0;
  let last = 0x0a;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
    const buf = chunk as Buffer;
    let i = -1;
    while ((i = buf.indexOf(0x0a, i + 1)) !== -1) n++;
    if (buf.length) last = buf[buf.length - 1];
  }
  return last === 0x0a ? n : n + 1;
}
