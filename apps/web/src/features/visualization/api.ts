import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  MapInfo,
  RegionBoundaries,
  RegionCenter,
  RegionCenterArea,
  RegionLeftList,
  RegionMapFigures,
  RegionMeasure,
  RegionPatentStats,
  RegionQuery,
  RegionRankList,
  RegionSixList,
} from '@ip/contract';
import { get, post } from '../../api/http';

// The district map and dashboards (/visualization, /visualization/Patent; ADR 0051).

/** Refresh of the big screen (ms). */
export const DASHBOARD_REFRESH_MS = 60_000;

const live = { placeholderData: keepPreviousData, refetchInterval: DASHBOARD_REFRESH_MS } as const;

/**
 * GET /v1/region/getmap?part=boundaries: the GeoJSON (the server answers 304 on its ETag). Without a version: the
 * current map, fetched at once beside the figures rather than after them; with one: that version, fetched only when
 * the figures name a newer map than the one first fetched (an upload while the page is open). Kept for the session.
 */
export const boundariesQuery = (version?: string) =>
  queryOptions({
    queryKey: ['region', 'boundaries', version ?? 'current'],
    queryFn: () => get<RegionBoundaries>('/v1/region/getmap', { part: 'boundaries' }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const mapFiguresQuery = (q: RegionQuery & { measure: RegionMeasure }) =>
  queryOptions({
    queryKey: ['region', 'map', q],
    queryFn: () => get<RegionMapFigures>('/v1/region/getmap', { ...q, street_id: undefined }),
    ...live,
  });

export const sixListQuery = (q: RegionQuery) =>
  queryOptions({ queryKey: ['region', 'six', q], queryFn: () => get<RegionSixList>('/v1/region/getSixList', q), ...live });

export const leftListQuery = (q: RegionQuery) =>
  queryOptions({ queryKey: ['region', 'left', q], queryFn: () => get<RegionLeftList>('/v1/region/getleftlist', q), ...live });

export const rankListQuery = (q: RegionQuery & { measure: RegionMeasure }) =>
  queryOptions({
    queryKey: ['region', 'rank', q],
    queryFn: () => get<RegionRankList>('/v1/region/rankList_two', { ...q, street_id: undefined }),
    ...live,
  });

export const centerQuery = (q: RegionQuery) =>
  queryOptions({ queryKey: ['region', 'center', q], queryFn: () => post<RegionCenter>('/v1/region/center', q), ...live });

export const centerAreaQuery = (q: RegionQuery) =>
  queryOptions({
    queryKey: ['region', 'centerarea', q],
    queryFn: () => post<RegionCenterArea>('/v1/region/centerarea', { ...q, street_id: undefined }),
    ...live,
  });

export const patentStatsQuery = (q: RegionQuery) =>
  queryOptions({
    queryKey: ['region', 'patent', q],
    queryFn: () => post<RegionPatentStats>('/v1/region/patent', q),
    placeholderData: keepPreviousData,
  });

/** Administrator: the current boundaries and their match with the streets. */
export const mapInfoQuery = () =>
  queryOptions({ queryKey: ['region', 'mapinfo'], queryFn: () => get<MapInfo>('/v1/region/mapinfo') });
export const uploadMap = (name: string, geojson: unknown) => post<MapInfo>('/v1/region/mapupload', { name, geojson });
export const resetMap = () => post<MapInfo>('/v1/region/mapreset');
