// PostgreSQL side of the text index: tsvector literals built from our own tokens (no PostgreSQL parsing,
// no stemming), so PostgreSQL indexes exactly what SQLite's FTS5 table indexes.
//
// A field's tokens are the main stream (words, anchors, bigrams; positions matter for phrases and NEAR) and
// the unigram stream (only presence matters: a one-character term is one unigram token, never part of a
// phrase). So:
//   • main-stream tokens are written with explicit positions 1, 2, 3, … ('锂电':2 '电池':3);
//   • unigram tokens are written without positions ('·锂'), which PostgreSQL accepts and matches by presence.
// A tsvector has three limits (limits.ts): positions above 16383 are clamped, a lexeme keeps at most 256
// positions, and the whole value must stay under 1 MB. Long fields are therefore cut into chunks of the main
// stream: a chunk ends before the 16001st token, before a token whose lexeme already has 256 positions in the
// chunk, or before the byte budget is exceeded; the next chunk starts CHUNK_OVERLAP tokens before the end of
// the previous one. Every window of ≤ CHUNK_OVERLAP + 1 consecutive tokens thus lies inside one chunk, and
// the parser/compilers never build a phrase or NEAR wider than that (MAX_WINDOW) — so "some chunk matches"
// is exactly "the field matches". Each chunk restarts its positions at 1. The unigrams (deduplicated) go into
// chunk 0 only.
//
// The gap tokens between the values of a multi-valued field (tokenise.ts, VALUE_GAP) take their positions but
// are not written: the positions after them just jump, which is all a phrase or NEAR looks at.
//
// Storage: chunk 0 of each field is a column of patent_search (one row per patent, a GIN index per column);
// chunks 1… go to patent_text_chunks (patent_id, field, chunk, tsv) with one GIN index. Almost every field of
// almost every patent fits in chunk 0; long descriptions and claims spill over.
import { utf8Length, writeUtf8 } from '../../db/pg-binary';
import { GAP_TOKEN, indexStreams, indexUnits } from '../tokenise';
import { CHUNK_OVERLAP, PG_CHUNK_BYTES, PG_CHUNK_POSITIONS, PG_MAX_POSITIONS_PER_LEXEME } from './limits';

/** Quotes one lexeme for a tsvector or tsquery literal: '...' with ' doubled and \ escaped. */
export function quoteLexeme(token: string): string {
  return `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

function utf8Bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** Main-stream [start, end) ranges of the chunks of a field. */
export function chunkRanges(
  main: readonly string[],
  limits: { positions?: number; perLexeme?: number; bytes?: number; overlap?: number } = {},
): [number, number][] {
  const maxPositions = limits.positions ?? PG_CHUNK_POSITIONS;
  const perLexeme = limits.perLexeme ?? PG_MAX_POSITIONS_PER_LEXEME;
  const maxBytes = limits.bytes ?? PG_CHUNK_BYTES;
  const overlap = limits.overlap ?? CHUNK_OVERLAP;
  if (overlap >= perLexeme || overlap >= maxPositions) throw new Error('chunk overlap too large');
  const ranges: [number, number][] = [];
  let start = 0;
  for (;;) {
    const counts = new Map<string, number>();
    let bytes = 0;
    let end = start;
    while (end < main.length && end - start < maxPositions) {
      const t = main[end];
      if (t === GAP_TOKEN) {
        end++;
        continue;
      }
      const n = counts.get(t) ?? 0;
      if (n >= perLexeme) break;
      // A new lexeme costs its bytes plus quoting; every position about 2 bytes (+ the count).
      const cost = (n === 0 ? utf8Bytes(t) + 8 : 0) + 2;
      if (bytes + cost > maxBytes && end > start) break;
      bytes += cost;
      counts.set(t, n + 1);
      end++;
    }
    ranges.push([start, end]);
    if (end >= main.length) return ranges;
    // end − start > overlap always holds here (a cut needs ≥ perLexeme > overlap tokens, or the byte budget).
    start = Math.max(end - overlap, start + 1);
  }
}

/** The positions (1-based within the chunk) of each lexeme of main[start, end), gaps left out. */
function chunkPositions(main: readonly string[], start: number, end: number): Map<string, number[]> {
  const positions = new Map<string, number[]>();
  for (let k = start; k < end; k++) {
    if (main[k] === GAP_TOKEN) continue;
    const list = positions.get(main[k]);
    if (list) list.push(k - start + 1);
    else positions.set(main[k], [k - start + 1]);
  }
  return positions;
}

/** The tsvector literals of one field: chunk 0 (with the unigrams), then any further chunks. '' for an empty field. */
export function tsvectorChunks(main: readonly string[], unigrams: readonly string[]): string[] {
  const out: string[] = [];
  const ranges = main.length ? chunkRanges(main) : [[0, 0] as [number, number]];
  ranges.forEach(([start, end], i) => {
    const positions = chunkPositions(main, start, end);
    const parts: string[] = [];
    for (const [tok, pos] of positions) parts.push(`${quoteLexeme(tok)}:${pos.join(',')}`);
    if (i === 0) for (const u of new Set(unigrams)) parts.push(quoteLexeme(u));
    out.push(parts.join(' '));
  });
  return out;
}

/**
 * One field's chunk 0 positions when the whole field is one chunk (chunkRanges would return [[0, main.length]]):
 * the same limits checked in the same order in one pass, else null.
 */
function singleChunkPositions(main: readonly string[]): Map<string, number[]> | null {
  if (main.length > PG_CHUNK_POSITIONS) return null;
  const positions = new Map<string, number[]>();
  let bytes = 0;
  for (let k = 0; k < main.length; k++) {
    const t = main[k];
    if (t === GAP_TOKEN) continue;
    const list = positions.get(t);
    const n = list ? list.length : 0;
    if (n >= PG_MAX_POSITIONS_PER_LEXEME) return null;
    const cost = (n === 0 ? utf8Length(t) + 8 : 0) + 2;
    if (bytes + cost > PG_CHUNK_BYTES && k > 0) return null;
    bytes += cost;
    if (list) list.push(k + 1);
    else positions.set(t, [k + 1]);
  }
  return positions;
}

/** UTF-8 length of a lexeme, negative when it has a character outside the BMP (a UTF-16 surrogate). */
function lexemeBytes(s: string): number {
  let n = 0;
  let astral = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdfff) {
      astral = true;
      n = -1;
      break;
    } else n += 3;
  }
  return astral ? -utf8Length(s) : n;
}

const byUtf8 = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** The empty tsvector (no lexemes). */
const EMPTY_TSVECTOR = Buffer.alloc(4);

/**
 * A tsvector in tsvectorrecv's binary format: its lexemes (with their positions; unigrams without) in PostgreSQL's
 * order — by their UTF-8 bytes, which is JavaScript's string order unless a lexeme has a character outside the BMP.
 * Received in that order, the value is byte for byte what tsvectorin makes of the literal: given in another order,
 * the server sorts the entries but keeps their data in arrival order, which moves the alignment padding (the same
 * lexemes and positions, but a value of another size that `=` calls different).
 */
function binaryTsvector(positions: Map<string, number[]>, unigrams: readonly string[]): Buffer {
  if (!positions.size && !unigrams.length) return EMPTY_TSVECTOR;
  const keys = [...positions.keys()];
  if (unigrams.length) for (const u of new Set(unigrams)) keys.push(u);
  let size = 4;
  let astral = false;
  for (const k of keys) {
    let n = lexemeBytes(k);
    if (n < 0) {
      astral = true;
      n = -n;
    }
    size += n + 3;
  }
  for (const pos of positions.values()) size += 2 * pos.length;
  if (astral) keys.sort(byUtf8);
  else keys.sort();
  const buf = Buffer.allocUnsafe(size);
  buf.writeInt32BE(keys.length, 0);
  let off = 4;
  for (const k of keys) {
    off = writeUtf8(buf, k, off);
    buf[off++] = 0;
    const pos = positions.get(k);
    if (!pos) {
      buf[off++] = 0;
      buf[off++] = 0;
      continue;
    }
    buf[off++] = pos.length >> 8;
    buf[off++] = pos.length & 0xff;
    for (const p of pos) {
      buf[off++] = p >> 8;
      buf[off++] = p & 0xff;
    }
  }
  return buf;
}

/**
 * The chunks of tsvectorChunks in PostgreSQL's binary format (the import sends these: the server then copies lexemes
 * instead of parsing a literal). The same tsvector values: the same lexemes, positions and chunks.
 */
export function tsvectorChunksBinary(main: readonly string[], unigrams: readonly string[]): Buffer[] {
  const single = singleChunkPositions(main);
  if (single) return [binaryTsvector(single, unigrams)];
  return chunkRanges(main).map(([start, end], i) => {
    const positions = chunkPositions(main, start, end);
    return binaryTsvector(positions, i === 0 ? unigrams : []);
  });
}

// ── The import's fast path ────────────────────────────────────────────────────────────────────────────
// tsvectorChunksBinary sorts each field's lexemes as strings: for a demo patent's 680 distinct lexemes that, and
// making a string per token, was most of the PostgreSQL import's time in this process. Nearly every token is one or
// two UTF-16 code units (a bigram, an end anchor, a unigram "·c", a short word), and for text without surrogates the
// UTF-16 order of such strings is their UTF-8 order, the server's. So such a token is the 32-bit number
// c0 · 65536 + c1 (c1 = 0 for one unit: no token has the unit 0, so "a" sorts before "a0", as strings do): the
// lexemes are gathered in a hash table of numbers (their positions in a list each, ascending as they come) and only
// the distinct numbers are sorted. Longer tokens (words of three or more units) are few: kept as strings and merged
// in by string order. Anything the old path does differently (a surrogate anywhere, more than one chunk's positions,
// a lexeme past 256 positions, the byte budget) gives null, and the caller takes tsvectorChunksBinary.

const SPACE_UNIT = 0x20;
const GAP_UNIT = GAP_TOKEN.charCodeAt(0);
const isSurrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;
const unitBytes = (c: number) => (c === 0 ? 0 : c < 0x80 ? 1 : c < 0x800 ? 2 : 3);

/** Scratch space of tsvectorOfUnits, grown as needed: an open-addressing table of the lexemes' numbers. */
const lex = {
  bits: 0,
  /** Per slot: the generation that filled it (so a call need not clear the table) and its lexeme. */
  stamp: new Uint32Array(0),
  slot: new Int32Array(0),
  generation: 0,
  /** Per lexeme: its number, first and last occurrence (−1: none, a unigram), occurrence count. */
  key: new Uint32Array(0),
  head: new Int32Array(0),
  tail: new Int32Array(0),
  count: new Int32Array(0),
  /** Per occurrence: position and the next occurrence of the same lexeme. */
  pos: new Int32Array(0),
  next: new Int32Array(0),
};

function reserveLexemes(tokens: number): void {
  if (lex.key.length < tokens) {
    const n = tokens + 1024;
    lex.key = new Uint32Array(n);
    lex.head = new Int32Array(n);
    lex.tail = new Int32Array(n);
    lex.count = new Int32Array(n);
    lex.pos = new Int32Array(n);
    lex.next = new Int32Array(n);
  }
  let bits = Math.max(lex.bits, 12);
  while (1 << bits < 2 * tokens) bits++;
  if (bits !== lex.bits) {
    lex.bits = bits;
    lex.stamp = new Uint32Array(1 << bits);
    lex.slot = new Int32Array(1 << bits);
    lex.generation = 0;
  }
  if (++lex.generation === 0xffffffff) {
    lex.stamp.fill(0);
    lex.generation = 1;
  }
}

function writeUnit(buf: Buffer, c: number, off: number): number {
  if (c < 0x80) buf[off++] = c;
  else if (c < 0x800) {
    buf[off++] = 0xc0 | (c >> 6);
    buf[off++] = 0x80 | (c & 0x3f);
  } else {
    buf[off++] = 0xe0 | (c >> 12);
    buf[off++] = 0x80 | ((c >> 6) & 0x3f);
    buf[off++] = 0x80 | (c & 0x3f);
  }
  return off;
}

/**
 * Chunk 0 of a field as tsvectorChunksBinary(main, unigrams) makes it when the field is one chunk, from the code
 * units of indexUnits; null when that path must be taken instead (see above). Byte for byte the same value
 * (pg-tsvector-binary.unit.test.ts compares them on demo patents, the real records and edge cases).
 */
export function tsvectorOfUnits(main: Uint16Array, unigrams: Uint16Array): Buffer | null {
  // At most PG_CHUNK_POSITIONS main-stream tokens get in before a longer field gives null, and as many unigrams (one
  // per CJK character, which also gives one main-stream token): the scratch space stays within that, whatever the
  // field's length.
  reserveLexemes(Math.min(((main.length + unigrams.length) >> 1) + 2, 2 * PG_CHUNK_POSITIONS + 2));
  const { stamp, slot, key, head, tail, count, pos, next, generation } = lex;
  const shift = 32 - lex.bits;
  let lexemes = 0;
  let occurrences = 0;
  const find = (k: number): number => {
    for (let h = Math.imul(k, 0x9e3779b1) >>> shift; ; h = (h + 1) & ((1 << lex.bits) - 1)) {
      if (stamp[h] !== generation) {
        stamp[h] = generation;
        slot[h] = lexemes;
        key[lexemes] = k;
        head[lexemes] = -1;
        count[lexemes] = 0;
        return lexemes++;
      }
      if (key[slot[h]] === k) return slot[h];
    }
  };
  let long: Map<string, number[]> | null = null;
  let position = 0;
  for (let i = 0; i < main.length;) {
    let j = i;
    while (j < main.length && main[j] !== SPACE_UNIT) j++;
    if (++position > PG_CHUNK_POSITIONS) return null;
    const c0 = main[i];
    if (j - i > 2) {
      for (let k = i; k < j; k++) if (isSurrogate(main[k])) return null;
      const w = String.fromCharCode(...main.subarray(i, j));
      long ??= new Map();
      const list = long.get(w);
      if (list) list.push(position);
      else long.set(w, [position]);
    } else if (c0 !== GAP_UNIT || j - i === 2) {
      const c1 = j - i === 2 ? main[i + 1] : 0;
      if (isSurrogate(c0) || isSurrogate(c1)) return null;
      const x = find(((c0 << 16) | c1) >>> 0);
      const o = occurrences++;
      pos[o] = position;
      next[o] = -1;
      if (head[x] < 0) head[x] = o;
      else next[tail[x]] = o;
      tail[x] = o;
      if (++count[x] > PG_MAX_POSITIONS_PER_LEXEME) return null;
    }
    i = j + 1;
  }
  // Never more unigrams than main-stream tokens; the check keeps the table's bound above explicit.
  if (unigrams.length > 3 * PG_CHUNK_POSITIONS) return null;
  for (let i = 0; i < unigrams.length; i += 3) {
    // Always "·c": two units, then a space (a surrogate pair would make three).
    const c = unigrams[i + 1];
    if (isSurrogate(c) || (i + 2 < unigrams.length && unigrams[i + 2] !== SPACE_UNIT)) return null;
    find(((GAP_UNIT << 16) | c) >>> 0);
  }
  if (!lexemes && !long) return EMPTY_TSVECTOR;
  const sorted = key.slice(0, lexemes).sort();
  const words = long ? [...long.keys()].sort() : [];
  // Size and the old path's byte budget (singleChunkPositions: a new lexeme its bytes + 8, a position 2).
  let size = 4;
  let budget = 0;
  for (const w of words) {
    const p = long!.get(w)!;
    if (p.length > PG_MAX_POSITIONS_PER_LEXEME) return null;
    const b = utf8Length(w);
    size += b + 3 + 2 * p.length;
    budget += b + 8 + 2 * p.length;
  }
  for (let x = 0; x < lexemes; x++) {
    const b = unitBytes(key[x] >>> 16) + unitBytes(key[x] & 0xffff);
    size += b + 3 + 2 * count[x];
    if (count[x]) budget += b + 8 + 2 * count[x];
  }
  if (budget > PG_CHUNK_BYTES) return null;
  const buf = Buffer.allocUnsafe(size);
  buf.writeInt32BE(lexemes + words.length, 0);
  let off = 4;
  let w = 0;
  const writeWord = () => {
    const word = words[w++];
    off = writeUtf8(buf, word, off);
    buf[off++] = 0;
    const p = long!.get(word)!;
    buf[off++] = p.length >> 8;
    buf[off++] = p.length & 0xff;
    for (const q of p) {
      buf[off++] = q >> 8;
      buf[off++] = q & 0xff;
    }
  };
  for (let s = 0; s < lexemes; s++) {
    const k = sorted[s];
    // A longer word sorts before this token when its first two units do (it is longer, so never equal).
    while (w < words.length && ((words[w].charCodeAt(0) << 16) | words[w].charCodeAt(1)) >>> 0 < k) writeWord();
    off = writeUnit(buf, k >>> 16, off);
    if (k & 0xffff) off = writeUnit(buf, k & 0xffff, off);
    buf[off++] = 0;
    const x = find(k);
    buf[off++] = count[x] >> 8;
    buf[off++] = count[x] & 0xff;
    for (let o = head[x]; o >= 0; o = next[o]) {
      buf[off++] = pos[o] >> 8;
      buf[off++] = pos[o] & 0xff;
    }
  }
  while (w < words.length) writeWord();
  return buf;
}

/** A field's tsvectors in the binary format, chunk 0 first: tsvectorChunksBinary of its streams, made faster. */
export function fieldTsvectorsBinary(text: string | readonly string[]): Buffer[] {
  const units = indexUnits(text);
  const one = tsvectorOfUnits(units.main, units.unigrams);
  if (one) return [one];
  const { main, unigrams } = indexStreams(text);
  return tsvectorChunksBinary(main, unigrams);
}
