// Text normalisation shared by the importer (index side) and the query parser (query side).
//
// Design: normalisation is a *per-character* map (plus whitespace collapsing), never context-dependent.
// That makes it a homomorphism on strings: normalise(a + b) === normalise(a) + normalise(b) whenever the
// junction is not whitespace. So normalise(queryTerm) is a substring of normalise(field) exactly when the
// term occurs (up to folding) in the field, which is what DOMAIN §4's substring semantics needs.
//
// Traditional → simplified uses opencc-js's own character tables (TSCharacters: the table OpenCC's t2s,
// tw2s and hk2s conversions end with, after CJK compatibility ideographs are unified), applied character
// by character. We deliberately leave out OpenCC's phrase tables (TSPhrases, TWVariantsRevPhrases...):
// they make the output depend on the neighbouring characters (乾隆 keeps 乾, 乾燥 → 干燥), so a query term
// converted on its own could differ from the same characters converted inside a document, and a search
// would silently miss. Folding 乾 → 干 everywhere over-folds a little but folds documents and queries the
// same way. The few Taiwan/Hong Kong variant characters that TSCharacters does not cover are added by hand
// (衞, 衹, 敍 ...); variants that are also ordinary simplified characters (著, 么) are left alone.
//
// Every mapping is per code point: one code point → one code point, except the compatibility forms (NFKC,
// issue 11 item 7), where one code point may become several (Ⅱ → ii, ㎜ → mm, ① → 1). Each output code point
// still comes from exactly one input code point; only whitespace collapsing and the removal of zero-width
// characters change lengths otherwise. `normaliseWithOffsets` returns the offsets for highlighting.
// Changing this table changes the indexed tokens: migration 019 rebuilds the text index of stored patents.
import TSCharacters from 'opencc-js/dict/TSCharacters';
import CJKCompat from 'opencc-js/dict/CJK_Compatibility_Ideographs';

/** Table value for characters that become a single space (then collapsed). */
const WS = -1;
/** Table value for characters that are dropped (zero-width). */
const DROP = -2;
/** Table value for characters that become several code points (`multi`): NFKC expansions such as Ⅱ → ii. */
const MULTI = -3;

/** Variant characters used in Taiwan/Hong Kong texts that TSCharacters leaves alone. */
const EXTRA_VARIANTS: [string, string][] = [
  ['衞', '卫'],
  ['衹', '只'],
  ['敍', '叙'],
  ['粧', '妆'],
  ['糭', '粽'],
  ['枱', '台'],
  ['痺', '痹'],
  ['簷', '檐'],
  ['睪', '睾'],
  ['裡', '里'],
];

function parseDict(d: string): [string, string][] {
  return d.split('|').map((entry) => {
    const [from, to] = entry.split(' ');
    return [from, to];
  });
}

/** BMP lookup: identity, another code point (may be astral), WS or DROP. */
const bmp = new Int32Array(0x10000);
/** Astral code points that change. */
const astral = new Map<number, number>();
/** Code points (BMP or astral) that become more than one code point. */
const multi = new Map<number, string>();

function buildTables(): void {
  for (let c = 0; c < 0x10000; c++) bmp[c] = c;
  const charMap = new Map<number, number>();
  const add = (from: string, to: string) => {
    const f = [...from];
    const t = [...to];
    // Length preservation by code point is what highlighting relies on; skip anything else.
    if (f.length !== 1 || t.length !== 1) return;
    charMap.set(f[0].codePointAt(0)!, t[0].codePointAt(0)!);
  };
  // Order matters only for the composition below: compatibility ideographs first, then variants, then T→S.
  const compat = parseDict(CJKCompat);
  const ts = parseDict(TSCharacters);
  const layers: [string, string][][] = [compat, EXTRA_VARIANTS, ts];
  const layerMaps = layers.map((pairs) => {
    const m = new Map<number, number>();
    for (const [from, to] of pairs) {
      const f = [...from];
      const t = [...to];
      if (f.length === 1 && t.length === 1) m.set(f[0].codePointAt(0)!, t[0].codePointAt(0)!);
    }
    return m;
  });
  const keys = new Set<number>();
  for (const m of layerMaps) for (const k of m.keys()) keys.add(k);
  for (const k of keys) {
    // Apply the layers in order, repeating until nothing changes, so the map is idempotent.
    let v = k;
    for (let round = 0; round < 4; round++) {
      let w = v;
      for (const m of layerMaps) w = m.get(w) ?? w;
      if (w === v) break;
      v = w;
    }
    if (v !== k) add(String.fromCodePoint(k), String.fromCodePoint(v));
  }
  for (const [k, v] of charMap) {
    if (k < 0x10000) bmp[k] = v;
    else astral.set(k, v);
  }

  // Full-width ASCII forms → ASCII (！..～), ideographic space, full-width currency signs.
  for (let c = 0xff01; c <= 0xff5e; c++) bmp[c] = c - 0xfee0;
  const fwOther: [number, number][] = [
    [0xffe0, 0xa2],
    [0xffe1, 0xa3],
    [0xffe2, 0xac],
    [0xffe3, 0xaf],
    [0xffe4, 0xa6],
    [0xffe5, 0xa5],
    [0xff5f, 0x2985],
    [0xff60, 0x2986],
  ];
  for (const [c, v] of fwOther) bmp[c] = v;

  // Case folding (after width folding: Ａ → A → a). Only single-unit results keep lengths equal.
  for (let c = 0; c < 0x10000; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const v = bmp[c];
    if (v < 0 || v > 0xffff) continue;
    const lower = String.fromCharCode(v).toLowerCase();
    if (lower.length === 1 && lower.charCodeAt(0) !== v) bmp[c] = lower.charCodeAt(0);
  }

  // Whitespace and control characters become a space; zero-width characters disappear.
  for (let c = 0; c <= 0x20; c++) bmp[c] = WS;
  for (let c = 0x7f; c <= 0xa0; c++) bmp[c] = WS;
  for (const c of [0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000]) bmp[c] = WS;
  for (let c = 0x2000; c <= 0x200a; c++) bmp[c] = WS;
  for (const c of [0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x00ad]) bmp[c] = DROP;

  addCompatibilityForms();
}

/** Astral blocks with compatibility forms: mathematical letters and digits, enclosed alphanumerics, CJK compatibility. */
const ASTRAL_COMPAT: [number, number][] = [
  [0x1d400, 0x1d7ff],
  [0x1f100, 0x1f1ff],
  [0x1fbf0, 0x1fbf9],
  [0x2f800, 0x2fa1f],
];

/**
 * Unicode compatibility forms (NFKC, issue 11 item 7): Roman numerals Ⅱ → ii (the Number Forms block), circled and
 * parenthesised numbers ① → 1, ligatures ﬁ → fi, squared units ㎜ → mm, half-width katakana, Kangxi radicals,
 * mathematical letters 𝐀 → a... Each code point's NFKC form, then the table above on each of its code points
 * (so ⅰ and Ⅰ and I and ｉ all become i); still per code point, so normalise stays a homomorphism. A form that
 * contains whitespace (the spacing diacritics ¨ ´ ˜...) is left alone: it would split words and confuse the
 * whitespace collapsing. Applied until nothing changes, so normalise is idempotent.
 */
function addCompatibilityForms(): void {
  const current = (cp: number): string => normaliseChar(cp);
  const nfkcOf = (cp: number): string | null => {
    const ch = String.fromCodePoint(cp);
    const k = ch.normalize('NFKC');
    if (k === ch) return null;
    let out = '';
    for (const piece of k) {
      const n = current(piece.codePointAt(0)!);
      if (n === ' ') return null;
      out += n;
    }
    return out;
  };
  const set = (cp: number, to: string) => {
    const cps = [...to];
    if (cps.length === 1) {
      const v = cps[0].codePointAt(0)!;
      if (cp < 0x10000) bmp[cp] = v;
      else astral.set(cp, v);
      multi.delete(cp);
    } else if (cps.length === 0) {
      if (cp < 0x10000) bmp[cp] = DROP;
    } else {
      multi.set(cp, to);
      if (cp < 0x10000) bmp[cp] = MULTI;
    }
  };
  const changes: [number, string][] = [];
  const visit = (cp: number) => {
    if (cp < 0x10000 && (bmp[cp] === WS || bmp[cp] === DROP)) return;
    const n = nfkcOf(cp);
    if (n !== null && n !== current(cp)) changes.push([cp, n]);
  };
  for (let c = 0; c < 0x10000; c++) if (c < 0xd800 || c > 0xdfff) visit(c);
  for (const [a, b] of ASTRAL_COMPAT) for (let c = a; c <= b; c++) visit(c);
  for (const [cp, to] of changes) set(cp, to);
  // A result's own code points may map further (a form whose NFKC is itself a changed character): follow them.
  for (let round = 0; round < 3; round++) {
    let changed = false;
    for (const [cp] of changes) {
      const now = current(cp);
      let again = '';
      for (const piece of now) again += current(piece.codePointAt(0)!);
      if (again !== now) {
        set(cp, again);
        changed = true;
      }
    }
    if (!changed) break;
  }
}
buildTables();

/** The normalised form of one code point: '' (dropped), ' ' (whitespace), one code point or several (Ⅱ → ii). */
export function normaliseChar(cp: number): string {
  if (cp < 0x10000) {
    const v = bmp[cp];
    if (v === WS) return ' ';
    if (v === DROP) return '';
    if (v === MULTI) return multi.get(cp)!;
    return String.fromCodePoint(v);
  }
  return multi.get(cp) ?? String.fromCodePoint(astral.get(cp) ?? cp);
}

/**
 * Normalises text for indexing and matching: full-width → half-width, traditional → simplified (per
 * character), lower case, whitespace runs collapsed to one space and trimmed.
 */
export function normalise(text: string): string {
  const n = text.length;
  // Fast path: most already-normalised text needs no copy at all.
  let i = 0;
  let prevSpace = true; // a leading space needs work
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      if (i + 1 < n) {
        const cp = text.codePointAt(i)!;
        if (astral.has(cp) || multi.has(cp)) break;
      }
      i++;
      prevSpace = false;
      continue;
    }
    const v = bmp[c];
    if (v === c) {
      prevSpace = false;
      continue;
    }
    if (v === WS && c === 0x20 && !prevSpace) {
      prevSpace = true;
      continue;
    }
    break;
  }
  if (i >= n) return prevSpace && n > 0 ? text.slice(0, n - 1) : text;

  // Slow path from the first character that changes. Unchanged stretches are copied as slices.
  let out = text.slice(0, i);
  let spacePending = false;
  let runStart = -1;
  // `out` ends with a space only through spacePending, so the result never has doubled spaces.
  if (out.length > 0 && out.charCodeAt(out.length - 1) === 0x20) {
    out = out.slice(0, -1);
    spacePending = true;
  }
  const flush = (end: number) => {
    if (runStart >= 0) {
      out += text.slice(runStart, end);
      runStart = -1;
    }
  };
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const cp = text.codePointAt(i)!;
      if (cp > 0xffff) {
        const mapped = multi.get(cp) ?? astral.get(cp);
        if (spacePending) {
          flush(i);
          if (out.length > 0) out += ' ';
          spacePending = false;
        }
        if (mapped === undefined) {
          if (runStart < 0) runStart = i;
        } else {
          flush(i);
          out += typeof mapped === 'string' ? mapped : String.fromCodePoint(mapped);
        }
        i++;
        continue;
      }
    }
    const v = bmp[c];
    if (v === WS) {
      flush(i);
      spacePending = true;
      continue;
    }
    if (v === DROP) {
      flush(i);
      continue;
    }
    if (spacePending) {
      flush(i);
      if (out.length > 0) out += ' ';
      spacePending = false;
    }
    if (v === c) {
      if (runStart < 0) runStart = i;
    } else {
      flush(i);
      out += v === MULTI ? multi.get(c)! : v > 0xffff ? String.fromCodePoint(v) : String.fromCharCode(v);
    }
  }
  flush(n);
  return out;
}

/**
 * Normalises like `normalise` and also returns, for each UTF-16 index of the result, the UTF-16 index in
 * `text` it came from (plus a final entry for the end), so matches in the normalised text can be mapped
 * back to the original (highlighting).
 */
export function normaliseWithOffsets(text: string): { text: string; offsets: number[] } {
  let out = '';
  const offsets: number[] = [];
  let spacePending = -1;
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const ch = normaliseChar(cp);
    if (ch === ' ') {
      if (spacePending < 0) spacePending = i;
    } else if (ch !== '') {
      if (spacePending >= 0 && out.length > 0) {
        out += ' ';
        offsets.push(spacePending);
      }
      spacePending = -1;
      out += ch;
      for (let k = 0; k < ch.length; k++) offsets.push(i);
    }
    i += width;
  }
  offsets.push(text.length);
  return { text: out, offsets };
}
