import { setImmediate as nextTurn } from 'node:timers/promises';
import type SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../db';
import type { Database, PatentsTable } from '../../db/schema';
import { indexStreams, indexText, indexTextWithMain } from '../tokenise';
import { binaryArray, int4Array, OID_TSVECTOR, textArray } from '../../db/pg-binary';
import { fieldTsvectorsBinary, tsvectorChunks } from './pg-tsvector';
import { isBusyError } from '../../db/write';

/** A field of one value, or of several (each value indexed on its own, with a gap between: tokenise.ts). */
export type FieldText = string | readonly string[];

/** The values of the 代理机构 field: a text may name several agencies, separated by semicolons. */
export function agencyValues(agency: string): string[] {
  return agency
    .split(/[;；]/)
    .map((v) => v.trim())
    .filter(Boolean);
}

/** The raw (not yet normalised) text of each indexed field of one patent. */
export interface IndexFields {
  /** 名称 TI */
  ti: string;
  /** 摘要 AB */
  ab: string;
  /** 权利要求 CL */
  cl: string;
  /** 说明书 DE */
  de: string;
  /** 申请人 PA: the applicants, each a value (a phrase or NEAR never runs from one applicant into the next) */
  pa: FieldText;
  /** 发明人 IN: the inventors, each a value */
  inv: FieldText;
  /** 地址 ADDR */
  addr: string;
  /** 代理机构 AG: the agencies, each a value (agencyValues) */
  ag: FieldText;
}

export const INDEX_FIELDS = ['ti', 'ab', 'cl', 'de', 'pa', 'inv', 'addr', 'ag'] as const;

/**
 * The text a patent's index is made of. One place for the import, the index workers (which read the stored rows),
 * the rebuilds and migration 019, which rebuilds the index of every stored patent when the normalisation or the
 * tokens change.
 */
export function indexFieldsOf(
  row: Pick<PatentsTable, 'title' | 'abstract' | 'claims' | 'description' | 'address' | 'agency'>,
  applicants: readonly string[],
  inventors: readonly string[],
): IndexFields {
  return {
    ti: row.title,
    ab: row.abstract,
    cl: row.claims,
    de: row.description,
    pa: applicants,
    inv: inventors,
    addr: row.address,
    ag: agencyValues(row.agency),
  };
}

/** The values of a JSON array column (applicants, inventors); none when it is empty or not JSON. */
function jsonList(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    return JSON.parse(text) as string[];
  } catch {
    return [];
  }
}

/** A stored patent's index entry (its applicants and inventors read from their JSON columns). */
export function indexEntryOfRow(row: IndexedRow, replace: boolean): IndexEntry {
  return { patentId: Number(row.id), fields: indexFieldsOf(row, jsonList(row.applicants), jsonList(row.inventors)), replace };
}

/** The columns of a stored patent its index is made of. */
export type IndexedRow = Pick<
  PatentsTable,
  'id' | 'title' | 'abstract' | 'claims' | 'description' | 'applicants' | 'inventors' | 'address' | 'agency'
>;

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Writes (or replaces) one patent's text index: the app-made tokens of search/tokenise.ts, so both engines index
 * the same tokens. SQLite: a row of the contentless FTS5 table with rowid = patent id, the title again in
 * patents_ti (migration 050: title-only conditions read its small doclists), and 名称/摘要/权利要求's main streams
 * again in patents_tx (migration 054: the top bar's conditions read doclists without the other columns). PostgreSQL: a
 * patent_search row (chunk 0 of every field as a tsvector) plus patent_text_chunks rows for the chunks of
 * fields too long for one tsvector (pg-tsvector.ts explains the design).
 */
export async function writeIndex(
  db: Db,
  dialect: Dialect,
  patentId: number,
  fields: IndexFields,
  replace: boolean,
): Promise<void> {
  if (dialect === 'sqlite') {
    if (replace) {
      await sql`DELETE FROM patents_fts WHERE rowid = ${patentId}`.execute(db);
      await sql`DELETE FROM patents_ti WHERE rowid = ${patentId}`.execute(db);
      await sql`DELETE FROM patents_tx WHERE rowid = ${patentId}`.execute(db);
    }
    const [ti, ab, cl] = [fields.ti, fields.ab, fields.cl].map(indexTextWithMain);
    await sql`INSERT INTO patents_fts (rowid, ti, ab, cl, de, pa, inv, addr, ag) VALUES (${patentId}, ${ti.text}, ${ab.text}, ${cl.text}, ${indexText(fields.de)}, ${indexText(fields.pa)}, ${indexText(fields.inv)}, ${indexText(fields.addr)}, ${indexText(fields.ag)})`.execute(
      db,
    );
    await sql`INSERT INTO patents_ti (rowid, ti) VALUES (${patentId}, ${ti.text})`.execute(db);
    await sql`INSERT INTO patents_tx (rowid, ti, ab, cl) VALUES (${patentId}, ${ti.main}, ${ab.main}, ${cl.main})`.execute(db);
    return;
  }
  const cols: Record<string, string> = {};
  const extra: { field: string; chunk: number; tsv: string }[] = [];
  for (const f of INDEX_FIELDS) {
    const { main, unigrams } = indexStreams(fields[f]);
    const chunks = tsvectorChunks(main, unigrams);
    cols[f] = chunks[0];
    for (let i = 1; i < chunks.length; i++) extra.push({ field: f, chunk: i, tsv: chunks[i] });
  }
  if (replace) {
    await sql`DELETE FROM patent_text_chunks WHERE patent_id = ${patentId}`.execute(db);
    await sql`DELETE FROM patent_search WHERE patent_id = ${patentId}`.execute(db);
  }
  await sql`INSERT INTO patent_search (patent_id, ti, ab, cl, de, pa, inv, addr, ag) VALUES (${patentId}, ${cols.ti}::tsvector, ${cols.ab}::tsvector, ${cols.cl}::tsvector, ${cols.de}::tsvector, ${cols.pa}::tsvector, ${cols.inv}::tsvector, ${cols.addr}::tsvector, ${cols.ag}::tsvector)`.execute(
    db,
  );
  for (const c of extra) {
    await sql`INSERT INTO patent_text_chunks (patent_id, field, chunk, tsv) VALUES (${patentId}, ${c.field}, ${c.chunk}, ${c.tsv}::tsvector)`.execute(
      db,
    );
  }
}

/** The most segments patents_ti keeps after a bulk write before compactTitleIndex merges it into one. */
export const TITLE_SEGMENTS_MAX = 2;
/** Leaf pages one step of that merge writes (about 2 MB, some 100 ms of holding the write lock). */
const TITLE_MERGE_PAGES = 500;

/**
 * SQLite, at the end of a bulk write (an import file, the demo patents): merges patents_ti into one segment when
 * FTS5 has left it in more than TITLE_SEGMENTS_MAX (each commit writes one; automerge joins them only four at a
 * time). The relevance page's title tier checks its first candidates against the title by id (the store's
 * titleAmong), and each id costs a seek per token in every segment: at 1,031,466 patents 80 ids took 23 ms with
 * the 9 segments an import left, 3.3 ms with one (ADR 0073).
 *
 * The merge is FTS5's incremental one (`'merge', -N`: every segment taken as one level, N pages a step), each step
 * its own transaction with a pause between, so that the server answers and other writers get the lock between
 * steps; FTS5 reports a step that found nothing to do by changing fewer than two rows. It rewrites the titles'
 * index: about 3.4 s in all at a million patents, 0.1 s at 20,000. Resolves with whether it merged (not when
 * another process kept the database locked: the rows are imported either way).
 */
export async function compactTitleIndex(raw: SqliteDatabase.Database | undefined): Promise<boolean> {
  if (!raw) return false;
  const segments = raw.prepare('SELECT count(DISTINCT segid) FROM patents_ti_idx').pluck();
  if ((segments.get() as number) <= TITLE_SEGMENTS_MAX) return false;
  const step = raw.prepare(`INSERT INTO patents_ti(patents_ti, rank) VALUES ('merge', -${TITLE_MERGE_PAGES})`);
  const changes = raw.prepare('SELECT total_changes()').pluck();
  for (;;) {
    const before = changes.get() as number;
    try {
      step.run();
    } catch (err) {
      // Another process holds the write lock past busy_timeout: the imported rows are committed already, and a
      // title index left in more segments is only slower. The next import merges it.
      if (isBusyError(err)) return false;
      throw err;
    }
    if ((changes.get() as number) - before < 2 || (segments.get() as number) <= 1) return true;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** One patent's index entry for writeIndexes. */
export interface IndexEntry {
  patentId: number;
  fields: IndexFields;
  /** The patent may already have an index row (it is replaced). */
  replace: boolean;
}

/** Patents per INSERT on PostgreSQL, and roughly the most tsvector bytes one statement of text chunks carries. */
const PG_ROWS_PER_INSERT = 250;
const PG_CHARS_PER_INSERT = 8_000_000;

/** Splits rows into runs of at most `maxRows` rows and (roughly) `maxChars` characters. */
function runs<T>(rows: T[], size: (row: T) => number, maxRows: number, maxChars: number): T[][] {
  const out: T[][] = [];
  let cur: T[] = [];
  let chars = 0;
  for (const r of rows) {
    const n = size(r);
    if (cur.length && (cur.length >= maxRows || chars + n > maxChars)) {
      out.push(cur);
      cur = [];
      chars = 0;
    }
    cur.push(r);
    chars += n;
  }
  if (cur.length) out.push(cur);
  return out;
}

/**
 * Writes (or replaces) the text index of many patents, with the same content writeIndex writes one by one; the
 * import's path. SQLite, given the better-sqlite3 handle Kysely runs on (`raw`, inside the caller's transaction):
 * two cached prepared statements instead of a Kysely query per patent. PostgreSQL: one DELETE per table for the
 * replaced patents and INSERT … SELECT FROM unnest(…) of binary tsvector arrays (pg-binary.ts), instead of two or
 * more round trips per patent and tsvector literals the server has to parse.
 */
export async function writeIndexes(
  db: Db,
  dialect: Dialect,
  entries: readonly IndexEntry[],
  raw?: SqliteDatabase.Database,
): Promise<void> {
  if (!entries.length) return;
  if (dialect === 'sqlite') {
    const staging = raw && sqliteIndexSinks.get(raw)?.current;
    if (staging) {
      staging.stage(entries.map((e) => e.patentId));
      return;
    }
    if (!raw) {
      for (const e of entries) await writeIndex(db, dialect, e.patentId, e.fields, e.replace);
      return;
    }
    writeSqliteIndexRows(raw, entries);
    return;
  }

  const replaced = entries.filter((e) => e.replace).map((e) => e.patentId);
  if (replaced.length) {
    const ids = int4Array(replaced);
    await sql`DELETE FROM patent_text_chunks WHERE patent_id = ANY(${ids}::int4[])`.execute(db);
    await sql`DELETE FROM patent_search WHERE patent_id = ANY(${ids}::int4[])`.execute(db);
  }
  // Parts of PG_ROWS_PER_INSERT patents, each one INSERT … SELECT FROM unnest(…) of binary arrays (a tsvector[] per
  // field). The next part is encoded while the server writes the previous one.
  let pending: Promise<unknown> | null = null;
  for (let i = 0; i < entries.length; i += PG_ROWS_PER_INSERT) {
    const part = encodePgIndex(entries.slice(i, i + PG_ROWS_PER_INSERT));
    if (pending) await pending;
    pending = writePgIndexPart(db, part);
    pending.catch(() => undefined); // failing while the next part is encoded is not "unhandled": awaited below
    // Let the statement go out (Kysely sends it a few promise turns later) before encoding the next part.
    await nextTurn();
  }
  await pending;
}

/**
 * What one transaction of an import running with index workers (search/engine/index-files.ts withIndexWorkers) has
 * for them: writeIndexes and the import's deletions hand their entries here instead of writing the FTS5 tables,
 * which live in side files the workers write (db/index-files.ts).
 */
export interface IndexStaging {
  /** Patents written (new, or with changed indexed text): the workers read their stored text. */
  stage(ids: readonly number[]): void;
  /** Patents deleted: their index rows go. */
  stageRemovals(ids: readonly number[]): void;
}

/**
 * An import's index workers on a connection (search/engine/index-files.ts), with the staging of the transaction
 * under way (null between). upsertPatents calls begin() at the start of each try of its transaction (inside it),
 * end() at the end of its callback, and post() with what end() gave once the transaction has committed.
 */
export interface SqliteIndexSink {
  current: IndexStaging | null;
  /** `records`: the batch's size (a small import's rows are written in its transaction, by writeIndexes). */
  begin(records: number): void;
  end(): IndexStaging | null;
  post(staged: IndexStaging | null): Promise<void>;
}

/** The index workers of each connection that has an import running with them (withIndexWorkers). */
export const sqliteIndexSinks = new WeakMap<SqliteDatabase.Database, SqliteIndexSink>();

/** Deletes the index rows of `ids` from the tables `tables` names (as writeSqliteIndexRows names them). */
export function removeSqliteIndexRows(
  raw: SqliteDatabase.Database,
  ids: readonly number[],
  tables: 'all' | 'fts' | 'ti-tx' = 'all',
): void {
  const st = sqliteStatementsOf(raw);
  for (const id of ids) {
    if (tables !== 'ti-tx') st.remove.run(id);
    if (tables !== 'fts') {
      st.removeTitle.run(id);
      st.removeTx.run(id);
    }
  }
}

/**
 * SQLite's index rows of `entries` on `raw` (inside the caller's transaction), with cached prepared statements.
 * `tables`: all three (a connection with both side files attached), or patents_fts alone or patents_ti and
 * patents_tx alone (an import's index worker on its side file: index-files.worker.ts).
 */
export function writeSqliteIndexRows(
  raw: SqliteDatabase.Database,
  entries: readonly IndexEntry[],
  tables: 'all' | 'fts' | 'ti-tx' = 'all',
): void {
  const fts = tables !== 'ti-tx';
  const rest = tables !== 'fts';
  const st = sqliteStatementsOf(raw);
  for (const { patentId, fields: f, replace } of entries) {
    if (replace && fts) st.remove.run(patentId);
    if (replace && rest) {
      st.removeTitle.run(patentId);
      st.removeTx.run(patentId);
    }
    const ti = indexTextWithMain(f.ti);
    const ab = indexTextWithMain(f.ab);
    const cl = indexTextWithMain(f.cl);
    if (fts)
      st.insert.run(
        patentId,
        ti.text,
        ab.text,
        cl.text,
        indexText(f.de),
        indexText(f.pa),
        indexText(f.inv),
        indexText(f.addr),
        indexText(f.ag),
      );
    if (rest) {
      st.insertTitle.run(patentId, ti.text);
      st.insertTx.run(patentId, ti.main, ab.main, cl.main);
    }
  }
}

const SQLITE_INDEX_SQL = {
  remove: 'DELETE FROM patents_fts WHERE rowid = ?',
  removeTitle: 'DELETE FROM patents_ti WHERE rowid = ?',
  removeTx: 'DELETE FROM patents_tx WHERE rowid = ?',
  insert: 'INSERT INTO patents_fts (rowid, ti, ab, cl, de, pa, inv, addr, ag) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  insertTitle: 'INSERT INTO patents_ti (rowid, ti) VALUES (?, ?)',
  insertTx: 'INSERT INTO patents_tx (rowid, ti, ab, cl) VALUES (?, ?, ?, ?)',
} as const;

type SqliteIndexStatements = Record<keyof typeof SQLITE_INDEX_SQL, SqliteDatabase.Statement>;
const sqliteIndexStatements = new WeakMap<SqliteDatabase.Database, SqliteIndexStatements>();

/**
 * writeSqliteIndexRows' and removeSqliteIndexRows' prepared statements on a connection, each prepared when first
 * used: an index worker's connection has only its side file's tables (db/index-files.ts).
 */
function sqliteStatementsOf(raw: SqliteDatabase.Database): SqliteIndexStatements {
  let st = sqliteIndexStatements.get(raw);
  if (!st) {
    const made: Partial<SqliteIndexStatements> = {};
    st = {} as SqliteIndexStatements;
    for (const key of Object.keys(SQLITE_INDEX_SQL) as (keyof typeof SQLITE_INDEX_SQL)[])
      Object.defineProperty(st, key, { get: () => (made[key] ??= raw.prepare(SQLITE_INDEX_SQL[key])) });
    sqliteIndexStatements.set(raw, st);
  }
  return st;
}

/** One part of writeIndexes' PostgreSQL rows, encoded. */
interface PgIndexPart {
  ids: number[];
  /** Per field of INDEX_FIELDS, chunk 0 of each patent. */
  cols: Buffer[][];
  extra: { id: number; field: string; chunk: number; tsv: Buffer }[];
}

function encodePgIndex(entries: readonly IndexEntry[]): PgIndexPart {
  const part: PgIndexPart = { ids: [], cols: INDEX_FIELDS.map(() => []), extra: [] };
  for (const e of entries) {
    part.ids.push(e.patentId);
    INDEX_FIELDS.forEach((f, fi) => {
      const chunks = fieldTsvectorsBinary(e.fields[f]);
      part.cols[fi].push(chunks[0]);
      for (let c = 1; c < chunks.length; c++) part.extra.push({ id: e.patentId, field: f, chunk: c, tsv: chunks[c] });
    });
  }
  return part;
}

async function writePgIndexPart(db: Db, part: PgIndexPart): Promise<void> {
  const cols = part.cols.map((c) => sql`${binaryArray(OID_TSVECTOR, c)}::tsvector[]`);
  await sql`INSERT INTO patent_search (patent_id, ti, ab, cl, de, pa, inv, addr, ag) SELECT * FROM unnest(${int4Array(part.ids)}::int4[], ${sql.join(cols)})`.execute(
    db,
  );
  for (const run of runs(part.extra, (c) => c.tsv.length, PG_ROWS_PER_INSERT, PG_CHARS_PER_INSERT)) {
    await sql`INSERT INTO patent_text_chunks (patent_id, field, chunk, tsv) SELECT * FROM unnest(${int4Array(run.map((c) => c.id))}::int4[], ${textArray(run.map((c) => c.field))}::text[], ${int4Array(run.map((c) => c.chunk))}::int4[], ${binaryArray(
      OID_TSVECTOR,
      run.map((c) => c.tsv),
    )}::tsvector[])`.execute(db);
  }
}
