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
