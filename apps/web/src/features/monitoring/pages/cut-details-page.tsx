import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Result, Row, Skeleton, Space, Statistic, Table } from 'antd';
import type { MonitorCompare, MonitorCountRow } from '@ip/contract';
import { compareQuery } from '../api';
import { EChart } from '../../../components/echart';

const SECTION_NAMES: Record<string, string> = {
  A: 'A 生活需要',
  B: 'B 作业、运输',
  C: 'C 化学、冶金',
  D: 'D 纺织、造纸',
  E: 'E 固定建筑物',
  F: 'F 机械工程',
  G: 'G 物理',
  H: 'H 电学',
};

function barOption(rows: MonitorCountRow[], names: [string, string], kind: 'bar' | 'line' = 'bar', label = (k: string) => k) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 36, bottom: 30, containLabel: true },
    xAxis: { type: 'category', data: rows.map((r) => label(r.key)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: names[0], type: kind, data: rows.map((r) => r.competitor) },
      { name: names[1], type: kind, data: rows.map((r) => r.company) },
    ],
  };
}

function Section({
  title,
  rows,
  names,
  kind,
  label,
}: {
  title: string;
  rows: MonitorCountRow[];
  names: [string, string];
  kind?: 'bar' | 'line';
  label?: (k: string) => string;
}) {
  const option = useMemo(() => barOption(rows, names, kind, label), [rows, names, kind, label]);
  const text = rows.map((r) => `${label ? label(r.key) : r.key}：${r.competitor} / ${r.company}`).join('；');
  return (
    <Card title={title}>
      <EChart option={option} label={`${title}（${names[0]} / ${names[1]}）：${text || '暂无数据'}`} height={260} />
      <Table<MonitorCountRow>
        rowKey="key"
        size="small"
        pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
        dataSource={rows}
        columns={[
          { title: title.replace('按', '').replace('对比', ''), dataIndex: 'key', render: (k: string) => (label ? label(k) : k) },
          { title: names[0], dataIndex: 'competitor', align: 'right' },
          { title: names[1], dataIndex: 'company', align: 'right' },
        ]}
      />
    </Card>
  );
}

/** /cutDetails?id= 监控对比详情: the competitor of an applicant rule beside the company. */
export default function CutDetailsPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const q = useQuery({ ...compareQuery(id), enabled: valid, retry: false });
  if (!valid) return <Result status="warning" title="缺少监控规则编号" extra={<Link to="/early">返回监控预警</Link>} />;
  if (q.isError) return <Result status="warning" title={q.error.message} extra={<Link to="/early">返回监控预警</Link>} />;
  if (!q.data) return <Skeleton active />;
  const d: MonitorCompare = q.data;
  const names: [string, string] = [d.competitor.name, d.company.name];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title="竞争对手与本企业对比" extra={<Link to={`/compdetail?id=${id}`}>监控详情</Link>}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Statistic title={`竞争对手：${d.competitor.name}`} value={d.competitor.total} suffix="件" />
          </Col>
          <Col xs={24} sm={12}>
            <Statistic title={`本企业：${d.company.name}`} value={d.company.total} suffix="件" />
          </Col>
        </Row>
      </Card>
      <Section title="按申请年份对比" rows={d.years} names={names} kind="line" />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Section title="按 IPC 部对比" rows={d.ipc_sections} names={names} label={(k) => SECTION_NAMES[k] ?? k} />
        </Col>
        <Col xs={24} lg={12}>
          <Section title="按 IPC 小类对比" rows={d.ipc_classes} names={names} />
        </Col>
        <Col xs={24} lg={12}>
          <Section title="按专利类型对比" rows={d.types} names={names} />
        </Col>
        <Col xs={24} lg={12}>
          <Section title="按法律状态对比" rows={d.legal_status} names={names} />
        </Col>
      </Row>
    </Space>
  );
}
