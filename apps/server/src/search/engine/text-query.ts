// Text terms → the query languages of both engines, from the same tokens (search/tokenise.ts).
//
// SQLite FTS5: a term is a column filter plus a phrase of quoted tokens: `{ti ab cl} : "锂电 电池"`, a
// prefix phrase `"batter"*`, a unigram `"·锂"`; NEAR is FTS5's own `NEAR("a b" "c", n)` (a one-character
// side is the main-stream prefix `"锂"*`). NEAR/n counts units of text — words and CJK characters, one
// main-stream position each (docs/search/near-distance.md) — so both sides are first made as wide in positions
// as they are in units (nearSides below). Tokens are quoted ("" doubles a quote), so user text can never
// become FTS5 syntax; the whole query string is a bound parameter.
//
// PostgreSQL: a term is a tsquery literal built from the same tokens: `'锂电' <-> '电池'`, `'batter':*`,
// `'·锂'`, cast with ::tsquery (no parsing, no stemming). FTS5's NEAR/n has no tsquery operator, so it is
// spelled out (nearTsquery below) as the alternatives of the exact same condition.
import type { NearNode, Node, TermNode } from '../expression/ast';
import type { TextField } from '../expression/fields';
import { queryTokens, segment, termUnits, type TermMatch } from '../tokenise';
import { normalise } from '../normalise';
import { quoteLexeme } from './pg-tsvector';

/** Index columns of each text field (the FTS5 columns; the tsvector columns / chunk `field` values). */
export const FIELD_COLUMNS: Record<TextField, readonly string[]> = {
  TI: ['ti'],
  AB: ['ab'],
  CL: ['cl'],
  DE: ['de'],
  TX: ['ti', 'ab', 'cl'],
  PA: ['pa'],
  IN: ['inv'],
  ADDR: ['addr'],
  AG: ['ag'],
};

/** The positive (not negated) text conditions of a tree. */
export function positiveTextLeaves(node: Node): (TermNode | NearNode)[] {
  return textLeaves(node, false);
}

/** The text conditions of a tree under an even (`negated` false) or an odd number of NOTs. */
export function textLeaves(node: Node, negated: boolean): (TermNode | NearNode)[] {
  const out: (TermNode | NearNode)[] = [];
  const walk = (n: Node, neg: boolean) => {
    if (n.type === 'and' || n.type === 'or') n.children.forEach((c) => walk(c, neg));
    else if (n.type === 'not') walk(n.child, !neg);
    else if (neg === negated && (n.type === 'term' || n.type === 'near')) out.push(n);
  };
  walk(node, false);
  return out;
}

export function termMatch(node: TermNode): TermMatch {
  return queryTokens(node.value, { prefix: !!node.prefix });
}

// ─── NEAR in units ──────────────────────────────────────────────────────────────────────────────────────────

/** One position of a phrase: a token, or (prefix) any token starting with it. */
interface Slot {
  token: string;
  prefix: boolean;
}

function slots(m: TermMatch, inNear: boolean): Slot[] | null {
  if (m.kind === 'empty') return null;
  if (m.kind === 'unigram') return [inNear ? { token: m.char, prefix: true } : { token: m.token, prefix: false }];
  return m.tokens.map((token, i) => ({ token, prefix: !!m.prefix && i === m.tokens.length - 1 }));
}

/**
 * The two sides of `left NEAR/n right` as phrases, and the distance to give the engine, such that the engine's
 * NEAR (FTS5's: starts a, b of the phrases with a ≤ b and b − a − |A| ≤ d, or b ≤ a and a − b − |B| ≤ d) is
 * exactly NEAR/n in units: a ≤ b and b − a − units(A) ≤ n, or the same the other way round.
 * A term ending with a CJK run of m ≥ 2 characters has one unit more than tokens (its last character starts no
 * bigram of the phrase); every other term as many. When both sides have the same surplus s, d = n + s; when only
 * one side has it, that side gets one more slot — the prefix of its last character, which the next position
 * always starts with — so that its width in positions is its width in units, and d = n.
 */
export function nearSides(node: NearNode): { A: Slot[]; B: Slot[]; distance: number } | null {
  const A = slots(queryTokens(node.left), true);
  const B = slots(queryTokens(node.right), true);
  if (!A || !B) return null;
  const extraA = termUnits(node.left) - A.length;
  const extraB = termUnits(node.right) - B.length;
  if (extraA === extraB) return { A, B, distance: node.distance + extraA };
  const widen = (p: Slot[], term: string): Slot[] => {
    const segs = segment(normalise(term));
    const chars = Array.from(segs[segs.length - 1].text);
    return [...p, { token: chars[chars.length - 1], prefix: true }];
  };
  return {
    A: extraA > 0 ? widen(A, node.left) : A,
    B: extraB > 0 ? widen(B, node.right) : B,
    distance: node.distance,
  };
}

// ─── FTS5 ───────────────────────────────────────────────────────────────────────────────────────────────────

function ftsString(tokens: readonly string[]): string {
  return `"${tokens.join(' ').replace(/"/g, '""')}"`;
}

function ftsColumns(cols: readonly string[]): string {
  return cols.length === 1 ? cols[0] : `{${cols.join(' ')}}`;
}

/** One FTS5 phrase for a term match; null when the term matches nothing. */
function ftsPhrase(m: TermMatch): string | null {
  if (m.kind === 'empty') return null;
  if (m.kind === 'unigram') return ftsString([m.token]);
  return ftsString(m.tokens) + (m.prefix ? '*' : '');
}

/** The FTS5 query of a term (with its column filter, or `cols` instead), or null when it matches nothing. */
export function ftsTerm(node: TermNode, cols: readonly string[] = FIELD_COLUMNS[node.field]): string | null {
  const p = ftsPhrase(termMatch(node));
  return p === null ? null : `${ftsColumns(cols)} : ${p}`;
}

function ftsSlots(p: readonly Slot[]): string {
  return ftsString(p.map((s) => s.token)) + (p[p.length - 1].prefix ? '*' : '');
}

/** The FTS5 query of `left NEAR/n right`, or null when a side matches nothing. */
export function ftsNear(node: NearNode, cols: readonly string[] = FIELD_COLUMNS[node.field]): string | null {
  const near = nearSides(node);
  if (!near) return null;
  return `${ftsColumns(cols)} : NEAR(${ftsSlots(near.A)} ${ftsSlots(near.B)}, ${near.distance})`;
}

// ─── PostgreSQL tsquery ─────────────────────────────────────────────────────────────────────────────────────

function lexeme(s: Slot): string {
  return quoteLexeme(s.token) + (s.prefix ? ':*' : '');
}

function phraseTsquery(p: readonly Slot[]): string {
  return p.length === 1 ? lexeme(p[0]) : `(${p.map(lexeme).join(' <-> ')})`;
}

/** The tsquery of a term, or null when it matches nothing. */
export function termTsquery(node: TermNode): string | null {
  const s = slots(termMatch(node), false);
  return s ? phraseTsquery(s) : null;
}

/** Two slots that must sit at one position: the slot both satisfy, or null when no token can. */
function mergeSlot(x: Slot, y: Slot): Slot | null {
  if (!x.prefix && !y.prefix) return x.token === y.token ? x : null;
  if (x.prefix && y.prefix) return x.token.startsWith(y.token) ? x : y.token.startsWith(x.token) ? y : null;
  const [exact, pre] = x.prefix ? [y, x] : [x, y];
  return exact.token.startsWith(pre.token) ? exact : null;
}

/**
 * `A NEAR/n B` as a tsquery, with FTS5's meaning over the phrases and distance of nearSides: phrase matches
 * starting at a and b with (a ≤ b and b − a − |A| ≤ n) or (b ≤ a and a − b − |B| ≤ n); overlapping matches
 * count. With d = b − a:
 *   d ≥ |A| − 1        → `A <k> B`, k = d − |A| + 1 ∈ [0, n + 1] (PostgreSQL: B starts k after A's last token);
 *   d ≤ −(|B| − 1)     → `B <k> A`, likewise;
 *   in between         → the two phrases overlap by more than one token: one merged phrase, when their
 *                        tokens agree where they overlap.
 */
export function nearTsquery(node: NearNode): string | null {
  const near = nearSides(node);
  if (!near) return null;
  const { A, B } = near;
  const n = near.distance;
  const alts = new Set<string>();
  const pa = phraseTsquery(A);
  const pb = phraseTsquery(B);
  for (let k = 0; k <= n + 1; k++) {
    alts.add(`${pa} <${k}> ${pb}`);
    alts.add(`${pb} <${k}> ${pa}`);
  }
  for (let d = -(B.length - 2); d <= A.length - 2; d++) {
    const from = Math.min(0, d);
    const to = Math.max(A.length, d + B.length);
    const merged: Slot[] = [];
    let ok = true;
    for (let i = from; i < to && ok; i++) {
      const x = i >= 0 && i < A.length ? A[i] : null;
      const y = i - d >= 0 && i - d < B.length ? B[i - d] : null;
      const s = x && y ? mergeSlot(x, y) : (x ?? y);
      if (s) merged.push(s);
      else ok = false;
    }
    if (ok) alts.add(phraseTsquery(merged));
  }
  return [...alts].map((a) => `(${a})`).join(' | ');
}
