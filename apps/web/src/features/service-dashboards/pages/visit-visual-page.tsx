import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { EChart, type EChartsCoreOption } from '../../../components/echart';
import { centerQuery, centerTypeQuery, monthsQuery, rateText, staffQuery, streetRatesQuery, streetsQuery } from '../api';
import { StatsFilterBar, useStatsFilter } from '../filters';
import '../service-dashboards.css';

const COLORS = ['#1677ff', '#52c41a', '#faad14', '#722ed1', '#eb2f96', '#13c2c2'];
const SELECTED = '#fa541c';

function Panel(props: { title: string; empty: boolean; loading: boolean; children: ReactNode; extra?: ReactNode }) {
  return (
    <Card size="small" title={props.title} extra={props.extra} style={{ height: '100%' }}>
      {props.loading ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : props.empty ? (
        <Empty description="所选范围内暂无数据" style={{ padding: '48px 0' }} />
      ) : (
        props.children
      )}
    </Card>
  );
}

/**
 * /visualization/Visit 走访可视化 (set C, ADR 0052 §4): visits and demands by street, staff and month, completion
 * within limits; a range and a street filter in the address — clicking a street's bar filters every other panel.
 */
export default function VisitVisualPage() {
  const { filter, set } = useStatsFilter();
  const all = useMemo(() => {
    const { street_id: _street, ...rest } = filter;
    void _street;
    return rest;
  }, [filter]);
  const center = useQuery(centerQuery(filter));
  const streets = useQuery(streetsQuery(all));
  const rates = useQuery(streetRatesQuery(all));
  const months = useQuery(monthsQuery(filter));
  const staff = useQuery(staffQuery(filter));
  const types = useQuery(centerTypeQuery(filter));
  const c = center.data;
  const selected = filter.street_id;
  const streetList = streets.data?.list ?? [];
  const selectedName = streetList.find((s) => s.street_id === selected)?.street_name;
  const error = [center, streets, rates, months, staff, types].find((q) => q.isError)?.error;

  const options = useMemo(() => {
    const barColor = (id: number) => (selected && id === selected ? SELECTED : undefined);
    const sl = streets.data?.list ?? [];
    const rl = rates.data?.list ?? [];
    const ml = months.data?.list ?? [];
    const st = staff.data?.list ?? [];
    const ty = types.data;
    return {
      streets: {
        color: COLORS,
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        legend: { top: 0 },
        grid: { left: 40, right: 16, top: 32, bottom: 56 },
        xAxis: {
          type: 'category',
          data: sl.map((s) => s.street_name),
          axisLabel: { interval: 0, rotate: sl.length > 6 ? 30 : 0 },
        },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          {
            name: '走访次数',
            type: 'bar',
            data: sl.map((s) => ({ value: s.visits, itemStyle: { color: barColor(s.street_id) } })),
          },
          { name: '登记需求', type: 'bar', data: sl.map((s) => s.demands) },
          { name: '红灯需求', type: 'bar', data: sl.map((s) => s.red_demands), itemStyle: { color: '#ff4d4f' } },
        ],
      } as EChartsCoreOption,
      rates: {
        color: ['#52c41a'],
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => `${v}%` },
        grid: { left: 44, right: 16, top: 16, bottom: 56 },
        xAxis: {
          type: 'category',
          data: rl.map((s) => s.street_name),
          axisLabel: { interval: 0, rotate: rl.length > 6 ? 30 : 0 },
        },
        yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
        series: [
          {
            name: '按时办理率',
            type: 'bar',
            label: { show: true, position: 'top', formatter: '{c}%' },
            data: rl.map((s) => ({ value: s.on_time_rate ?? 0, itemStyle: { color: barColor(s.street_id) } })),
          },
        ],
      } as EChartsCoreOption,
      months: {
        color: COLORS,
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 40, right: 16, top: 32, bottom: 28 },
        xAxis: { type: 'category', data: ml.map((m) => m.month) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { name: '走访', type: 'line', smooth: true, data: ml.map((m) => m.visits) },
          { name: '登记需求', type: 'line', smooth: true, data: ml.map((m) => m.demands) },
          { name: '已办理', type: 'line', smooth: true, data: ml.map((m) => m.handled) },
          { name: '按时办理', type: 'line', smooth: true, data: ml.map((m) => m.on_time) },
        ],
      } as EChartsCoreOption,
      staff: {
        color: COLORS,
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        legend: { top: 0 },
        grid: { left: 90, right: 16, top: 32, bottom: 24 },
        xAxis: { type: 'value', minInterval: 1 },
        yAxis: { type: 'category', inverse: true, data: st.map((s) => s.name), axisLabel: { width: 80, overflow: 'truncate' } },
        series: [
          { name: '已走访', type: 'bar', data: st.map((s) => s.visits) },
          { name: '待走访', type: 'bar', data: st.map((s) => s.plans) },
          { name: '已办理需求', type: 'bar', data: st.map((s) => s.handled) },
        ],
      } as EChartsCoreOption,
      demands: {
        color: ['#1677ff', '#722ed1', '#faad14', '#13c2c2', '#52c41a'],
        tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
        legend: { bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: ['38%', '64%'],
            center: ['50%', '42%'],
            label: { formatter: '{b}\n{c}' },
            data: (ty?.demands_by_status ?? []).filter((x) => x.count > 0).map((x) => ({ name: x.label, value: x.count })),
          },
        ],
      } as EChartsCoreOption,
    };
  }, [streets.data, rates.data, months.data, staff.data, types.data, selected]);

  const onStreet = (p: { dataIndex: number }) => {
    const s = streetList[p.dataIndex];
    if (s) set({ street_id: s.street_id === selected ? undefined : s.street_id });
  };
  const sumMonths = (months.data?.list ?? []).reduce((a, m) => a + m.visits + m.demands + m.handled, 0);
  const ty = types.data;

  return (
    <div className="svc-dash">
      <Card
        title="走访可视化"
        extra={<Link to={`/datapage${window.location.search}`}>数据明细</Link>}
        styles={{ body: { paddingTop: 12 } }}
      >
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <StatsFilterBar filter={filter} set={set} shown={c} />
          <Typography.Text type="secondary">
            统计范围：{c ? `${c.date_from} 至 ${c.date_to}` : '—'}（北京时间）
            {selectedName && (
              <>
                {' '}
                · 当前街道：
                <Tag color="orange" closable onClose={() => set({ street_id: undefined })} style={{ marginInlineStart: 4 }}>
                  {selectedName}
                </Tag>
              </>
            )}
            。点击「按街道统计」中的柱子可按街道筛选全部图表。
          </Typography.Text>
          {error && <Alert type="error" showIcon title="数据加载失败" description={error.message} />}
          {c ? (
            <Row gutter={[12, 12]} data-testid="visit-figures">
              {[
                { title: '服务企业', value: `${c.enterprises}` },
                { title: '已走访', value: `${c.visits}` },
                { title: '登记需求', value: `${c.demands}` },
                { title: '已办理需求', value: `${c.handled}` },
                { title: '按时办理率', value: rateText(c.on_time_rate) },
                { title: '红灯需求（当前）', value: `${c.red_demands}` },
              ].map((f) => (
                <Col key={f.title} xs={12} md={8} xl={4}>
                  <Card size="small">
                    <Statistic title={f.title} value={f.value} />
                  </Card>
                </Col>
              ))}
            </Row>
          ) : (
            !center.isError && <Skeleton active paragraph={{ rows: 1 }} />
          )}
        </Space>
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={12}>
          <Panel
            title="按街道统计"
            loading={streets.isPending}
            empty={streetList.length === 0}
            extra={
              selected ? (
                <Button size="small" onClick={() => set({ street_id: undefined })}>
                  全部街道
                </Button>
              ) : undefined
            }
          >
            <EChart
              height={300}
              option={options.streets}
              onClick={onStreet}
              label={`按街道统计：${streetList.map((s) => `${s.street_name} 走访 ${s.visits} 次、需求 ${s.demands} 件`).join('；')}`}
            />
          </Panel>
        </Col>
        <Col xs={24} xl={12}>
          <Panel title="各街道按时办理率" loading={rates.isPending} empty={(rates.data?.list ?? []).length === 0}>
            <EChart
              height={300}
              option={options.rates}
              onClick={(p) => {
                const s = rates.data?.list[p.dataIndex];
                if (s) set({ street_id: s.street_id === selected ? undefined : s.street_id });
              }}
              label={`各街道按时办理率：${(rates.data?.list ?? [])
                .map((s) => `${s.street_name} ${rateText(s.on_time_rate)}（办理 ${s.handled} 件）`)
                .join('；')}`}
            />
          </Panel>
        </Col>
        <Col xs={24} xl={12}>
          <Panel
            title={`按月趋势${selectedName ? `（${selectedName}）` : ''}`}
            loading={months.isPending}
            empty={sumMonths === 0}
          >
            <EChart
              height={300}
              option={options.months}
              label={`按月趋势：${(months.data?.list ?? []).map((m) => `${m.month} 走访 ${m.visits} 次`).join('；')}`}
            />
          </Panel>
        </Col>
        <Col xs={24} xl={12}>
          <Panel
            title={`按人员统计${selectedName ? `（${selectedName}）` : ''}`}
            loading={staff.isPending}
            empty={(staff.data?.list ?? []).length === 0}
          >
            <EChart
              height={300}
              option={options.staff}
              label={`按人员统计：${(staff.data?.list ?? []).map((s) => `${s.name} 走访 ${s.visits} 次`).join('；')}`}
            />
          </Panel>
        </Col>
        <Col xs={24} xl={12}>
          <Panel
            title={`需求状态${selectedName ? `（${selectedName}）` : ''}`}
            loading={types.isPending}
            empty={!ty || ty.demands_by_status.every((x) => x.count === 0)}
          >
            <EChart
              height={300}
              option={options.demands}
              label={`需求状态：${(ty?.demands_by_status ?? []).map((x) => `${x.label} ${x.count} 件`).join('，')}`}
            />
          </Panel>
        </Col>
        <Col xs={24} xl={12}>
          <Panel title={`当前亮灯${selectedName ? `（${selectedName}）` : ''}`} loading={types.isPending} empty={false}>
            {ty && (
              <Row gutter={[12, 12]}>
                {(
                  [
                    ['red', '红灯·已超期', '#cf1322'],
                    ['yellow', '黄灯·即将到期', '#ad6800'],
                    ['green', '绿灯·正常', '#237804'],
                  ] as const
                ).map(([k, label, color]) => (
                  <Col key={k} xs={8}>
                    <Link
                      to={`/workWaitvisit3?light=${k}${selected ? `&street_id=${selected}` : ''}`}
                      aria-label={`${label} ${ty.lights[k]} 件`}
                    >
                      <Card size="small" hoverable>
                        <Statistic title={label} value={ty.lights[k]} styles={{ content: { color } }} />
                      </Card>
                    </Link>
                  </Col>
                ))}
                <Col xs={24}>
                  <Typography.Text type="secondary">
                    需求类型：
                    {ty.demands_by_label.length
                      ? ty.demands_by_label.map((l) => `${l.name} ${l.count} 件`).join('，')
                      : '所选范围内暂无需求'}
                  </Typography.Text>
                </Col>
              </Row>
            )}
          </Panel>
        </Col>
      </Row>
    </div>
  );
}
