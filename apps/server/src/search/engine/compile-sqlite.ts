// AST → a WHERE fragment over `patents p` for SQLite. Text conditions become FTS5 MATCH queries on the
// contentless patents_fts table (rowid = patents.id). A maximal subtree made only of text conditions is
// compiled into ONE FTS5 query (FTS5 evaluates AND/OR/NOT and column filters itself, without SQL set
// operations); such a query becomes `p.id IN (SELECT rowid FROM patents_fts WHERE patents_fts MATCH ?)`.
// Dates, codes and enums are plain SQL on patents and its side tables (structured.ts), combined with
// AND/OR/NOT in SQL. FTS5 has no unary NOT, so a NOT without a positive text sibling is `NOT (…)` in SQL.
import { sql } from 'kysely';
import type { Node } from '../expression/ast';
import { codeSql, dateSql, enumSql, FALSE, joinAnd, joinOr, type Fragment } from './structured';
import { FIELD_COLUMNS, ftsNear, ftsTerm, positiveTextLeaves } from './text-query';
import { UNIGRAM_MARK } from '../tokenise';

const paren = (s: string) => `(${s})`;

/** The FTS5 query of a subtree made only of text conditions, or null when it has other conditions (or a lone NOT). */
export function ftsQuery(node: Node): string | null {
  switch (node.type) {
    case 'term':
      return ftsTerm(node);
    case 'near':
      return ftsNear(node);
    case 'or': {
      const parts = node.children.map(ftsQuery);
      return parts.every((p) => p !== null) ? parts.map((p) => paren(p!)).join(' OR ') : null;
    }
    case 'and': {
      const pos: string[] = [];
      const neg: string[] = [];
      for (const c of node.children) {
        const q = c.type === 'not' ? ftsQuery(c.child) : ftsQuery(c);
        if (q === null) return null;
        (c.type === 'not' ? neg : pos).push(q);
      }
      return combineAnd(pos, neg);
    }
    default:
      return null;
  }
}

function combineAnd(pos: string[], neg: string[]): string | null {
  if (pos.length === 0) return null;
  let q = pos.length === 1 ? pos[0] : pos.map(paren).join(' AND ');
  for (const n of neg) q = `${paren(q)} NOT ${paren(n)}`;
  return q;
}

/** A column filter as ftsTerm / ftsNear write it: `ti : `, `{ti ab cl} : `. */
const COLUMN_FILTER = /(\{[a-z ]+\}|[a-z]+) : /g;

/**
 * The query to run on patents_ti (the titles alone, migration 050) when every condition of an FTS5 query is
 * restricted to the title: the query without its column filters. Null when a condition searches another column.
 * Every phrase of the queries built here carries its column filter, and tokens never contain ` : `.
 */
export function titleIndexQuery(query: string): string | null {
  let titleOnly = true;
  let filters = 0;
  const stripped = query.replace(COLUMN_FILTER, (_, cols: string) => {
    filters++;
    if (cols !== 'ti') titleOnly = false;
    return '';
  });
  return titleOnly && filters > 0 ? stripped : null;
}

/** patents_tx's columns (migration 054). */
const TX_COLUMNS = new Set(['ti', 'ab', 'cl']);
const ALL_TX = '{ti ab cl}';

/**
 * The query to run on patents_tx (名称/摘要/权利要求's main streams, migration 054) when every condition of an FTS5
 * query is restricted to those columns and none is a one-character term (whose unigram token patents_tx does not
 * hold): the query itself, without the column filters when each is all three columns (the table has no others).
 * Null otherwise.
 */
export function txIndexQuery(query: string): string | null {
  if (query.includes(UNIGRAM_MARK)) return null;
  let inTx = true;
  let allThree = true;
  let filters = 0;
  query.replace(COLUMN_FILTER, (f: string, cols: string) => {
    filters++;
    const names = cols.replace(/[{}]/g, '').split(' ');
    if (!names.every((c) => TX_COLUMNS.has(c))) inTx = false;
    if (cols !== ALL_TX) allThree = false;
    return f;
  });
  if (!inTx || filters === 0) return null;
  return allThree ? query.replace(COLUMN_FILTER, '') : query;
}

export function ftsMatch(query: string): Fragment {
  return sql`p.id IN (SELECT rowid FROM patents_fts WHERE patents_fts MATCH ${query})`;
}

/** The WHERE fragment (over `patents p`) for an expression tree. */
export function compileSqlite(node: Node): Fragment {
  const whole = ftsQuery(node);
  if (whole !== null) return ftsMatch(whole);
  switch (node.type) {
    case 'term':
    case 'near':
      return FALSE; // nothing indexable
    case 'and': {
      const pos: string[] = [];
      const neg: string[] = [];
      const rest: Fragment[] = [];
      for (const c of node.children) {
        const q = c.type === 'not' ? ftsQuery(c.child) : ftsQuery(c);
        if (q === null) rest.push(compileSqlite(c));
        else (c.type === 'not' ? neg : pos).push(q);
      }
      const parts: Fragment[] = [];
      if (pos.length) parts.push(ftsMatch(combineAnd(pos, neg)!));
      else if (neg.length) parts.push(sql`NOT ${ftsMatch(neg.map(paren).join(' OR '))}`);
      return joinAnd([...parts, ...rest]);
    }
    case 'or': {
      const text: string[] = [];
      const rest: Fragment[] = [];
      for (const c of node.children) {
        const q = ftsQuery(c);
        if (q === null) rest.push(compileSqlite(c));
        else text.push(q);
      }
      return joinOr([...(text.length ? [ftsMatch(text.map(paren).join(' OR '))] : []), ...rest]);
    }
    case 'not':
      return sql`NOT (${compileSqlite(node.child)})`;
    case 'date':
      return dateSql(node);
    case 'code':
      return codeSql(node, 'sqlite');
    case 'enum':
      return enumSql(node);
  }
}

/**
 * The FTS5 query to rank by (bm25 over its phrases): the whole tree when it is all text, else the text part of a
 * top-level AND (every result matches it), else the positive text conditions ORed; null when there are none.
 */
export function rankFtsQuery(node: Node): string | null {
  const whole = ftsQuery(node);
  if (whole !== null) return whole;
  if (node.type === 'and') {
    const pos: string[] = [];
    const neg: string[] = [];
    for (const c of node.children) {
      const q = c.type === 'not' ? ftsQuery(c.child) : ftsQuery(c);
      if (q !== null) (c.type === 'not' ? neg : pos).push(q);
    }
    if (pos.length) return combineAnd(pos, neg);
  }
  const parts = positiveTextLeaves(node)
    .map((n) => (n.type === 'term' ? ftsTerm(n) : ftsNear(n)))
    .filter((q): q is string => q !== null);
  return parts.length ? parts.map(paren).join(' OR ') : null;
}

/** The FTS5 query of each positive text condition (bm25 scans every match of each of them to weigh it). */
export function positiveLeafQueries(node: Node): string[] {
  return positiveTextLeaves(node)
    .map((n) => (n.type === 'term' ? ftsTerm(n) : ftsNear(n)))
    .filter((q): q is string => q !== null);
}

/** The positive text conditions that search the title, restricted to the title (ORed); null when there are none. */
export function titleFtsQuery(node: Node): string | null {
  const parts = positiveTextLeaves(node)
    .filter((n) => FIELD_COLUMNS[n.field].includes('ti'))
    .map((n) => (n.type === 'term' ? ftsTerm(n, ['ti']) : ftsNear(n, ['ti'])))
    .filter((q): q is string => q !== null);
  return parts.length ? parts.map(paren).join(' OR ') : null;
}
