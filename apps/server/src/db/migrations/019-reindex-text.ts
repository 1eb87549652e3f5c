import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import type { MigrationDialect } from './helpers';
import { indexFieldsOf, writeIndexes, type IndexEntry } from '../../search/engine/index-writer';
import { indexText } from '../../search/tokenise';
import { contentHash } from '../../modules/patents/patents.repo';

/** Patents per read and per writeIndexes call. */
const BATCH = 500;

function list(json: string): string[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * Rebuilds the text index of every stored patent with the current normalisation and tokens (issue 11, ADR 0036):
 * Unicode compatibility forms (NFKC: Roman numerals Ⅱ → ii, ① → 1, ligatures...) now normalise like their plain
 * spelling on both sides, so an index written before would miss them. SQLite: the contentless FTS5 table is emptied
 * and refilled; PostgreSQL: patent_search and patent_text_chunks. Ids are read in order, a batch at a time, so the
 * memory used does not grow with the table. Any later change to what is indexed (values kept apart, tokens) is
 * picked up too: the index is made by the same code as the import's (indexFieldsOf, writeIndexes).
 *
 * The same pass recomputes each patent's content hash, which no longer covers the source file's name (issue 11
 * item 6), so the first re-import after the upgrade reports unchanged records as unchanged.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const k = db as unknown as Kysely<Database>;
  if (dialect === 'sqlite') {
    await sql`DELETE FROM patents_fts`.execute(k);
  } else {
    await sql`DELETE FROM patent_text_chunks`.execute(k);
    await sql`DELETE FROM patent_search`.execute(k);
  }
  for (let after = 0; ;) {
    const rows = await k.selectFrom('patents').selectAll().where('id', '>', after).orderBy('id').limit(BATCH).execute();
    if (!rows.length) break;
    const entries: IndexEntry[] = rows.map((r) => ({
      patentId: Number(r.id),
      fields: indexFieldsOf(r, list(r.applicants), list(r.inventors)),
      replace: false,
    }));
    if (dialect === 'sqlite') {
      // One multi-row INSERT per batch (9 parameters a row, far under SQLite's limit) instead of writeIndexes'
      // statement per patent (it uses prepared statements only on the import's raw connection): the same rows.
      const values = entries.map(
        ({ patentId: id, fields: f }) =>
          sql`(${id}, ${indexText(f.ti)}, ${indexText(f.ab)}, ${indexText(f.cl)}, ${indexText(f.de)}, ${indexText(f.pa)}, ${indexText(f.inv)}, ${indexText(f.addr)}, ${indexText(f.ag)})`,
      );
      await sql`INSERT INTO patents_fts (rowid, ti, ab, cl, de, pa, inv, addr, ag) VALUES ${sql.join(values)}`.execute(k);
    } else {
      await writeIndexes(k, dialect, entries);
    }
    for (const r of rows) {
      const hash = contentHash(r);
      if (hash !== r.content_hash) await k.updateTable('patents').set({ content_hash: hash }).where('id', '=', r.id).execute();
    }
    after = Number(rows[rows.length - 1].id);
  }
}
