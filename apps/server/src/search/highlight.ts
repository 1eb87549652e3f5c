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
import { isWordChar, segment } from './tokenise';

export interface HighlightTerm {
  value: string;
  prefix?: boolean;
}

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

/** Match intervals [start, end) in the normalised text. */
function findMatches(norm: string, terms: readonly (string | HighlightTerm)[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const t of terms) {
    const term = typeof t === 'string' ? { value: t } : t;
    const segs = segment(normalise(term.value));
    segs.forEach((seg, k) => {
      const prefix = !!term.prefix && k === segs.length - 1 && seg.kind === 'word';
      for (let from = 0; ;) {
        const at = norm.indexOf(seg.text, from);
        if (at < 0) break;
        from = at + 1;
        let end = at + seg.text.length;
        if (seg.kind === 'word') {
          const before = cpBefore(norm, at);
          if (before >= 0 && isWordChar(before)) continue;
          const after = norm.codePointAt(end);
          if (after !== undefined && isWordChar(after)) {
            if (!prefix) continue;
            while (end < norm.length && isWordChar(norm.codePointAt(end)!)) end += norm.codePointAt(end)! > 0xffff ? 2 : 1;
          }
        }
        spans.push([at, end]);
      }
    });
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
export function matchRanges(text: string, terms: readonly (string | HighlightTerm)[]): [number, number][] {
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

/**
 * The text HTML-escaped with the terms wrapped in <em>. With `maxLen`, a longer text is cut to a window
 * of about `maxLen` characters around the first match (… marks the cuts).
 */
export function highlight(text: string, terms: readonly (string | HighlightTerm)[], maxLen?: number): string {
  if (!text) return '';
  const ranges = matchRanges(text, terms);
  let start = 0;
  let end = text.length;
  if (maxLen !== undefined && maxLen > 0 && text.length > maxLen) {
    const first = ranges.length ? ranges[0][0] : 0;
    start = Math.max(0, Math.min(first - Math.floor(maxLen / 4), text.length - maxLen));
    start = clampToCodePoint(text, start);
    end = clampToCodePoint(text, Math.min(text.length, start + maxLen));
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
export function snippet(text: string, terms: readonly (string | HighlightTerm)[], maxLen = 160): string {
  return highlight(text, terms, maxLen);
}

/**
 * The terms to highlight in a field: the positive (not under NOT) terms and NEAR operands of that field,
 * and of 关键词 TX for the fields it covers (名称, 摘要, 权利要求).
 */
export function highlightTerms(node: Node, field: TextField): HighlightTerm[] {
  const out: HighlightTerm[] = [];
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
        if (!negated && applies(n.field)) out.push({ value: n.left }, { value: n.right });
        break;
      default:
        break;
    }
  };
  walk(node, false);
  return out;
}
