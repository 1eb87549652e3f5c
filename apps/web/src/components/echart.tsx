// ECharts tree-shaken to the chart types the monitoring and statistics pages draw; the SVG renderer keeps charts and
// their Chinese labels crisp without a canvas. Imported only by those pages (their own lazy chunks).
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

echarts.use([PieChart, BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type { EChartsCoreOption };

/** What a click on a chart's item (a bar, a slice) tells `onClick`. */
export interface EChartClick {
  name: string;
  dataIndex: number;
  seriesName?: string;
}

/**
 * One chart; `label` is its text alternative (the table or list beside it holds the same figures). `onClick`, when
 * given, hears clicks on items (a page that uses it offers the same choice by keyboard elsewhere, e.g. a select).
 */
export function EChart({
  option,
  label,
  height = 300,
  onClick,
}: {
  option: EChartsCoreOption;
  label: string;
  height?: number;
  onClick?: (p: EChartClick) => void;
}) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const click = useRef(onClick);
  useEffect(() => {
    click.current = onClick;
  }, [onClick]);
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
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  return <div ref={el} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
