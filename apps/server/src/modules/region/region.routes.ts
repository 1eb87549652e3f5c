import {
  MAP_UPLOAD_MAX_BYTES,
  MapUploadBody,
  RegionMapQuery,
  RegionMeasureQuery,
  RegionQuery,
  type RegionMeasure,
} from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import { serviceScope, SERVICE_ONLY } from '../enterprise/service-scope';
import { currentBoundaries, mapInfo, resetMap, uploadMap } from './district-map';
import { center, centerArea, leftList, mapFigures, patentStats, rankList, sixList } from './region.service';

// The district map and dashboards (issue 13, ADR 0051). The spec's names are kept; GET with the query for the map,
// ranking, left panel and six figures, POST with the body for center and centerarea (as the brief reads them).
// Main account and staff, each within its service scope (ADR 0038); the map's boundaries the administrator sets.

export const regionRoutes: RouteRegistry = [
  route({
    method: 'GET',
    url: '/region/getmap',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '区域地图：街道边界 GeoJSON（part=boundaries，带 ETag 缓存）或各街道按指标的数值（part=figures）',
    query: RegionMapQuery,
    handler: async ({ query, session, deps, req, reply }) => {
      const scope = serviceScope(session);
      if (query.part === 'boundaries') {
        const map = await currentBoundaries(deps);
        const etag = `"${map.version}"`;
        reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
        if (req.headers['if-none-match'] === etag) return reply.code(304).send();
        return { version: map.version, source: map.source, name: map.name, geojson: map.geojson };
      }
      return mapFigures(deps, scope, { ...query, measure: query.measure as RegionMeasure });
    },
  }),
  route({
    method: 'GET',
    url: '/region/rankList_two',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '街道排名：各街道按指标（企业数、有效发明、走访、在办需求、红灯需求）排序',
    query: RegionMeasureQuery,
    handler: ({ query, session, deps }) =>
      rankList(deps, serviceScope(session), { ...query, measure: query.measure as RegionMeasure }),
  }),
  route({
    method: 'GET',
    url: '/region/getleftlist',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '按月趋势：专利申请、授权、走访、需求（日期范围、街道）',
    query: RegionQuery,
    handler: ({ query, session, deps }) => leftList(deps, serviceScope(session), query),
  }),
  route({
    method: 'GET',
    url: '/region/getSixList',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '六项关键指标：服务企业、有效专利、有效发明、走访、新增需求、红灯需求',
    query: RegionQuery,
    handler: ({ query, session, deps }) => sixList(deps, serviceScope(session), query),
  }),
  route({
    method: 'POST',
    url: '/region/center',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '区域（或一个街道）的关键数据、需求状态与红黄绿灯、专利最多的企业',
    readOnly: true,
    body: RegionQuery,
    handler: ({ body, session, deps }) => center(deps, serviceScope(session), body),
  }),
  route({
    method: 'POST',
    url: '/region/centerarea',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '各街道的关键数据（地图背后的表）',
    readOnly: true,
    body: RegionQuery,
    handler: ({ body, session, deps }) => centerArea(deps, serviceScope(session), body),
  }),
  route({
    method: 'POST',
    url: '/region/patent',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '专利可视化：按类型、年份、IPC 部、法律状态、街道统计，申请人排行，今年与去年授权对比',
    readOnly: true,
    body: RegionQuery,
    handler: ({ body, session, deps }) => patentStats(deps, serviceScope(session), body),
  }),
  route({
    method: 'GET',
    url: '/region/mapinfo',
    access: ['admin'],
    summary: '当前区域地图边界：来源、区域数、与街道的匹配情况',
    handler: ({ deps }) => mapInfo(deps),
  }),
  route({
    method: 'POST',
    url: '/region/mapupload',
    access: ['admin'],
    summary: '上传区域地图边界（GeoJSON FeatureCollection，每个区域 properties.name 为街道名称）',
    bodyLimit: MAP_UPLOAD_MAX_BYTES,
    body: MapUploadBody,
    handler: ({ body, session, deps }) =>
      uploadMap(deps, session?.subject === 'user' ? session.user.id : 0, { name: body.name, geojson: body.geojson }),
  }),
  route({
    method: 'POST',
    url: '/region/mapreset',
    access: ['admin'],
    summary: '恢复示例区域地图边界（删除已上传的边界）',
    handler: ({ deps }) => resetMap(deps),
  }),
];
