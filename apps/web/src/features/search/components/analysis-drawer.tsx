import { Suspense, lazy } from 'react';
import { Drawer, Grid, Typography } from 'antd';
import { PageSpin } from '../../../components/page-spin';
import type { FacetBucket, FacetKey, SearchQuery } from '../api';

// ECharts is fetched only when 分析 first opens (its own chunk, never in the initial bundle).
const AnalysisCharts = lazy(() => import('./analysis-charts'));

/** 分析: four charts over the whole result set, in a drawer. */
export function AnalysisDrawer({
  open,
  onClose,
  query,
  facets,
  total,
}: {
  open: boolean;
  onClose: () => void;
  query: SearchQuery;
  facets: Partial<Record<FacetKey, FacetBucket[]>>;
  total: number;
}) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer title="检索结果分析" open={open} onClose={onClose} size={screens.lg === false ? '100%' : 960} destroyOnHidden>
      <Typography.Paragraph type="secondary">共 {total.toLocaleString('zh-CN')} 条结果的统计分析。</Typography.Paragraph>
      {open && (
        <Suspense fallback={<PageSpin label="图表加载中…" />}>
          <AnalysisCharts query={query} facets={facets} />
        </Suspense>
      )}
    </Drawer>
  );
}
