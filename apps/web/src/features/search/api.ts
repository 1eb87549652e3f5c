import { queryOptions } from '@tanstack/react-query';
import { ApiError, post } from '../../api/http';

export type SortKey = 'relevance' | 'date_desc' | 'date_asc' | 'ad_desc' | 'ad_asc';

/** The facets the server counts for a result set, in the order the panels show them. */
export const FACET_KEYS = ['type', 'legal_status', 'app_year', 'ipc_section', 'ipc_class', 'applicant'] as const;
export type FacetKey = (typeof FACET_KEYS)[number];
export type SearchFilters = Partial<Record<FacetKey, string>>;

export interface FacetBucket {
  value: string;
  count: number;
}

/** What the result pages send: the query, its order, the page and the facet filters. */
export interface SearchQuery {
  expression?: string;
  val?: string;
  sort: SortKey;
  filters?: SearchFilters;
}

export interface SearchBody extends SearchQuery {
  page: number;
  page_size: number;
  facets: boolean;
}

export interface SearchHit {
  id: number;
  an: string;
  pn: string;
  /** HTML: escaped by the server, only <em> added. */
  title: string;
  /** HTML snippet: escaped by the server, only <em> added. */
  abstract: string;
  type: string;
  ad: string;
  pd: string;
  gd?: string | null;
  applicants: string[];
  ipc_main?: string;
  legal_status: string;
}

export interface SearchResult {
  total: number;
  list: SearchHit[];
  facets: Partial<Record<FacetKey, FacetBucket[]>>;
  took_ms: number;
  expression: string;
}

export const EMPTY_RESULT: SearchResult = { total: 0, list: [], facets: {}, took_ms: 0, expression: '' };

/** Tolerates a missing or partial reply (a null data answers as an empty result). */
export function normaliseResult(raw: unknown): SearchResult {
  if (!raw || typeof raw !== 'object') return EMPTY_RESULT;
  const r = raw as Partial<SearchResult>;
  return {
    total: Number(r.total) || 0,
    list: Array.isArray(r.list) ? r.list : [],
    facets: r.facets && typeof r.facets === 'object' ? r.facets : {},
    took_ms: Number(r.took_ms) || 0,
    expression: typeof r.expression === 'string' ? r.expression : '',
  };
}

/** POST /v1/search/expression: one page of ranked results with facets. */
export async function searchCall(body: SearchBody, opts: { silent?: boolean; background?: boolean } = {}): Promise<SearchResult> {
  return normaliseResult(await post<unknown>('/v1/search/expression', body, opts));
}

export const searchQuery = (body: SearchBody) =>
  queryOptions({
    queryKey: ['search', 'results', body],
    queryFn: () => searchCall(body, { silent: true, background: true }),
  });

/** A syntax error of an expression: the server's Chinese message and the 1-based character position. */
export interface ExpressionProblem {
  message: string;
  position: number | null;
}

/** Reads the position from a failure: the envelope's `position`, else the message's “第 N 个字符”. */
export function problemOf(err: unknown): ExpressionProblem {
  const message = err instanceof Error && err.message ? err.message : '检索式有误';
  let position: number | null = null;
  if (err instanceof ApiError && err.body && typeof err.body === 'object') {
    const p = Number(
      (err.body as { position?: unknown }).position ?? (err.body as { data?: { position?: unknown } }).data?.position,
    );
    if (Number.isInteger(p) && p > 0) position = p;
  }
  if (position === null) {
    const m = /第\s*(\d+)\s*个字符/.exec(message);
    if (m) position = Number(m[1]);
  }
  return { message, position };
}

export type ValidationOutcome = { ok: true; expression: string } | { ok: false; problem: ExpressionProblem };

/**
 * Checks an expression as the user types. It goes through /v1/search/get-expression as the one box 关键词 (TX, the
 * default field of a bare expression), which parses without searching: /v1/search/expression would run a search
 * and store every half-typed expression in the user's recent searches. The reply is the canonical expression.
 */
export async function validateExpressionCall(expression: string, signal?: AbortSignal): Promise<ValidationOutcome> {
  try {
    return { ok: true, expression: await getExpressionCall({ TX: expression }, signal) };
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'cancel') throw err;
    const problem = problemOf(err);
    // The form call names the box (“关键词：…”); the editor holds the whole expression, so the name is dropped.
    return { ok: false, problem: { ...problem, message: problem.message.replace(/^关键词[：:]\s*/, '') } };
  }
}

export type FieldKind = 'text' | 'date' | 'number' | 'code' | 'enum';
export interface SearchField {
  code: string;
  name: string;
  kind: FieldKind;
  values?: string[];
  help: string;
}

/** POST /v1/search/fields: every searchable field with its Chinese name, code, value kind and help. */
export const fieldsQuery = () =>
  queryOptions({
    queryKey: ['search', 'fields'],
    queryFn: async () => {
      const raw = await post<unknown>('/v1/search/fields', {}, { background: true });
      const list = Array.isArray(raw) ? raw : (raw as { list?: unknown } | null)?.list;
      return (Array.isArray(list) ? list : []) as SearchField[];
    },
    staleTime: Infinity,
  });

/** The advanced-search form as /v1/search/get-expression takes it: field code → text, [from, to] or values. */
export type SearchForm = Record<string, string | string[]>;

/** POST /v1/search/get-expression {form} → {expression}. */
export async function getExpressionCall(form: SearchForm, signal?: AbortSignal): Promise<string> {
  const raw = await post<{ expression?: string } | string>(
    '/v1/search/get-expression',
    { form },
    { silent: true, background: true, signal },
  );
  return typeof raw === 'string' ? raw : (raw?.expression ?? '');
}

export interface IntelligenceKeyword {
  word: string;
  weight: number;
}
export interface IntelligenceResult {
  keywords: IntelligenceKeyword[];
  expression: string;
  results: SearchResult;
}

/** POST /v1/search/intelligence {text}: weighted keywords, the ranked OR expression and its results. */
export async function intelligenceCall(text: string): Promise<IntelligenceResult> {
  const raw = (await post<Partial<IntelligenceResult> | null>('/v1/search/intelligence', { text })) ?? {};
  return {
    keywords: Array.isArray(raw.keywords) ? raw.keywords : [],
    expression: typeof raw.expression === 'string' ? raw.expression : '',
    results: normaliseResult(raw.results),
  };
}

export interface HistoryItem {
  expression: string;
  total?: number;
  created_at?: string;
}

/** POST /v1/search/history: the user's recent expressions, newest first. */
export const historyQuery = () =>
  queryOptions({
    queryKey: ['search', 'history'],
    queryFn: async (): Promise<HistoryItem[]> => {
      const raw = await post<unknown>('/v1/search/history', {}, { background: true, silent: true });
      const list = Array.isArray(raw) ? raw : (raw as { list?: unknown } | null)?.list;
      if (!Array.isArray(list)) return [];
      return list
        .map((h: unknown) => (typeof h === 'string' ? { expression: h } : (h as HistoryItem)))
        .filter((h) => h && typeof h.expression === 'string' && h.expression.trim() !== '');
    },
  });

export type TrendKind = 'trend_law' | 'trend_patent' | 'trend_company' | 'trend_times';

/** POST /v1/frontend/trend/<kind>: a distribution over the whole result set of the query. */
export const trendQuery = (kind: TrendKind, query: SearchQuery) =>
  queryOptions({
    queryKey: ['search', 'trend', kind, query],
    queryFn: () => post<unknown>(`/v1/frontend/trend/${kind}`, query, { background: true, silent: true }),
  });

/** POST /v1/frontend/user/patent_export: starts an export job of the whole result set. */
export async function exportCall(query: SearchQuery): Promise<{ job_id: number | string }> {
  const raw = await post<{ job_id?: number | string; id?: number | string } | null>('/v1/frontend/user/patent_export', query, {
    silent: true,
  });
  const id = raw?.job_id ?? raw?.id;
  if (id === undefined || id === null) throw new Error('导出任务创建失败，请稍后再试');
  return { job_id: id };
}

export interface JobStatus {
  status: string;
  percent: number;
  /** `url` is a signed link valid for minutes (ADR 0014); `expired` once the housekeeping deleted the file. */
  result?: { url?: string; name?: string; rows?: number; expired?: boolean } | null;
  error?: string;
}

/** POST /v1/jobs/status {id}: a job's state and progress. */
export async function jobStatusCall(id: number | string): Promise<JobStatus> {
  const raw = (await post<Partial<JobStatus> | null>('/v1/jobs/status', { id }, { silent: true, background: true })) ?? {};
  return {
    status: String(raw.status ?? 'queued'),
    percent: Math.max(0, Math.min(100, Math.round(Number(raw.percent) || 0))),
    result: raw.result ?? null,
    error: typeof raw.error === 'string' ? raw.error : undefined,
  };
}
