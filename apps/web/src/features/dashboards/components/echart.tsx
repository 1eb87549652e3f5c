// ECharts for the dashboards, tree-shaken to the charts they draw; imported only by the dashboard pages (their own
// lazy chunks), so no other page loads it. The SVG renderer keeps Chinese labels crisp at any width.
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

echarts.use([PieChart, BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type { EChartsCoreOption };

/** One chart; `label` is its text alternative (the list behind it holds the same figures). */
export function EChart({ option, label, height = 280 }: { option: EChartsCoreOption; label: string; height?: number }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    const node = el.current!;
    const instance = echarts.init(node, undefined, { renderer: 'svg' });
    chart.current = instance;
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
