import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Menu, Popconfirm, Select, Space, Table, Tag, type TableProps } from 'antd';
import {
  ARTICLE_STATUS_TEXT,
  ARTICLE_STATUSES,
  channelOf,
  PORTAL_CHANNELS,
  type ArticleDetail,
  type ArticleRow,
  type ArticleStatus,
} from '@ip/contract';
import { useUrlList } from '../../../components/use-url-list';
import { notify } from '../../../lib/notify';
import { adminArticlesQuery, CMS_KEY, deleteArticleCall, publishArticleCall, shanghaiTime, withdrawArticleCall } from '../api';
import { ArticleFormDrawer } from './article-form';
import { ArticlePreviewModal } from './article-view';
import { RevisionsDrawer } from './revisions-drawer';
import '../cms.css';

const STATUS_COLOURS: Record<ArticleStatus, string> = { draft: 'default', published: 'green', withdrawn: 'orange' };

/**
 * The articles of a channel: the channel list at the side (a select below 768 px), search, status filter, paging
 * (pinned first), and every action — new, edit, preview, publish, withdraw, history, delete. /web shows the portal's
 * channels; /news adds 内部通知 and opens titles in /newsDetails. Filters and page live in the address.
 */
export function ArticlesPanel({ mode }: { mode: 'web' | 'news' }) {
  const channels = useMemo(() => PORTAL_CHANNELS.filter((c) => mode === 'news' || c.list), [mode]);
  const list = useUrlList({ defaultPageSize: 10 });
  const channelParam = list.params.get('channel') ?? '';
  const channel = channels.some((c) => c.key === channelParam) ? channelParam : mode === 'news' ? '' : channels[0].key;
  const statusParam = list.params.get('status') ?? '';
  const status: ArticleStatus | '' = (ARTICLE_STATUSES as readonly string[]).includes(statusParam)
    ? (statusParam as ArticleStatus)
    : '';
  const keyword = list.params.get('keyword') ?? '';
  const body = {
    channel,
    status,
    keyword,
    scope: mode === 'news' ? ('all' as const) : ('public' as const),
    page: list.page,
    page_size: list.pageSize,
  };
  const q = useQuery(adminArticlesQuery(body));
  const client = useQueryClient();
  const [editing, setEditing] = useState<number | null>(null);
  const [preview, setPreview] = useState(0);
  const [history, setHistory] = useState<{ id: number; title: string } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: CMS_KEY });

  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      notify.success(done);
      await refresh();
    } catch {
      // Shown by the http layer.
    }
  };

  const onSaved = (a: ArticleDetail, then: 'stay' | 'preview' | 'published') => {
    void refresh();
    if (then === 'stay') setEditing(a.id);
    else {
      setEditing(null);
      if (then === 'preview') setPreview(a.id);
    }
  };

  const menuItems = [
    ...(mode === 'news' ? [{ key: '', label: '全部栏目' }] : []),
    ...channels.map((c) => ({ key: c.key, label: c.name })),
  ];
  const columns: TableProps<ArticleRow>['columns'] = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (title: string, r) => (
        <Space size={4} wrap>
          {r.pinned && <Tag color="red">置顶</Tag>}
          {mode === 'news' ? (
            <Link to={`/newsDetails?id=${r.id}`}>{title}</Link>
          ) : (
            <Button
              type="link"
              style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
              onClick={() => setEditing(r.id)}
            >
              {title}
            </Button>
          )}
        </Space>
      ),
    },
    ...(channel ? [] : [{ title: '栏目', dataIndex: 'channel', width: 120, render: (v: string) => channelOf(v)?.name ?? v }]),
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (v: ArticleStatus) => <Tag color={STATUS_COLOURS[v]}>{ARTICLE_STATUS_TEXT[v]}</Tag>,
    },
    { title: '发布时间', dataIndex: 'publish_at', width: 150, render: (v: string | null) => shanghaiTime(v) || '—' },
    { title: '更新时间', dataIndex: 'updated_at', width: 150, render: (v: string) => shanghaiTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 300,
      render: (_v, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing(r.id)}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setPreview(r.id)}>
            预览
          </Button>
          {r.status === 'published' ? (
            <Popconfirm
              title="撤回后访客将看不到此文章，确定撤回？"
              okText="撤回"
              cancelText="取消"
              onConfirm={() => act(() => withdrawArticleCall(r.id), '已撤回')}
            >
              <Button type="link" size="small">
                撤回
              </Button>
            </Popconfirm>
          ) : (
            <Button type="link" size="small" onClick={() => void act(() => publishArticleCall(r.id), '已发布')}>
              发布
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setHistory({ id: r.id, title: r.title })}>
            历史版本
          </Button>
          <Popconfirm
            title="删除文章？"
            description="文章及其历史版本将被删除，不能恢复。"
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => act(() => deleteArticleCall(r.id), '已删除')}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const filtered = Boolean(status || keyword);
  return (
    <div className="cms-layout">
      <nav className="cms-channels" aria-label="栏目">
        <Menu
          mode="inline"
          selectedKeys={[channel]}
          items={menuItems}
          onClick={({ key }) => list.update({ channel: key || undefined, page: undefined })}
        />
      </nav>
      <div className="cms-main">
        <Select
          className="cms-channel-select"
          aria-label="栏目"
          value={channel}
          options={menuItems.map((m) => ({ value: m.key, label: m.label }))}
          onChange={(v: string) => list.update({ channel: v || undefined, page: undefined })}
          style={{ marginBottom: 12 }}
        />
        <div className="cms-toolbar">
          <Input.Search
            key={keyword}
            aria-label="搜索标题"
            placeholder="搜索标题"
            allowClear
            defaultValue={keyword}
            maxLength={50}
            onSearch={(v) => list.update({ keyword: v.trim() || undefined, page: undefined })}
          />
          <Select
            aria-label="状态"
            style={{ width: 120 }}
            value={status}
            options={[
              { value: '', label: '全部状态' },
              ...ARTICLE_STATUSES.map((s) => ({ value: s, label: ARTICLE_STATUS_TEXT[s] })),
            ]}
            onChange={(v: string) => list.update({ status: v || undefined, page: undefined })}
          />
          <Button type="primary" onClick={() => setEditing(0)}>
            新建文章
          </Button>
        </div>
        <Table<ArticleRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={q.data?.list ?? []}
          loading={q.isFetching}
          scroll={{ x: 900 }}
          pagination={list.pagination(q.data?.total, '篇')}
          locale={{
            emptyText: q.isError ? (
              <span>
                加载失败，
                <Button type="link" onClick={() => void q.refetch()}>
                  重试
                </Button>
              </span>
            ) : filtered ? (
              '没有符合条件的文章'
            ) : (
              '此栏目还没有文章，点「新建文章」开始撰写'
            ),
          }}
        />
      </div>
      {editing !== null && (
        <ArticleFormDrawer
          id={editing}
          channel={channel || channels[0].key}
          channels={channels}
          onClose={() => setEditing(null)}
          onSaved={onSaved}
        />
      )}
      {preview > 0 && <ArticlePreviewModal id={preview} onClose={() => setPreview(0)} />}
      {history && <RevisionsDrawer id={history.id} title={history.title} onClose={() => setHistory(null)} />}
    </div>
  );
}
