import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, DatePicker, Select, Space, Table, Tag, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { MONITOR_EVENTS, MONITOR_EVENT_LABELS, type MonitorEvent, type MonitorHit, type MonitorRule } from '@ip/contract';
import { hitListQuery, markReadCall } from '../api';
import { refreshMessages } from '../../../lib/message-count';

const EVENT_COLORS: Record<MonitorEvent, string> = { publication: 'blue', grant: 'green', status: 'orange' };

/** The hits of the company (or one rule): unread first, filters by rule, event and date, paged; 标为已读. */
export function HitTable({ ruleId, rules }: { ruleId?: number; rules?: MonitorRule[] }) {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [rule, setRule] = useState<number | undefined>(ruleId);
  const [event, setEvent] = useState<MonitorEvent | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const params = {
    page,
    page_size: pageSize,
    rule_id: ruleId ?? rule,
    event,
    date_from: range?.[0]?.format('YYYY-MM-DD'),
    date_to: range?.[1]?.format('YYYY-MM-DD'),
  };
  const q = useQuery(hitListQuery(params));
  const read = useMutation({
    mutationFn: markReadCall,
    // The hits' messages are read with them (ADR 0033): the bell and the message lists follow.
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['monitor'] }), refreshMessages(qc)]),
  });
  const columns: TableProps<MonitorHit>['columns'] = [
    {
      title: '状态',
      dataIndex: 'read',
      width: 80,
      render: (r: boolean) => (r ? <span>已读</span> : <Badge status="processing" text="未读" />),
    },
    {
      title: '事件',
      dataIndex: 'event',
      width: 120,
      render: (e: MonitorEvent) => <Tag color={EVENT_COLORS[e]}>{MONITOR_EVENT_LABELS[e]}</Tag>,
    },
    { title: '日期', dataIndex: 'event_date', width: 110 },
    {
      title: '专利',
      dataIndex: 'title',
      render: (_: string, h) => (
        <Space direction="vertical" size={0}>
          <Link to={`/detail?id=${h.patent_id}`} onClick={() => !h.read && read.mutate({ ids: [h.id] })}>
            {h.title || h.pn || h.an}
          </Link>
          <span style={{ color: 'rgba(0,0,0,0.65)' }}>{[h.an, h.first_applicant, h.detail].filter(Boolean).join(' · ')}</span>
        </Space>
      ),
    },
    ...(ruleId
      ? []
      : [
          {
            title: '监控规则',
            dataIndex: 'rule_name',
            width: 160,
            render: (name: string, h: MonitorHit) => <Link to={`/compdetail?id=${h.rule_id}`}>{name}</Link>,
          },
        ]),
    {
      title: '操作',
      width: 90,
      render: (_: unknown, h: MonitorHit) =>
        h.read ? null : (
          <Button type="link" size="small" onClick={() => read.mutate({ ids: [h.id] })}>
            标为已读
          </Button>
        ),
    },
  ];
  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        {!ruleId && rules && (
          <Select
            aria-label="按规则筛选"
            placeholder="全部规则"
            allowClear
            style={{ width: 180 }}
            value={rule}
            onChange={(v) => {
              setRule(v);
              setPage(1);
            }}
            options={rules.map((r) => ({ value: r.id, label: r.name }))}
          />
        )}
        <Select
          aria-label="按事件筛选"
          placeholder="全部事件"
          allowClear
          style={{ width: 150 }}
          value={event}
          onChange={(v) => {
            setEvent(v);
            setPage(1);
          }}
          options={MONITOR_EVENTS.map((e) => ({ value: e, label: MONITOR_EVENT_LABELS[e] }))}
        />
        <DatePicker.RangePicker
          aria-label="事件日期"
          value={range}
          onChange={(v) => {
            setRange(v);
            setPage(1);
          }}
        />
        <Button disabled={!q.data?.unread} onClick={() => read.mutate(ruleId ? { rule_id: ruleId } : { all: true })}>
          全部标为已读
        </Button>
        {q.data && <span>未读 {q.data.unread} 条</span>}
      </Space>
      <Table<MonitorHit>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        columns={columns}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 760 }}
        locale={{ emptyText: '暂无监控结果：规则运行后，新公开、新授权和法律状态变更会列在这里' }}
        pagination={{
          current: page,
          pageSize,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (p, s) => {
            setPage(s !== pageSize ? 1 : p);
            setPageSize(s);
          },
        }}
      />
    </div>
  );
}
