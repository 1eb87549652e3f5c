import { z } from 'zod';
import { RowId } from './admin';

/** Largest page of search results. */
export const SEARCH_PAGE_SIZE_MAX = 100;
/** How deep a result list can be paged (page × page_size). */
export const SEARCH_DEPTH_MAX = 10000;

export const SEARCH_SORTS = ['relevance', 'date_desc', 'date_asc', 'ad_desc', 'ad_asc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

const strings = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean));
const years = z.union([z.coerce.number().int(), z.array(z.coerce.number().int())]).transform((v) => (Array.isArray(v) ? v : [v]));

/** The facet filters a search accepts. */
export const SEARCH_FILTER_NAMES = ['type', 'app_year', 'ipc_section', 'ipc_class', 'applicant', 'legal_status'] as const;

/**
 * Facet narrowing, ANDed to the query; several values of one facet are ORed. An unknown filter name is refused
 * (issue 11 item 7: it used to be dropped silently, so the result looked narrowed when it was not); the server
 * checks and normalises the values (search.service.ts checkFilters).
 */
export const SearchFilters = z
  .strictObject(
    {
      type: strings.optional(),
      app_year: years.optional(),
      ipc_section: strings.optional(),
      ipc_class: strings.optional(),
      applicant: strings.optional(),
      legal_status: strings.optional(),
    },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys'
          ? `未知的筛选条件：${iss.keys.join('、')}（可用的筛选条件：${SEARCH_FILTER_NAMES.join('、')}）`
          : undefined,
    },
  )
  .partial();
export type SearchFilters = z.infer<typeof SearchFilters>;

const paging = {
  sort: z.enum(SEARCH_SORTS, { error: '排序方式无效' }).optional(),
  page: z.coerce.number().int().min(1, '页码从 1 开始').optional(),
  page_size: z.coerce.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX, `每页最多 ${SEARCH_PAGE_SIZE_MAX} 条`).optional(),
  facets: z.boolean().optional(),
  filters: SearchFilters.optional(),
};

/** POST /v1/search/expression: an expression, or `val` (the top-bar keywords: each word a 关键词 term, ANDed). */
export const ExpressionSearchBody = z.object({
  expression: z.string().max(5000, '检索式过长，最多 5000 个字符').optional(),
  val: z.string().max(5000, '检索词过长').optional(),
  ...paging,
});
export type ExpressionSearchBody = z.infer<typeof ExpressionSearchBody>;

/** POST /v1/di/expression: an Espacenet-style query. */
export const EspacenetSearchBody = z.object({
  query: z.string({ error: '请输入检索式' }).max(5000, '检索式过长，最多 5000 个字符'),
  ...paging,
});
export type EspacenetSearchBody = z.infer<typeof EspacenetSearchBody>;

/** The query of a statistics call (/v1/frontend/trend/*): the same inputs as a search. */
export const TrendBody = z.object({
  expression: z.string().max(5000).optional(),
  val: z.string().max(5000).optional(),
  query: z.string().max(5000).optional(),
  filters: SearchFilters.optional(),
  /** trend_company: how many applicants (default 20, at most 100). */
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type TrendBody = z.infer<typeof TrendBody>;

/** POST /v1/frontend/user/patent_export: the query of a search; the whole result (up to 50,000) goes to Excel. */
export const PatentExportBody = TrendBody.extend({ sort: z.enum(SEARCH_SORTS, { error: '排序方式无效' }).optional() });
export type PatentExportBody = z.infer<typeof PatentExportBody>;

export const GetExpressionBody = z.object({
  form: z.record(z.string(), z.union([z.string(), z.array(z.union([z.string(), z.null()])), z.null()])),
});
export type GetExpressionBody = z.infer<typeof GetExpressionBody>;

export const IntelligenceBody = z.object({
  text: z.string({ error: '请输入技术描述' }).trim().min(1, '请输入技术描述').max(5000, '技术描述最多 5000 个字符'),
  ...paging,
});
export type IntelligenceBody = z.infer<typeof IntelligenceBody>;

export const PatentDetailBody = z
  .object({
    // Ids are 32-bit in both databases: a larger one is a wrong id, not a server error on PostgreSQL (fuzz, CI run 17).
    id: RowId('专利编号不正确').optional(),
    number: z.string().trim().min(1).optional(),
  })
  .refine((b) => b.id !== undefined || b.number !== undefined, '请提供专利 id 或申请号/公开号');
export type PatentDetailBody = z.infer<typeof PatentDetailBody>;

export interface FacetBucket {
  value: string;
  count: number;
}

export interface SearchFacets {
  type: FacetBucket[];
  app_year: FacetBucket[];
  ipc_section: FacetBucket[];
  ipc_class: FacetBucket[];
  applicant: FacetBucket[];
  legal_status: FacetBucket[];
}

export interface SearchHit {
  id: number;
  an: string | null;
  pn: string | null;
  /** HTML: escaped, matches in <em>. */
  title: string;
  /** HTML snippet of the abstract: escaped, matches in <em>. */
  abstract: string;
  type: string;
  ad: string | null;
  pd: string | null;
  gd: string | null;
  applicants: string[];
  ipc_main: string;
  legal_status: string;
}

export interface SearchReply {
  total: number;
  page: number;
  page_size: number;
  list: SearchHit[];
  facets?: SearchFacets;
  took_ms: number;
  /** The query as a canonical expression (to show and refine). */
  expression: string;
}

/** A syntax error in a query: HTTP 400 {code: 0, msg: '第 N 个字符处…', position: N}. */
export interface ExpressionErrorReply {
  code: 0;
  msg: string;
  position: number;
}

export interface ClaimItem {
  num: number;
  text: string;
  /** Independent: refers to no other claim. */
  independent: boolean;
  /** Claims this one refers to. */
  refs: number[];
}
