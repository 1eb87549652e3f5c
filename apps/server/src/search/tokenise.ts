// Tokenisation done in the app, so SQLite FTS5 and PostgreSQL index exactly the same tokens (DOMAIN §4).
//
// ── Segments ──────────────────────────────────────────────────────────────────────────────────────────
// After normalise(), a text is cut into segments:
//   • a CJK run: a maximal run of Han/kana/hangul characters, e.g. "锂电池";
//   • a word: a maximal run of other letters and digits, e.g. "g06f", "4g", "lifepo4", "α" (already lower
//     case); words longer than MAX_WORD characters are cut to MAX_WORD (on both sides, so they still match);
//   • everything else (spaces, punctuation) only separates segments and produces no token.
//
// ── Token streams ─────────────────────────────────────────────────────────────────────────────────────
// A field is indexed as one space-separated token string made of two position spaces, one after the other:
//   1. the main stream: ONE token per unit of text, in text order — a unit is a word or a CJK character
//      (docs/search/near-distance.md; NEAR/n counts these units):
//        word w                       → w
//        CJK run c0 c1 … c(n-1)       → c0c1  c1c2  …  c(n-2)c(n-1)  c(n-1)+"e"
//      i.e. each character gives the bigram it starts, and the run's last character its end anchor ("池e": the
//      run ends with 池). A one-character run "池" gives "池e". Every token at the position of a character c
//      starts with c.
//   2. the unigram stream: every CJK character again, one token each, in text order, written with the
//      unigram mark in front ("·锂", see below).
//   "用4G/5G通信模块" → 用e 4g 5g 通信 信模 模块 块e | ·用 ·通 ·信 ·模 ·块
// A multi-valued field (applicants, inventors, agencies) is indexed value by value, with VALUE_GAP gap tokens
// ("·", which no query token equals or starts with) between two values' main streams: no phrase can contain
// a gap token, and no NEAR reaches across VALUE_GAP positions, so neither ever spans two values.
//
// ── Query terms ───────────────────────────────────────────────────────────────────────────────────────
// A term is normalised and cut into segments the same way, then:
//   • one CJK character            → the unigram (the only token a 1-character term needs);
//   • one CJK run of m ≥ 2 chars    → the phrase of its m−1 bigrams: "锂电池" → "锂电 电池";
//   • one word                      → that word (whole-word match; `batter*` → prefix token "batter");
//   • several segments (a mixed term "4G通信", or a quoted "锂电 池") → one phrase: each segment's tokens in
//     order, where a CJK segment followed by something ends with its end anchor, and a last CJK segment of
//     one character is the prefix token of that character: "4g通信" → "4g 通信", "通信4g" → "通信 信e 4g",
//     "锂电 池" → "锂电 电e 池*", "4g通5g" → "4g 通e 5g".
// A phrase matches when its tokens sit at consecutive positions of the main stream.
//
// Why this is exactly substring matching for a CJK term q (|q| ≥ 2): bigram tokens only ever come from two
// neighbouring characters of one run, and inside a run bigram i and bigram i+1 are at neighbouring
// positions. So "q0q1 q1q2 … " at consecutive positions ⇔ q occurs inside one run ⇔ (since q has no
// separators) q is a substring of the normalised field. A phrase can never run across a gap: the last
// position of every run holds its end anchor "xe", which no bigram-only phrase contains. So "锂电 电池" does not
// match "锂电池" (stream "锂电 电e 电池 池e"), nor does "锂电，池".
// A segment that follows another one in a term must START a run, and needs no anchor for it: the position
// after a word or an end anchor is always the first position of the next segment, so a bigram (or the prefix
// of a character) there is the start of a run.
// Unigrams live after the main stream, and no phrase of two or more tokens contains a bare unigram, so
// unigrams never take part in phrase matches.
//
// The unigram mark "·" (U+00B7, punctuation, so segment() never puts it inside a token) goes in FRONT of the
// character. Were the unigram the bare character "锂", the main-stream prefix query `锂*` that NEAR uses for
// a one-character term would also match it, and since the unigram stream directly follows the main stream,
// a NEAR could then pair a main-stream token near the end of the stream with a unigram at the start of the
// unigram stream: a false match. No query token (word, anchor, bigram, prefix) can start with "·".
//
// Marker letters: anchors are a CJK character plus an ASCII letter, so every main-stream token is
// letters/digits only; no word token can equal an anchor (words have no CJK) and no bigram can (bigrams have
// no ASCII). Use FTS5's `ascii` tokenizer: it keeps every non-ASCII code point (the unigram mark included) as a
// token character; unicode61's tables predate some CJK extension characters and would split on them.
// PostgreSQL never parses these strings: the engine writes tsvector/tsquery literals (engine/pg-tsvector.ts).
// Index format version 2 (migration 018 rebuilt the index): version 1 had a begin anchor per run, so a CJK
// run of n characters took n + 1 positions and NEAR distances in Chinese were one or two too large.
import { normalise } from './normalise';

/** Letter appended to a CJK character for "a run ends with this character". */
export const END_MARK = 'e';
/** Put in front of a CJK character to make its unigram token ("·锂"). */
export const UNIGRAM_MARK = '\u00b7';
/**
 * Most tokens one search term may have (a CJK term of n characters has n − 1). PostgreSQL indexes long fields
 * in overlapping chunks (engine/pg-tsvector.ts), which find every phrase up to a fixed width; the parser
 * rejects longer terms so that both engines answer every accepted query the same way.
 */
export const MAX_TERM_TOKENS = 50;
/** Longest word token kept; longer words are cut (e.g. DNA sequences in biotech claims). */
export const MAX_WORD = 60;
/**
 * Gap tokens between two values of a multi-valued field: more than any NEAR can reach across (a NEAR/n with
 * n ≤ MAX_NEAR_DISTANCE = 100 is compiled to at most n + 1 positions between its phrases; engine.unit.test.ts
 * checks the margin).
 */
export const VALUE_GAP = 102;
/** The gap token: the unigram mark alone, which no query token equals or starts with. */
export const GAP_TOKEN = '\u00b7';

export interface Segment {
  kind: 'cjk' | 'word';
  text: string;
  /** UTF-16 offsets in the normalised text. */
  start: number;
  end: number;
}

/** Whether a code point is indexed as CJK (unigrams + bigrams). */
export function isCjk(cp: number): boolean {
  return (
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x20000 && cp <= 0x323af) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x3040 && cp <= 0x30ff) ||
    (cp >= 0x31f0 && cp <= 0x31ff) ||
    (cp >= 0xac00 && cp <= 0xd7af) ||
    (cp >= 0x1100 && cp <= 0x11ff) ||
    (cp >= 0x3130 && cp <= 0x318f) ||
    (cp >= 0x3005 && cp <= 0x3007) ||
    (cp >= 0x2e80 && cp <= 0x2fdf)
  );
}

const OTHER_WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

/** Whether a code point belongs to a word (letters and digits that are not CJK). */
export function isWordChar(cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a);
  if (isCjk(cp)) return false;
  return OTHER_WORD_CHAR.test(String.fromCodePoint(cp));
}

/** Cuts already-normalised text into CJK runs and words. */
export function segment(norm: string): Segment[] {
  const out: Segment[] = [];
  let kind: 'cjk' | 'word' | null = null;
  let start = 0;
  for (let i = 0; i < norm.length;) {
    const cp = norm.codePointAt(i)!;
    const w = cp > 0xffff ? 2 : 1;
    const k = isCjk(cp) ? 'cjk' : isWordChar(cp) ? 'word' : null;
    if (k !== kind) {
      if (kind) out.push({ kind, text: norm.slice(start, i), start, end: i });
      kind = k;
      start = i;
    }
    i += w;
  }
  if (kind) out.push({ kind, text: norm.slice(start), start, end: norm.length });
  return out;
}

function wordToken(w: string): string {
  if (w.length <= MAX_WORD) return w;
  return Array.from(w).slice(0, MAX_WORD).join('');
}

/**
 * Both position spaces of a field: the main stream (words, bigrams, end anchors) and the unigrams. A list of
 * values (a multi-valued field) gets VALUE_GAP gap tokens between the main streams of two values.
 */
export function indexStreams(text: string | readonly string[]): { main: string[]; unigrams: string[] } {
  if (typeof text !== 'string') {
    const main: string[] = [];
    const unigrams: string[] = [];
    for (const value of text) {
      const one = indexStreams(value);
      if (one.main.length && main.length) for (let i = 0; i < VALUE_GAP; i++) main.push(GAP_TOKEN);
      for (const t of one.main) main.push(t);
      for (const t of one.unigrams) unigrams.push(t);
    }
    return { main, unigrams };
  }
  const main: string[] = [];
  const unigrams: string[] = [];
  for (const seg of segment(normalise(text))) {
    if (seg.kind === 'word') {
      main.push(wordToken(seg.text));
      continue;
    }
    const chars = Array.from(seg.text);
    for (let i = 0; i + 1 < chars.length; i++) main.push(chars[i] + chars[i + 1]);
    main.push(chars[chars.length - 1] + END_MARK);
    for (const c of chars) unigrams.push(UNIGRAM_MARK + c);
  }
  return { main, unigrams };
}

/** The tokens to index for one field (or one list of values): the main stream followed by the unigram stream. */
export function indexTokens(text: string | readonly string[]): string[] {
  const { main, unigrams } = indexStreams(text);
  return unigrams.length ? main.concat(unigrams) : main;
}

/** Character classes for indexText, per BMP code unit, filled in on first use from isCjk / isWordChar. */
const CLASS_UNKNOWN = 0;
const CLASS_SEP = 1;
const CLASS_WORD = 2;
const CLASS_CJK = 3;
const bmpClass = new Uint8Array(0x10000);

function charClass(cp: number): number {
  if (cp < 0x10000) {
    let k = bmpClass[cp];
    if (k === CLASS_UNKNOWN) {
      k = isCjk(cp) ? CLASS_CJK : isWordChar(cp) ? CLASS_WORD : CLASS_SEP;
      bmpClass[cp] = k;
    }
    return k;
  }
  return isCjk(cp) ? CLASS_CJK : isWordChar(cp) ? CLASS_WORD : CLASS_SEP;
}

// indexText writes code units into these buffers (grown as needed) and turns them into a string once: making a
// string per token and concatenating them costs several times more than the rest of the work.
let mainBuf = new Uint16Array(1 << 14);
let uniBuf = new Uint16Array(1 << 13);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const SPACE = 0x20;
const END_CODE = END_MARK.charCodeAt(0);
const UNIGRAM_CODE = UNIGRAM_MARK.charCodeAt(0);

/**
 * The tokens of a field as one space-separated string (what goes into the FTS column): exactly
 * `indexTokens(text).join(' ')`, made in one pass over the normalised text without the intermediate segments,
 * token strings and arrays (the import tokenises every field of every patent).
 */
export function indexText(text: string | readonly string[]): string {
  if (!LITTLE_ENDIAN) return indexTokens(text).join(' ');
  encodeField(text);
  return finish();
}

/**
 * The tokens of a field as indexText makes them, before they become one string: the main stream and the unigram
 * stream, each as space-separated UTF-16 code units (a gap token is the one unit GAP_TOKEN). Views of scratch
 * buffers, valid until the next call of this or indexText. PostgreSQL's import builds its binary tsvectors from
 * them (pg-tsvector.ts) without making a string per token.
 */
export function indexUnits(text: string | readonly string[]): { main: Uint16Array; unigrams: Uint16Array } {
  encodeField(text);
  return { main: mainBuf.subarray(0, encM), unigrams: uniBuf.subarray(0, encU) };
}

/** Encodes a field (one text or a list of values) into mainBuf and uniBuf, from their starts. */
function encodeField(text: string | readonly string[]): void {
  if (typeof text === 'string') {
    const s = normalise(text);
    reserve(s.length, 0);
    encM = 0;
    encU = 0;
    encode(s);
    return;
  }
  const norms = text.map(normalise);
  reserve(
    norms.reduce((n, v) => n + v.length, 0),
    norms.length,
  );
  encM = 0;
  encU = 0;
  for (const s of norms) {
    if (encM > 0 && hasToken(s)) {
      for (let g = 0; g < VALUE_GAP; g++) {
        mainBuf[encM++] = SPACE;
        mainBuf[encM++] = GAP_CODE;
      }
    }
    encode(s);
  }
}

/**
 * indexText of one text, and its main stream alone (the words, bigrams and end anchors, without the unigrams):
 * what patents_tx holds for 名称/摘要/权利要求 (migration 054). The main stream is the start of the whole string,
 * so it is a slice of it, made in the same pass; its positions are the same in both.
 */
export function indexTextWithMain(text: string): { text: string; main: string } {
  const all = indexText(text);
  if (!LITTLE_ENDIAN) return { text: all, main: indexStreams(text).main.join(' ') };
  return { text: all, main: all.slice(0, encM) };
}

/** Positions written so far in mainBuf / uniBuf by encode(). */
let encM = 0;
let encU = 0;
const GAP_CODE = GAP_TOKEN.charCodeAt(0);

/** Room for `n` normalised code units in `values` values (gaps between them included). */
function reserve(n: number, values: number): void {
  // Per input code unit at most 6 output units in the main stream (a one-character run "x" gives " xe") and 3 in
  // the unigram stream (" ·x"); the unigrams are copied behind the main stream. A gap is VALUE_GAP × " ·".
  const main = 9 * n + values * 2 * VALUE_GAP + 8;
  if (mainBuf.length < main) mainBuf = new Uint16Array(main + 64);
  if (uniBuf.length < 3 * n + 8) uniBuf = new Uint16Array(3 * n + 64);
}

/** Whether a normalised text has at least one token. */
function hasToken(s: string): boolean {
  for (let i = 0; i < s.length;) {
    const c = s.charCodeAt(i);
    const cp = c >= 0xd800 && c <= 0xdbff ? s.codePointAt(i)! : c;
    if (charClass(cp) !== CLASS_SEP) return true;
    i += cp > 0xffff ? 2 : 1;
  }
  return false;
}

/** The main stream joined with the unigram stream, as one string. */
function finish(): string {
  const out = mainBuf;
  let m = encM;
  const u = encU;
  if (u) {
    out[m++] = SPACE;
    out.set(uniBuf.subarray(0, u), m);
    m += u;
  }
  return m ? Buffer.from(out.buffer, out.byteOffset, m * 2).toString('utf16le') : '';
}

/** Appends the tokens of one normalised text to mainBuf (from encM) and uniBuf (from encU). */
function encode(s: string): void {
  const n = s.length;
  const out = mainBuf;
  const uni = uniBuf;
  let m = encM;
  let u = encU;
  let i = 0;
  while (i < n) {
    let c = s.charCodeAt(i);
    let cp = c >= 0xd800 && c <= 0xdbff ? s.codePointAt(i)! : c;
    const k = charClass(cp);
    if (k === CLASS_SEP) {
      i += cp > 0xffff ? 2 : 1;
      continue;
    }
    if (m) out[m++] = SPACE;
    const start = i;
    if (k === CLASS_WORD) {
      i += cp > 0xffff ? 2 : 1;
      while (i < n) {
        c = s.charCodeAt(i);
        cp = c >= 0xd800 && c <= 0xdbff ? s.codePointAt(i)! : c;
        if (charClass(cp) !== CLASS_WORD) break;
        i += cp > 0xffff ? 2 : 1;
      }
      if (i - start <= MAX_WORD) {
        for (let j = start; j < i; j++) out[m++] = s.charCodeAt(j);
      } else {
        const w = wordToken(s.slice(start, i));
        for (let j = 0; j < w.length; j++) out[m++] = w.charCodeAt(j);
      }
      continue;
    }
    // A CJK run c0 … ck: "c0c1 … c(k-1)ck cke" in the main stream, "·c" for each character c.
    let prev = start;
    i += cp > 0xffff ? 2 : 1;
    if (u) uni[u++] = SPACE;
    uni[u++] = UNIGRAM_CODE;
    for (let j = start; j < i; j++) uni[u++] = s.charCodeAt(j);
    let first = true;
    while (i < n) {
      c = s.charCodeAt(i);
      cp = c >= 0xd800 && c <= 0xdbff ? s.codePointAt(i)! : c;
      if (charClass(cp) !== CLASS_CJK) break;
      const end = i + (cp > 0xffff ? 2 : 1);
      if (!first) out[m++] = SPACE;
      first = false;
      for (let j = prev; j < end; j++) out[m++] = s.charCodeAt(j);
      uni[u++] = SPACE;
      uni[u++] = UNIGRAM_CODE;
      for (let j = i; j < end; j++) uni[u++] = s.charCodeAt(j);
      prev = i;
      i = end;
    }
    if (!first) out[m++] = SPACE;
    for (let j = prev; j < i; j++) out[m++] = s.charCodeAt(j);
    out[m++] = END_CODE;
  }
  encM = m;
  encU = u;
}

/** How many main-stream positions a term's match covers (1 for a one-character term, 0 for an empty one). */
export function termWidth(m: TermMatch): number {
  return m.kind === 'phrase' ? m.tokens.length : m.kind === 'unigram' ? 1 : 0;
}

/**
 * How many units of text (words and CJK characters, docs/search/near-distance.md) a term covers: the width of its
 * matches in main-stream positions. A term whose last segment is a CJK run of m ≥ 2 characters has one unit more
 * than tokens (its last character has no token of its own in the phrase); any other term as many as tokens.
 */
export function termUnits(term: string): number {
  let n = 0;
  for (const seg of segment(normalise(term))) n += seg.kind === 'word' ? 1 : Array.from(seg.text).length;
  return n;
}

/** How a query term is matched against the token streams. */
export type TermMatch =
  /** The tokens at consecutive positions of the main stream; with `prefix`, the last token is a prefix. */
  | { kind: 'phrase'; tokens: string[]; prefix?: boolean }
  /** A one-character CJK term `char`: the unigram token ("·" + char). (Inside NEAR, use the main-stream
   *  prefix `char*`: every occurrence of c has exactly one main-stream token, which starts with c; no unigram
   *  token starts with a CJK character.) */
  | { kind: 'unigram'; token: string; char: string }
  /** The term has nothing indexable (only punctuation): it matches no document. */
  | { kind: 'empty' };

/**
 * Maps a query term to the tokens that match it: substring semantics for CJK, whole words for Latin
 * (a prefix when `prefix` is set and the term ends with a word).
 */
export function queryTokens(term: string, opts: { prefix?: boolean } = {}): TermMatch {
  const segs = segment(normalise(term));
  if (segs.length === 0) return { kind: 'empty' };
  if (segs.length === 1 && segs[0].kind === 'cjk') {
    const chars = Array.from(segs[0].text);
    if (chars.length === 1) return { kind: 'unigram', token: UNIGRAM_MARK + chars[0], char: chars[0] };
  }
  const tokens: string[] = [];
  let cjkPrefix = false;
  segs.forEach((seg, i) => {
    if (seg.kind === 'word') {
      tokens.push(wordToken(seg.text));
      return;
    }
    const chars = Array.from(seg.text);
    const last = i === segs.length - 1;
    // A last segment of one character that follows something: a run starting with it (any token starting with it).
    if (last && chars.length === 1) {
      tokens.push(chars[0]);
      cjkPrefix = true;
      return;
    }
    for (let k = 0; k + 1 < chars.length; k++) tokens.push(chars[k] + chars[k + 1]);
    if (!last) tokens.push(chars[chars.length - 1] + END_MARK);
  });
  if (cjkPrefix) return { kind: 'phrase', tokens, prefix: true };
  const lastSeg = segs[segs.length - 1];
  if (opts.prefix && lastSeg.kind === 'word' && Array.from(lastSeg.text).length < MAX_WORD) {
    return { kind: 'phrase', tokens, prefix: true };
  }
  return { kind: 'phrase', tokens };
}
