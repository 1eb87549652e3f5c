// Facet counts shared by both search paths (the SQLite in-memory columns and plain SQL).

export interface FacetBucket {
  value: string;
  count: number;
}

/** Counts per value ('' = unknown) for each facet; applicants as the top list. */
export interface FacetCounts {
  type: Map<string, number>;
  app_year: Map<string, number>;
  ipc_section: Map<string, number>;
  ipc_class: Map<string, number>;
  legal_status: Map<string, number>;
  /** Top applicants, count desc then name (code point order). */
  applicant: FacetBucket[];
  /** Patents in the set without any applicant. */
  no_applicant: number;
}

export const FACET_NAMES = ['type', 'app_year', 'ipc_section', 'ipc_class', 'applicant', 'legal_status'] as const;
export type FacetName = (typeof FACET_NAMES)[number];

/** Code point (= UTF-8 byte) order, which SQLite's BINARY and PostgreSQL's "C" collations use. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

export function byCountThenValue(a: FacetBucket, b: FacetBucket): number {
  return b.count - a.count || compareCodePoints(a.value, b.value);
}

/** The IPC section and class (`H`, `H01`) of a main IPC symbol, '' when there is none. */
export function ipcSection(code: string): string {
  return code ? code.slice(0, 1) : '';
}
export function ipcClass(code: string): string {
  return code.length >= 3 ? code.slice(0, 3) : '';
}

/** Buckets of a count map, known values only, count desc then value. */
export function buckets(
  m: Map<string, number>,
  opts: { keepUnknown?: string; limit?: number; byValue?: boolean } = {},
): FacetBucket[] {
  const out: FacetBucket[] = [];
  for (const [value, count] of m) {
    if (count <= 0) continue;
    if (value === '') {
      if (opts.keepUnknown !== undefined) out.push({ value: opts.keepUnknown, count });
      continue;
    }
    out.push({ value, count });
  }
  out.sort(opts.byValue ? (a, b) => compareCodePoints(a.value, b.value) : byCountThenValue);
  return opts.limit ? out.slice(0, opts.limit) : out;
}
