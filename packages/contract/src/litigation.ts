import { z } from 'zod';

// Litigation (诉讼): the calls /v1/frontend/Iitigation/{index,search,detail,shoucang,download} (the spec's spelling,
// capital I) and the case format of the import (docs/litigation-format.md). ADR 0023.

/** Party roles a case may name (first instance, appeal, and an application for retrial). */
export const LITIGATION_ROLES = ['原告', '被告', '第三人', '上诉人', '被上诉人', '再审申请人', '被申请人'] as const;
export type LitigationRole = (typeof LITIGATION_ROLES)[number];
/** The side that brings the claim (原告, 上诉人, 再审申请人) and the side that answers it (被告, 被上诉人, 被申请人). */
export const CLAIMANT_ROLES: readonly LitigationRole[] = ['原告', '上诉人', '再审申请人'];
export const RESPONDENT_ROLES: readonly LitigationRole[] = ['被告', '被上诉人', '被申请人'];

export const TRIAL_LEVELS = ['一审', '二审', '再审'] as const;
export type TrialLevel = (typeof TRIAL_LEVELS)[number];

export const LITIGATION_STATUSES = ['审理中', '已判决', '已调解', '已撤诉'] as const;
export type LitigationStatus = (typeof LITIGATION_STATUSES)[number];

/** List orders: filing date (立案日期) or judgment date (裁判日期), newest or oldest first. */
export const LITIGATION_SORTS = ['filing_desc', 'filing_asc', 'judgment_desc', 'judgment_asc'] as const;
export type LitigationSort = (typeof LITIGATION_SORTS)[number];

/** What a litigation search looks in: everything, party names, case numbers, patent numbers, the judgment text. */
export const LITIGATION_SEARCH_FIELDS = ['all', 'party', 'case_no', 'patent', 'text'] as const;
export type LitigationSearchField = (typeof LITIGATION_SEARCH_FIELDS)[number];
export const LITIGATION_SEARCH_FIELD_LABELS: Record<LitigationSearchField, string> = {
  all: '全部字段',
  party: '当事人',
  case_no: '案号',
  patent: '涉案专利号',
  text: '裁判文书全文',
};

/** Which of its cases a company lists: all (followed or a party), the followed ones, the ones it is a party to. */
export const LITIGATION_RELATIONS = ['all', 'followed', 'own'] as const;
export type LitigationRelation = (typeof LITIGATION_RELATIONS)[number];

export const LITIGATION_PAGE_SIZE_MAX = 100;
export const LITIGATION_KEYWORD_MAX = 200;

// Field limits of a case (the import and the demo generator).
export const CASE_NO_MAX = 60;
export const COURT_MAX = 100;
export const CAUSE_MAX = 100;
export const PARTY_NAME_MAX = 200;
export const PARTIES_MAX = 50;
export const CASE_PATENTS_MAX = 50;
export const CASE_DOCUMENTS_MAX = 50;
export const SUMMARY_MAX = 5000;
export const JUDGMENT_TEXT_MAX = 500_000;

/**
 * A case number in one canonical spelling: no white space, brackets full-width （…）, digits half-width.
 * （2023）浙01民初1234号, (2023)浙01民初1234号 and 〔2023〕浙01民初 1234 号 are one case.
 */
export function normaliseCaseNo(input: string): string {
  return input
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[\s\u3000]+/g, '')
    .replace(/[(〔［[【]/g, '（')
    .replace(/[)〕］\]】]/g, '）');
}

/**
 * A whole number sent as a JSON number or as digits in a string (a query string's id); true, [], null and 1.5 are
 * refused with the field's Chinese name instead of being coerced to 1 or 0.
 */
function whole(
  label: string,
  min: number,
  max: number,
  tooSmall = `${label}不正确`,
  tooBig = `${label}不正确`,
  missing = `缺少${label}`,
) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d{1,12}$/, `${label}须为整数`),
      ],
      {
        error: (issue) => (issue.input === undefined ? missing : `${label}须为整数`),
      },
    )
    .transform(Number)
    .pipe(z.number().int(`${label}须为整数`).min(min, tooSmall).max(max, tooBig));
}

const id = whole('案件编号', 1, 2 ** 31 - 1, '案件编号不正确', '案件编号不正确', '请选择案件');
const paging = {
  page: whole('页码', 1, 10000, '页码从 1 开始', '页码过大').optional(),
  page_size: whole(
    '每页条数',
    1,
    LITIGATION_PAGE_SIZE_MAX,
    '每页至少 1 条',
    `每页最多 ${LITIGATION_PAGE_SIZE_MAX} 条`,
  ).optional(),
  sort: z.enum(LITIGATION_SORTS, { error: '排序方式无效' }).optional(),
  status: z.enum(LITIGATION_STATUSES, { error: '案件状态无效' }).optional(),
  cause: z.string({ error: '案由须为文字' }).trim().max(CAUSE_MAX, `案由不能超过 ${CAUSE_MAX} 个字`).optional(),
  year: whole('年份', 1985, 2100, '年份须在 1985 年之后', '年份不正确').optional(),
};

/** POST /v1/frontend/Iitigation/index: the company's cases (followed, or it is a party), paged and filtered. */
export const LitigationIndexBody = z.object({
  relation: z.enum(LITIGATION_RELATIONS, { error: '案件范围无效' }).optional(),
  keyword: z
    .string({ error: '关键词须为文字' })
    .trim()
    .max(LITIGATION_KEYWORD_MAX, `关键词不能超过 ${LITIGATION_KEYWORD_MAX} 个字`)
    .optional(),
  ...paging,
});
export type LitigationIndexBody = z.infer<typeof LitigationIndexBody>;

/** POST /v1/frontend/Iitigation/search: cases whose chosen field contains the keyword exactly as written. */
export const LitigationSearchBody = z.object({
  keyword: z
    .string({ error: '请输入检索词' })
    .trim()
    .min(1, '请输入检索词')
    .max(LITIGATION_KEYWORD_MAX, `检索词不能超过 ${LITIGATION_KEYWORD_MAX} 个字`),
  field: z.enum(LITIGATION_SEARCH_FIELDS, { error: '检索字段无效' }).optional(),
  ...paging,
});
export type LitigationSearchBody = z.infer<typeof LitigationSearchBody>;

export const LitigationDetailBody = z.object({ id });
export type LitigationDetailBody = z.infer<typeof LitigationDetailBody>;

/** POST /v1/frontend/Iitigation/shoucang: follow (true) or unfollow (false) a case; repeating it changes nothing. */
export const LitigationFollowBody = z.object({
  id,
  follow: z.boolean({ error: '请说明收藏还是取消收藏（follow 为 true 或 false）' }),
});
export type LitigationFollowBody = z.infer<typeof LitigationFollowBody>;

/** POST /v1/frontend/Iitigation/download: the judgment (or document n of the case's documents) as a Word file. */
export const LitigationDownloadBody = z.object({
  id,
  document: whole('文书序号', 0, CASE_DOCUMENTS_MAX - 1).optional(),
});
export type LitigationDownloadBody = z.infer<typeof LitigationDownloadBody>;

export interface LitigationParty {
  role: LitigationRole;
  name: string;
  /** The party is the caller's company (one of its current or former names). */
  is_self?: boolean;
}

/** A row of the company's list and of the search results. */
export interface LitigationListItem {
  id: number;
  case_no: string;
  court: string;
  cause: string;
  trial_level: TrialLevel;
  status: LitigationStatus;
  filing_date: string;
  judgment_date: string | null;
  parties: LitigationParty[];
  patents: string[];
  /** The caller's company follows the case. */
  followed: boolean;
  /** The caller's company is a party; its roles. */
  own: boolean;
  own_roles: LitigationRole[];
}

export interface LitigationIndexReply {
  total: number;
  page: number;
  page_size: number;
  list: LitigationListItem[];
  /** Filter choices over all the company's cases. */
  causes: string[];
  years: number[];
  counts: { all: number; followed: number; own: number };
}

/** A search hit: HTML is escaped with only <em> around the matched text. */
export interface LitigationSearchHit extends LitigationListItem {
  case_no_html: string;
  parties_html: string;
  /** A passage of the judgment text (or the summary) around the match, or its beginning. */
  snippet_html: string;
  /** The case's patent numbers the query matched. */
  matched_patents: string[];
}

export interface LitigationSearchReply {
  total: number;
  page: number;
  page_size: number;
  list: LitigationSearchHit[];
  /** Whether the caller can follow cases (a company user with a company). */
  can_follow: boolean;
}

export interface LitigationDocument {
  title: string;
  kind: string;
  date: string | null;
  /** The document has text to download. */
  has_text: boolean;
}

export interface LitigationPatentRef {
  number: string;
  /** The stored patent (link to /detail?id=), or null when it is not in the database. */
  patent_id: number | null;
  title: string | null;
  an: string | null;
  pn: string | null;
  type: string | null;
  legal_status: string | null;
}

export interface LitigationDetail extends Omit<LitigationListItem, 'patents'> {
  summary: string;
  judgment_text: string;
  patents: LitigationPatentRef[];
  documents: LitigationDocument[];
  /** The caller may download the judgment (not a trial user, DOMAIN §1). */
  can_download: boolean;
  can_follow: boolean;
}

export interface LitigationFollowReply {
  id: number;
  followed: boolean;
  /** false: it already was so (the call is idempotent). */
  changed: boolean;
}
