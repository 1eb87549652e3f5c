import { z } from 'zod';
import { filterDay } from './ip-records';

// The district map and the district dashboards (/visualization, /visualization/Patent; issue 13, ADR 0051).
// Every figure is computed in SQL over the caller's service scope (ADR 0038), optionally one street, over a
// China-time date range (both ends included).

/** What the map colours the streets by (and the ranking ranks them by). */
export const REGION_MEASURES = ['enterprises', 'inventions', 'visits', 'open_demands', 'red_demands'] as const;
export type RegionMeasure = (typeof REGION_MEASURES)[number];
export const REGION_MEASURE_LABELS: Record<RegionMeasure, string> = {
  enterprises: '企业数',
  inventions: '有效发明',
  visits: '走访次数',
  open_demands: '在办需求',
  red_demands: '红灯需求',
};

/** The longest range one request may cover (two years). */
export const REGION_RANGE_MAX_DAYS = 731;

const streetId = z.coerce
  .number({ error: '街道不正确' })
  .int('街道不正确')
  .positive('街道不正确')
  .max(2_147_483_647, '街道不正确')
  .optional();
const measure = z.enum(REGION_MEASURES, { error: '统计指标无效' });

const rangeOk = (b: { date_from?: string; date_to?: string }) => !b.date_from || !b.date_to || b.date_from <= b.date_to;
const rangeShort = (b: { date_from?: string; date_to?: string }) =>
  !b.date_from ||
  !b.date_to ||
  (Date.parse(`${b.date_to}T00:00:00Z`) - Date.parse(`${b.date_from}T00:00:00Z`)) / 86_400_000 < REGION_RANGE_MAX_DAYS;
const RANGE_ORDER = { message: '开始日期不能晚于结束日期' };
const RANGE_LONG = { message: `日期范围不能超过 ${REGION_RANGE_MAX_DAYS} 天` };

const Fields = { date_from: filterDay('开始日期'), date_to: filterDay('结束日期'), street_id: streetId };

/** Body (POST) or query (GET) of every dashboard call: a range (default: this year to today) and a street. */
export const RegionQuery = z.object(Fields).refine(rangeOk, RANGE_ORDER).refine(rangeShort, RANGE_LONG);
export type RegionQuery = z.infer<typeof RegionQuery>;

export const RegionMeasureQuery = z
  .object({ ...Fields, measure: measure.default('enterprises') })
  .refine(rangeOk, RANGE_ORDER)
  .refine(rangeShort, RANGE_LONG);
export type RegionMeasureQuery = z.input<typeof RegionMeasureQuery>;

/** GET /region/getmap: part 'figures' (default) the per-street values; 'boundaries' the GeoJSON (ETag, cached). */
export const RegionMapQuery = z
  .object({
    ...Fields,
    measure: measure.default('enterprises'),
    part: z.enum(['figures', 'boundaries'], { error: '参数 part 无效' }).default('figures'),
  })
  .refine(rangeOk, RANGE_ORDER)
  .refine(rangeShort, RANGE_LONG);
export type RegionMapQuery = z.input<typeof RegionMapQuery>;

export interface GeoFeature {
  type: 'Feature';
  properties: { name: string } & Record<string, unknown>;
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown };
}
export interface GeoFeatureCollection {
  type: 'FeatureCollection';
  features: GeoFeature[];
}

export interface RegionBoundaries {
  /** Changes whenever the boundaries change (a hash of the GeoJSON); the ETag of this answer. */
  version: string;
  source: 'demo' | 'upload';
  name: string;
  geojson: GeoFeatureCollection;
}

export interface RegionRange {
  date_from: string;
  date_to: string;
}

export interface MapStreetValue {
  street_id: number;
  name: string;
  value: number;
  /** Whether the boundaries have a feature of this street's name. */
  on_map: boolean;
}
export interface RegionMapFigures extends RegionRange {
  version: string;
  measure: RegionMeasure;
  label: string;
  streets: MapStreetValue[];
}

/** The key figures of the district or of one street. */
export interface RegionFigures {
  enterprises: number;
  patents: number;
  valid_patents: number;
  inventions: number;
  visits: number;
  demands: number;
  open_demands: number;
  red_demands: number;
}
export const REGION_FIGURE_LABELS: Record<keyof RegionFigures, string> = {
  enterprises: '服务企业',
  patents: '专利总量',
  valid_patents: '有效专利',
  inventions: '有效发明',
  visits: '走访次数',
  demands: '新增需求',
  open_demands: '在办需求',
  red_demands: '红灯需求',
};

export interface SixFigure {
  key: keyof RegionFigures;
  label: string;
  value: number;
}
export interface RegionSixList extends RegionRange {
  street_id: number | null;
  list: SixFigure[];
}

export interface RegionCenter extends RegionRange {
  street_id: number | null;
  figures: RegionFigures;
  /** Demands registered in the range, by status (every status, zeros included). */
  demand_states: { status: string; label: string; count: number }[];
  /** Open demands now, by light. */
  lights: { red: number; yellow: number; green: number };
  /** The enterprises with most valid patents (top 5). */
  top_enterprises: { id: number; company_name: string; street_name: string; valid_patents: number; inventions: number }[];
}

export interface StreetFigures extends RegionFigures {
  street_id: number;
  name: string;
}
export interface RegionCenterArea extends RegionRange {
  list: StreetFigures[];
}

export interface RegionRankRow {
  rank: number;
  street_id: number;
  name: string;
  value: number;
}
export interface RegionRankList extends RegionRange {
  measure: RegionMeasure;
  label: string;
  list: RegionRankRow[];
}

export interface RegionMonth {
  month: string;
  filings: number;
  grants: number;
  visits: number;
  demands: number;
}
export interface RegionLeftList extends RegionRange {
  street_id: number | null;
  months: RegionMonth[];
}

/** /visualization/Patent: the district's patents (enterprises in scope, their own, not collected). */
export interface RegionPatentStats {
  street_id: number | null;
  total: number;
  by_type: { name: string; count: number }[];
  by_year: { year: number; count: number }[];
  by_ipc: { section: string; label: string; count: number }[];
  by_status: { name: string; count: number }[];
  by_street: { street_id: number; name: string; count: number; inventions: number }[];
  top_applicants: { id: number; company_name: string; street_name: string; count: number; inventions: number }[];
  /** Grants (gd) per month of this year and of last year. */
  grants: { this_year: number; last_year: number; months: { month: number; this_year: number; last_year: number }[] };
}
export const IPC_SECTION_LABELS: Record<string, string> = {
  A: 'A 人类生活必需',
  B: 'B 作业；运输',
  C: 'C 化学；冶金',
  D: 'D 纺织；造纸',
  E: 'E 固定建筑物',
  F: 'F 机械工程',
  G: 'G 物理',
  H: 'H 电学',
};

/** Administrator: the district's boundaries (/system 地图边界). */
export const MapUploadBody = z.object({
  name: z.string({ error: '请填写地图名称' }).trim().min(1, '请填写地图名称').max(50, '地图名称不能超过 50 个字'),
  geojson: z.unknown(),
});
export type MapUploadBody = z.infer<typeof MapUploadBody>;
/** Largest GeoJSON accepted (bytes of the request). */
export const MAP_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export interface MapInfo {
  source: 'demo' | 'upload';
  name: string;
  version: string;
  features: number;
  updated_at: string | null;
  /** Streets with a feature of their name, features matching no street, streets without a feature. */
  matched: string[];
  unmatched_features: string[];
  missing_streets: string[];
}
