import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import type { MigrationDialect } from './helpers';
import { indexTextWithMain } from '../../search/tokenise';

/** Patents per read and per multi-row INSERT (4 parameters a row). */
const BATCH = 1000;

/**
 * SQLite: a third contentless FTS5 table for the top bar's fields (issue 15, ADR 0073): `patents_tx(ti, ab, cl)`,
 * rowid = patent id, holding the main stream (words, bigrams, end anchors) of 名称, 摘要 and 权利要求, at the same
 * positions as in patents_fts. A keyword of the top bar is `{ti ab cl} : "…"` on patents_fts, whose doclists carry
 * the positions of all eight columns, 说明书 among them: a phrase of frequent bigrams decoded all of them. Here the
 * doclists hold those three columns only. The unigram stream (the one-character terms') is left out: such queries
 * stay on patents_fts, so this table costs the import the bigrams of three columns and no more.
 *
 * Filled here from the stored text, a batch of ids at a time; kept by index-writer.ts with patents_fts from now on.
 * Every patent gets a row, empty or not, so its row count is patents_fts'. patents_ti is merged into one segment.
 * PostgreSQL keeps a tsvector per field already (patent_search): nothing to do.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  const k = db as unknown as Kysely<Database>;
  await sql`CREATE VIRTUAL TABLE patents_tx USING fts5(ti, ab, cl, content='', contentless_delete=1, tokenize='ascii', detail=full)`.execute(
    k,
  );
  for (let after = 0; ;) {
    const rows = await k
      .selectFrom('patents')
      .select(['id', 'title', 'abstract', 'claims'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (!rows.length) break;
    const values = rows.map((r) => {
      const [ti, ab, cl] = [r.title, r.abstract, r.claims].map((t) => indexTextWithMain(t).main);
      return sql`(${r.id}, ${ti}, ${ab}, ${cl})`;
    });
    await sql`INSERT INTO patents_tx (rowid, ti, ab, cl) VALUES ${sql.join(values)}`.execute(k);
    after = Number(rows[rows.length - 1].id);
  }
  // The titles' index in one segment: an import leaves it in several, and the relevance page's title check by id
  // seeks in each (index-writer.ts compactTitleIndex keeps it so after every import from now on).
  await sql`INSERT INTO patents_ti(patents_ti) VALUES ('optimize')`.execute(k);
}
