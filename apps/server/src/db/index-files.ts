// SQLite's full-text index in files of its own beside app.db (issue 15, ADR 0089).
//
// SQLite has one writer per file. Two thirds of a patent import's time went to the FTS5 tables (ADR 0085), so they
// live in two side files that every connection ATTACHes: patents_fts in app-fts.db, patents_ti and patents_tx in
// app-title.db. A bulk import writes each of them from a worker thread with a connection of its own while the main
// thread writes the patents (search/engine/index-files.ts). SQLite looks an unqualified name up in main first, then in
// the attached schemas in order, so every query keeps naming the tables as before.
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';

/** Which of index-writer.ts' FTS5 tables a side file holds. */
export type IndexTables = 'fts' | 'ti-tx';

export interface IndexFile {
  /** The schema name the file is attached under. */
  schema: string;
  /** The file's name beside app.db. */
  name: string;
  tables: IndexTables;
  /** Its FTS5 tables, as migrations 002, 050 and 054 made them in app.db. */
  ddl: readonly string[];
  /**
   * Its share of the server's page cache (KiB). The 32 MB one app.db had (ADR 0074: more raised the peak RSS at a
   * million patents past 500 MB) is split: app.db 12 MB, the text index 16, the titles' 4. An attached file would
   * otherwise get the build's default of 16 MB each.
   */
  cacheKib: number;
}

export const INDEX_FILES: readonly IndexFile[] = [
  {
    schema: 'fts_all',
    name: 'app-fts.db',
    tables: 'fts',
    cacheKib: 16384,
    ddl: [
      "CREATE VIRTUAL TABLE fts_all.patents_fts USING fts5(ti, ab, cl, de, pa, inv, addr, ag, content='', contentless_delete=1, tokenize='ascii', detail=full)",
    ],
  },
  {
    schema: 'fts_title',
    name: 'app-title.db',
    tables: 'ti-tx',
    cacheKib: 4096,
    ddl: [
      "CREATE VIRTUAL TABLE fts_title.patents_ti USING fts5(ti, content='', contentless_delete=1, tokenize='ascii', detail=full)",
      "CREATE VIRTUAL TABLE fts_title.patents_tx USING fts5(ti, ab, cl, content='', contentless_delete=1, tokenize='ascii', detail=full)",
    ],
  },
];

/** The FTS5 tables the side files hold (in app.db before ADR 0089). */
export const INDEX_TABLE_NAMES = ['patents_fts', 'patents_ti', 'patents_tx'] as const;

/** The path of a side file of the database at `mainFile`. */
export function indexFilePath(mainFile: string, f: IndexFile): string {
  return path.join(path.dirname(mainFile), f.name);
}

/** Every file of the database at `mainFile` with its WAL and shared-memory files: what a restore replaces. */
export function indexFilePaths(mainFile: string): string[] {
  return INDEX_FILES.flatMap((f) => {
    const p = indexFilePath(mainFile, f);
    return [p, `${p}-wal`, `${p}-shm`, `${p}-journal`];
  });
}

/** Whether the connection has the side files attached (openDb's do; an in-memory database's do not). */
export function hasIndexFiles(raw: SqliteDatabase.Database): boolean {
  const names = new Set((raw.pragma('database_list') as { name: string }[]).map((d) => d.name));
  return INDEX_FILES.every((f) => names.has(f.schema));
}

/**
 * Attaches the side files to a connection of the database at `raw.name` (created when missing, unless the
 * connection is read-only: an attached file opens with the main file's flags), each with its page cache
 * (`cacheKib`, default its share of the server's). A read-write connection writes them in WAL mode with the main
 * file's synchronous setting.
 */
export function attachIndexFiles(raw: SqliteDatabase.Database, cacheKib?: (f: IndexFile) => number): void {
  if (raw.memory || !raw.name) return;
  for (const f of INDEX_FILES) {
    raw.prepare('ATTACH DATABASE ? AS ' + f.schema).run(indexFilePath(raw.name, f));
    raw.pragma(`${f.schema}.cache_size = -${cacheKib ? cacheKib(f) : f.cacheKib}`);
    if (!raw.readonly) {
      raw.pragma(`${f.schema}.journal_mode = WAL`);
      raw.pragma(`${f.schema}.synchronous = NORMAL`);
    }
  }
}
