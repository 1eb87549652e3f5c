import { describe, expect, it } from 'vitest';
import { idRanges } from './id-ranges';

describe('idRanges', () => {
  it('closes a range once its rows reach the size, and ends with the last id', () => {
    const rows = [
      { id: 3, n: 4 },
      { id: 5, n: 7 },
      { id: 9, n: 1 },
      { id: 12, n: 2 },
      { id: 20, n: 1 },
    ];
    expect(idRanges(rows, 10)).toEqual([
      [0, 5],
      [5, 20],
    ]);
    expect(idRanges(rows, 1)).toEqual([
      [0, 3],
      [3, 5],
      [5, 9],
      [9, 12],
      [12, 20],
    ]);
    expect(idRanges(rows, 1000)).toEqual([[0, 20]]);
  });

  it('no rows, no ranges', () => {
    expect(idRanges([], 10)).toEqual([]);
  });
});
