import { useCallback, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Skeleton } from 'antd';
import type { GeoFeatureCollection, RegionMeasure } from '@ip/contract';
import { EChart, registerMap, type EChartsCoreOption, type EChartsInstance } from '../../../components/echart';
import { boundariesQuery, mapFiguresQuery } from '../api';

/**
 * The district map (ADR 0051 §4): the streets' boundaries (fetched once per version, cached by the browser on the
 * ETag) coloured by a measure of the caller's scope; hovering shows the street's figure, clicking selects the street
 * (clicking it again clears the selection). Reusable by any page that imports ECharts lazily:
 *
 *   <DistrictMap measure="enterprises" streetId={id} onSelect={(id) => …} />
 *
 * - measure: what colours the streets (REGION_MEASURES).
 * - streetId: the selected street (highlighted), or undefined for the whole district.
 * - onSelect(street_id | undefined): a street was clicked (undefined: the selected one again, i.e. clear).
 * - dateFrom / dateTo: the range of the range-based measures (visits); default this year.
 * - height, dark: the chart's height and the big screen's dark colours.
 * The root carries data-centers: each street's centre in pixels of the chart (for browser tests that click a street).
 */
export interface DistrictMapProps {
  measure: RegionMeasure;
  streetId?: number;
  onSelect?: (streetId: number | undefined) => void;
  dateFrom?: string;
  dateTo?: string;
  height?: number | string;
  dark?: boolean;
}

const registered = new Set<string>();

/** A rough centre of a feature: the mean of its first ring's points (enough to click inside a street). */
function centreOf(geometry: GeoFeatureCollection['features'][number]['geometry']): [number, number] {
  const coords = geometry.coordinates as number[][][] | number[][][][];
  const ring = (geometry.type === 'Polygon' ? (coords as number[][][])[0] : (coords as number[][][][])[0][0]) ?? [];
  const pts = ring.slice(0, -1);
  const sum = pts.reduce((s, p) => [s[0] + p[0], s[1] + p[1]], [0, 0]);
  return [sum[0] / Math.max(pts.length, 1), sum[1] / Math.max(pts.length, 1)];
}

export function DistrictMap({ measure, streetId, onSelect, dateFrom, dateTo, height = 420, dark }: DistrictMapProps) {
  const figures = useQuery(mapFiguresQuery({ measure, date_from: dateFrom, date_to: dateTo }));
  const version = figures.data?.version;
  // The boundaries are fetched beside the figures, not after them; a second fetch only when the figures name a
  // newer map (an upload while the page is open).
  const current = useQuery(boundariesQuery());
  const newer = useQuery({
    ...boundariesQuery(version),
    enabled: !!version && !!current.data && current.data.version !== version,
  });
  const boundaries = newer.data ? newer : current;
  const root = useRef<HTMLDivElement>(null);
  const mapName = version ? `district-${version}` : '';
  const geo = boundaries.data?.version === version ? boundaries.data?.geojson : undefined;
  if (geo && mapName && !registered.has(mapName)) {
    registerMap(mapName, geo as unknown as Parameters<typeof registerMap>[1]);
    registered.add(mapName);
  }

  const streets = useMemo(() => figures.data?.streets ?? [], [figures.data]);
  const option = useMemo<EChartsCoreOption | null>(() => {
    if (!geo || !mapName) return null;
    const max = Math.max(1, ...streets.map((s) => s.value));
    const label = figures.data?.label ?? '';
    const text = dark ? '#e6f4ff' : '#1f1f1f';
    return {
      tooltip: {
        trigger: 'item',
        formatter: (p: { name: string; value?: number }) =>
          `${p.name}<br/>${label}：${Number.isFinite(p.value) ? Number(p.value).toLocaleString('zh-CN') : '无数据'}`,
      },
      visualMap: {
        min: 0,
        max,
        left: 8,
        bottom: 8,
        calculable: false,
        itemHeight: 80,
        text: ['高', '低'],
        textStyle: { color: text },
        inRange: { color: dark ? ['#0b3d91', '#1677ff', '#69b1ff', '#ffd666'] : ['#e6f4ff', '#69b1ff', '#0958d9'] },
      },
      series: [
        {
          type: 'map',
          map: mapName,
          roam: false,
          selectedMode: 'single',
          label: { show: true, color: text, fontSize: 11 },
          layoutCenter: ['50%', '50%'],
          layoutSize: '95%',
          itemStyle: { borderColor: dark ? '#91caff' : '#ffffff', borderWidth: 1 },
          emphasis: { label: { color: '#000' }, itemStyle: { areaColor: '#ffe58f' } },
          select: { label: { color: '#000' }, itemStyle: { areaColor: '#ffc53d', borderColor: '#fa8c16', borderWidth: 2 } },
          data: streets
            .filter((s) => s.on_map)
            .map((s) => ({ name: s.name, value: s.value, selected: s.street_id === streetId })),
        },
      ],
    };
  }, [geo, mapName, streets, figures.data?.label, streetId, dark]);

  const onReady = useCallback(
    (chart: EChartsInstance) => {
      if (!geo || !root.current) return;
      const centers: Record<string, [number, number]> = {};
      for (const f of geo.features) {
        const px = chart.convertToPixel({ seriesIndex: 0 }, centreOf(f.geometry)) as number[] | undefined;
        if (px) centers[f.properties.name] = [Math.round(px[0]), Math.round(px[1])];
      }
      root.current.dataset.centers = JSON.stringify(centers);
    },
    [geo],
  );
  const events = useMemo(
    () => ({
      click: (p: unknown) => {
        const name = (p as { name?: string }).name;
        const s = streets.find((x) => x.name === name);
        if (!s || !onSelect) return;
        onSelect(s.street_id === streetId ? undefined : s.street_id);
      },
    }),
    [streets, streetId, onSelect],
  );

  if (figures.isError || boundaries.isError)
    return <Alert type="error" showIcon title="地图加载失败" description="请稍后刷新页面重试" />;
  if (figures.isPending || (version && boundaries.isPending) || !option)
    return <Skeleton.Node active style={{ width: '100%', height }} aria-label="正在加载地图" />;
  if (!streets.length)
    return (
      <Empty
        // On the dark big screen antd's grey description is unreadable (contrast below 2:1): the screen's own text colour.
        description={<span style={dark ? { color: '#e6f4ff' } : undefined}>还没有街道：请管理员在系统管理中添加街道</span>}
      />
    );
  const selected = streets.find((s) => s.street_id === streetId);
  const summary = streets.map((s) => `${s.name} ${s.value}`).join('，');
  return (
    <div ref={root} data-testid="district-map" data-selected={selected?.name ?? ''} style={{ height, minHeight: 300 }}>
      <EChart
        option={option}
        height="100%"
        onEvents={events}
        onReady={onReady}
        label={`区域地图（${figures.data?.label}）：${summary}${selected ? `；已选择${selected.name}` : ''}`}
      />
    </div>
  );
}

export default DistrictMap;
