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

/** One chart; `label` is its text alternative (the table or list beside it holds the same figures). */
export function EChart({ option, label, height = 300 }: { option: EChartsCoreOption; label: string; height?: number }) {
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
