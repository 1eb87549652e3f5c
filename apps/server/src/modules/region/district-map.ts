import crypto from 'node:crypto';
import type { GeoFeature, GeoFeatureCollection, MapInfo, RegionBoundaries } from '@ip/contract';
import type { Deps } from '../../deps';
import { DEMO_STREETS } from '../../db/seed/enterprise-service';
import { badRequest } from '../../http/errors';
import { demoDistrict } from './demo-district';

/**
 * The district's street boundaries (ADR 0051 §1–2): the newest uploaded map (district_maps, migration 035) or the
 * demo district. An upload is validated whole before anything is stored; a bad file changes nothing.
 */

const hash = (text: string) => crypto.createHash('sha1').update(text).digest('hex').slice(0, 16);

let demo: RegionBoundaries | null = null;
function demoMap(): RegionBoundaries {
  if (!demo) {
    const geojson = demoDistrict(DEMO_STREETS);
    demo = { version: `demo-${hash(JSON.stringify(geojson))}`, source: 'demo', name: '示例高新区（演示边界）', geojson };
  }
  return demo;
}

// Parsing a stored map is not free (a real district can be megabytes): keep the last one by version.
let parsed: { version: string; map: RegionBoundaries } | null = null;

export async function currentBoundaries(deps: Deps): Promise<RegionBoundaries & { updated_at: string | null }> {
  const head = await deps.db.db
    .selectFrom('district_maps')
    .select(['id', 'version', 'name', 'created_at'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!head) return { ...demoMap(), updated_at: null };
  if (parsed?.version !== head.version) {
    const row = await deps.db.db
      .selectFrom('district_maps')
      .select('geojson')
      .where('id', '=', head.id)
      .executeTakeFirstOrThrow();
    parsed = {
      version: head.version,
      map: { version: head.version, source: 'upload', name: head.name, geojson: JSON.parse(row.geojson) as GeoFeatureCollection },
    };
  }
  return { ...parsed.map, updated_at: head.created_at };
}

const MAX_FEATURES = 500;
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function checkRing(ring: unknown, where: string): void {
  if (!Array.isArray(ring) || ring.length < 4) throw badRequest(`${where}的边界至少需要 4 个坐标点（首尾相同）`);
  for (const p of ring) {
    if (!Array.isArray(p) || p.length < 2 || !isNum(p[0]) || !isNum(p[1]))
      throw badRequest(`${where}含有无效坐标：坐标须为 [经度, 纬度] 数字`);
    if (p[0] < -180 || p[0] > 180 || p[1] < -90 || p[1] > 90) throw badRequest(`${where}的坐标超出经纬度范围`);
  }
  const a = ring[0] as number[];
  const b = ring[ring.length - 1] as number[];
  if (a[0] !== b[0] || a[1] !== b[1]) throw badRequest(`${where}的边界未闭合（首尾坐标须相同）`);
}

function checkPolygon(poly: unknown, where: string): void {
  if (!Array.isArray(poly) || poly.length === 0) throw badRequest(`${where}的多边形坐标为空`);
  for (const ring of poly) checkRing(ring, where);
}

/** A FeatureCollection of Polygon / MultiPolygon features named by properties.name, or a Chinese 400. */
export function validateGeoJson(input: unknown): GeoFeatureCollection {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw badRequest('文件不是有效的 GeoJSON 对象');
  const fc = input as { type?: unknown; features?: unknown };
  if (fc.type !== 'FeatureCollection') throw badRequest('GeoJSON 的 type 须为 FeatureCollection');
  if (!Array.isArray(fc.features) || fc.features.length === 0) throw badRequest('GeoJSON 中没有任何区域（features 为空）');
  if (fc.features.length > MAX_FEATURES) throw badRequest(`区域数不能超过 ${MAX_FEATURES} 个`);
  const names = new Set<string>();
  const features: GeoFeature[] = fc.features.map((f: unknown, i: number) => {
    const where = `第 ${i + 1} 个区域`;
    if (!f || typeof f !== 'object') throw badRequest(`${where}不是有效的 Feature`);
    const feat = f as {
      type?: unknown;
      properties?: { name?: unknown } | null;
      geometry?: { type?: unknown; coordinates?: unknown };
    };
    if (feat.type !== 'Feature') throw badRequest(`${where}的 type 须为 Feature`);
    const name = typeof feat.properties?.name === 'string' ? feat.properties.name.trim() : '';
    if (!name) throw badRequest(`${where}缺少名称（properties.name）`);
    if (name.length > 50) throw badRequest(`${where}的名称超过 50 个字`);
    if (names.has(name)) throw badRequest(`区域名称“${name}”重复`);
    names.add(name);
    const g = feat.geometry;
    const label = `${where}（${name}）`;
    if (g?.type === 'Polygon') checkPolygon(g.coordinates, label);
    else if (g?.type === 'MultiPolygon') {
      if (!Array.isArray(g.coordinates) || g.coordinates.length === 0) throw badRequest(`${label}的多边形坐标为空`);
      for (const p of g.coordinates) checkPolygon(p, label);
    } else throw badRequest(`${label}的几何类型须为 Polygon 或 MultiPolygon`);
    return {
      type: 'Feature',
      properties: { name },
      geometry: { type: g.type, coordinates: g.coordinates },
    } as GeoFeature;
  });
  return { type: 'FeatureCollection', features };
}

async function streetNames(deps: Deps): Promise<string[]> {
  return (await deps.db.db.selectFrom('streets').select('name').orderBy('sort').orderBy('id').execute()).map((s) => s.name);
}

function matchReport(geo: GeoFeatureCollection, streets: string[]) {
  const featureNames = geo.features.map((f) => f.properties.name);
  const streetSet = new Set(streets);
  const featureSet = new Set(featureNames);
  return {
    matched: streets.filter((s) => featureSet.has(s)),
    unmatched_features: featureNames.filter((f) => !streetSet.has(f)),
    missing_streets: streets.filter((s) => !featureSet.has(s)),
  };
}

export async function mapInfo(deps: Deps): Promise<MapInfo> {
  const [map, streets] = await Promise.all([currentBoundaries(deps), streetNames(deps)]);
  return {
    source: map.source,
    name: map.name,
    version: map.version,
    features: map.geojson.features.length,
    updated_at: map.updated_at,
    ...matchReport(map.geojson, streets),
  };
}

/** Stores an uploaded map when it is valid and at least one feature is a street; else a 400 and nothing changes. */
export async function uploadMap(deps: Deps, userId: number, input: { name: string; geojson: unknown }): Promise<MapInfo> {
  const geo = validateGeoJson(input.geojson);
  const streets = await streetNames(deps);
  const report = matchReport(geo, streets);
  if (report.matched.length === 0)
    throw badRequest(
      streets.length
        ? `没有任何区域的名称与街道管理中的街道相同（如“${streets[0]}”），地图未保存；请检查 properties.name`
        : '还没有街道：请先在“街道管理”中添加街道，再上传地图',
    );
  const text = JSON.stringify(geo);
  await deps.db.db
    .insertInto('district_maps')
    .values({
      name: input.name,
      geojson: text,
      version: `up-${hash(text)}`,
      features: geo.features.length,
      uploaded_by: userId,
      created_at: deps.clock().toISOString(),
    })
    .execute();
  return mapInfo(deps);
}

/** Back to the demo district: the uploaded maps are deleted. */
export async function resetMap(deps: Deps): Promise<MapInfo> {
  await deps.db.db.deleteFrom('district_maps').execute();
  return mapInfo(deps);
}
