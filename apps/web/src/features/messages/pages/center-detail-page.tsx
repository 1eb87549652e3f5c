import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Popconfirm, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { notify } from '../../../lib/notify';
import { deleteMessagesCall, messageDetailQuery, refreshMessages } from '../api';
import { chinaMinute } from '../../../lib/china-time';

/** /centerDetail?id=: one message in full (opening it marks it read), with a button to what it is about. */
export default function CenterDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const q = useQuery({ ...messageDetailQuery(valid ? id : 0), enabled: valid });
  const m = q.data;

  // The server marked it read: the bell, the tabs' counts and the list follow.
  useEffect(() => {
    if (m) void refreshMessages(client, m.id);
  }, [m, client]);

  const remove = useMutation({
    mutationFn: () => deleteMessagesCall([id]),
    onSuccess: async () => {
      notify.success('消息已删除');
      client.removeQueries({ queryKey: ['messages', 'detail', id] });
      await refreshMessages(client);
      navigate('/center');
    },
  });

  if (!valid) {
    return (
      <Card>
        <Result
          status="warning"
          title="消息地址不正确"
          extra={
            <Button type="primary" onClick={() => navigate('/center')}>
              返回消息中心
            </Button>
          }
        />
      </Card>
    );
  }
  if (q.isPending) {
    return (
      <Card>
        <Skeleton active aria-label="正在加载消息" />
      </Card>
    );
  }
  if (q.isError || !m) {
    return (
      <Card>
        <Alert type="error" showIcon title="消息无法打开" description={q.error?.message ?? '消息不存在或已删除'} />
        <Button style={{ marginTop: 16 }} onClick={() => navigate('/center')}>
          返回消息中心
        </Button>
      </Card>
    );
  }
  return (
    <Card title={<span style={{ whiteSpace: 'normal' }}>{m.title}</span>}>
      <Descriptions column={{ xs: 1, sm: 1, md: 3 }} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label="类型">
          <Tag>{m.kind_label}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="时间">
          <time dateTime={m.created_at}>{chinaMinute(m.created_at)}</time>
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          {m.handled_at ? (
            <Tag color="success">已处理（{chinaMinute(m.handled_at)}）</Tag>
          ) : (
            <Tag>{m.read_at ? '已读' : '未读'}</Tag>
          )}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontSize: 15 }}>{m.body || '（无正文）'}</Typography.Paragraph>
      <Space wrap style={{ marginTop: 8 }}>
        {m.link && (
          <Button type="primary" onClick={() => navigate(m.link)}>
            查看相关内容
          </Button>
        )}
        <Button onClick={() => navigate('/center')}>返回消息中心</Button>
        <Popconfirm
          title="确定删除这条消息吗？"
          description="删除后不可恢复。"
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => remove.mutateAsync().catch(() => undefined)}
        >
          <Button danger>删除</Button>
        </Popconfirm>
      </Space>
    </Card>
  );
}
