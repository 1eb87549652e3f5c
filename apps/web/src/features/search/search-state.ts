import { STORAGE_KEYS } from '@ip/contract';
import { session } from '../../lib/storage';
import { FACET_KEYS, type FacetKey, type SearchBody, type SearchFilters, type SearchQuery, type SortKey } from './api';

export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export const SORT_OPTIONS: { value: SortKey; label: string }[] = [
  { value: 'relevance', label: '相关度' },
  { value: 'date_desc', label: '公开日（新→旧）' },
  { value: 'date_asc', label: '公开日（旧→新）' },
  { value: 'ad_desc', label: '申请日（新→旧）' },
  { value: 'ad_asc', label: '申请日（旧→新）' },
];

export const FACET_LABELS: Record<FacetKey, string> = {
  type: '专利类型',
  legal_status: '法律状态',
  app_year: '申请年份',
  ipc_section: 'IPC 部',
  ipc_class: 'IPC 大类',
  applicant: '申请人',
};

/** Everything a result page shows, read from the URL so a search can be shared and reloaded. */
export interface SearchState {
  /** A keyword (top bar, portal box): sent as `val`. */
  val: string;
  /** An expression (advanced search): sent as `expression`; wins over val. */
  expr: string;
  page: number;
  pageSize: number;
  sort: SortKey;
  filters: SearchFilters;
}

const SORTS = SORT_OPTIONS.map((o) => o.value);

export function parseSearchState(params: URLSearchParams): SearchState {
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const size = Number(params.get('size'));
  const sortParam = params.get('sort') as SortKey | null;
  const filters: SearchFilters = {};
  for (const k of FACET_KEYS) {
    const v = params.get(k)?.trim();
    if (v) filters[k] = v;
  }
  return {
    val: (params.get('val') ?? '').trim(),
    expr: (params.get('expr') ?? '').trim(),
    page,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: sortParam && SORTS.includes(sortParam) ? sortParam : 'relevance',
    filters,
  };
}

/** The URL query of a state; defaults are left out so URLs stay short. */
export function toSearchParams(state: SearchState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.expr) p.set('expr', state.expr);
  else if (state.val) p.set('val', state.val);
  for (const k of FACET_KEYS) {
    const v = state.filters[k];
    if (v) p.set(k, v);
  }
  if (state.sort !== 'relevance') p.set('sort', state.sort);
  if (state.page > 1) p.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) p.set('size', String(state.pageSize));
  return p;
}

export function hasQuery(state: SearchState): boolean {
  return !!(state.expr || state.val);
}

/** The query part shared by the result page, the analysis and the export. */
export function searchQueryOf(state: SearchState): SearchQuery {
  const q: SearchQuery = state.expr ? { expression: state.expr, sort: state.sort } : { val: state.val, sort: state.sort };
  if (Object.keys(state.filters).length) q.filters = { ...state.filters };
  return q;
}

export function searchBodyOf(state: SearchState): SearchBody {
  return { ...searchQueryOf(state), page: state.page, page_size: state.pageSize, facets: true };
}

/** Session-storage keys of a result page (cleared by the shell when the user leaves the search pages). */
export function cacheKey(kind: 'result' | 'scroll', url: string): string {
  return `${STORAGE_KEYS.searchCachePrefix}${kind}:${url}`;
}

export function readCache<T>(key: string): T | undefined {
  const raw = session.get(key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function writeCache(key: string, value: unknown): void {
  // Only the latest result page is kept (that is the one 返回 comes back to); scroll positions are tiny.
  const resultPrefix = `${STORAGE_KEYS.searchCachePrefix}result:`;
  if (key.startsWith(resultPrefix)) {
    for (const k of session.keys()) if (k.startsWith(resultPrefix) && k !== key) session.remove(k);
  }
  try {
    session.set(key, JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the cache is only a convenience.
  }
}
