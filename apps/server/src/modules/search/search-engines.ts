// The built-in engines as SearchEngine (search/engine/search-engine.ts): adapters over the functions the search API
// already runs, so an external engine has a real, type-checked interface to implement and a reference to compare
// with. Nothing here changes how the API answers: search() calls resolveSearch directly.
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { SearchEngine } from '../../search/engine/search-engine';
import { writeIndexes } from '../../search/engine/index-writer';
import { matchingAmong, resolveSearch, type Engine } from './search.service';

/**
 * The database's own engine: on SQLite the in-memory search columns with FTS5 (`engine` 'auto', falling back to
 * SQL while they are built or a transaction holds the connection) or plain SQL (`engine` 'sql'); on PostgreSQL the
 * tsvector tables and SQL (either setting). `index` / `remove` write outside any transaction: the import writes its
 * index rows itself, in the patents' transaction (patents.repo.ts → writeIndexes).
 */
export function builtInSearchEngine(deps: Deps, opts: { engine?: Engine } = {}): SearchEngine {
  const dialect = deps.db.dialect;
  const engine = opts.engine ?? 'auto';
  return {
    name: dialect === 'postgres' ? 'postgres' : engine === 'sql' ? 'sqlite-sql' : 'sqlite',
    async index(entries) {
      await writeIndexes(deps.db.db, dialect, entries, deps.db.sqlite ?? undefined);
    },
    async remove(patentIds) {
      for (let i = 0; i < patentIds.length; i += 1000) {
        const ids = sql.join(patentIds.slice(i, i + 1000));
        if (dialect === 'sqlite') {
          await sql`DELETE FROM patents_fts WHERE rowid IN (${ids})`.execute(deps.db.db);
          await sql`DELETE FROM patents_ti WHERE rowid IN (${ids})`.execute(deps.db.db);
          await sql`DELETE FROM patents_tx WHERE rowid IN (${ids})`.execute(deps.db.db);
        } else {
          await sql`DELETE FROM patent_text_chunks WHERE patent_id IN (${ids})`.execute(deps.db.db);
          await sql`DELETE FROM patent_search WHERE patent_id IN (${ids})`.execute(deps.db.db);
        }
      }
    },
    resolve: (q) => resolveSearch(deps, { ...q, engine }),
    matchingAmong: (ast, ids) => matchingAmong(deps, ast, ids),
  };
}
