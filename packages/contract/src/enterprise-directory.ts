import { z } from 'zod';

// The enterprise directory of the enterprise service (issue 12, bundle B4, ADR 0041): one enterprise's patents,
// trademarks, litigation and honours, the office's honours (/honor) and the Tianyancha registration detail.

export const HONOR_LEVELS = ['国家级', '省级', '市级', '区级'] as const;
export type HonorLevel = (typeof HONOR_LEVELS)[number];
export const HONOR_NAME_MAX = 100;
export const HONOR_ISSUER_MAX = 100;
export const HONOR_YEAR_MIN = 1980;
/** Honours one export may hold. */
export const HONOR_EXPORT_MAX = 5000;

const INT_MAX = 2 ** 31 - 1;
const qid = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg).max(INT_MAX, msg);
const qPage = z.coerce
  .number({ error: '页码不正确' })
  .int('页码不正确')
  .min(1, '页码不正确')
  .max(100_000, '页码不正确')
  .default(1);
const qPageSize = z.coerce
  .number({ error: '每页条数不正确' })
  .int('每页条数不正确')
  .min(1, '每页条数不正确')
  .max(100, '每页最多 100 条')
  .default(10);
const qKeyword = z.string({ error: '关键词须为文字' }).trim().max(50, '关键词不能超过 50 个字').optional();

/** GET /v1/company/patentlist: one enterprise's patents (its portfolio links), paged; type and status filters. */
export const CompanyPatentListQuery = z.object({
  company_id: qid('请选择企业'),
  type: z.enum(['发明', '实用新型', '外观设计'], { error: '专利类型无效' }).optional(),
  status: z.enum(['审中', '有权', '无权'], { error: '法律状态无效' }).optional(),
  keyword: qKeyword,
  page: qPage,
  page_size: qPageSize,
});
export type CompanyPatentListQuery = z.infer<typeof CompanyPatentListQuery>;

export interface CompanyPatentRow {
  id: number;
  an: string | null;
  pn: string | null;
  title: string;
  type: string;
  legal_status: string;
  ad: string | null;
  gd: string | null;
  first_applicant: string;
}

export interface DirectoryPage<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

export interface CompanyPatentList extends DirectoryPage<CompanyPatentRow> {
  /** Counts of the enterprise's patents by type (all statuses), for the tab's summary. */
  counts: { total: number; 发明: number; 实用新型: number; 外观设计: number; 有权: number };
}

/** GET /v1/company/trademarklist and /litigationlist: one enterprise's records, paged. */
export const CompanyRecordsQuery = z.object({
  company_id: qid('请选择企业'),
  page: qPage,
  page_size: qPageSize,
});
export type CompanyRecordsQuery = z.infer<typeof CompanyRecordsQuery>;

export interface CompanyTrademarkRow {
  id: number;
  number: string;
  name: string;
  nice_class: number;
  application_date: string | null;
  registration_date: string | null;
  expiry_date: string | null;
  status: string;
}

/**
 * GET /v1/company/honorlist: with company_id one enterprise's honours; without it every honour of the enterprises
 * in the caller's scope (/honor), filtered by level, year, street and keyword (honour or enterprise name).
 */
export const HonorListQuery = z.object({
  company_id: qid('请选择企业').optional(),
  level: z.enum(HONOR_LEVELS, { error: '荣誉级别无效' }).optional(),
  year: z.coerce
    .number({ error: '年份不正确' })
    .int('年份不正确')
    .min(HONOR_YEAR_MIN, '年份不正确')
    .max(2100, '年份不正确')
    .optional(),
  street_id: qid('街道不正确').optional(),
  keyword: qKeyword,
  page: qPage,
  page_size: qPageSize,
});
export type HonorListQuery = z.infer<typeof HonorListQuery>;

export interface HonorRow {
  id: number;
  company_id: number;
  company_name: string;
  street_name: string;
  name: string;
  level: HonorLevel;
  year: number;
  issuer: string;
  file_id: number;
  /** The attachment's name and a signed link, when there is one. */
  file: { id: number; name: string; url: string } | null;
  created_at: string;
  updated_at: string;
}

export interface HonorList extends DirectoryPage<HonorRow> {
  /** The years that occur in the scope, newest first (the year filter's options). */
  years: number[];
}

const HonorName = z
  .string({ error: '请输入荣誉名称' })
  .trim()
  .min(1, '请输入荣誉名称')
  .max(HONOR_NAME_MAX, `荣誉名称不能超过 ${HONOR_NAME_MAX} 个字`);
const HonorFields = {
  name: HonorName,
  level: z.enum(HONOR_LEVELS, { error: '请选择荣誉级别（国家级、省级、市级或区级）' }),
  year: z
    .number({ error: '请输入获得年份' })
    .int('获得年份不正确')
    .min(HONOR_YEAR_MIN, `获得年份不能早于 ${HONOR_YEAR_MIN} 年`)
    .max(2100, '获得年份不正确'),
  issuer: z
    .string({ error: '颁发单位须为文字' })
    .trim()
    .max(HONOR_ISSUER_MAX, `颁发单位不能超过 ${HONOR_ISSUER_MAX} 个字`)
    .default(''),
  file_id: z.number({ error: '附件不正确' }).int('附件不正确').min(0, '附件不正确').max(INT_MAX, '附件不正确').default(0),
};
const bodyId = (what: string) =>
  z
    .number({ error: `请选择${what}` })
    .int(`${what}编号不正确`)
    .positive(`${what}编号不正确`)
    .max(INT_MAX, `${what}编号不正确`);

/** POST /v1/company/honorAdd. */
export const HonorAddBody = z.object({ company_id: bodyId('企业'), ...HonorFields });
export type HonorAddBody = z.infer<typeof HonorAddBody>;
/** POST /v1/company/honorEdit: every field again (the enterprise does not change). */
export const HonorEditBody = z.object({ id: bodyId('荣誉'), ...HonorFields });
export type HonorEditBody = z.infer<typeof HonorEditBody>;
/** POST /v1/company/honorDel. */
export const HonorDeleteBody = z.object({ id: bodyId('荣誉') });
export type HonorDeleteBody = z.infer<typeof HonorDeleteBody>;
/** POST /v1/company/honorExport: the filters of honorlist (no paging). */
export const HonorExportBody = z.object({
  level: z.enum(HONOR_LEVELS, { error: '荣誉级别无效' }).optional(),
  year: z.number({ error: '年份不正确' }).int('年份不正确').min(HONOR_YEAR_MIN, '年份不正确').max(2100, '年份不正确').optional(),
  street_id: bodyId('街道').optional(),
  keyword: z.string({ error: '关键词须为文字' }).trim().max(50, '关键词不能超过 50 个字').optional(),
});
export type HonorExportBody = z.infer<typeof HonorExportBody>;

// ---- Tianyancha (天眼查) registration data ----

/** An enterprise's registration detail (工商信息) as the product shows it, whichever provider answered. */
export interface TycDetail {
  name: string;
  credit_code: string;
  legal_person: string;
  /** As registered, e.g. "1000万人民币". */
  reg_capital: string;
  /** YYYY-MM-DD */
  established: string;
  /** 存续 / 在业 / 注销 … */
  reg_status: string;
  company_type: string;
  industry: string;
  address: string;
  business_scope: string;
  staff_range: string;
  phone: string;
  /** 'offline': deterministic demo data, not a real registry record; 'http': from the configured service. */
  source: 'offline' | 'http';
}

/** GET /v1/tianyancha/companydetail: the detail of an enterprise in scope (company_id) . */
export const TycDetailQuery = z.object({ company_id: qid('请选择企业') });
export type TycDetailQuery = z.infer<typeof TycDetailQuery>;

/** POST /v1/tianyancha/currency and /v1/tianyanchaphone/currency: the generic search of registered enterprises. */
export const TycSearchBody = z.object({
  keyword: z.string({ error: '请输入企业名称' }).trim().min(2, '请至少输入 2 个字').max(50, '企业名称不能超过 50 个字'),
});
export type TycSearchBody = z.infer<typeof TycSearchBody>;

export interface TycSearchItem {
  name: string;
  credit_code: string;
  legal_person: string;
  reg_status: string;
  established: string;
  /** The enterprise of the caller's scope with this name, if any. */
  company_id: number | null;
}

export interface TycStatus {
  provider: 'offline' | 'http';
  ok: boolean;
  checked_at: string;
}
