// The five-year forecast as a bar chart by month: ECharts tree-shaken to the bar chart and its components, SVG.
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Skeleton, Typography } from 'antd';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { FeeForecast } from '@ip/contract';
import { feeForecastQuery } from '../api';
import { yuan } from './fee-state-tag';

echarts.use([BarChart, GridComponent, TooltipComponent, DataZoomComponent, SVGRenderer]);

function Chart({ data }: { data: FeeForecast }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = el.current!;
    const chart = echarts.init(node, undefined, { renderer: 'svg' });
    chart.setOption({
      grid: { left: 64, right: 16, top: 24, bottom: 64 },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: unknown) => yuan(Number(v)),
      },
      xAxis: { type: 'category', data: data.months.map((m) => m.month) },
      yAxis: { type: 'value', name: '元' },
      dataZoom: [{ type: 'slider', start: 0, end: 40, height: 18, bottom: 8 }],
      series: [{ type: 'bar', name: '应缴年费', data: data.months.map((m) => m.amount), itemStyle: { color: '#0958d9' } }],
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(node);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [data]);
  return <div ref={el} style={{ width: '100%', height: 300 }} />;
}

/** 未来五年年费预测: the chart, plus the yearly totals as text (what a screen reader reads). */
export function ForecastChart() {
  const q = useQuery(feeForecastQuery());
  if (q.isPending) return <Skeleton active aria-label="正在加载年费预测" />;
  if (q.isError) return <Alert type="error" showIcon title="年费预测加载失败" description={q.error.message} />;
  if (q.data.total === 0) return <Empty description="未来五年没有待缴年费" />;
  const summary = q.data.years.map((y) => `${y.year} 年 ${yuan(y.amount)}`).join('，');
  return (
    <figure style={{ margin: 0 }} aria-label={`未来五年年费预测，合计 ${yuan(q.data.total)}：${summary}`}>
      <Chart data={q.data} />
      <Typography.Paragraph style={{ marginTop: 8, color: 'rgba(0, 0, 0, 0.65)' }}>
        合计 {yuan(q.data.total)}（{summary}）
      </Typography.Paragraph>
    </figure>
  );
}
