// The facet count's loops (ColumnStore.facets), in a module of their own so that the FTS5 helper thread (ADR 0077)
// can count the upper half of a large result's facets beside the server's thread (ADR 0078): it imports nothing else.

/** The counters one facet count fills: per type, legal status, application year, IPC section and class, applicant. */
export interface FacetCounters {
  typeN: Int32Array;
  lsN: Int32Array;
  yearN: Int32Array;
  secN: Int32Array;
  clsN: Int32Array;
  appN: Int32Array;
  /** Applicant codes in the order their count first left 0 (null: not kept, the helper's count). */
  touched: number[] | null;
}

/**
 * What the count reads of a store (column-store.ts): rec[4·id …] the patent's packed type, status and year, main IPC
 * code, first applicant and where its further applicants are in `pool`; per IPC code its section and class codes;
 * the words of the patents with more than one applicant.
 */
export interface FacetArrays {
  rec: Int32Array;
  secOf: Int32Array;
  clsOf: Int32Array;
  moreWords: Uint32Array;
  pool: Int32Array;
}

/** The sizes of the counters that depend on the data: IPC sections, IPC classes, applicants. */
export type FacetSizes = readonly [sections: number, classes: number, applicants: number];

/** Fresh counters (the year is a direct index: years up to 32,767). */
export function facetCounters(sizes: FacetSizes, buffer?: SharedArrayBuffer): FacetCounters {
  const [sec, cls, app] = sizes;
  const all = buffer ? new Int32Array(buffer, 0, facetWords(sizes)) : new Int32Array(facetWords(sizes));
  let at = 0;
  const take = (n: number) => all.subarray(at, (at += n));
  return {
    typeN: take(256),
    lsN: take(256),
    yearN: take(32768),
    secN: take(sec),
    clsN: take(cls),
    appN: take(app),
    touched: buffer ? null : [],
  };
}

/** How many 32-bit words counters of these sizes take. */
export function facetWords([sec, cls, app]: FacetSizes): number {
  return 256 + 256 + 32768 + sec + cls + app;
}

/** Adds `from`'s counts to `into` (the helper's half to the server's); applicants newly counted join `into.touched`. */
export function addFacetCounts(into: FacetCounters, from: FacetCounters): void {
  for (const k of ['typeN', 'lsN', 'yearN', 'secN', 'clsN'] as const) {
    const a = into[k];
    const b = from[k];
    for (let i = 0; i < a.length; i++) a[i] += b[i];
  }
  const a = into.appN;
  const b = from.appN;
  const touched = into.touched!;
  for (let i = 0; i < a.length; i++) {
    if (b[i] === 0) continue;
    if (a[i] === 0) touched.push(i);
    a[i] += b[i];
  }
}

/** How many members a set has, and where they divide into two halves of about that count: [count, first word of the upper half]. */
export function middleWord(words: Uint32Array): [number, number] {
  let total = 0;
  for (let i = 0; i < words.length; i++) total += popcount(words[i]);
  let seen = 0;
  for (let i = 0; i < words.length; i++) {
    seen += popcount(words[i]);
    if (seen * 2 >= total) return [total, i + 1];
  }
  return [total, words.length];
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** How many patents the facet count gathers before it counts them (its scratch arrays: 5 × 4 × this bytes). */
export const FACET_BLOCK = 4096;
const blockIds = new Int32Array(FACET_BLOCK);
const blockPacked = new Int32Array(FACET_BLOCK);
const blockIpc = new Int32Array(FACET_BLOCK);
const blockApplicant = new Int32Array(FACET_BLOCK);
const blockMore = new Int32Array(FACET_BLOCK);

/**
 * The facet counts of the patents whose bits are set in `words[fromWord, toWord)`; returns how many have no applicant. Each block of
 * FACET_BLOCK patents is first gathered from `rec` into small arrays, then counted: the gathering loop's reads do not
 * depend on each other, so the processor overlaps their cache misses, where one loop doing both waited for each (a
 * result of 61,011 of 1,031,826 patents: 8.7 ms against 17.0 ms, ADR 0078). The loops are functions of their own so
 * that V8 optimises each as a whole (inside facets() the loop ran as on-stack replacement code that deoptimised at
 * the first statement after it on every call).
 */
export function countFacets(words: Uint32Array, fromWord: number, toWord: number, a: FacetArrays, c: FacetCounters): number {
  const rec = a.rec;
  let noApplicant = 0;
  let n = 0;
  for (let w = fromWord; w < toWord; w++) {
    let bits = words[w];
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const id = (w << 5) | (31 - Math.clz32(low));
      const k = id * 4;
      blockIds[n] = id;
      blockPacked[n] = rec[k];
      blockIpc[n] = rec[k + 1];
      blockApplicant[n] = rec[k + 2];
      blockMore[n] = rec[k + 3];
      if (++n === FACET_BLOCK) {
        noApplicant += countBlock(n, a, c);
        n = 0;
      }
    }
  }
  return noApplicant + countBlock(n, a, c);
}

/** Counts the first `n` patents gathered into the block arrays (countFacets). */
function countBlock(n: number, a: FacetArrays, c: FacetCounters): number {
  const { secOf, clsOf, moreWords, pool } = a;
  const { typeN, lsN, yearN, secN, clsN, appN, touched } = c;
  let noApplicant = 0;
  for (let i = 0; i < n; i++) {
    const packed = blockPacked[i];
    typeN[packed & 0xff]++;
    lsN[(packed >>> 8) & 0xff]++;
    yearN[packed >>> 16]++;
    const ipc = blockIpc[i];
    secN[secOf[ipc]]++;
    clsN[clsOf[ipc]]++;
    const a = blockApplicant[i];
    if (a < 0) {
      noApplicant++;
      continue;
    }
    if (appN[a]++ === 0) touched?.push(a);
    const id = blockIds[i];
    if ((moreWords[id >>> 5] & (1 << (id & 31))) !== 0) {
      const o = blockMore[i];
      for (let j = o + pool[o]; j > o; j--) {
        const m = pool[j];
        if (appN[m]++ === 0) touched?.push(m);
      }
    }
  }
  return noApplicant;
}
