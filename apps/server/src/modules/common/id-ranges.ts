// Work over every enterprise split into ranges of ids, one statement (or transaction) per range, so that on SQLite —
// where a statement holds the event loop until it ends — requests get their turn between the ranges (ADR 0079).

/**
 * Ranges (after, upTo] of ids, in id order, over which the `rows` (an id and its count of rows, in ascending id
 * order) add up to about `size` each: at least `size`, except the last. No rows: no ranges.
 */
export function idRanges(rows: readonly { id: number; n: number }[], size: number): [number, number][] {
  const out: [number, number][] = [];
  let after = 0;
  let sum = 0;
  rows.forEach((r, i) => {
    sum += r.n;
    if (sum < size && i < rows.length - 1) return;
    out.push([after, r.id]);
    after = r.id;
    sum = 0;
  });
  return out;
}
