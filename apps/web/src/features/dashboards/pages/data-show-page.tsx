import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, DatePicker, Empty, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { USER_KIND_LABELS, USER_KINDS, type StatTable, type StatsOverview } from '@ip/contract';
import { statsOverviewQuery } from '../api';
import { EChart, type EChartsCoreOption } from '../../../components/echart';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const COLORS = ['#1677ff', '#52c41a', '#faad14', '#722ed1', '#eb2f96'];

/** The link to the list behind a chart, for the same range. */
function listLink(table: StatTable, d: StatsOverview | undefined) {
  const q = new URLSearchParams({ table });
  if (d) {
    q.set('date_from', d.date_from);
    q.set('date_to', d.date_to);
  }
  return `/dataShow/newList?${q.toString()}`;
}

function ChartCard(props: {
  title: string;
  table: StatTable;
  data?: StatsOverview;
  empty: boolean;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <Card
      size="small"
      title={props.title}
      extra={
        <Space size="middle">
          {props.extra}
          <Link to={listLink(props.table, props.data)} aria-label={`查看明细（${props.title}）`}>
            查看明细
          </Link>
        </Space>
      }
      style={{ height: '100%' }}
    >
      {props.empty ? <Empty description="所选日期范围内暂无数据" style={{ padding: '48px 0' }} /> : props.children}
    </Card>
  );
}

const shortDay = (d: string) => d.slice(5);

function lineOption(days: string[], series: { name: string; data: number[] }[]): EChartsCoreOption {
  return {
    color: COLORS,
    tooltip: { trigger: 'axis' },
    legend: series.length > 1 ? { top: 0 } : undefined,
    grid: { left: 40, right: 16, top: series.length > 1 ? 32 : 16, bottom: 28 },
    xAxis: { type: 'category', data: days.map(shortDay) },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((s) => ({ ...s, type: 'line', smooth: true, showSymbol: days.length <= 31 })),
  };
}

/** /dataShow (统计概览): the administrator's figures for a date range, each chart linking to the list behind it. */
export default function DataShowPage() {
  const [params, setParams] = useSearchParams();
  const from = params.get('date_from') ?? '';
  const to = params.get('date_to') ?? '';
  const range = useMemo(() => (DAY.test(from) && DAY.test(to) ? { date_from: from, date_to: to } : {}), [from, to]);
  const q = useQuery(statsOverviewQuery(range));
  const d = q.data;

  const setRange = (v: [Dayjs | null, Dayjs | null] | null) => {
    const next = new URLSearchParams(params);
    if (v?.[0] && v[1]) {
      next.set('date_from', v[0].format('YYYY-MM-DD'));
      next.set('date_to', v[1].format('YYYY-MM-DD'));
    } else {
      next.delete('date_from');
      next.delete('date_to');
    }
    setParams(next);
  };

  const options = useMemo(() => {
    if (!d) return null;
    const days = d.searches.per_day.map((x) => x.day);
    return {
      users: {
        color: COLORS,
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 40, right: 16, top: 40, bottom: 28 },
        xAxis: { type: 'category', data: d.users.by_month.map((m) => m.month) },
        yAxis: { type: 'value', minInterval: 1 },
        series: USER_KINDS.map((k) => ({
          name: USER_KIND_LABELS[k],
          type: 'bar',
          stack: 'users',
          data: d.users.by_month.map((m) => m[k]),
        })),
      } as EChartsCoreOption,
      verifications: {
        color: ['#faad14', '#52c41a', '#ff4d4f'],
        tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
        legend: { bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: ['40%', '68%'],
            center: ['50%', '45%'],
            label: { formatter: '{b}\n{c}' },
            data: [
              { name: '待审核', value: d.verifications.pending },
              { name: '已通过', value: d.verifications.approved },
              { name: '已驳回', value: d.verifications.rejected },
            ],
          },
        ],
      } as EChartsCoreOption,
      searches: lineOption(days, [{ name: '检索次数', data: d.searches.per_day.map((x) => x.count) }]),
      terms: {
        color: COLORS,
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        grid: { left: 130, right: 24, top: 8, bottom: 24 },
        xAxis: { type: 'value', minInterval: 1 },
        yAxis: {
          type: 'category',
          inverse: true,
          data: d.searches.top_terms.map((t) => t.term),
          axisLabel: { width: 116, overflow: 'truncate' },
        },
        series: [{ name: '检索次数', type: 'bar', data: d.searches.top_terms.map((t) => t.count) }],
      } as EChartsCoreOption,
      activity: lineOption(days, [
        { name: '登录', data: d.logins.per_day.map((x) => x.count) },
        { name: '导出', data: d.exports.per_day.map((x) => x.count) },
      ]),
      companies: {
        color: ['#13c2c2', '#1677ff', '#722ed1'],
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        legend: { top: 0 },
        grid: { left: 150, right: 24, top: 32, bottom: 24 },
        xAxis: { type: 'value', minInterval: 1 },
        yAxis: {
          type: 'category',
          inverse: true,
          data: d.active_companies.top.map((c) => c.company_name),
          axisLabel: { width: 136, overflow: 'truncate' },
        },
        series: (['logins', 'searches', 'exports'] as const).map((k, i) => ({
          name: ['登录', '检索', '导出'][i],
          type: 'bar',
          stack: 'actions',
          data: d.active_companies.top.map((c) => c[k]),
        })),
      } as EChartsCoreOption,
    };
  }, [d]);

  const value: [Dayjs, Dayjs] | null = d ? [dayjs(d.date_from), dayjs(d.date_to)] : null;
  const today = dayjs();
  return (
    <Card
      title="统计概览"
      extra={
        <DatePicker.RangePicker
          aria-label="统计日期范围"
          placeholder={['开始日期', '结束日期']}
          allowClear={false}
          value={value}
          onChange={setRange}
          presets={[
            { label: '近 7 天', value: [today.subtract(6, 'day'), today] },
            { label: '近 30 天', value: [today.subtract(29, 'day'), today] },
            { label: '近 90 天', value: [today.subtract(89, 'day'), today] },
            { label: '本年', value: [today.startOf('year'), today] },
          ]}
        />
      }
    >
      {q.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title="统计数据加载失败" description={q.error.message} />
      )}
      {!d || !options ? (
        q.isError ? null : (
          <Skeleton active paragraph={{ rows: 8 }} />
        )
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            统计范围：{d.date_from} 至 {d.date_to}（北京时间）。点击「查看明细」查看图表背后的数据并导出 Excel。
          </Typography.Paragraph>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            {[
              { title: '新增用户', value: d.users.total, table: 'users' as const },
              { title: '认证申请', value: d.verifications.total, table: 'verifications' as const },
              { title: '检索次数', value: d.searches.total, table: 'searches' as const },
              { title: '导出次数', value: d.exports.total, table: 'exports' as const },
              { title: '登录次数', value: d.logins.total, table: 'logins' as const },
              { title: '活跃企业', value: d.active_companies.count, table: 'companies' as const },
            ].map((s) => (
              <Col key={s.table} xs={12} sm={8} xl={4}>
                <Card size="small">
                  <Link to={listLink(s.table, d)} aria-label={`${s.title} ${s.value}，查看明细`} style={{ color: 'inherit' }}>
                    <Statistic title={s.title} value={s.value} />
                  </Link>
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <ChartCard title="新增用户（按月、类型）" table="users" data={d} empty={d.users.total === 0}>
                <EChart height={280} option={options.users} label={`新增用户共 ${d.users.total} 人`} />
              </ChartCard>
            </Col>
            <Col xs={24} lg={12}>
              <ChartCard
                title="认证申请"
                table="verifications"
                data={d}
                empty={d.verifications.total === 0}
                extra={
                  <Typography.Text type="secondary">
                    审核用时中位数：{d.verifications.median_hours === null ? '—' : `${d.verifications.median_hours} 小时`}
                  </Typography.Text>
                }
              >
                <EChart
                  height={280}
                  option={options.verifications}
                  label={`认证申请 ${d.verifications.total} 件：待审核 ${d.verifications.pending}，已通过 ${d.verifications.approved}，已驳回 ${d.verifications.rejected}`}
                />
              </ChartCard>
            </Col>
            <Col xs={24} lg={12}>
              <ChartCard title="每日检索次数" table="searches" data={d} empty={d.searches.total === 0}>
                <EChart height={280} option={options.searches} label={`检索 ${d.searches.total} 次，${d.searches.users} 人`} />
              </ChartCard>
            </Col>
            <Col xs={24} lg={12}>
              <ChartCard title="热门检索词" table="terms" data={d} empty={d.searches.top_terms.length === 0}>
                <EChart
                  height={280}
                  option={options.terms}
                  label={`热门检索词：${d.searches.top_terms.map((t) => `${t.term} ${t.count} 次`).join('，')}`}
                />
              </ChartCard>
            </Col>
            <Col xs={24} lg={12}>
              <ChartCard
                title="每日登录与导出"
                table="logins"
                data={d}
                empty={d.logins.total === 0 && d.exports.total === 0}
                extra={
                  <Link to={listLink('exports', d)} aria-label="导出明细（每日导出次数）">
                    导出明细
                  </Link>
                }
              >
                <EChart
                  height={280}
                  option={options.activity}
                  label={`登录 ${d.logins.total} 次（${d.logins.users} 人），导出 ${d.exports.total} 次`}
                />
              </ChartCard>
            </Col>
            <Col xs={24} lg={12}>
              <ChartCard title="活跃企业 Top 10" table="companies" data={d} empty={d.active_companies.count === 0}>
                <EChart
                  height={280}
                  option={options.companies}
                  label={`活跃企业 ${d.active_companies.count} 家：${d.active_companies.top.map((c) => c.company_name).join('，')}`}
                />
              </ChartCard>
            </Col>
          </Row>
        </>
      )}
    </Card>
  );
}
