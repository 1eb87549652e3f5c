import { z } from 'zod';

// The company's patent portfolio (issue 9, ADR 0020): categories, the list, core and collected marks, adding by
// number, removal and restore, assessment notes (研判), export. Every call acts on the caller's company only.

/** Longest category name, in characters. */
export const CATEGORY_NAME_MAX = 30;
/** How deep the category tree goes (电池技术 › 正极材料 › 高镍: three levels). */
export const CATEGORY_DEPTH_MAX = 3;
/** Most categories one company may create. */
export const CATEGORY_COUNT_MAX = 300;
/** Most patents one bulk action (move, core, collect, remove, restore) takes. */
export const PORTFOLIO_BULK_MAX = 1000;
/** Most numbers one 按号码添加 request takes. */
export const PORTFOLIO_INSERT_MAX = 200;
/** Longest pasted text of 按号码添加, in characters. */
export const PORTFOLIO_INSERT_TEXT_MAX = 20_000;
/** Longest 研判 note, in characters. */
export const NOTE_MAX = 2000;
/** Largest page of the portfolio list. */
export const PORTFOLIO_PAGE_SIZE_MAX = 100;
/** Most rows an Excel export of the list holds (a synchronous download). */
export const PORTFOLIO_EXPORT_MAX = 5000;
/** The default bucket: category_id 0. */
export const UNCATEGORIZED_ID = 0;
export const UNCATEGORIZED_NAME = '未分类';

export const PATENT_TYPES = ['发明', '实用新型', '外观设计'] as const;
export const LEGAL_STATUSES = ['审中', '有权', '无权'] as const;

export const PORTFOLIO_SORTS = [
  'ad_desc',
  'ad_asc',
  'gd_desc',
  'gd_asc',
  'title_asc',
  'title_desc',
  'core_desc',
  'added_desc',
] as const;
export type PortfolioSort = (typeof PORTFOLIO_SORTS)[number];

const id = (label: string) =>
  z
    .number({ error: `${label}须为数字` })
    .int(`${label}须为整数`)
    .positive(`${label}不正确`)
    .max(2_147_483_647, `${label}不正确`);

/** A category id where 0 means 未分类. */
const categoryRef = z
  .number({ error: '分类编号须为数字' })
  .int('分类编号须为整数')
  .min(0, '分类编号不正确')
  .max(2_147_483_647, '分类编号不正确');

const patentIds = z
  .array(id('专利编号'), { error: '请选择专利' })
  .min(1, '请选择专利')
  .max(PORTFOLIO_BULK_MAX, `一次最多处理 ${PORTFOLIO_BULK_MAX} 件专利`)
  .transform((ids) => [...new Set(ids)]);

const categoryName = z
  .string({ error: '请输入分类名称' })
  .trim()
  .min(1, '请输入分类名称')
  .max(CATEGORY_NAME_MAX, `分类名称不能超过 ${CATEGORY_NAME_MAX} 个字`)
  // eslint-disable-next-line no-control-regex -- a name shown in a tree: control characters would break it
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), '分类名称不能包含控制字符')
  .refine((s) => s !== UNCATEGORIZED_NAME && s !== '全部', `“${UNCATEGORIZED_NAME}”和“全部”为系统分类，请换一个名称`);

const sortOrder = z
  .number({ error: '排序须为数字' })
  .int('排序须为整数')
  .min(0, '排序不能小于 0')
  .max(99_999, '排序不能大于 99999');

/** POST /v1/frontend/patent/create: a new category. */
export const CategoryCreateBody = z.object({
  name: categoryName,
  parent_id: categoryRef.optional(),
  sort: sortOrder.optional(),
});
export type CategoryCreateBody = z.infer<typeof CategoryCreateBody>;

/** POST /v1/frontend/patent/update: rename, move (parent_id) or reorder a category. */
export const CategoryUpdateBody = z
  .object({
    id: id('分类编号'),
    name: categoryName.optional(),
    parent_id: categoryRef.optional(),
    sort: sortOrder.optional(),
  })
  .refine((b) => b.name !== undefined || b.parent_id !== undefined || b.sort !== undefined, '请提供要修改的名称、上级分类或排序');
export type CategoryUpdateBody = z.infer<typeof CategoryUpdateBody>;

/** POST /v1/frontend/patent/delete: a category (its sub-categories too); their patents go to 未分类. */
export const CategoryDeleteBody = z.object({ id: id('分类编号') });
export type CategoryDeleteBody = z.infer<typeof CategoryDeleteBody>;

/** POST /v1/frontend/patent/default_cate: the 未分类 bucket; with patent_ids, those patents are moved back to it. */
export const DefaultCategoryBody = z.object({ patent_ids: patentIds.optional() });
export type DefaultCategoryBody = z.infer<typeof DefaultCategoryBody>;

/** POST /v1/frontend/patent/update-patent-category: move patents to a category (0: 未分类). */
export const MovePatentsBody = z.object({
  patent_ids: patentIds,
  category_id: categoryRef,
});
export type MovePatentsBody = z.infer<typeof MovePatentsBody>;

const flag = (label: string) => z.union([z.boolean(), z.literal(0), z.literal(1)], { error: `${label}须为 0 或 1` });

/** POST /v1/frontend/patent/core: mark (is_core 1) or unmark (0) core patents. */
export const CorePatentsBody = z.object({ patent_ids: patentIds, is_core: flag('核心标记') });
export type CorePatentsBody = z.infer<typeof CorePatentsBody>;

/** POST /v1/frontend/patent/collage: collect (1) or uncollect (0) patents, the company's own or any other. */
export const CollectPatentsBody = z.object({ patent_ids: patentIds, collected: flag('收藏标记') });
export type CollectPatentsBody = z.infer<typeof CollectPatentsBody>;

/** POST /v1/frontend/patent/remove and /restore: take patents out of the portfolio, or put them back. */
export const PortfolioPatentsBody = z.object({ patent_ids: patentIds });
export type PortfolioPatentsBody = z.infer<typeof PortfolioPatentsBody>;

/**
 * POST /v1/frontend/patent/insert: application or publication numbers, one per line (also separated by commas,
 * semicolons or 、), each reported on its own. category_id files the added ones.
 */
export const InsertPatentsBody = z.object({
  numbers: z
    .string({ error: '请输入申请号或公开号' })
    .max(PORTFOLIO_INSERT_TEXT_MAX, `内容过长，最多 ${PORTFOLIO_INSERT_TEXT_MAX} 个字符`)
    .refine((s) => splitNumbers(s).length > 0, '请输入申请号或公开号')
    .refine((s) => splitNumbers(s).length <= PORTFOLIO_INSERT_MAX, `一次最多添加 ${PORTFOLIO_INSERT_MAX} 个号码`),
  category_id: categoryRef.optional(),
});
export type InsertPatentsBody = z.infer<typeof InsertPatentsBody>;

/** The numbers of a pasted text: split at line breaks, commas, semicolons and 、, trimmed, blanks dropped. */
export function splitNumbers(text: string): string[] {
  return text
    .split(/[\r\n,，;；、]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export const INSERT_STATUSES = ['added', 'exists', 'not_found', 'invalid'] as const;
export type InsertStatus = (typeof INSERT_STATUSES)[number];

/** One line of the 按号码添加 report. */
export interface InsertLine {
  input: string;
  status: InsertStatus;
  /** Chinese: 已添加 / 已在专利库中 / 未找到该专利 / the reason the number is invalid. */
  msg: string;
  patent_id?: number;
  title?: string;
}

export interface InsertReply {
  lines: InsertLine[];
  added: number;
  exists: number;
  not_found: number;
  invalid: number;
}

/** POST /v1/frontend/patent/create-yan: a 研判 (assessment) note on a portfolio patent. */
export const CreateNoteBody = z.object({
  patent_id: id('专利编号'),
  content: z
    .string({ error: '请输入研判内容' })
    .trim()
    .min(1, '请输入研判内容')
    .max(NOTE_MAX, `研判内容不能超过 ${NOTE_MAX} 个字`),
});
export type CreateNoteBody = z.infer<typeof CreateNoteBody>;

/** POST /v1/frontend/patent/del_yan: delete a 研判 note. */
export const DeleteNoteBody = z.object({ id: id('研判编号') });
export type DeleteNoteBody = z.infer<typeof DeleteNoteBody>;

/** POST /v1/frontend/user/save: 加入专利库 — a search hit into the portfolio, optionally filed in a category. */
export const SavePatentBody = z.object({ patent_id: id('专利编号'), category_id: categoryRef.optional() });
export type SavePatentBody = z.infer<typeof SavePatentBody>;

const keyword = z.string({ error: '关键词须为文字' }).trim().max(200, '关键词不能超过 200 个字');

/** The filters of the portfolio list (and of its export). */
export const PortfolioFilters = z.object({
  /** A category (its sub-categories included); 0: 未分类; absent: all. */
  category_id: categoryRef.optional(),
  type: z
    .array(z.enum(PATENT_TYPES, { error: '专利类型应为发明、实用新型或外观设计' }))
    .max(3)
    .optional(),
  legal_status: z
    .array(z.enum(LEGAL_STATUSES, { error: '法律状态应为审中、有权或无权' }))
    .max(3)
    .optional(),
  app_year: z
    .array(
      z.number({ error: '申请年份须为数字' }).int('申请年份须为整数').min(1900, '申请年份不正确').max(2100, '申请年份不正确'),
    )
    .max(50, '申请年份最多选 50 个')
    .optional(),
  /** Granted in this year (授权日 gd), e.g. /home's 本年授权 (ADR 0031). */
  grant_year: z
    .number({ error: '授权年份须为数字' })
    .int('授权年份须为整数')
    .min(1900, '授权年份不正确')
    .max(2100, '授权年份不正确')
    .optional(),
  /**
   * Term ends in this year (patents.expiry_date: filing date + 20/10/15 years by type, DOMAIN §3), e.g. /home's
   * 本年届满 with legal_status 有权.
   */
  expiry_year: z
    .number({ error: '届满年份须为数字' })
    .int('届满年份须为整数')
    .min(1900, '届满年份不正确')
    .max(2200, '届满年份不正确')
    .optional(),
  is_core: flag('核心筛选').optional(),
  /** 1: the collected patents (the company's own and others'); otherwise the company's own patents. */
  collected: flag('收藏筛选').optional(),
  /** 1: the patents taken out of the portfolio (已移除). */
  removed: flag('移除筛选').optional(),
  keyword: keyword.optional(),
});
export type PortfolioFilters = z.infer<typeof PortfolioFilters>;

/** POST /v1/frontend/patent/list: one page of the portfolio. */
export const PortfolioListBody = PortfolioFilters.extend({
  sort: z.enum(PORTFOLIO_SORTS, { error: '排序方式无效' }).optional(),
  page: z.number({ error: '页码须为数字' }).int('页码须为整数').min(1, '页码从 1 开始').max(100_000, '页码过大').optional(),
  page_size: z
    .number({ error: '每页条数须为数字' })
    .int('每页条数须为整数')
    .min(1, '每页至少 1 条')
    .max(PORTFOLIO_PAGE_SIZE_MAX, `每页最多 ${PORTFOLIO_PAGE_SIZE_MAX} 条`)
    .optional(),
});
export type PortfolioListBody = z.infer<typeof PortfolioListBody>;

/** POST /v1/frontend/patent/export: the filtered list as an Excel file (at most PORTFOLIO_EXPORT_MAX rows). */
export const PortfolioExportBody = PortfolioFilters.extend({
  sort: z.enum(PORTFOLIO_SORTS, { error: '排序方式无效' }).optional(),
});
export type PortfolioExportBody = z.infer<typeof PortfolioExportBody>;

/** POST /v1/frontend/patent/info: the company's view of one patent. */
export const PortfolioInfoBody = z.object({ id: id('专利编号') });
export type PortfolioInfoBody = z.infer<typeof PortfolioInfoBody>;

/** POST /v1/frontend/patent/marks: which of some patents (search hits) are the company's and collected. */
export const PortfolioMarksBody = z.object({
  patent_ids: z
    .array(id('专利编号'), { error: '请提供专利编号' })
    .max(PORTFOLIO_PAGE_SIZE_MAX, `一次最多查询 ${PORTFOLIO_PAGE_SIZE_MAX} 件专利`),
});
export type PortfolioMarksBody = z.infer<typeof PortfolioMarksBody>;

/** One category with its counts (own patents, not removed). */
export interface CategoryNode {
  id: number;
  parent_id: number;
  name: string;
  sort: number;
  /** Patents filed directly in this category. */
  count: number;
  /** Patents in this category and all its sub-categories. */
  total: number;
  children: CategoryNode[];
}

/** POST /v1/frontend/patent/cate. */
export interface CategoryTreeReply {
  tree: CategoryNode[];
  /** 未分类 (category 0). */
  uncategorized: number;
  /** 全部: the company's own patents in the portfolio. */
  all: number;
  core: number;
  collected: number;
  removed: number;
}

export interface PortfolioRow {
  id: number;
  an: string | null;
  pn: string | null;
  title: string;
  type: string;
  legal_status: string;
  ad: string | null;
  pd: string | null;
  gd: string | null;
  first_applicant: string;
  ipc_main: string;
  category_id: number;
  /** 未分类 for 0; the path for a sub-category (电池技术 / 正极材料). */
  category_name: string;
  is_core: 0 | 1;
  is_collected: 0 | 1;
  removed: 0 | 1;
  /** auto (by applicant name), manual (added by hand), collect (only collected, not the company's own). */
  source: string;
  note_count: number;
  added_at: string;
}

export interface PortfolioListReply {
  total: number;
  page: number;
  page_size: number;
  list: PortfolioRow[];
}

export interface PatentNote {
  id: number;
  patent_id: number;
  content: string;
  author: string;
  user_id: number;
  created_at: string;
  /** Whether the caller may delete it (its author, or the company's main account). */
  deletable: boolean;
}

/** The portfolio side of one patent (null in PortfolioInfoReply when the company has no row for it). */
export interface PortfolioEntry {
  source: string;
  category_id: number;
  category_name: string;
  is_core: 0 | 1;
  is_collected: 0 | 1;
  removed: 0 | 1;
  added_at: string;
}

/** Marks of one patent for the search hits: whether it is the company's own (in the portfolio) and collected. */
export interface PortfolioMark {
  owned: boolean;
  collected: boolean;
  removed: boolean;
}
