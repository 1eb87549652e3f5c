// ECharts tree-shaken to the chart types the monitoring, statistics and district pages draw; the SVG renderer keeps
// charts and their Chinese labels crisp without a canvas. Imported only by those pages (their own lazy chunks).
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, MapChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

echarts.use([
  PieChart,
  BarChart,
  LineChart,
  MapChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  SVGRenderer,
]);

export type { EChartsCoreOption };
export type EChartsInstance = echarts.ECharts;
/** Registers a GeoJSON map under a name for `series: [{ type: 'map', map: name }]` (ADR 0051). */
export const registerMap = echarts.registerMap;

/**
 * The option with each legend on one line that pages (ECharts' `scroll` legend) when its items do not fit, unless the
 * option names a type itself. A plain legend wraps, and its extra rows lie over the plot, whose top the options fix
 * for one row: on a phone the five items of /dataShow's 新增用户 chart took three rows over the bars.
 */
export function pagedLegend(option: EChartsCoreOption): EChartsCoreOption {
  const legend = option.legend as Record<string, unknown> | Record<string, unknown>[] | undefined;
  if (!legend) return option;
  const paged = (l: Record<string, unknown>) => ('type' in l ? l : { type: 'scroll', ...l });
  return { ...option, legend: Array.isArray(legend) ? legend.map(paged) : paged(legend) };
}

/** What a click on a chart's item (a bar, a slice) tells `onClick`. */
export interface EChartClick {
  name: string;
  dataIndex: number;
  seriesName?: string;
}

/**
 * One chart; `label` is its text alternative (the table or list beside it holds the same figures). `onClick`, when
 * given, hears clicks on items (a page that uses it offers the same choice by keyboard elsewhere, e.g. a select).
 * `onEvents` binds other chart events by name; `onReady` receives the instance (tests and pages that dispatch actions).
 */
export function EChart({
  option,
  label,
  height = 300,
  onClick,
  onEvents,
  onReady,
}: {
  option: EChartsCoreOption;
  label: string;
  height?: number | string;
  onClick?: (p: EChartClick) => void;
  onEvents?: Record<string, (params: unknown) => void>;
  onReady?: (chart: echarts.ECharts) => void;
}) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const events = useRef(onEvents);
  const click = useRef(onClick);
  useEffect(() => {
    events.current = onEvents;
    click.current = onClick;
  }, [onEvents, onClick]);
  useEffect(() => {
    const node = el.current!;
    const instance = echarts.init(node, undefined, { renderer: 'svg' });
    chart.current = instance;
    instance.on('click', (p) => click.current?.({ name: p.name, dataIndex: p.dataIndex, seriesName: p.seriesName }));
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  const names = Object.keys(onEvents ?? {}).join(',');
  useEffect(() => {
    const instance = chart.current;
    if (!instance || !names) return;
    const bound = names.split(',').map((name) => {
      const handler = (p: unknown) => events.current?.[name]?.(p);
      instance.on(name, handler);
      return [name, handler] as const;
    });
    return () => {
      for (const [name, handler] of bound) instance.off(name, handler);
    };
  }, [names]);
  useEffect(() => {
    chart.current?.setOption(pagedLegend(option), true);
    if (chart.current && onReady) onReady(chart.current);
    // onReady is called after each new option, with the instance drawn
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [option]);
  return <div ref={el} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
