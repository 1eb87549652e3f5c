// /report 月度专利报告 (issue 10, ADR 0030): the company's reports by month, the selected one shown with charts and
// tables, 生成报告 for a month (a job: its progress is shown) and 下载 PDF.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  List,
  Progress,
  Row,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { DownloadOutlined, FileTextOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';
import {
  REPORT_SECTIONS,
  REPORT_STATUS_LABELS,
  type ReportData,
  type ReportFeeItem,
  type ReportPatentItem,
  type ReportSummary,
} from '@ip/contract';
import { notify } from '../../../lib/notify';
import { jobStatusCall } from '../../search/api';
import { downloadReport, generateReportCall, reportDetailQuery, reportListQuery } from '../api';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

const monthLabel = (m: string) => `${m.slice(0, 4)}年${Number(m.slice(5, 7))}月`;
const money = (n: number) => `¥${n.toLocaleString('zh-CN')}`;
const STATUS_COLORS: Record<string, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };

function EChart({ option, label }: { option: EChartsCoreOption; label: string }) {
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
  return <div ref={el} role="img" aria-label={label} style={{ width: '100%', height: 260 }} />;
}

const bar = (labels: string[], series: { name: string; data: number[] }[]): EChartsCoreOption => ({
  tooltip: { trigger: 'axis' },
  legend: series.length > 1 ? { top: 0 } : undefined,
  grid: { left: 40, right: 12, top: series.length > 1 ? 30 : 12, bottom: 24, containLabel: true },
  xAxis: { type: 'category', data: labels },
  yAxis: { type: 'value', minInterval: 1 },
  series: series.map((s) => ({ type: 'bar', name: s.name, data: s.data, barMaxWidth: 28 })),
});

const patentColumns = (dateTitle: string, withReason = false) => [
  { title: '申请号', dataIndex: 'an', key: 'an', width: 150, render: (v: string | null) => v ?? '—' },
  {
    title: '名称',
    dataIndex: 'title',
    key: 'title',
    render: (v: string, r: ReportPatentItem) => <a href={`/patentDetails?id=${r.patent_id}`}>{v || '（无名称）'}</a>,
  },
  { title: '类型', dataIndex: 'type', key: 'type', width: 90 },
  { title: dateTitle, dataIndex: 'date', key: 'date', width: 110 },
  withReason
    ? { title: '原因', dataIndex: 'reason', key: 'reason', width: 180 }
    : { title: '法律状态', dataIndex: 'legal_status', key: 'legal_status', width: 90 },
];

const feeColumns = (dateTitle: string) => [
  { title: '申请号', dataIndex: 'an', key: 'an', width: 150, render: (v: string | null) => v ?? '—' },
  { title: '名称', dataIndex: 'title', key: 'title' },
  { title: '年度', dataIndex: 'year', key: 'year', width: 80, render: (v: number) => `第 ${v} 年` },
  { title: dateTitle, dataIndex: 'date', key: 'date', width: 110 },
  { title: '金额', dataIndex: 'amount', key: 'amount', width: 100, render: (v: number) => money(v) },
];

function Section<T extends object>({
  title,
  list,
  columns,
  rowKey,
}: {
  title: string;
  list: { total: number; items: T[] };
  columns: object[];
  rowKey: (r: T) => string;
}) {
  return (
    <Card size="small" title={`${title}（${list.total}）`}>
      <Table<T>
        size="small"
        rowKey={rowKey}
        columns={columns as never}
        dataSource={list.items}
        pagination={list.items.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 640 }}
        locale={{ emptyText: <span style={{ color: '#595959' }}>本月无记录</span> }}
        footer={
          list.total > list.items.length
            ? () => `共 ${list.total} 条，此处列出前 ${list.items.length} 条（完整列表见 PDF 或相应页面）`
            : undefined
        }
      />
    </Card>
  );
}

function ReportView({ data }: { data: ReportData }) {
  const t = data.totals;
  const typeOption = useMemo(
    () =>
      bar(
        data.by_type.map((r) => r.type),
        [{ name: '件数', data: data.by_type.map((r) => r.count) }],
      ),
    [data],
  );
  const statusOption = useMemo(
    () =>
      bar(
        data.by_status.map((r) => r.status),
        [{ name: '件数', data: data.by_status.map((r) => r.count) }],
      ),
    [data],
  );
  const activityOption = useMemo(
    () =>
      bar(
        data.activity_by_month.map((r) => r.month.slice(2)),
        [
          { name: '申请', data: data.activity_by_month.map((r) => r.filed) },
          { name: '公开', data: data.activity_by_month.map((r) => r.published) },
          { name: '授权', data: data.activity_by_month.map((r) => r.granted) },
        ],
      ),
    [data],
  );
  const feeOption = useMemo(
    () =>
      bar(
        data.fees_by_month.map((r) => r.month.slice(2)),
        [{ name: '缴费金额（元）', data: data.fees_by_month.map((r) => r.amount) }],
      ),
    [data],
  );
  const pkey = (r: ReportPatentItem) => `${r.patent_id}-${r.date}`;
  const fkey = (r: ReportFeeItem) => `${r.patent_id}-${r.year}`;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        报告期 {data.start} 至 {data.end}，生成于 {dayjs(data.generated_at).format('YYYY-MM-DD HH:mm')}
      </Typography.Text>
      <Card size="small" title={REPORT_SECTIONS.overview}>
        <Row gutter={[16, 16]}>
          {(
            [
              ['专利总数', t.patents],
              ['有权', t.in_force],
              ['本月新申请', t.filed],
              ['本月公开', t.published],
              ['本月授权', t.granted],
              ['本月失效', t.lapsed],
              ['本月期限届满', t.expired],
              ['本月已缴年费', money(t.fees_paid_amount)],
              ['下月应缴年费', money(t.fees_due_amount)],
              ['下月到期证书', t.certificates_expiring],
              ['本月监控动态', data.monitor.available ? t.monitor_hits : '未启用'],
            ] as const
          ).map(([label, value]) => (
            <Col key={label} xs={12} sm={8} md={6} lg={4}>
              <Statistic title={label} value={value} />
            </Col>
          ))}
        </Row>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card size="small" title="专利类型分布">
            {data.by_type.length ? <EChart option={typeOption} label="专利类型分布" /> : <Empty description="暂无专利" />}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="法律状态分布">
            {data.by_status.length ? <EChart option={statusOption} label="法律状态分布" /> : <Empty description="暂无专利" />}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="近 12 个月申请、公开与授权">
            <EChart option={activityOption} label="近 12 个月申请、公开与授权件数" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="近 12 个月缴费金额">
            <EChart option={feeOption} label="近 12 个月缴费金额" />
          </Card>
        </Col>
      </Row>
      <Section title={REPORT_SECTIONS.filed} list={data.filed} columns={patentColumns('申请日')} rowKey={pkey} />
      <Section title={REPORT_SECTIONS.published} list={data.published} columns={patentColumns('公开日')} rowKey={pkey} />
      <Section title={REPORT_SECTIONS.granted} list={data.granted} columns={patentColumns('授权日')} rowKey={pkey} />
      <Section title={REPORT_SECTIONS.lapsed} list={data.lapsed} columns={patentColumns('失效日', true)} rowKey={pkey} />
      <Section title={REPORT_SECTIONS.expired} list={data.expired} columns={patentColumns('届满日')} rowKey={pkey} />
      <Section title={REPORT_SECTIONS.feesPaid} list={data.fees_paid} columns={feeColumns('缴费日')} rowKey={fkey} />
      <Section title={REPORT_SECTIONS.feesDue} list={data.fees_due} columns={feeColumns('缴费期限')} rowKey={fkey} />
      <Section
        title={REPORT_SECTIONS.certificates}
        list={data.certificates}
        columns={[
          { title: '证书名称', dataIndex: 'name', key: 'name' },
          { title: '到期日', dataIndex: 'expiry_date', key: 'expiry_date', width: 120 },
        ]}
        rowKey={(r) => String(r.id)}
      />
      {data.monitor.available ? (
        <Section
          title={REPORT_SECTIONS.monitor}
          list={data.monitor}
          columns={[
            { title: '日期', dataIndex: 'date', key: 'date', width: 110 },
            { title: '内容', dataIndex: 'title', key: 'title' },
          ]}
          rowKey={(r) => String(r.id)}
        />
      ) : null}
    </Space>
  );
}

export default function ReportPage() {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery(reportListQuery(page, 12));
  const rows = list.data?.list ?? [];
  const idParam = Number(params.get('id')) || 0;
  const selectedId = idParam || rows.find((r) => r.status === 'done')?.id || 0;
  const selected = rows.find((r) => r.id === selectedId);
  const detail = useQuery({ ...reportDetailQuery(selectedId), enabled: selectedId > 0 });
  const [month, setMonth] = useState<Dayjs | null>(null);
  const [job, setJob] = useState<{ id: number; month: string; percent: number; status: string } | null>(null);
  const [downloading, setDownloading] = useState(false);

  // The running job's progress, polled until it ends.
  useEffect(() => {
    if (!job || job.status === 'done' || job.status === 'failed') return;
    const timer = setTimeout(async () => {
      try {
        const s = await jobStatusCall(job.id);
        setJob((j) => (j && j.id === job.id ? { ...j, percent: s.percent, status: s.status } : j));
        if (s.status === 'done' || s.status === 'failed') {
          await client.invalidateQueries({ queryKey: ['reports'] });
          if (s.status === 'done') notify.success(`${monthLabel(job.month)}报告已生成`);
          else notify.error(s.error || '报告生成失败，请稍后重试');
        }
      } catch {
        /* try again on the next tick */
      }
    }, 1000);
    return () => clearTimeout(timer);
  }, [job, client]);

  const min = list.data ? dayjs(`${list.data.min_month}-01`) : null;
  const max = list.data ? dayjs(`${list.data.max_month}-01`) : null;
  const generate = async () => {
    if (!month) {
      notify.error('请选择月份');
      return;
    }
    const m = month.format('YYYY-MM');
    try {
      const res = await generateReportCall(m);
      setJob({ id: res.job_id, month: m, percent: 0, status: 'queued' });
      setParams({ id: String(res.id) }, { replace: true });
      await client.invalidateQueries({ queryKey: ['reports', 'list'] });
    } catch {
      /* the http layer shows the message */
    }
  };
  const download = async (id: number) => {
    setDownloading(true);
    try {
      await downloadReport(id);
    } catch {
      /* shown by the http layer */
    } finally {
      setDownloading(false);
    }
  };
  const running = job && job.status !== 'done' && job.status !== 'failed';

  return (
    <div className="report-page">
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        月度专利报告
      </Typography.Title>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Space wrap align="center">
          <label htmlFor="report-month">报告月份</label>
          <DatePicker
            id="report-month"
            picker="month"
            value={month}
            onChange={setMonth}
            placeholder="选择月份"
            disabledDate={(d) => (min ? d.isBefore(min, 'month') : false) || (max ? d.isAfter(max, 'month') : false)}
          />
          <Button type="primary" icon={<FileTextOutlined />} onClick={generate} loading={Boolean(running)}>
            生成报告
          </Button>
          {job ? (
            <Space>
              <span>{monthLabel(job.month)}</span>
              <Progress
                percent={job.percent}
                size="small"
                style={{ width: 160 }}
                status={job.status === 'failed' ? 'exception' : job.status === 'done' ? 'success' : 'active'}
                aria-label={`${monthLabel(job.month)}报告生成进度`}
              />
            </Space>
          ) : null}
        </Space>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          每月 1 日自动生成上月报告；也可随时生成某月（当月为截至今日）的报告，重新生成将替换该月原报告。
        </Typography.Paragraph>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={6}>
          <Card size="small" title="历史报告">
            <List<ReportSummary>
              loading={list.isLoading}
              dataSource={rows}
              locale={{ emptyText: <Empty description="暂无报告，请选择月份生成" /> }}
              pagination={
                (list.data?.total ?? 0) > 12
                  ? { current: page, pageSize: 12, total: list.data?.total ?? 0, onChange: setPage, size: 'small', simple: true }
                  : false
              }
              renderItem={(r) => (
                <List.Item
                  style={{ background: r.id === selectedId ? '#e6f4ff' : undefined, paddingInline: 8 }}
                  actions={[
                    <Tag key="s" color={STATUS_COLORS[r.status]}>
                      {REPORT_STATUS_LABELS[r.status]}
                    </Tag>,
                  ]}
                >
                  <a
                    href={`/report?id=${r.id}`}
                    aria-current={r.id === selectedId ? 'true' : undefined}
                    onClick={(e) => {
                      e.preventDefault();
                      setParams({ id: String(r.id) });
                    }}
                  >
                    {monthLabel(r.month)}
                  </a>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={18}>
          {selectedId === 0 ? (
            list.isLoading ? (
              <Skeleton active />
            ) : (
              <Card>
                <Empty description="暂无已生成的报告" />
              </Card>
            )
          ) : (
            <Card
              size="small"
              title={
                selected
                  ? `${monthLabel(selected.month)}专利报告`
                  : detail.data
                    ? `${monthLabel(detail.data.month)}专利报告`
                    : '专利报告'
              }
              extra={
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => download(selectedId)}
                  loading={downloading}
                  disabled={!(detail.data?.has_pdf ?? selected?.has_pdf)}
                >
                  下载 PDF
                </Button>
              }
            >
              {detail.isLoading ? (
                <Skeleton active paragraph={{ rows: 8 }} />
              ) : detail.data?.status === 'failed' ? (
                <Alert type="error" showIcon message="报告生成失败" description={detail.data.error || '请重新生成'} />
              ) : detail.data?.data ? (
                <ReportView data={detail.data.data} />
              ) : (
                <Alert type="info" showIcon message="报告正在生成，完成后将在此显示" />
              )}
            </Card>
          )}
        </Col>
      </Row>
    </div>
  );
}
