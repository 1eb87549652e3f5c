import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import type { MigrationDialect } from './helpers';
import { indexText } from '../../search/tokenise';

/** Patents per read and per multi-row INSERT. */
const BATCH = 1000;

/**
 * SQLite: a second contentless FTS5 table holding only the titles (issue 15, ADR 0067): `patents_ti`, rowid = patent
 * id, the same tokens as patents_fts' ti column (indexText of the title). A title-only condition (名称/TI, and the
 * "title matches first" tier of a broad keyword search) read patents_fts' doclists, which carry the positions of all
 * eight columns: a bigram found in 15 % of the patents costs the decoding of every one of them, to keep the few
 * percent whose title has it. The titles' own doclists are a fraction of that. Filled here from the stored titles,
 * a batch of ids at a time; kept by index-writer.ts with patents_fts from now on. PostgreSQL already has the title
 * as a tsvector column of its own (patent_search.ti): nothing to do.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  const k = db as unknown as Kysely<Database>;
  await sql`CREATE VIRTUAL TABLE patents_ti USING fts5(ti, content='', contentless_delete=1, tokenize='ascii', detail=full)`.execute(
    k,
  );
  for (let after = 0; ;) {
    const rows = await k
      .selectFrom('patents')
      .select(['id', 'title'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (!rows.length) break;
    const values = rows.map((r) => sql`(${r.id}, ${indexText(r.title)})`);
    await sql`INSERT INTO patents_ti (rowid, ti) VALUES ${sql.join(values)}`.execute(k);
    after = Number(rows[rows.length - 1].id);
  }
}
