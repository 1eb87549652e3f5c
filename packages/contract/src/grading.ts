import { z } from 'zod';

// Grading, ranking and enterprise warnings of the enterprise service (issue 12, bundle B5, ADR 0043, DOMAIN §5).

/** The parts of an enterprise's score, in the order the pages show them. litigation is subtracted. */
export const SCORE_PARTS = ['invention', 'utility', 'design', 'honour', 'demand', 'visit', 'litigation'] as const;
export type ScorePart = (typeof SCORE_PARTS)[number];
export const SCORE_PART_LABELS: Record<ScorePart, string> = {
  invention: '有效发明专利',
  utility: '有效实用新型',
  design: '有效外观设计',
  honour: '荣誉资质',
  demand: '在办需求',
  visit: '近一年走访',
  litigation: '近一年新增诉讼（扣分）',
};
export type ScoreWeights = Record<ScorePart, number>;
export const GRADES = ['A', 'B', 'C', 'D'] as const;
export type Grade = (typeof GRADES)[number];
/** Lowest score of grades A, B and C (below c: D). */
export interface GradeThresholds {
  a: number;
  b: number;
  c: number;
}
/** Defaults (ADR 0043): granted inventions weigh most; a new litigation takes points off. */
export const DEFAULT_SCORE_WEIGHTS: ScoreWeights = {
  invention: 10,
  utility: 4,
  design: 2,
  honour: 5,
  demand: 3,
  visit: 2,
  litigation: 5,
};
export const DEFAULT_GRADE_THRESHOLDS: GradeThresholds = { a: 45, b: 30, c: 12 };
export const SCORE_WEIGHT_MAX = 1000;
export const GRADE_THRESHOLD_MAX = 1_000_000;

const Weight = (part: ScorePart) =>
  z
    .number({ error: `${SCORE_PART_LABELS[part]}的权重须为数字` })
    .int(`${SCORE_PART_LABELS[part]}的权重须为整数`)
    .min(0, `${SCORE_PART_LABELS[part]}的权重不能为负数`)
    .max(SCORE_WEIGHT_MAX, `${SCORE_PART_LABELS[part]}的权重不能超过 ${SCORE_WEIGHT_MAX}`);
const Threshold = (grade: string) =>
  z
    .number({ error: `${grade}级分数线须为数字` })
    .int(`${grade}级分数线须为整数`)
    .min(0, `${grade}级分数线不能为负数`)
    .max(GRADE_THRESHOLD_MAX, `${grade}级分数线不能超过 ${GRADE_THRESHOLD_MAX}`);

export const ScoreWeightsSchema = z.object(
  Object.fromEntries(SCORE_PARTS.map((p) => [p, Weight(p)])) as Record<ScorePart, ReturnType<typeof Weight>>,
  { error: '请填写各项权重' },
);
export const GradeThresholdsSchema = z
  .object({ a: Threshold('A'), b: Threshold('B'), c: Threshold('C') }, { error: '请填写分级分数线' })
  .refine((t) => t.a > t.b, { message: 'A 级分数线须高于 B 级', path: ['a'] })
  .refine((t) => t.b > t.c, { message: 'B 级分数线须高于 C 级', path: ['b'] });

/** POST /v1/service/score/save and /v1/service/score/preview. */
export const ScoreSettingsBody = z.object({ weights: ScoreWeightsSchema, thresholds: GradeThresholdsSchema });
export type ScoreSettingsBody = z.input<typeof ScoreSettingsBody>;
export interface ScoreSettings {
  weights: ScoreWeights;
  thresholds: GradeThresholds;
  /** false: the defaults (never saved). */
  saved: boolean;
  updated_at: string | null;
}
export type GradeCounts = Record<Grade, number>;
export interface GradeSummary {
  counts: GradeCounts;
  total: number;
}

const id = (what: string) =>
  z
    .number({ error: `请选择${what}` })
    .int(`${what}编号不正确`)
    .positive(`${what}编号不正确`)
    .max(2 ** 31 - 1, `${what}编号不正确`);
const Page = z.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(100_000, '页码不正确').default(1);
const PageSize = z
  .number({ error: '每页条数不正确' })
  .int('每页条数不正确')
  .min(1, '每页条数不正确')
  .max(100, '每页最多 100 条')
  .default(20);
const Keyword = z.string({ error: '关键词须为文字' }).trim().max(50, '关键词不能超过 50 个字').optional();

/** POST /v1/service/ranking (and /ranking/export without paging). */
export const RankingListBody = z.object({
  page: Page,
  page_size: PageSize,
  keyword: Keyword,
  street_id: id('街道').optional(),
  label_id: id('标签').optional(),
  industry: z.string({ error: '行业须为文字' }).trim().max(50, '行业不能超过 50 个字').optional(),
  grade: z.enum(GRADES, { error: '等级须为 A、B、C 或 D' }).optional(),
});
export type RankingListBody = z.input<typeof RankingListBody>;

export interface RankingRow {
  id: number;
  company_name: string;
  street_name: string;
  industry: string;
  /** Position in the caller's whole scope (ties share a rank). */
  rank: number;
  score: number;
  grade: Grade;
  /** The count behind each part of the score. */
  counts: Record<ScorePart, number>;
}
export interface RankingList {
  list: RankingRow[];
  total: number;
  page: number;
  page_size: number;
  weights: ScoreWeights;
  thresholds: GradeThresholds;
  /** Industries in the caller's scope, for the filter. */
  industries: string[];
}

/** POST /v1/service/company/summary: one enterprise of the caller's scope for its page /workEnterprisevisit (ADR 0049). */
export const CompanySummaryBody = z.object({ company_id: id('企业') });
export type CompanySummaryBody = z.input<typeof CompanySummaryBody>;
export interface CompanySummary {
  company: {
    id: number;
    company_name: string;
    credit_code: string;
    street_id: number;
    street_name: string;
    industry: string;
    size: string;
    /** The enterprise's own patents (patentlist's total, seachCompany's num). */
    num: number;
    labels: { id: number; name: string; color: string }[];
    /** The staff serving it (directly or by street). */
    staff: { id: number; name: string }[];
  };
  /** Its rank, score, grade and the count behind each part, as /workCompany shows them. */
  ranking: RankingRow;
  /** How many enterprises the rank is among (the caller's whole scope). */
  scope_total: number;
  weights: ScoreWeights;
  thresholds: GradeThresholds;
}
