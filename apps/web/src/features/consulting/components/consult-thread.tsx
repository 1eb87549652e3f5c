import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Empty, Form, Input, Popconfirm, Skeleton, Space, Switch, Typography } from 'antd';
import { CONSULT_TEXT_MAX, type ConsultStatus, type ConsultThread } from '@ip/contract';
import { FilePreviews, ToneTag, type Tone } from '../../../components/record-files';
import { notify } from '../../../lib/notify';
import { adminReplyCall, closeCall, followUpCall, publicCall, refreshConsulting, threadQuery } from '../api';

export const STATUS_TONES: Record<ConsultStatus, Tone> = { open: 'orange', replied: 'green', closed: 'gray' };

export const formatTime = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ') : '—';

/** One question's thread in a drawer: the question, the answers and follow-ups, and what the viewer may do next. */
export function ConsultThreadDrawer({ id, admin, onClose }: { id: number | undefined; admin: boolean; onClose: () => void }) {
  const thread = useQuery({ ...threadQuery(id ?? 0, admin), enabled: !!id });
  const data = thread.data;
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      title={data ? data.title : '咨询详情'}
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
      destroyOnHidden
    >
      {thread.isLoading ? (
        <Skeleton active />
      ) : thread.isError ? (
        <Alert type="error" showIcon title="咨询不存在或已删除" />
      ) : data ? (
        <ThreadBody data={data} admin={admin} />
      ) : null}
    </Drawer>
  );
}

function ThreadBody({ data, admin }: { data: ConsultThread; admin: boolean }) {
  const client = useQueryClient();
  const [form] = Form.useForm<{ content: string }>();
  const after = async (msg: string) => {
    notify.success(msg);
    await refreshConsulting(client);
  };
  const reply = useMutation({
    mutationFn: (content: string) =>
      admin ? adminReplyCall({ id: data.id, content, file_ids: [] }) : followUpCall({ id: data.id, content, file_ids: [] }),
    onSuccess: async () => {
      form.resetFields();
      await after(admin ? '已回复，企业将在消息中心收到通知' : '已提交追问');
    },
  });
  const close = useMutation({ mutationFn: () => closeCall(data.id), onSuccess: () => after('咨询已关闭') });
  const pub = useMutation({
    mutationFn: (v: boolean) => publicCall(data.id, v),
    onSuccess: (r) => after(r.public ? '已设为公开问答' : '已取消公开'),
  });
  const closed = data.status === 'closed';

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 's', label: '状态', children: <ToneTag tone={STATUS_TONES[data.status]}>{data.status_label}</ToneTag> },
          { key: 'c', label: '类别', children: data.category_label },
          ...(admin ? [{ key: 'co', label: '企业', children: `${data.company_name}（${data.asker_name}）` }] : []),
          { key: 't', label: '提问时间', children: formatTime(data.created_at) },
          ...(data.closed_at ? [{ key: 'cl', label: '关闭时间', children: formatTime(data.closed_at) }] : []),
        ]}
      />
      <section aria-label="咨询内容">
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          咨询内容
        </Typography.Title>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{data.content}</Typography.Paragraph>
        {data.files.length > 0 && <FilePreviews files={data.files} />}
      </section>
      <section aria-label="回复记录">
        <Typography.Title level={5}>回复记录</Typography.Title>
        {data.messages.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无回复，服务中心将尽快答复" />
        ) : (
          <ol style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.messages.map((m) => (
              <li
                key={m.id}
                style={{
                  borderLeft: `3px solid ${m.author === 'admin' ? '#1677ff' : '#d9d9d9'}`,
                  padding: '4px 12px',
                  marginBottom: 12,
                  background: m.author === 'admin' ? '#f0f7ff' : '#fafafa',
                }}
              >
                <Typography.Text strong>
                  {m.author === 'admin' ? `${m.author_name}（回复）` : `${m.author_name}（追问）`}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  {formatTime(m.created_at)}
                </Typography.Text>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>{m.content}</Typography.Paragraph>
                {m.files.length > 0 && <FilePreviews files={m.files} />}
              </li>
            ))}
          </ol>
        )}
      </section>
      {admin && (
        <Space wrap>
          <Switch
            id="consult-public"
            checked={data.public}
            loading={pub.isPending}
            disabled={data.messages.every((m) => m.author !== 'admin')}
            onChange={(v) => pub.mutate(v)}
            aria-label="公开到门户咨询问答"
          />
          <label htmlFor="consult-public">公开到门户「咨询问答」</label>
        </Space>
      )}
      {closed ? (
        <Alert type="info" showIcon title={admin ? '该咨询已关闭' : '该咨询已关闭，如有新问题请重新提问'} />
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => reply.mutate(v.content.trim())}>
          <Form.Item
            name="content"
            label={admin ? '回复内容' : '追问'}
            rules={[{ required: true, whitespace: true, message: admin ? '请填写回复内容' : '请填写追问内容' }]}
          >
            <Input.TextArea rows={4} maxLength={CONSULT_TEXT_MAX} showCount />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={reply.isPending}>
              {admin ? '回复' : '提交追问'}
            </Button>
            {admin && (
              <Popconfirm
                title="确定关闭该咨询吗？"
                description="关闭后企业不能再追问，企业将收到通知。"
                okText="关闭咨询"
                cancelText="取消"
                onConfirm={() => close.mutateAsync().catch(() => undefined)}
              >
                <Button loading={close.isPending}>关闭咨询</Button>
              </Popconfirm>
            )}
          </Space>
        </Form>
      )}
    </Space>
  );
}
