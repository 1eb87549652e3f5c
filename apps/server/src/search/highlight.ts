// Highlighting for result lists: everything HTML-escaped, only <em>…</em> added (DOMAIN §4).
//
// Terms are matched the way the index matches them, on the normalised text (full-width → half-width,
// traditional → simplified, lower case): CJK runs as substrings, words as whole words (`batter*` as a
// word prefix, highlighting the whole word). Positions are mapped back to the original text through
// normaliseWithOffsets: the normalisation maps each code point to at most one code point (opencc-js's
// TSCharacters has no one-to-many entries, and we do not use its phrase tables), so each normalised
// character points at exactly one original character, and the original text is what gets displayed.
import type { Node } from './expression/ast';
import type { TextField } from './expression/fields';
import { normalise, normaliseWithOffsets } from './normalise';
import { isCjk, isWordChar, segment, type Segment } from './tokenise';

export interface HighlightTerm {
  value: string;
  prefix?: boolean;
}

/**
 * A NEAR condition (`left NEAR/distance right`): its operands are marked only where they take part in a match —
 * an occurrence of one with an occurrence of the other at most `distance` units away (docs/search/near-distance.md).
 */
export interface HighlightNear {
  near: readonly [string, string];
  distance: number;
}

/** What to highlight: a term (a bare string is a term), or a NEAR condition. */
export type Highlight = string | HighlightTerm | HighlightNear;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** HTML-escapes text for element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function cpBefore(s: string, i: number): number {
  if (i <= 0) return -1;
  const c = s.charCodeAt(i - 1);
  if (c >= 0xdc00 && c <= 0xdfff && i >= 2) return s.codePointAt(i - 2)!;
  return c;
}

type Kind = 'cjk' | 'word' | null;

function kindAt(norm: string, i: number): Kind {
  if (i < 0 || i >= norm.length) return null;
  const cp = norm.codePointAt(i)!;
  return isCjk(cp) ? 'cjk' : isWordChar(cp) ? 'word' : null;
}

function kindBefore(norm: string, i: number): Kind {
  const cp = cpBefore(norm, i);
  if (cp < 0) return null;
  return isCjk(cp) ? 'cjk' : isWordChar(cp) ? 'word' : null;
}

/** The end of the word that starts (or continues) at `i`. */
function wordEnd(norm: string, i: number): number {
  while (i < norm.length && kindAt(norm, i) === 'word') i += norm.codePointAt(i)! > 0xffff ? 2 : 1;
  return i;
}

/**
 * Where a whole term (all its segments, in order) matches at `at`, as the index matches it (tokenise.ts): a word
 * segment is a whole word (the last one a word prefix for `batter*`); between two segments only separators
 * (neither word nor CJK), at least one between two segments of the same kind; a CJK segment that something
 * precedes in the term starts a run, one that something follows ends a run. The end offset, or -1.
 */
function matchTermAt(norm: string, at: number, segs: readonly Segment[], prefix: boolean): number {
  let pos = at;
  for (let k = 0; k < segs.length; k++) {
    const seg = segs[k];
    if (k > 0) {
      const gapStart = pos;
      while (pos < norm.length && kindAt(norm, pos) === null) pos++;
      if (pos === gapStart && segs[k - 1].kind === seg.kind) return -1;
    }
    if (!norm.startsWith(seg.text, pos)) return -1;
    const last = k === segs.length - 1;
    if (seg.kind === 'word') {
      if (kindBefore(norm, pos) === 'word') return -1;
      let end = pos + seg.text.length;
      if (kindAt(norm, end) === 'word') {
        if (!(last && prefix)) return -1;
        end = wordEnd(norm, end);
      }
      pos = end;
    } else {
      if (k > 0 && kindBefore(norm, pos) === 'cjk') return -1;
      pos += seg.text.length;
      if (!last && kindAt(norm, pos) === 'cjk') return -1;
    }
  }
  return pos;
}

/** Every occurrence [start, end) of a term in the normalised text, as the index matches it. */
function occurrences(norm: string, value: string, prefixTerm = false): [number, number][] {
  const out: [number, number][] = [];
  const segs = segment(normalise(value));
  if (!segs.length) return out;
  const prefix = prefixTerm && segs[segs.length - 1].kind === 'word';
  for (let from = 0; ;) {
    const at = norm.indexOf(segs[0].text, from);
    if (at < 0) break;
    from = at + 1;
    const end = matchTermAt(norm, at, segs, prefix);
    if (end > at) out.push([at, end]);
  }
  return out;
}

/**
 * For each offset i of the normalised text (0 … length), the number of units (docs/search/near-distance.md §1: a
 * word, or one CJK character; separators count zero) that start before i. An occurrence [s, e) starts at unit
 * before[s] and covers before[e] − before[s] units.
 */
function unitsBefore(norm: string): Int32Array {
  const before = new Int32Array(norm.length + 1);
  let n = 0;
  let prev: Kind = null;
  for (let i = 0; i < norm.length;) {
    const kind = kindAt(norm, i);
    const width = norm.codePointAt(i)! > 0xffff ? 2 : 1;
    before[i] = n;
    if (width === 2) before[i + 1] = n;
    if (kind === 'cjk' || (kind === 'word' && prev !== 'word')) n++;
    prev = kind;
    i += width;
  }
  before[norm.length] = n;
  return before;
}

/**
 * The occurrences of a NEAR's operands that take part in a match (near-distance.md §2): A at unit a (width wA) and
 * B at unit b (width wB) pair when a ≤ b and b − a − wA ≤ n, or b ≤ a and a − b − wB ≤ n (overlaps count). An
 * occurrence with no partner within the distance is not marked.
 */
function nearOccurrences(norm: string, near: HighlightNear, before: () => Int32Array): [number, number][] {
  const A = occurrences(norm, near.near[0]);
  const B = occurrences(norm, near.near[1]);
  if (!A.length || !B.length) return [];
  const u = before();
  const unit = ([s, e]: [number, number]) => ({ at: u[s], width: u[e] - u[s] });
  const ua = A.map(unit);
  const ub = B.map(unit);
  const usedA = new Array<boolean>(A.length).fill(false);
  const usedB = new Array<boolean>(B.length).fill(false);
  const n = near.distance;
  ua.forEach((a, i) => {
    ub.forEach((b, j) => {
      if (a.at <= b.at ? b.at - a.at - a.width <= n : a.at - b.at - b.width <= n) usedA[i] = usedB[j] = true;
    });
  });
  return [...A.filter((_, i) => usedA[i]), ...B.filter((_, j) => usedB[j])];
}

/**
 * Match intervals [start, end) in the normalised text: each term as a whole (a phrase marks only the phrase), a
 * NEAR's operands only where they are within its distance of each other; touching and overlapping ones merged.
 */
function findMatches(norm: string, terms: readonly Highlight[]): [number, number][] {
  const spans: [number, number][] = [];
  let units: Int32Array | undefined;
  const before = () => (units ??= unitsBefore(norm));
  for (const t of terms) {
    if (typeof t === 'string') spans.push(...occurrences(norm, t));
    else if ('near' in t) spans.push(...nearOccurrences(norm, t, before));
    else spans.push(...occurrences(norm, t.value, !!t.prefix));
  }
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else merged.push([s[0], s[1]]);
  }
  return merged;
}

/** Intervals of `text` (UTF-16 offsets) where the terms occur. */
export function matchRanges(text: string, terms: readonly Highlight[]): [number, number][] {
  const { text: norm, offsets } = normaliseWithOffsets(text);
  return findMatches(norm, terms).map(([s, e]) => {
    const last = offsets[e - 1];
    const width = text.codePointAt(last)! > 0xffff ? 2 : 1;
    return [offsets[s], last + width] as [number, number];
  });
}

function clampToCodePoint(text: string, i: number): number {
  if (i > 0 && i < text.length) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) return i - 1;
  }
  return i;
}

/** Whether the code points on both sides of offset `i` are word characters (a cut there splits a word). */
function insideWord(text: string, i: number): boolean {
  if (i <= 0 || i >= text.length) return false;
  const before = cpBefore(text, i);
  return isWordChar(before) && isWordChar(text.codePointAt(i)!);
}

/**
 * Moves a snippet window's cuts so that neither splits a word (Latin letters and digits) nor a highlight: a
 * start inside a highlight moves back to its beginning, a start inside a word moves forward past it (back to
 * its beginning when that would pass the first highlight); an end inside a highlight takes the highlight in
 * when that keeps the window within 1.25 × maxLen, else ends before it; an end inside a word moves back to
 * its beginning (forward to its end when the word fills the window).
 */
function cutAtBoundaries(
  text: string,
  start: number,
  end: number,
  ranges: readonly [number, number][],
  maxLen: number,
): [number, number] {
  const firstMatch = ranges.length ? ranges[0][0] : text.length;
  for (const [s, e] of ranges) if (s < start && start < e) start = s;
  if (insideWord(text, start)) {
    let fwd = start;
    while (fwd < text.length && insideWord(text, fwd)) fwd += text.codePointAt(fwd)! > 0xffff ? 2 : 1;
    if (fwd <= firstMatch && fwd < end) start = fwd;
    else while (start > 0 && insideWord(text, start)) start = clampToCodePoint(text, start - 1);
  }
  if (end < start) end = start;
  for (const [s, e] of ranges) {
    if (s < end && end < e) end = e - start <= Math.ceil(maxLen * 1.25) || s <= start ? e : s;
  }
  if (insideWord(text, end)) {
    let back = end;
    while (back > start && insideWord(text, back)) back = clampToCodePoint(text, back - 1);
    if (back > start) end = back;
    else while (end < text.length && insideWord(text, end)) end += text.codePointAt(end)! > 0xffff ? 2 : 1;
  }
  // Between two Chinese characters there is no word boundary to see; a punctuation mark or space a few characters
  // away is a better place to cut than the middle of a phrase (the start moves to just after one, forward or else
  // back; the end back to just after one), as long as no highlight is lost or split.
  const cjkBoth = (i: number) => i > 0 && i < text.length && isCjk(cpBefore(text, i)) && isCjk(text.codePointAt(i)!);
  const isBreak = (i: number) => /[\s\p{P}]/u.test(text[i] ?? '');
  if (cjkBoth(start)) {
    let moved = false;
    for (let i = start; i < Math.min(start + CJK_SLACK, firstMatch, end); i++) {
      if (isBreak(i)) {
        start = i + 1;
        moved = true;
        break;
      }
    }
    // None ahead before the first highlight: one a little behind (the window grows by at most CJK_SLACK).
    for (let i = start - 1; !moved && i >= Math.max(0, start - CJK_SLACK); i--) {
      if (isBreak(i)) {
        start = i + 1;
        moved = true;
      }
    }
    // A phrase's highlight may contain the punctuation mark: never start inside it.
    for (const [s, e] of ranges) if (s < start && start < e) start = s;
  }
  if (cjkBoth(end)) {
    const lastEnd = ranges.reduce((m, [s, e]) => (s < end && e <= end ? Math.max(m, e) : m), start);
    for (let i = end - 1; i >= Math.max(end - CJK_SLACK, lastEnd, start + 1); i--) {
      if (isBreak(i)) {
        end = i + 1;
        break;
      }
    }
  }
  return [start, end];
}

/** How far a snippet cut between two Chinese characters may move to reach a punctuation mark or space. */
const CJK_SLACK = 12;

/**
 * The text HTML-escaped with the terms wrapped in <em>. With `maxLen`, a longer text is cut to a window
 * of about `maxLen` characters around the first match (… marks the cuts).
 */
export function highlight(text: string, terms: readonly Highlight[], maxLen?: number): string {
  if (!text) return '';
  const ranges = matchRanges(text, terms);
  let start = 0;
  let end = text.length;
  if (maxLen !== undefined && maxLen > 0 && text.length > maxLen) {
    const first = ranges.length ? ranges[0][0] : 0;
    start = Math.max(0, Math.min(first - Math.floor(maxLen / 4), text.length - maxLen));
    start = clampToCodePoint(text, start);
    end = clampToCodePoint(text, Math.min(text.length, start + maxLen));
    [start, end] = cutAtBoundaries(text, start, end, ranges, maxLen);
  }
  let out = start > 0 ? '…' : '';
  let at = start;
  for (const [s0, e0] of ranges) {
    const s = Math.max(s0, start);
    const e = Math.min(e0, end);
    if (e <= s) continue;
    out += escapeHtml(text.slice(at, s)) + '<em>' + escapeHtml(text.slice(s, e)) + '</em>';
    at = e;
  }
  out += escapeHtml(text.slice(at, end));
  if (end < text.length) out += '…';
  return out;
}

/** A highlighted window of about `maxLen` characters around the first match. */
export function snippet(text: string, terms: readonly Highlight[], maxLen = 160): string {
  return highlight(text, terms, maxLen);
}

/**
 * What to highlight in a field: the positive (not under NOT) terms and NEAR conditions of that field, and of
 * 关键词 TX for the fields it covers (名称, 摘要, 权利要求). A NEAR's operands are marked only where they pair up
 * within its distance in this field (one field, one value: nothing pairs across fields or values).
 */
export function highlightTerms(node: Node, field: TextField): Highlight[] {
  const out: Highlight[] = [];
  const applies = (f: TextField) => f === field || (f === 'TX' && (field === 'TI' || field === 'AB' || field === 'CL'));
  const walk = (n: Node, negated: boolean) => {
    switch (n.type) {
      case 'and':
      case 'or':
        n.children.forEach((c) => walk(c, negated));
        break;
      case 'not':
        walk(n.child, !negated);
        break;
      case 'term':
        if (!negated && applies(n.field)) out.push(n.prefix ? { value: n.value, prefix: true } : { value: n.value });
        break;
      case 'near':
        if (!negated && applies(n.field)) out.push({ near: [n.left, n.right], distance: n.distance });
        break;
      default:
        break;
    }
  };
  walk(node, false);
  return out;
}
