// The litigation text index (ADR 0037, migration 022). The text fields of a case (judgment text, summary, cause,
// court) are reduced to the tokens of the patent search engine's CJK stream (search/tokenise.ts: the per-character
// normalisation, every bigram inside a CJK run and every single character with the unigram mark), stored in an FTS5
// table on SQLite and a tsvector (lexemes only, no positions) on PostgreSQL. A keyword's CJK runs give tokens every
// case containing the keyword must hold (the normalisation maps character by character, so containment survives
// it); the index narrows the cases to those holding all of them, and the LIKE of before decides on those few. The
// results are therefore exactly those of the LIKE scan; a keyword without CJK characters (a Latin word, `%`) still
// scans, as before.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Db, Dialect } from '../../db';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/write';
import { normalise } from '../../search/normalise';
import { segment, UNIGRAM_MARK } from '../../search/tokenise';
import { quoteLexeme } from '../../search/engine/pg-tsvector';

type Q = Kysely<Database> | Transaction<Database>;

/** The index tokens of some text: CJK bigrams and marked single characters, each once. */
export function caseTokens(...texts: string[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    for (const seg of segment(normalise(text))) {
      if (seg.kind === 'word') continue;
      const chars = Array.from(seg.text);
      for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i] + chars[i + 1]);
      for (const c of chars) out.add(UNIGRAM_MARK + c);
    }
  }
  return [...out];
}

/**
 * Tokens every text containing `keyword` holds: the bigrams of each CJK run of the keyword, or its marked
 * character for a one-character run. Empty: the keyword has no CJK character and the index cannot narrow.
 */
export function keywordTokens(keyword: string): string[] {
  const out = new Set<string>();
  for (const seg of segment(normalise(keyword))) {
    if (seg.kind === 'word') continue;
    const chars = Array.from(seg.text);
    if (chars.length === 1) out.add(UNIGRAM_MARK + chars[0]);
    for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i] + chars[i + 1]);
  }
  return [...out];
}

/** (Re)indexes some cases from their stored text; ids of deleted cases lose their entries. */
export async function indexCases(trx: Q, dialect: Dialect, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 200) {
    const chunk = ids.slice(i, i + 200);
    const rows = await trx
      .selectFrom('litigation_cases')
      .select(['id', 'judgment_text', 'summary', 'cause', 'court', 'content_hash', 'updated_at'])
      .where('id', 'in', chunk)
      .execute();
    await trx.deleteFrom('litigation_search').where('case_id', 'in', chunk).execute();
    if (dialect === 'sqlite') await sql`DELETE FROM litigation_fts WHERE rowid IN (${sql.join(chunk)})`.execute(trx);
    for (const r of rows) {
      const tokens = caseTokens(r.judgment_text, r.summary, r.cause, r.court);
      const id = Number(r.id);
      if (dialect === 'sqlite') {
        await trx
          .insertInto('litigation_search')
          .values({ case_id: id, content_hash: r.content_hash, updated_at: r.updated_at })
          .execute();
        await sql`INSERT INTO litigation_fts (rowid, tokens) VALUES (${id}, ${tokens.join(' ')})`.execute(trx);
      } else {
        const tsv = tokens.map(quoteLexeme).join(' ');
        await sql`INSERT INTO litigation_search (case_id, content_hash, updated_at, tsv)
          VALUES (${id}, ${r.content_hash}, ${r.updated_at}, ${tsv}::tsvector)`.execute(trx);
      }
    }
  }
}

async function fingerprint(db: Q, table: 'litigation_cases' | 'litigation_search') {
  const r = await db
    .selectFrom(table)
    .select([sql<number | string>`count(*)`.as('n'), sql<string | null>`max(updated_at)`.as('m')])
    .executeTakeFirstOrThrow();
  return `${Number(r.n)}|${r.m ?? ''}`;
}

/**
 * Brings the index up to date with the cases (rows written without storeCases: an older version's data, a test's
 * direct insert, a deleted case). Cheap when nothing changed: the count and newest updated_at of both tables, read
 * from their indexes. storeCases indexes what it writes itself, so an import never waits for this.
 */
export async function syncLitigationIndex(db: Db): Promise<number> {
  if ((await fingerprint(db.db, 'litigation_cases')) === (await fingerprint(db.db, 'litigation_search'))) return 0;
  return writeTransaction(db, { what: 'litigation index' }, async (trx) => {
    const stale = await trx
      .selectFrom('litigation_cases as c')
      .leftJoin('litigation_search as s', 's.case_id', 'c.id')
      .select('c.id')
      .where((eb) =>
        eb.or([
          eb('s.case_id', 'is', null),
          eb('s.content_hash', '<>', eb.ref('c.content_hash')),
          eb('s.updated_at', '<>', eb.ref('c.updated_at')),
        ]),
      )
      .execute();
    const gone = await trx
      .selectFrom('litigation_search as s')
      .leftJoin('litigation_cases as c', 'c.id', 's.case_id')
      .select('s.case_id')
      .where('c.id', 'is', null)
      .execute();
    await indexCases(trx, db.dialect, [...stale.map((r) => Number(r.id)), ...gone.map((r) => Number(r.case_id))]);
    return stale.length + gone.length;
  });
}

/**
 * The ids of the cases whose indexed text holds every token (a subquery for `c.id IN (…)`), or null when the
 * keyword has no CJK token and the index cannot narrow.
 */
export function indexedCandidates(dialect: Dialect, keyword: string): RawBuilder<unknown> | null {
  const tokens = keywordTokens(keyword);
  if (!tokens.length) return null;
  if (dialect === 'sqlite') {
    // Tokens never hold a double quote (CJK characters and the unigram mark), so quoting them is enough.
    const match = tokens.map((t) => `"${t}"`).join(' AND ');
    return sql`SELECT rowid FROM litigation_fts WHERE litigation_fts MATCH ${match}`;
  }
  const query = tokens.map(quoteLexeme).join(' & ');
  return sql`SELECT case_id FROM litigation_search WHERE tsv @@ ${query}::tsquery`;
}
