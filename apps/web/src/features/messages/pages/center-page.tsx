import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Empty,
  Input,
  List,
  Pagination,
  Popconfirm,
  Select,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { MESSAGE_KIND_LABELS, MESSAGE_TABS, type MessageRow, type MessageTab } from '@ip/contract';
import { notify } from '../../../lib/notify';
import { deleteMessagesCall, markAllReadCall, markReadCall, messageListQuery, refreshMessages, unreadCountQuery } from '../api';
import { MessageTime } from '../components/message-parts';
import { useUrlList } from '../../../components/use-url-list';

const READ_STATES = ['unread', 'read'] as const;
const HANDLED_STATES = ['handled', 'unhandled'] as const;

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}
const isDay = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v).isValid() ? v : undefined);

/** /center: the user's messages by kind, unread first; read, mark, delete; each opens /centerDetail. */
export default function CenterPage() {
  const [selected, setSelected] = useState<number[]>([]);
  // A new filter or page clears the selection.
  const { params, page, pageSize, update, pagination } = useUrlList({ onUpdate: () => setSelected([]) });
  const client = useQueryClient();
  const kind = pick(params.get('kind'), MESSAGE_TABS);
  const read = pick(params.get('read'), READ_STATES);
  const handled = pick(params.get('handled'), HANDLED_STATES);
  const keyword = params.get('keyword') ?? '';
  const from = isDay(params.get('from'));
  const to = isDay(params.get('to'));

  const body = useMemo(
    () => ({
      page,
      page_size: pageSize,
      ...(kind ? { kind } : {}),
      ...(read ? { read } : {}),
      ...(handled ? { handled } : {}),
      ...(keyword ? { keyword } : {}),
      ...(from ? { date_from: from } : {}),
      ...(to ? { date_to: to } : {}),
    }),
    [page, pageSize, kind, read, handled, keyword, from, to],
  );
  const list = useQuery(messageListQuery(body));
  const unread = useQuery(unreadCountQuery());

  const done = async (text: string) => {
    notify.success(text);
    setSelected([]);
    await refreshMessages(client);
  };
  const markRead = useMutation({
    mutationFn: (ids: number[]) => markReadCall(ids),
    onSuccess: (r) => done(r.count ? `已将 ${r.count} 条消息标记为已读` : '所选消息均已读'),
  });
  const markAll = useMutation({
    mutationFn: () => markAllReadCall(kind ? { kind } : {}),
    onSuccess: (r) => done(r.count ? `已将 ${r.count} 条消息标记为已读` : '没有未读消息'),
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) => deleteMessagesCall(ids),
    onSuccess: (r) => done(`已删除 ${r.count} 条消息`),
  });

  const rows = list.data?.list ?? [];
  const byKind = unread.data?.by_kind;
  const tabLabel = (label: string, n: number | undefined) => (n ? `${label}（${n}）` : label);
  const tabs = [
    { key: '', label: tabLabel('全部', unread.data?.total) },
    ...MESSAGE_TABS.map((t: MessageTab) => ({ key: t, label: tabLabel(MESSAGE_KIND_LABELS[t], byKind?.[t]) })),
  ];
  const filtered = Boolean(read || handled || keyword || from || to);
  const allSelected = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const unreadHere = list.data?.unread ?? 0;

  return (
    <Card
      title="消息中心"
      extra={
        <Button disabled={!unreadHere} loading={markAll.isPending} onClick={() => markAll.mutate()}>
          全部已读
        </Button>
      }
    >
      <Tabs
        activeKey={kind ?? ''}
        items={tabs}
        onChange={(k) => update({ kind: k || undefined, page: undefined })}
        aria-label="消息类型"
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          placeholder="搜索消息标题或内容"
          aria-label="搜索消息"
          allowClear
          enterButton="查询"
          style={{ width: 280, maxWidth: '100%' }}
          onSearch={(v) => update({ keyword: v.trim(), page: undefined })}
        />
        <Select
          aria-label="按已读状态筛选"
          style={{ width: 120 }}
          value={read ?? ''}
          options={[
            { value: '', label: '全部状态' },
            { value: 'unread', label: '未读' },
            { value: 'read', label: '已读' },
          ]}
          onChange={(v) => update({ read: v, page: undefined })}
        />
        <Select
          aria-label="按处理状态筛选"
          style={{ width: 120 }}
          value={handled ?? ''}
          options={[
            { value: '', label: '全部处理状态' },
            { value: 'unhandled', label: '未处理' },
            { value: 'handled', label: '已处理' },
          ]}
          onChange={(v) => update({ handled: v, page: undefined })}
        />
        <DatePicker.RangePicker
          aria-label="按日期筛选"
          placeholder={['开始日期', '结束日期']}
          style={{ maxWidth: '100%' }}
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          onChange={(v) =>
            update({
              from: v?.[0]?.format('YYYY-MM-DD'),
              to: v?.[1]?.format('YYYY-MM-DD'),
              page: undefined,
            })
          }
        />
      </Space>
      <Space wrap style={{ marginBottom: 12 }}>
        <Checkbox
          checked={allSelected}
          indeterminate={selected.length > 0 && !allSelected}
          disabled={rows.length === 0}
          onChange={(e) => setSelected(e.target.checked ? rows.map((r) => r.id) : [])}
        >
          全选本页
        </Checkbox>
        <Button disabled={!selected.length} loading={markRead.isPending} onClick={() => markRead.mutate(selected)}>
          标记已读
        </Button>
        <Popconfirm
          title={`确定删除所选的 ${selected.length} 条消息吗？`}
          description="删除后不可恢复。"
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          disabled={!selected.length}
          onConfirm={() => remove.mutateAsync(selected).catch(() => undefined)}
        >
          <Button danger disabled={!selected.length}>
            删除
          </Button>
        </Popconfirm>
        {selected.length > 0 && <Typography.Text type="secondary">已选 {selected.length} 条</Typography.Text>}
      </Space>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          title="消息加载失败"
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <List<MessageRow>
        className="message-list"
        loading={list.isFetching && !list.data}
        dataSource={rows}
        locale={{
          emptyText: (
            <Empty
              description={
                filtered || kind ? '没有符合条件的消息' : '暂无消息。年费、证书到期、专利监控和认证审核的提醒会出现在这里'
              }
            />
          ),
        }}
        renderItem={(m) => {
          const isUnread = !m.read_at;
          return (
            <List.Item
              key={m.id}
              className={isUnread ? 'message-row message-row-unread' : 'message-row'}
              actions={[
                ...(isUnread
                  ? [
                      <Button
                        key="read"
                        type="link"
                        size="small"
                        aria-label={`标记已读 ${m.title}`}
                        onClick={() => markRead.mutate([m.id])}
                      >
                        标记已读
                      </Button>,
                    ]
                  : []),
                <Popconfirm
                  key="delete"
                  title="确定删除这条消息吗？"
                  description="删除后不可恢复。"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => remove.mutateAsync([m.id]).catch(() => undefined)}
                >
                  <Button type="link" size="small" danger aria-label={`删除 ${m.title}`}>
                    删除
                  </Button>
                </Popconfirm>,
              ]}
            >
              <Checkbox
                aria-label={`选择 ${m.title}`}
                checked={selected.includes(m.id)}
                onChange={(e) => setSelected((s) => (e.target.checked ? [...s, m.id] : s.filter((id) => id !== m.id)))}
                style={{ marginRight: 12, alignSelf: 'flex-start' }}
              />
              <List.Item.Meta
                title={
                  <Space size={6} wrap>
                    {isUnread && <span className="message-dot" aria-hidden />}
                    <Link to={`/centerDetail?id=${m.id}`} className="message-title" style={{ fontWeight: isUnread ? 600 : 400 }}>
                      {isUnread && <span className="sr-only">未读：</span>}
                      {m.title}
                    </Link>
                    <Tag>{m.kind_label}</Tag>
                    {m.handled_at && <Tag color="success">已处理</Tag>}
                  </Space>
                }
                description={
                  <>
                    {m.body && (
                      <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 4 }} type="secondary">
                        {m.body}
                      </Typography.Paragraph>
                    )}
                    <MessageTime at={m.created_at} />
                  </>
                }
              />
            </List.Item>
          );
        }}
      />
      {(list.data?.total ?? 0) > 0 && (
        <Pagination style={{ marginTop: 16, textAlign: 'right' }} {...pagination(list.data?.total)} />
      )}
    </Card>
  );
}
