import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Result, Skeleton, Space } from 'antd';
import { MONITOR_EVENTS, MONITOR_EVENT_LABELS, MONITOR_RULE_KIND_LABELS } from '@ip/contract';
import { timelineQuery } from '../api';
import { EChart } from '../../../components/echart';
import { HitTable } from '../components/hit-table';

/** /compdetail?id= 监控详情: one rule's hits by month and event (chart) and the list, each linking to the patent. */
export default function CompDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const q = useQuery({ ...timelineQuery(id), enabled: valid });
  const option = useMemo(() => {
    const months = q.data?.months ?? [];
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 36, bottom: 30 },
      xAxis: { type: 'category', data: months.map((m) => m.month) },
      yAxis: { type: 'value', minInterval: 1 },
      series: MONITOR_EVENTS.map((e) => ({
        name: MONITOR_EVENT_LABELS[e],
        type: 'bar',
        stack: 'hits',
        data: months.map((m) => m[e]),
      })),
    };
  }, [q.data]);
  if (!valid) return <Result status="warning" title="缺少监控规则编号" extra={<Link to="/early">返回监控预警</Link>} />;
  if (q.isError) return <Result status="warning" title="监控规则不存在" extra={<Link to="/early">返回监控预警</Link>} />;
  const rule = q.data?.rule;
  const summary = (q.data?.months ?? [])
    .map((m) => `${m.month}：${MONITOR_EVENTS.map((e) => `${MONITOR_EVENT_LABELS[e]} ${m[e]}`).join('，')}`)
    .join('；');
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={rule ? `监控规则：${rule.name}` : '监控详情'}
        extra={rule?.kind === 'applicant' && <Link to={`/cutDetails?id=${id}`}>与本企业对比</Link>}
      >
        {rule ? (
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
            <Descriptions.Item label="类型">{MONITOR_RULE_KIND_LABELS[rule.kind]}</Descriptions.Item>
            <Descriptions.Item label="监控内容">{rule.value.split('\n').join('，')}</Descriptions.Item>
            <Descriptions.Item label="结果">
              {rule.hits} 条（未读 {rule.unread} 条）
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Skeleton active paragraph={{ rows: 1 }} />
        )}
      </Card>
      <Card title="按月统计">
        {q.isLoading ? (
          <Skeleton active />
        ) : q.data?.months.length ? (
          <EChart option={option} label={`监控结果按月统计：${summary}`} />
        ) : (
          <Empty description="暂无监控结果" />
        )}
      </Card>
      <Card title="监控结果">{valid && <HitTable ruleId={id} />}</Card>
    </Space>
  );
}
