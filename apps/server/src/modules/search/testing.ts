// Test helpers for the search module: the reference (brute-force) meaning of a query, and loading records.
// Only tests import this file.
import { normalise } from '../../search/normalise';
import { isCjk, isWordChar, MAX_WORD, segment } from '../../search/tokenise';
import { agencyValues, indexFieldsOf, writeIndexes } from '../../search/engine/index-writer';
import { parseExpression, type Node } from '../../search/expression';
import { parsePublicationNumber } from '../../search/patent-number';
import type { Db } from '../../db';
import { upsertPatents } from '../patents/patents.repo';
import { validateRecord } from '../patents/patent-record';
import { positiveLeafQueries, rankFtsQuery } from '../../search/engine/compile-sqlite';
import type { SqliteStore } from '../../search/engine/sqlite-store';
import { readPatents } from '../../search/test-data';
import { keywordsAst, phraseHits } from './search.service';

/**
 * DOMAIN §4 written independently of the token streams: the term's segments occur in order in the normalised
 * text, separated only by non-token characters; words are whole words (a prefix for the last word of a prefix
 * term); a CJK segment is a plain substring, except that it must start a CJK run when something precedes it in
 * the term and end one when something follows. (The same specification as tokenise.unit.test.ts.)
 */
export function referenceMatch(norm: string, term: string, prefix = false): boolean {
  const segs = segment(normalise(term));
  if (segs.length === 0) return false;
  const cpAt = (i: number) => (i >= 0 && i < norm.length ? norm.codePointAt(i)! : -1);
  const cpBefore = (i: number) =>
    i <= 0 ? -1 : /[\udc00-\udfff]/.test(norm[i - 1]) && i >= 2 ? norm.codePointAt(i - 2)! : norm.charCodeAt(i - 1);
  const isSep = (cp: number) => cp >= 0 && !isCjk(cp) && !isWordChar(cp);
  const tryAt = (k: number, pos: number): boolean => {
    if (k === segs.length) return true;
    const seg = segs[k];
    const last = k === segs.length - 1;
    for (let p = pos; ;) {
      if (norm.startsWith(seg.text, p)) {
        const end = p + seg.text.length;
        let ok: boolean;
        const before = cpBefore(p);
        const after = cpAt(end);
        if (seg.kind === 'word') {
          ok = !(before >= 0 && isWordChar(before)) && (prefix && last ? true : !(after >= 0 && isWordChar(after)));
        } else {
          ok = (k === 0 || !(before >= 0 && isCjk(before))) && (last || !(after >= 0 && isCjk(after)));
        }
        if (ok && tryAt(k + 1, end)) return true;
      }
      if (k === 0 || !isSep(cpAt(p))) break;
      p += cpAt(p) > 0xffff ? 2 : 1;
    }
    return false;
  };
  for (let i = 0; i < norm.length; i++) if (tryAt(0, i)) return true;
  return false;
}

/** One unit of text (docs/search/near-distance.md): a word, or one CJK character with the run it belongs to. */
interface Unit {
  kind: 'word' | 'cjk';
  text: string;
  /** Index of the segment (word or CJK run) it belongs to; for a CJK character, its index in that run. */
  seg: number;
  at: number;
}

/** Words longer than MAX_WORD are cut, on both sides (DOMAIN §4). */
const cut = (w: string) => Array.from(w).slice(0, MAX_WORD).join('');

function units(norm: string): Unit[] {
  const out: Unit[] = [];
  segment(norm).forEach((s, seg) => {
    if (s.kind === 'word') out.push({ kind: 'word', text: cut(s.text), seg, at: 0 });
    else Array.from(s.text).forEach((c, at) => out.push({ kind: 'cjk', text: c, seg, at }));
  });
  return out;
}

/**
 * Where a term occurs in a text, in units (each start, and the term's width in units), from the text's segments
 * and DOMAIN §4 alone (no token streams): the term's segments lie in consecutive segments of the text; a word is
 * a whole word; a CJK segment is a substring of a run, which must start the run when it follows something in
 * the term and end it when something follows it in the term.
 */
function unitMatches(norm: string, term: string): { starts: number[]; width: number } {
  const q = segment(normalise(term)).map((s) => ({ kind: s.kind, chars: Array.from(s.text) }));
  const u = units(norm);
  const width = q.reduce((n, s) => n + (s.kind === 'word' ? 1 : s.chars.length), 0);
  const starts: number[] = [];
  if (!q.length) return { starts, width };
  for (let i = 0; i < u.length; i++) {
    let p = i;
    let ok = true;
    for (let k = 0; k < q.length && ok; k++) {
      const s = q[k];
      const first = u[p];
      if (!first || first.kind !== s.kind || (k > 0 && (first.seg !== u[p - 1].seg + 1 || first.at !== 0))) {
        ok = false;
        break;
      }
      if (s.kind === 'word') {
        ok = first.text === cut(s.chars.join(''));
        p++;
        continue;
      }
      for (let j = 0; j < s.chars.length && ok; j++) {
        const x = u[p + j];
        ok = !!x && x.kind === 'cjk' && x.seg === first.seg && x.text === s.chars[j];
      }
      p += s.chars.length;
      // Something follows in the term: the run ends here.
      if (ok && k < q.length - 1) ok = !u[p] || u[p].seg !== first.seg;
    }
    if (ok) starts.push(i);
  }
  return { starts, width };
}

/**
 * NEAR/n in units (docs/search/near-distance.md), on one value: occurrences starting at a and b (widths wA, wB)
 * with (a ≤ b and b − a − wA ≤ n) or (b ≤ a and a − b − wB ≤ n): at most n units between them, overlaps count.
 */
export function referenceNear(text: string, left: string, right: string, n: number): boolean {
  const norm = normalise(text);
  const A = unitMatches(norm, left);
  const B = unitMatches(norm, right);
  for (const a of A.starts) for (const b of B.starts) if (a <= b ? b - a - A.width <= n : a - b - B.width <= n) return true;
  return false;
}

/** A stored patent as the brute-force evaluator sees it. */
export interface StoredDoc {
  id: number;
  an: string | null;
  ad: string | null;
  pd: string | null;
  gd: string | null;
  title: string;
  abstract: string;
  claims: string;
  description: string;
  applicants: string[];
  inventors: string[];
  address: string;
  agency: string;
  type: string;
  legal_status: string;
  app_year: number | null;
  ipc_main: string;
  ipc: { code: string; is_main: number }[];
  pns: { pn: string; stem: string }[];
}

export async function storedDocs(db: Db): Promise<StoredDoc[]> {
  const rows = await db.db
    .selectFrom('patents')
    .select([
      'id',
      'an',
      'ad',
      'pd',
      'gd',
      'title',
      'abstract',
      'claims',
      'description',
      'applicants',
      'inventors',
      'address',
      'agency',
      'type',
      'legal_status',
      'app_year',
      'ipc_main',
    ])
    .orderBy('id')
    .execute();
  const ipc = await db.db.selectFrom('patent_ipc').select(['patent_id', 'code', 'is_main']).execute();
  const pubs = await db.db.selectFrom('patent_pubs').select(['patent_id', 'pn', 'stem']).execute();
  const apps = await db.db.selectFrom('patent_applicants').select(['patent_id', 'name']).execute();
  return rows.map((r) => ({
    id: Number(r.id),
    an: r.an,
    ad: r.ad,
    pd: r.pd,
    gd: r.gd,
    title: r.title,
    abstract: r.abstract,
    claims: r.claims,
    description: r.description,
    applicants: apps.filter((a) => Number(a.patent_id) === Number(r.id)).map((a) => a.name),
    inventors: JSON.parse(r.inventors) as string[],
    address: r.address,
    agency: r.agency,
    type: r.type,
    legal_status: r.legal_status,
    app_year: r.app_year === null ? null : Number(r.app_year),
    ipc_main: r.ipc_main,
    ipc: ipc.filter((i) => Number(i.patent_id) === Number(r.id)).map((i) => ({ code: i.code, is_main: Number(i.is_main) })),
    pns: pubs.filter((p) => Number(p.patent_id) === Number(r.id)).map((p) => ({ pn: p.pn, stem: p.stem })),
  }));
}

const FIELD_TEXT: Record<string, (d: StoredDoc) => string[]> = {
  TI: (d) => [d.title],
  AB: (d) => [d.abstract],
  CL: (d) => [d.claims],
  DE: (d) => [d.description],
  TX: (d) => [d.title, d.abstract, d.claims],
  // Multi-valued fields: each value on its own (a phrase or NEAR never spans two values).
  PA: (d) => d.applicants,
  IN: (d) => d.inventors,
  ADDR: (d) => [d.address],
  AG: (d) => agencyValues(d.agency),
};

/** Whether a stored patent satisfies an expression tree, evaluated directly on its text and columns. */
export function referenceEval(node: Node, d: StoredDoc): boolean {
  switch (node.type) {
    case 'and':
      return node.children.every((c) => referenceEval(c, d));
    case 'or':
      return node.children.some((c) => referenceEval(c, d));
    case 'not':
      return !referenceEval(node.child, d);
    case 'term':
      return FIELD_TEXT[node.field](d).some((t) => referenceMatch(normalise(t), node.value, !!node.prefix));
    case 'near':
      return FIELD_TEXT[node.field](d).some((t) => referenceNear(t, node.left, node.right, node.distance));
    case 'date': {
      const v = node.field === 'AD' ? d.ad : node.field === 'PD' ? d.pd : d.gd;
      if (!v) return false;
      return (!node.from || v >= node.from) && (!node.to || v <= node.to);
    }
    case 'enum':
      return node.values.includes(node.field === 'TYPE' ? d.type : d.legal_status);
    case 'code':
      if (node.field === 'AN') return d.an === node.value;
      if (node.field === 'PN') {
        return parsePublicationNumber(node.value).kind
          ? d.pns.some((p) => p.pn === node.value)
          : d.pns.some((p) => p.stem === node.value);
      }
      return d.ipc.some((i) => i.code.startsWith(node.value) && (node.field === 'IPC' || i.is_main === 1));
  }
}

/** Validates raw records (JSON objects) and upserts them in batches; throws on a rejected record. */
export async function loadRecords(db: Db, records: unknown[], now = '2026-01-01T00:00:00.000Z'): Promise<void> {
  const inputs = records.map((r, i) => {
    const v = validateRecord(r, i + 1, { source: 'test' });
    if (!v.ok) throw new Error(`record ${i + 1} rejected: ${v.reason}`);
    return v.record;
  });
  for (let i = 0; i < inputs.length; i += 500) await upsertPatents(db, inputs.slice(i, i + 500), now);
}

/** Changes a patent's text as the import does: the row and its text index in one transaction. */
export async function setPatentText(db: Db, id: number, column: 'title' | 'abstract' | 'claims', value: string): Promise<void> {
  await db.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('patents')
      .set({ [column]: value })
      .where('id', '=', id)
      .execute();
    const row = await trx.selectFrom('patents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const names = (col: 'applicants' | 'inventors') => JSON.parse(row[col]) as string[];
    await writeIndexes(trx, db.dialect, [
      { patentId: id, fields: indexFieldsOf(row, names('applicants'), names('inventors')), replace: true },
    ]);
  });
}

/**
 * What the relevance page hands the SQLite store's rankRows for a query, after evaluating it: the rank query and each
 * of its phrases' counts (phraseHits; null when a phrase has none of its own, as with NEAR).
 */
export function rankInputs(store: SqliteStore, ast: Node): { rq: string; hits: number[] | null } {
  const rq = rankFtsQuery(ast)!;
  const leaves = positiveLeafQueries(ast);
  store.evaluate(ast);
  const hits = phraseHits(
    ast,
    rq,
    leaves,
    leaves.map((l) => store.ftsCountUpTo(l, 1e9)),
  );
  return { rq, hits };
}

/** A query as the tests write it: an expression when it has =, a quote, a space or a parenthesis, else top-bar keywords. */
export const astOf = (q: string): Node => (/[=" ()]/.test(q) ? parseExpression(q) : keywordsAst(q)!);

/**
 * The real records the search engine tests mix: Chinese titles and abstracts, full-text fixtures (long claims and
 * descriptions: many positions, large token counts) and English, the first `perFile` lines of each.
 */
export function recordMix(perFile: number): unknown[] {
  return ['cn_g06f_title_abstract_cpc.jsonl', 'cn_full_fields_fixtures.jsonl', 'us_nvidia_patentsview.jsonl'].flatMap((f) =>
    readPatents(f, perFile),
  );
}
