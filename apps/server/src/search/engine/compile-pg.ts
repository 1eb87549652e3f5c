// AST → a WHERE fragment over `patents p` for PostgreSQL. Each text condition is one tsquery (text-query.ts)
// tested against chunk 0 of its fields (patent_search columns) and against the further chunks of long fields
// (patent_text_chunks); AND/OR/NOT are SQL. Text conditions are not merged into one tsquery: `a & b` may be
// satisfied by two different chunks, which one tsquery over one tsvector cannot see.
import { sql, type Transaction } from 'kysely';
import type { NearNode, Node, TermNode } from '../expression/ast';
import { codeSql, dateSql, enumSql, FALSE, joinAnd, joinOr, type Fragment } from './structured';
import { FIELD_COLUMNS, nearTsquery, positiveTextLeaves, termTsquery } from './text-query';

/** The text condition `tsquery` on a field: `p.id IN (patents whose chunk of that field matches)`. */
export function tsMatch(field: TermNode['field'], tsquery: string): Fragment {
  const cols = FIELD_COLUMNS[field];
  const q = sql`CAST(${tsquery} AS tsquery)`;
  const first = sql.join(
    cols.map((c) => sql`${sql.ref(`s.${c}`)} @@ ${q}`),
    sql` OR `,
  );
  return sql`p.id IN (SELECT s.patent_id FROM patent_search s WHERE ${first} UNION ALL SELECT c.patent_id FROM patent_text_chunks c WHERE c.field IN (${sql.join([...cols])}) AND c.tsv @@ ${q})`;
}

function textLeaf(node: TermNode | NearNode): Fragment {
  const q = node.type === 'term' ? termTsquery(node) : nearTsquery(node);
  return q === null ? FALSE : tsMatch(node.field, q);
}

/**
 * The settings of a statement that evaluates text conditions through the GIN indexes (textLeafIds), set on its
 * transaction (SET LOCAL):
 * - `enable_seqscan = off`: PostgreSQL costs `@@` as cheap and, for a common term, plans a sequential scan that
 *   detoasts every row's tsvectors (16.5 s against 1.9 s through the GIN indexes for a term in 39 % of 1M patents:
 *   ADR 0067). Every column a text condition reads has a GIN index, so the scan is never the better plan there.
 * - `work_mem = 64MB`: the bitmap of a common term's rows stays exact. With the default 4 MB it goes lossy once
 *   patent_search passes about 65,000 heap pages, and then every row of a lossy page is rechecked, detoasting its
 *   tsvectors: at 3.1M patents `检测` (824,421 rows, 68,514 heap pages) took 58.8 s, reading 14 GB of TOAST, against
 *   2.35 s exact (ADR 0088). 64 MB keeps the bitmap exact to about 40M patents and the UNION's hash of a million ids
 *   in memory; it is a ceiling, not an allocation.
 */
export async function textStatementSettings<DB>(trx: Transaction<DB>): Promise<void> {
  await sql`SET LOCAL enable_seqscan = off`.execute(trx);
  await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
}

/**
 * A query for the ids of the patents one text condition matches; null when it matches nothing. `among`: only
 * these patents (a few thousand at most, by primary key: the Groonga resolver's changed patents, groonga.ts).
 */
export function textLeafIds(node: TermNode | NearNode, among?: readonly number[]): Fragment | null {
  const q = node.type === 'term' ? termTsquery(node) : nearTsquery(node);
  if (q === null) return null;
  const cols = FIELD_COLUMNS[node.field];
  const tq = sql`CAST(${q} AS tsquery)`;
  const first = sql.join(
    cols.map((c) => sql`${sql.ref(`s.${c}`)} @@ ${tq}`),
    sql` OR `,
  );
  if (among) {
    // OFFSET 0: the rows by key first, the tsquery tested on those only (not planned through the GIN index).
    const ids = sql`CAST(${among} AS integer[])`;
    return sql`SELECT s.patent_id FROM (SELECT * FROM patent_search WHERE patent_id = ANY(${ids}) OFFSET 0) s WHERE ${first} UNION SELECT c.patent_id FROM (SELECT * FROM patent_text_chunks WHERE patent_id = ANY(${ids}) AND field IN (${sql.join([...cols])}) OFFSET 0) c WHERE c.tsv @@ ${tq}`;
  }
  return sql`SELECT s.patent_id FROM patent_search s WHERE ${first} UNION SELECT c.patent_id FROM patent_text_chunks c WHERE c.field IN (${sql.join([...cols])}) AND c.tsv @@ ${tq}`;
}

/** Text conditions already evaluated to patent ids (see compilePg). */
export type ResolvedLeaves = Map<Node, number[]>;

/**
 * The WHERE fragment over `patents p`. With `resolved`, the text conditions found there become id lists:
 * PostgreSQL cannot estimate how many rows a phrase tsquery matches (it guesses a handful) and may then run the
 * GIN search once per candidate row; evaluating each text condition once, on its own, avoids that.
 */
export function compilePg(node: Node, resolved?: ResolvedLeaves): Fragment {
  switch (node.type) {
    case 'term':
    case 'near': {
      const ids = resolved?.get(node);
      // IN (unnest …): hashed, and estimated at its true size (`= ANY(array)` would scan the array per row).
      if (ids) return ids.length ? sql`p.id IN (SELECT unnest(CAST(${ids} AS integer[])))` : FALSE;
      return textLeaf(node);
    }
    case 'and':
      return joinAnd(node.children.map((c) => compilePg(c, resolved)));
    case 'or':
      return joinOr(node.children.map((c) => compilePg(c, resolved)));
    case 'not':
      return sql`NOT (${compilePg(node.child, resolved)})`;
    case 'date':
      return dateSql(node);
    case 'code':
      return codeSql(node, 'postgres');
    case 'enum':
      return enumSql(node);
  }
}

/** Column weights for ranking: title > abstract > claims > description (others in between). */
export const PG_RANK_WEIGHTS: Record<string, number> = { ti: 10, ab: 5, cl: 2, de: 1, pa: 3, inv: 3, addr: 1, ag: 1 };

/** A relevance expression over `patent_search s` for the positive text conditions, or null when there are none. */
export function pgRankExpression(node: Node): Fragment | null {
  const parts: Fragment[] = [];
  for (const n of positiveTextLeaves(node)) {
    const q = n.type === 'term' ? termTsquery(n) : nearTsquery(n);
    if (!q) continue;
    for (const c of FIELD_COLUMNS[n.field]) {
      parts.push(sql`${PG_RANK_WEIGHTS[c]} * ts_rank(${sql.ref(`s.${c}`)}, CAST(${q} AS tsquery))`);
    }
  }
  return parts.length ? sql`(${sql.join(parts, sql` + `)})` : null;
}

/**
 * The positive text conditions that search the title, as a condition over `patent_search s` on the title column
 * (ORed); null when there are none. The PostgreSQL twin of titleFtsQuery. Chunk 0 only: it orders results, and a
 * title long enough for a second chunk (thousands of tokens) is not worth a second lookup.
 */
export function pgTitleCondition(node: Node): Fragment | null {
  const parts = titleLeaves(node).map(({ tsquery }) => sql`s.ti @@ CAST(${tsquery} AS tsquery)`);
  return parts.length ? sql`(${sql.join(parts, sql` OR `)})` : null;
}

/** The conditions of pgTitleCondition, each with its tsquery (the title tier's set from Groonga, groonga.ts). */
export function titleLeaves(node: Node): { leaf: TermNode | NearNode; tsquery: string }[] {
  return positiveTextLeaves(node)
    .filter((n) => FIELD_COLUMNS[n.field].includes('ti'))
    .map((leaf) => ({ leaf, tsquery: leaf.type === 'term' ? termTsquery(leaf) : nearTsquery(leaf) }))
    .filter((x): x is { leaf: TermNode | NearNode; tsquery: string } => x.tsquery !== null);
}
