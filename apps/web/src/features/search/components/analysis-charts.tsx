// Loaded only when 分析 opens: ECharts is tree-shaken to the three chart types and the components used here.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Segmented, Skeleton } from 'antd';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';
import { trendQuery, type FacetBucket, type FacetKey, type SearchQuery } from '../api';
import { bucketsOf, yearSeries } from '../trend-data';

echarts.use([PieChart, BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

const STATUS_COLORS: Record<string, string> = { 审中: '#1677ff', 有权: '#52c41a', 无权: '#bfbfbf' };

function summary(title: string, buckets: FacetBucket[]): string {
  if (!buckets.length) return `${title}：暂无数据`;
  return `${title}：${buckets
    .slice(0, 10)
    .map((b) => `${b.value} ${b.count}`)
    .join('，')}`;
}

/** One chart; the SVG renderer keeps it crisp and lets it render without a canvas. */
function EChart({ option, label, height = 300 }: { option: EChartsCoreOption; label: string; height?: number }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const node = el.current!;
    const instance = echarts.init(node, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(node);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={el} role="img" aria-label={label} style={{ width: '100%', height }} />;
}

function ChartCard({
  title,
  loading,
  buckets,
  extra,
  option,
}: {
  title: string;
  loading: boolean;
  buckets: FacetBucket[];
  extra?: React.ReactNode;
  option: EChartsCoreOption;
}) {
  return (
    <Card size="small" title={title} extra={extra}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : buckets.length === 0 ? (
        <Empty description="暂无数据" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <EChart option={option} label={summary(title, buckets)} />
      )}
    </Card>
  );
}

function useTrend(kind: Parameters<typeof trendQuery>[0], query: SearchQuery, keys: string[], fallback: FacetBucket[]) {
  const q = useQuery(trendQuery(kind, query));
  const buckets = useMemo(() => {
    const fromServer = bucketsOf(q.data, keys);
    // When a trend call is missing or fails, the facets of the result page (also over the whole set) stand in.
    return fromServer.length ? fromServer : q.isError || q.isSuccess ? fallback : [];
  }, [q.data, q.isError, q.isSuccess, keys, fallback]);
  return { buckets, loading: q.isPending, raw: q.data };
}

const LAW_KEYS = ['legal_status', 'law', 'status'];
const PATENT_KEYS = ['type', 'patent_type'];
const COMPANY_KEYS = ['applicant', 'applicants', 'company'];
const TIMES_KEYS = ['app_year', 'year', 'years', 'times'];

type Dimension = 'type' | 'ipc_section' | 'ipc_class';
const DIMENSION_LABEL: Record<Dimension, string> = { type: '专利类型', ipc_section: 'IPC 部', ipc_class: 'IPC 大类' };

/** The four charts of 分析: legal status, type / IPC, top applicants, application years. */
export default function AnalysisCharts({
  query,
  facets,
}: {
  query: SearchQuery;
  facets: Partial<Record<FacetKey, FacetBucket[]>>;
}) {
  const law = useTrend('trend_law', query, LAW_KEYS, facets.legal_status ?? []);
  const patent = useTrend('trend_patent', query, PATENT_KEYS, facets.type ?? []);
  const company = useTrend('trend_company', query, COMPANY_KEYS, facets.applicant ?? []);
  const times = useTrend('trend_times', query, TIMES_KEYS, facets.app_year ?? []);
  const [dimension, setDimension] = useState<Dimension>('type');

  const dimensionBuckets: Record<Dimension, FacetBucket[]> = {
    type: patent.buckets,
    ipc_section: bucketsOf(patent.raw, ['ipc_section', 'ipc']).length
      ? bucketsOf(patent.raw, ['ipc_section', 'ipc'])
      : (facets.ipc_section ?? []),
    ipc_class: bucketsOf(patent.raw, ['ipc_class']).length ? bucketsOf(patent.raw, ['ipc_class']) : (facets.ipc_class ?? []),
  };
  const dims = (Object.keys(DIMENSION_LABEL) as Dimension[]).filter((d) => d === 'type' || dimensionBuckets[d].length);
  const barBuckets = dimensionBuckets[dimension];
  const years = yearSeries(times.buckets);
  const applicants = company.buckets.slice(0, 10);

  const lawOption: EChartsCoreOption = {
    tooltip: { trigger: 'item', formatter: '{b}：{c} 件（{d}%）' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        data: law.buckets.map((b) => ({
          name: b.value,
          value: b.count,
          itemStyle: { color: Object.hasOwn(STATUS_COLORS, b.value) ? STATUS_COLORS[b.value] : undefined },
        })),
        label: { formatter: '{b} {d}%' },
      },
    ],
  };
  const barOption: EChartsCoreOption = {
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 16, top: 16, bottom: 40 },
    xAxis: {
      type: 'category',
      data: barBuckets.map((b) => b.value),
      axisLabel: { interval: 0, rotate: barBuckets.length > 6 ? 30 : 0 },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', name: '专利数', data: barBuckets.map((b) => b.count), itemStyle: { color: '#1677ff' }, barMaxWidth: 48 },
    ],
  };
  const applicantOption: EChartsCoreOption = {
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      inverse: true,
      data: applicants.map((b) => b.value),
      axisLabel: { width: 140, overflow: 'truncate' },
    },
    series: [
      { type: 'bar', name: '专利数', data: applicants.map((b) => b.count), itemStyle: { color: '#13c2c2' }, barMaxWidth: 24 },
    ],
  };
  const yearOption: EChartsCoreOption = {
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 16, top: 16, bottom: 32 },
    xAxis: { type: 'category', data: years.map((b) => b.value), boundaryGap: false },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'line', name: '申请量', data: years.map((b) => b.count), smooth: false, areaStyle: { opacity: 0.15 } }],
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <ChartCard title="法律状态分布" loading={law.loading} buckets={law.buckets} option={lawOption} />
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard
          title={`${DIMENSION_LABEL[dimension]}分布`}
          loading={patent.loading}
          buckets={barBuckets}
          option={barOption}
          extra={
            dims.length > 1 ? (
              <Segmented
                size="small"
                value={dimension}
                onChange={(v) => setDimension(v as Dimension)}
                options={dims.map((d) => ({ value: d, label: DIMENSION_LABEL[d] }))}
              />
            ) : undefined
          }
        />
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard title="申请人排名（前 10）" loading={company.loading} buckets={applicants} option={applicantOption} />
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard title="申请量年度趋势" loading={times.loading} buckets={years} option={yearOption} />
      </Col>
    </Row>
  );
}
