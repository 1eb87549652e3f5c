import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Modal, Radio, Select, Space, Table, Typography, type TableProps } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { PUSH_BODY_MAX, PUSH_TARGETS, PUSH_TARGET_LABELS, PUSH_TITLE_MAX, type PushRow, type PushTarget } from '@ip/contract';
import { notify } from '../../lib/notify';
import { PUSH_KEY, pushListQuery, pushTargetsQuery, sendPushCall } from './api';

interface PushForm {
  title: string;
  body: string;
  link?: string;
  target: PushTarget;
  street_id?: number;
  label_id?: number;
  industry?: string;
  company_ids?: number[];
  sms: boolean;
}

const formatTime = (iso: string) =>
  new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** 消息推送 (a tab of the administrator's /system): what was pushed, with delivery counts; send a new push. */
export function PushPanel() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [form] = Form.useForm<PushForm>();
  const target = Form.useWatch('target', form);
  const client = useQueryClient();
  const list = useQuery(pushListQuery(page, pageSize));
  const targets = useQuery({ ...pushTargetsQuery(keyword), enabled: open });
  const send = useMutation({
    mutationFn: (v: PushForm) =>
      sendPushCall({
        title: v.title.trim(),
        body: v.body.trim(),
        link: (v.link ?? '').trim(),
        target: v.target,
        ...(v.target === 'street' ? { street_id: v.street_id } : {}),
        ...(v.target === 'label' ? { label_id: v.label_id } : {}),
        ...(v.target === 'industry' ? { industry: v.industry } : {}),
        ...(v.target === 'companies' ? { company_ids: v.company_ids ?? [] } : {}),
        sms: v.sms,
      }),
    onSuccess: async (r) => {
      notify.success(`已推送给 ${r.companies} 家企业的 ${r.sent} 个账号${r.sms ? `，短信 ${r.sms_sent} 条` : ''}`);
      setOpen(false);
      form.resetFields();
      setPage(1);
      await client.invalidateQueries({ queryKey: PUSH_KEY });
    },
  });

  const columns: TableProps<PushRow>['columns'] = [
    {
      title: '标题',
      dataIndex: 'title',
      width: 220,
      render: (v: string, r) => (
        <div>
          <Typography.Text strong>{v}</Typography.Text>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
            {r.body}
          </Typography.Paragraph>
        </div>
      ),
    },
    { title: '推送对象', dataIndex: 'target_text', width: 160 },
    { title: '企业数', dataIndex: 'companies', width: 80, align: 'right' },
    { title: '送达', dataIndex: 'sent', width: 70, align: 'right' },
    { title: '已读', dataIndex: 'read', width: 70, align: 'right' },
    { title: '短信', dataIndex: 'sms_sent', width: 70, align: 'right', render: (v: number, r) => (r.sms ? v : '—') },
    { title: '推送时间', dataIndex: 'created_at', width: 150, render: (v: string) => formatTime(v) },
  ];

  const t = targets.data;
  return (
    <div>
      <Space wrap style={{ marginBottom: 16, justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text type="secondary">推送的消息送达企业账号的消息中心（系统通知），可同时发送短信。</Typography.Text>
        <Button type="primary" icon={<SendOutlined aria-hidden />} onClick={() => setOpen(true)}>
          推送消息
        </Button>
      </Space>
      <Table<PushRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 820 }}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          showTotal: (n) => `共 ${n} 条`,
          onChange: (p, s) => {
            setPage(p);
            setPageSize(s);
          },
        }}
        locale={{ emptyText: list.isError ? '加载失败，请刷新重试' : '暂无推送记录' }}
      />
      <Modal
        open={open}
        title="推送消息"
        okText="发送"
        cancelText="取消"
        confirmLoading={send.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form<PushForm>
          form={form}
          layout="vertical"
          initialValues={{ target: 'all', sms: false, company_ids: [] }}
          onFinish={(v) => send.mutate(v)}
        >
          <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
            <Input maxLength={PUSH_TITLE_MAX} showCount />
          </Form.Item>
          <Form.Item name="body" label="内容" rules={[{ required: true, whitespace: true, message: '请填写内容' }]}>
            <Input.TextArea rows={4} maxLength={PUSH_BODY_MAX} showCount />
          </Form.Item>
          <Form.Item
            name="link"
            label="站内链接（可选）"
            extra="企业点击消息后打开的页面，如 /UserConsulting"
            rules={[{ pattern: /^\/[A-Za-z]/, message: '链接须为站内页面路径，如 /policy' }]}
          >
            <Input placeholder="/UserConsulting" />
          </Form.Item>
          <Form.Item name="target" label="推送对象" rules={[{ required: true, message: '请选择推送对象' }]}>
            <Radio.Group options={PUSH_TARGETS.map((k) => ({ value: k, label: PUSH_TARGET_LABELS[k] }))} />
          </Form.Item>
          {target === 'street' && (
            <Form.Item name="street_id" label="街道" rules={[{ required: true, message: '请选择街道' }]}>
              <Select
                placeholder="请选择街道"
                loading={targets.isLoading}
                options={(t?.streets ?? []).map((s) => ({ value: s.id, label: s.name }))}
              />
            </Form.Item>
          )}
          {target === 'label' && (
            <Form.Item name="label_id" label="企业标签" rules={[{ required: true, message: '请选择企业标签' }]}>
              <Select
                placeholder="请选择企业标签"
                loading={targets.isLoading}
                options={(t?.labels ?? []).map((s) => ({ value: s.id, label: s.name }))}
              />
            </Form.Item>
          )}
          {target === 'industry' && (
            <Form.Item name="industry" label="行业" rules={[{ required: true, message: '请选择行业' }]}>
              <Select
                placeholder="请选择行业"
                loading={targets.isLoading}
                options={(t?.industries ?? []).map((s) => ({ value: s, label: s }))}
              />
            </Form.Item>
          )}
          {target === 'companies' && (
            <Form.Item
              name="company_ids"
              label="指定企业"
              rules={[{ required: true, type: 'array', min: 1, message: '请选择企业' }]}
            >
              <Select
                mode="multiple"
                placeholder="输入企业名称查找"
                showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
                loading={targets.isFetching}
                options={(t?.companies ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
          )}
          <Form.Item name="sms" valuePropName="checked">
            <Checkbox>同时发送短信（发送到各企业账号的手机号）</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
