// Imports a JSON Lines file of litigation cases (docs/litigation-format.md): streamed line by line, each line checked
// (a rejected line is reported with its number and a Chinese reason, and the import goes on), the good ones upserted
// by case number in batches, one transaction each. Running the same file again changes nothing.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Db } from '../../db';
import { writeTransaction } from '../../db/write';
import { validateCase, type CaseInput } from './litigation-record';
import { upsertCases, type UpsertCounts } from './litigation.repo';

export interface CaseImportCounts extends UpsertCounts {
  /** Non-empty lines read. */
  read: number;
  rejected: number;
}

export interface CaseImportOptions {
  batchSize?: number;
  /** Stored as each case's source (default: the file's name). */
  source?: string;
  now?: () => string;
  demo?: boolean;
  onRejected?: (line: number, reason: string) => void;
}

/** Stores validated cases in batches (each batch one transaction, retried while the database is busy). */
export async function storeCases(
  db: Db,
  records: CaseInput[],
  opts: { source: string; now?: () => string; batchSize?: number },
): Promise<UpsertCounts> {
  const total: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
  const size = opts.batchSize ?? 200;
  for (let i = 0; i < records.length; i += size) {
    const batch = records.slice(i, i + size);
    const now = opts.now?.() ?? new Date().toISOString();
    const c = await writeTransaction(db, { what: 'litigation import' }, (trx) =>
      upsertCases(trx, batch, now, opts.source, db.dialect),
    );
    total.inserted += c.inserted;
    total.updated += c.updated;
    total.unchanged += c.unchanged;
  }
  return total;
}

/** Imports one JSON Lines file. I/O errors (missing file, unreadable) are thrown; bad lines are not. */
export async function importCasesFile(db: Db, file: string, opts: CaseImportOptions = {}): Promise<CaseImportCounts> {
  await fs.promises.access(file, fs.constants.R_OK);
  if ((await fs.promises.stat(file)).isDirectory()) throw Object.assign(new Error('是一个目录'), { code: 'EISDIR' });
  const source = opts.source ?? path.basename(file);
  const batchSize = opts.batchSize ?? 200;
  const counts: CaseImportCounts = { read: 0, rejected: 0, inserted: 0, updated: 0, unchanged: 0 };
  // One case number twice in a file: the later line wins, as it would in two runs.
  let batch = new Map<string, CaseInput>();
  const flush = async () => {
    if (!batch.size) return;
    const c = await storeCases(db, [...batch.values()], { source, now: opts.now, batchSize });
    counts.inserted += c.inserted;
    counts.updated += c.updated;
    counts.unchanged += c.unchanged;
    batch = new Map();
  };
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let lineNo = 0;
  for await (const raw of lines) {
    lineNo++;
    const line = lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (!line.trim()) continue;
    counts.read++;
    const v = validateCase(line, lineNo, { demo: opts.demo });
    if (!v.ok) {
      counts.rejected++;
      opts.onRejected?.(lineNo, v.reason);
      continue;
    }
    if (batch.has(v.record.case_no)) await flush();
    batch.set(v.record.case_no, v.record);
    if (batch.size >= batchSize) await flush();
  }
  await flush();
  return counts;
}
