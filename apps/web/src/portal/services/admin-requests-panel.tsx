import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Space, Table, type TableProps } from 'antd';
import {
  PORTAL_REQUEST_KINDS,
  PORTAL_REQUEST_KIND_LABELS,
  PORTAL_REQUEST_STATUSES,
  PORTAL_REQUEST_STATUS_LABELS,
  PORTAL_REQUEST_TEXT_MAX,
  type PortalRequestKind,
  type PortalRequestRow,
  type PortalRequestStatus,
} from '@ip/contract';
import { ToneTag } from '../../components/record-files';
import { useUrlList } from '../../components/use-url-list';
import { notify } from '../../lib/notify';
import { shanghaiDay } from '../portal-api';
import { adminRequestsQuery, handleRequestCall, REQUESTS_KEY } from './services-api';

/** The administrator's tab of /consulting: the portal's questions, dialogue topics and 马上办 appointments (ADR 0054). */
export function AdminRequestsPanel() {
  const list = useUrlList();
  const kindParam = list.params.get('rkind') ?? '';
  const statusParam = list.params.get('rstatus') ?? '';
  const kind = (PORTAL_REQUEST_KINDS as readonly string[]).includes(kindParam) ? (kindParam as PortalRequestKind) : undefined;
  const status = (PORTAL_REQUEST_STATUSES as readonly string[]).includes(statusParam)
    ? (statusParam as PortalRequestStatus)
    : undefined;
  const keyword = (list.params.get('rkeyword') ?? '').slice(0, 50);
  const q = useQuery(
    adminRequestsQuery({
      page: list.page,
      page_size: list.pageSize,
      ...(kind ? { kind } : {}),
      ...(status ? { status } : {}),
      ...(keyword ? { keyword } : {}),
    }),
  );
  const client = useQueryClient();
  const [handling, setHandling] = useState<PortalRequestRow | null>(null);
  const [form] = Form.useForm<{ reply: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async (v: { reply: string }) => {
    if (!handling) return;
    setSaving(true);
    try {
      await handleRequestCall(handling.id, v.reply);
      notify.success('已答复');
      setHandling(null);
      await client.invalidateQueries({ queryKey: REQUESTS_KEY });
    } finally {
      setSaving(false);
    }
  };
  const columns: TableProps<PortalRequestRow>['columns'] = [
    { title: '类型', dataIndex: 'kind_label', width: 110 },
    {
      title: '内容',
      dataIndex: 'content',
      width: 300,
      render: (v: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{v}</span>,
    },
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '单位', dataIndex: 'company', width: 180, ellipsis: true },
    { title: '手机号', dataIndex: 'mobile', width: 120 },
    { title: '期望日期', dataIndex: 'preferred_date', width: 110, render: (v: string | null) => v ?? '—' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_v, r) => <ToneTag tone={r.status === 'handled' ? 'green' : 'orange'}>{r.status_label}</ToneTag>,
    },
    { title: '提交日期', dataIndex: 'created_at', width: 110, render: (v: string) => shanghaiDay(v) },
    {
      title: '操作',
      key: 'op',
      width: 100,
      render: (_v, r) =>
        r.status === 'open' ? (
          <Button type="link" onClick={() => setHandling(r)}>
            答复办结
          </Button>
        ) : (
          <span title={r.reply}>已答复</span>
        ),
    },
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="留言类型"
          placeholder="全部类型"
          allowClear
          style={{ width: 140 }}
          value={kind}
          options={PORTAL_REQUEST_KINDS.map((k) => ({ value: k, label: PORTAL_REQUEST_KIND_LABELS[k] }))}
          onChange={(v?: string) => list.update({ rkind: v, page: undefined })}
        />
        <Select
          aria-label="处理状态"
          placeholder="全部状态"
          allowClear
          style={{ width: 120 }}
          value={status}
          options={PORTAL_REQUEST_STATUSES.map((s) => ({ value: s, label: PORTAL_REQUEST_STATUS_LABELS[s] }))}
          onChange={(v?: string) => list.update({ rstatus: v, page: undefined })}
        />
        <Input.Search
          aria-label="留言关键词"
          placeholder="内容、姓名或单位"
          allowClear
          defaultValue={keyword}
          style={{ width: 220 }}
          onSearch={(v) => list.update({ rkeyword: v.trim(), page: undefined })}
        />
      </Space>
      <Table<PortalRequestRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={q.data?.list ?? []}
        loading={q.isFetching}
        scroll={{ x: 1220 }}
        pagination={list.pagination(q.data?.total)}
        locale={{ emptyText: q.isError ? '加载失败，请刷新重试' : '暂无门户留言与预约' }}
      />
      <Modal
        open={!!handling}
        title={handling ? `答复：${handling.kind_label}（${handling.name}）` : '答复'}
        onCancel={() => setHandling(null)}
        onOk={() => form.submit()}
        okText="答复并办结"
        confirmLoading={saving}
        destroyOnHidden
      >
        <p style={{ whiteSpace: 'pre-wrap' }}>{handling?.content}</p>
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} preserve={false}>
          <Form.Item name="reply" label="答复内容" rules={[{ required: true, whitespace: true, message: '请填写答复内容' }]}>
            <Input.TextArea rows={4} maxLength={PORTAL_REQUEST_TEXT_MAX} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
