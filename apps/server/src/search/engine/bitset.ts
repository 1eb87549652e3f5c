// A fixed-size set of non-negative integers (patent ids) as 32-bit words: fast AND/OR/AND-NOT, counting and
// iteration in ascending order.
export class Bitset {
  readonly words: Uint32Array;
  constructor(readonly size: number) {
    this.words = new Uint32Array((size + 32) >>> 5);
  }

  static fromIds(size: number, ids: Iterable<number>): Bitset {
    const b = new Bitset(size);
    for (const id of ids) b.add(id);
    return b;
  }

  add(id: number): void {
    if (id >= 0 && id <= this.size) this.words[id >>> 5] |= 1 << (id & 31);
  }

  has(id: number): boolean {
    return id >= 0 && id <= this.size && (this.words[id >>> 5] & (1 << (id & 31))) !== 0;
  }

  clone(): Bitset {
    const b = new Bitset(this.size);
    b.words.set(this.words);
    return b;
  }

  and(o: Bitset): this {
    const w = this.words;
    const v = o.words;
    for (let i = 0; i < w.length; i++) w[i] &= v[i] ?? 0;
    return this;
  }

  or(o: Bitset): this {
    const w = this.words;
    const v = o.words;
    for (let i = 0; i < w.length && i < v.length; i++) w[i] |= v[i];
    return this;
  }

  andNot(o: Bitset): this {
    const w = this.words;
    const v = o.words;
    for (let i = 0; i < w.length && i < v.length; i++) w[i] &= ~v[i];
    return this;
  }

  count(): number {
    let n = 0;
    const w = this.words;
    for (let i = 0; i < w.length; i++) {
      let x = w[i];
      if (x === 0) continue;
      x -= (x >>> 1) & 0x55555555;
      x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
      n += (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return n;
  }

  /** The largest member, or -1 when there is none. */
  last(): number {
    const w = this.words;
    for (let i = w.length - 1; i >= 0; i--) if (w[i] !== 0) return (i << 5) + 31 - Math.clz32(w[i]);
    return -1;
  }

  /** Calls fn for every member, ascending. */
  forEach(fn: (id: number) => void): void {
    const w = this.words;
    for (let i = 0; i < w.length; i++) {
      let x = w[i];
      while (x !== 0) {
        const t = x & -x;
        fn((i << 5) + 31 - Math.clz32(t));
        x ^= t;
      }
    }
  }

  toArray(): Int32Array {
    const out = new Int32Array(this.count());
    let k = 0;
    this.forEach((id) => {
      out[k++] = id;
    });
    return out;
  }
}

/**
 * Sets in `words` the bit of every id of a comma-separated list (SQLite's group_concat of rowids), parsed in place,
 * without an array of ids; with `mask`, only ids whose bit is set there too (the live patents). Ids past the end of
 * `words` are left out.
 */
export function addIdList(words: Uint32Array, s: string, mask?: Uint32Array): void {
  const n = mask ? Math.min(words.length, mask.length) : words.length;
  const add = (id: number) => {
    const w = id >>> 5;
    const bit = 1 << (id & 31);
    if (w < n && (!mask || mask[w] & bit)) words[w] |= bit;
  };
  let v = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 44) {
      add(v);
      v = 0;
    } else v = v * 10 + (c - 48);
  }
  add(v);
}

/**
 * ORs into `words` a bitmap of 32-bit words in native order (ip_rowid_bits' BLOB, ip_fts5.c), word for word; with
 * `mask`, only bits set there too (the live patents). Words past the end of `words` are left out.
 */
export function addBitmap(words: Uint32Array, bytes: Uint8Array, mask?: Uint32Array): void {
  // A Uint32Array needs a byte offset that is a multiple of 4: a BLOB in a pooled Buffer may not have one.
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
  const from = new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >>> 2);
  const n = Math.min(words.length, from.length, mask ? mask.length : Infinity);
  if (mask) for (let i = 0; i < n; i++) words[i] |= from[i] & mask[i];
  else for (let i = 0; i < n; i++) words[i] |= from[i];
}
