import type { FacetBucket } from './api';

// The trend calls answer with distributions over the whole result set. Their exact shape is read leniently:
// an array of {value|name|key|year|label, count|num|total|value} items, an object holding such an array under
// one of the expected keys (or `list`), or a plain {name: count} map.

function labelOf(item: Record<string, unknown>): string {
  for (const k of ['value', 'name', 'key', 'year', 'label', 'status', 'type', 'applicant', 'code']) {
    const v = item[k];
    if ((typeof v === 'string' && v !== '') || typeof v === 'number') {
      // `value` is the label only when a separate count is present.
      if (k === 'value' && !('count' in item || 'num' in item || 'total' in item)) continue;
      return String(v);
    }
  }
  return '';
}

function countOf(item: Record<string, unknown>): number {
  for (const k of ['count', 'num', 'total', 'value']) {
    const n = Number(item[k]);
    if (item[k] !== undefined && item[k] !== null && Number.isFinite(n)) return n;
  }
  return 0;
}

function fromArray(list: unknown[]): FacetBucket[] {
  return list
    .filter((i): i is Record<string, unknown> => !!i && typeof i === 'object')
    .map((i) => ({ value: labelOf(i), count: countOf(i) }))
    .filter((b) => b.value !== '');
}

/** Buckets of a trend reply; `keys` are the members to look in first when the reply is an object. */
export function bucketsOf(raw: unknown, keys: string[] = []): FacetBucket[] {
  if (Array.isArray(raw)) return fromArray(raw);
  if (!raw || typeof raw !== 'object') return [];
  const obj = raw as Record<string, unknown>;
  for (const k of [...keys, 'list', 'data', 'items', 'buckets']) {
    if (Array.isArray(obj[k])) return fromArray(obj[k] as unknown[]);
    if (obj[k] && typeof obj[k] === 'object' && !Array.isArray(obj[k])) {
      const inner = bucketsOf(obj[k]);
      if (inner.length) return inner;
    }
  }
  const entries = Object.entries(obj).filter(([, v]) => typeof v === 'number');
  if (entries.length && entries.length === Object.keys(obj).length) {
    return entries.map(([value, count]) => ({ value, count: count as number }));
  }
  return [];
}

/** Years in ascending order, gaps filled with 0, so a line chart reads as a time series. */
export function yearSeries(buckets: FacetBucket[]): FacetBucket[] {
  const years = buckets
    .map((b) => ({ year: Number(String(b.value).slice(0, 4)), count: b.count }))
    .filter((b) => Number.isInteger(b.year) && b.year > 1800);
  if (!years.length) return [];
  const byYear = new Map<number, number>();
  for (const y of years) byYear.set(y.year, (byYear.get(y.year) ?? 0) + y.count);
  const min = Math.min(...byYear.keys());
  const max = Math.max(...byYear.keys());
  const out: FacetBucket[] = [];
  for (let y = min; y <= max; y++) out.push({ value: String(y), count: byYear.get(y) ?? 0 });
  return out;
}
