import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Collapse,
  Empty,
  Form,
  Input,
  List,
  Modal,
  Pagination,
  Rate,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  DEMAND_CONTENT_MAX,
  DEMAND_EVALUATION_MAX,
  DEMAND_STATUSES,
  DEMAND_STATUS_LABELS,
  DEMAND_TITLE_MAX,
  type CompanyDemandRow,
  type CompanyVisitRow,
  type DemandStatus,
} from '@ip/contract';
import { useUrlList } from '../../../components/use-url-list';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { DEMANDS_KEY, companyDemandsQuery, companyEvaluateCall, companyVisitsQuery, raiseDemandCall } from './api';
import { StepTimeline } from './parts';
import { chinaMinute } from '../../../lib/china-time';

function RaiseDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<{ title?: string; content?: string }>();
  const queryClient = useQueryClient();
  const m = useMutation({
    mutationFn: (v: { title?: string; content?: string }) =>
      raiseDemandCall({ title: (v.title ?? '').trim(), content: (v.content ?? '').trim() }),
    onSuccess: async () => {
      notify.success('需求已提交，企业服务中心将尽快与您联系');
      onClose();
      await queryClient.invalidateQueries({ queryKey: DEMANDS_KEY });
    },
    onError: (err) => markServerFieldErrors(form, err, ['title', 'content']),
  });
  return (
    <Modal
      open
      title="提出需求"
      okText="提交"
      cancelText="取消"
      confirmLoading={m.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="demand-raise" requiredMark={false} onFinish={(v) => m.mutate(v)}>
        <Form.Item
          label="需求标题"
          name="title"
          rules={[
            { required: true, whitespace: true, message: '请填写需求标题' },
            { max: DEMAND_TITLE_MAX, message: `需求标题最多 ${DEMAND_TITLE_MAX} 个字` },
          ]}
        >
          <Input autoComplete="off" placeholder="如：希望了解高新技术企业认定" />
        </Form.Item>
        <Form.Item label="需求说明（选填）" name="content">
          <Input.TextArea rows={4} maxLength={DEMAND_CONTENT_MAX} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

function EvaluateDialog({ row, onClose }: { row: CompanyDemandRow; onClose: () => void }) {
  const [form] = Form.useForm<{ rating?: number; evaluation?: string }>();
  const queryClient = useQueryClient();
  const m = useMutation({
    mutationFn: (v: { rating?: number; evaluation?: string }) =>
      companyEvaluateCall({ id: row.id, rating: v.rating ?? 0, evaluation: (v.evaluation ?? '').trim() }),
    onSuccess: async () => {
      notify.success('感谢您的评价');
      onClose();
      await queryClient.invalidateQueries({ queryKey: DEMANDS_KEY });
    },
    onError: (err) => markServerFieldErrors(form, err, ['rating', 'evaluation']),
  });
  return (
    <Modal
      open
      title={`评价：${row.title}`}
      okText="提交评价"
      cancelText="取消"
      confirmLoading={m.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>办理结果：{row.result || '—'}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="demand-evaluate" requiredMark={false} onFinish={(v) => m.mutate(v)}>
        <Form.Item label="满意度评分" name="rating" rules={[{ required: true, message: '请选择满意度评分' }]}>
          <Rate aria-label="满意度评分" />
        </Form.Item>
        <Form.Item label="评价内容（选填）" name="evaluation">
          <Input.TextArea rows={3} maxLength={DEMAND_EVALUATION_MAX} showCount />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

const STATUS_TONE: Record<DemandStatus, string> = {
  registered: 'default',
  assigned: 'processing',
  handled: 'warning',
  evaluated: 'success',
  closed: 'success',
};

function DemandsTab() {
  const { params, page, pageSize, update } = useUrlList({ defaultPageSize: 10 });
  const status = DEMAND_STATUSES.find((s) => s === params.get('status'));
  const list = useQuery(companyDemandsQuery({ page, page_size: pageSize, ...(status ? { status } : {}) }));
  const [raising, setRaising] = useState(false);
  const [evaluating, setEvaluating] = useState<CompanyDemandRow | null>(null);
  const noOffice = list.data && list.data.office === null;
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} disabled={!!noOffice} onClick={() => setRaising(true)}>
          提出需求
        </Button>
        <Select
          aria-label="按状态筛选"
          style={{ width: 140 }}
          value={status ?? ''}
          onChange={(v) => update({ status: v, page: undefined })}
          options={[
            { value: '', label: '全部状态' },
            ...DEMAND_STATUSES.map((s) => ({ value: s, label: DEMAND_STATUS_LABELS[s] })),
          ]}
        />
        {list.data?.office && <Typography.Text type="secondary">服务机构：{list.data.office}</Typography.Text>}
      </Space>
      {noOffice && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="贵企业尚未纳入企业服务中心的服务范围，暂不能在线提出需求，请联系所在街道或园区"
        />
      )}
      {list.isError ? (
        <Alert type="error" showIcon title="加载失败" action={<Button onClick={() => void list.refetch()}>重试</Button>} />
      ) : (
        <List<CompanyDemandRow>
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: <Empty description={status ? '没有该状态的需求' : '暂无需求，可点击「提出需求」'} /> }}
          renderItem={(r) => (
            <List.Item key={r.id}>
              <div style={{ width: '100%', minWidth: 0 }}>
                <Space wrap style={{ marginBottom: 4 }}>
                  <Typography.Text strong>{r.title}</Typography.Text>
                  <Tag color={STATUS_TONE[r.status]}>{r.status_label}</Tag>
                  <Typography.Text type="secondary">
                    {r.source_label} · {chinaMinute(r.registered_at)}
                    {r.handler_name ? ` · 办理人 ${r.handler_name}` : ''}
                  </Typography.Text>
                </Space>
                {r.content && <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{r.content}</div>}
                {r.result && <div>办理结果：{r.result}</div>}
                {r.rating > 0 && (
                  <div>
                    我的评价：{r.rating} 分{r.evaluation ? `，${r.evaluation}` : ''}
                  </div>
                )}
                <Space wrap style={{ marginTop: 8 }}>
                  {r.can_evaluate && (
                    <Button type="primary" onClick={() => setEvaluating(r)}>
                      评价
                    </Button>
                  )}
                </Space>
                <Collapse
                  ghost
                  size="small"
                  items={[
                    { key: 'steps', label: `办理进度（${r.steps.length} 步）`, children: <StepTimeline steps={r.steps} /> },
                  ]}
                />
              </div>
            </List.Item>
          )}
        />
      )}
      {(list.data?.total ?? 0) > pageSize && (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={page}
          pageSize={pageSize}
          total={list.data?.total ?? 0}
          showTotal={(t) => `共 ${t} 条`}
          onChange={(p, s) => update({ page: p === 1 ? undefined : p, page_size: s === 10 ? undefined : s })}
        />
      )}
      {raising && <RaiseDialog onClose={() => setRaising(false)} />}
      {evaluating && <EvaluateDialog row={evaluating} onClose={() => setEvaluating(null)} />}
    </>
  );
}

function VisitsTab() {
  const [page, setPage] = useState(1);
  const visits = useQuery(companyVisitsQuery({ page, page_size: 10 }));
  return (
    <Table<CompanyVisitRow>
      rowKey="id"
      size="middle"
      loading={visits.isFetching}
      dataSource={visits.data?.list ?? []}
      scroll={{ x: 700 }}
      columns={[
        { title: '走访日期', dataIndex: 'visit_date', key: 'date', width: 110 },
        { title: '走访人员', dataIndex: 'staff_name', key: 'staff', width: 100 },
        { title: '接待人', dataIndex: 'people_met', key: 'met', width: 120, render: (v: string) => v || '—' },
        { title: '走访内容', dataIndex: 'content', key: 'content', width: 360 },
      ]}
      pagination={{
        current: page,
        pageSize: 10,
        total: visits.data?.total ?? 0,
        onChange: setPage,
        showTotal: (t) => `共 ${t} 次`,
      }}
      locale={{ emptyText: visits.isError ? '加载失败，请稍后重试' : '暂无走访记录' }}
    />
  );
}

/** /VisitsNeeds (走访需求, ADR 0042): the company's demands (raise, follow, evaluate) and the office's visits to it. */
export default function VisitsNeedsPage() {
  const { params, update } = useUrlList({ defaultPageSize: 10 });
  const tab = params.get('tab') === 'visits' ? 'visits' : 'demands';
  return (
    <Card title="走访需求">
      <Tabs
        activeKey={tab}
        onChange={(k) => update({ tab: k === 'demands' ? undefined : k, page: undefined, status: undefined })}
        items={[
          { key: 'demands', label: '我的需求', children: <DemandsTab /> },
          { key: 'visits', label: '走访记录', children: <VisitsTab /> },
        ]}
      />
    </Card>
  );
}
