import { describe, expect, it } from 'vitest';
import { DEMO_NUMBER_LANES, DemoPatentGenerator } from './demo-patents';
import { pnStem } from './patent-record';

// seed:patents with different seeds: the generators never give two patents one application or publication number.

function numbers(seed: number, n: number) {
  const gen = new DemoPatentGenerator(seed);
  const ans: string[] = [];
  const stems: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = gen.next();
    ans.push(r.an);
    stems.push(pnStem(r.pn));
  }
  return { ans, stems };
}

describe('demo patent numbers', () => {
  it('are unique within a seed and across seeds of different lanes (the default seed among them)', () => {
    const seeds = [20260101, 1, 2, 42];
    expect(new Set(seeds.map((s) => s % DEMO_NUMBER_LANES)).size).toBe(seeds.length);
    const all = seeds.map((s) => numbers(s, 20000));
    const ans = all.flatMap((x) => x.ans);
    const stems = all.flatMap((x) => x.stems);
    expect(new Set(ans).size).toBe(ans.length);
    expect(new Set(stems).size).toBe(stems.length);
  });

  it('stay the same for a seed (a longer run starts with the same numbers)', () => {
    const a = numbers(7, 500);
    const b = numbers(7, 1000);
    expect(b.ans.slice(0, 500)).toEqual(a.ans);
    expect(b.stems.slice(0, 500)).toEqual(a.stems);
  });
});
