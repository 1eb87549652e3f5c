import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, List, Pagination, Skeleton, Tabs, Tag, Typography } from 'antd';
import { PORTAL_CHANNELS, type ArticleRow, type PortalChannel } from '@ip/contract';
import { useUrlList } from '../components/use-url-list';
import { portalArticlesQuery, shanghaiDay } from './portal-api';
import './portal.css';

/** The channels a list page shows: one, or several as tabs (政策法规 + 政策解读, 服务中心's three). */
export function channelsOfPage(pathname: string): PortalChannel[] {
  if (pathname === '/web/services/central') return PORTAL_CHANNELS.filter((c) => c.key.startsWith('service_'));
  return PORTAL_CHANNELS.filter((c) => c.list === pathname);
}

/** One article of a list: title (a link to its detail page), date, source, summary, cover thumbnail. */
export function ArticleItem({ a, detail }: { a: ArticleRow; detail: string }) {
  return (
    <List.Item
      className="portal-item"
      extra={
        a.cover_url ? <img className="portal-thumb" src={a.cover_thumb_url || a.cover_url} alt="" loading="lazy" /> : undefined
      }
    >
      <List.Item.Meta
        title={
          <span>
            {a.pinned && <Tag color="red">置顶</Tag>}
            <Link to={`${detail}?id=${a.id}`}>{a.title}</Link>
          </span>
        }
        description={
          <span className="portal-meta">
            <time dateTime={shanghaiDay(a.publish_at)}>{shanghaiDay(a.publish_at)}</time>
            {a.source && <span>来源：{a.source}</span>}
            {a.issuer && <span>发布机关：{a.issuer}</span>}
            {a.effective_date && <span>生效日期：{a.effective_date}</span>}
          </span>
        }
      />
      {a.summary && <Typography.Paragraph className="portal-summary">{a.summary}</Typography.Paragraph>}
    </List.Item>
  );
}

/** Every public channel page (/web/news, /web/policies …): the channel's published articles, search within it, dates. */
export default function ChannelListPage() {
  const { pathname } = useLocation();
  const channels = channelsOfPage(pathname);
  const list = useUrlList({ pageSizes: [10, 20, 50], defaultPageSize: 10 });
  const { params, update, page, pageSize } = list;
  const current = channels.find((c) => c.key === params.get('channel')) ?? channels[0];
  const keyword = params.get('keyword') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const [draftFrom, setDraftFrom] = useState(from);
  const [draftTo, setDraftTo] = useState(to);
  const q = useQuery({
    ...portalArticlesQuery({ channel: current?.key ?? '', keyword, from, to, page, page_size: pageSize }),
    enabled: !!current,
  });
  if (!current) return <Empty description="栏目不存在" />;
  const title = channels.length > 1 && pathname === '/web/services/central' ? '服务中心' : current.name;

  return (
    <section aria-labelledby="channel-title" className="portal-section">
      <Typography.Title level={1} id="channel-title" className="portal-h1">
        {title}
      </Typography.Title>
      {channels.length > 1 && (
        <Tabs
          activeKey={current.key}
          onChange={(k) => update({ channel: k === channels[0].key ? undefined : k, page: undefined })}
          items={channels.map((c) => ({ key: c.key, label: c.name }))}
        />
      )}
      <form
        className="portal-filters"
        role="search"
        aria-label={`在${current.name}中搜索`}
        onSubmit={(e) => {
          e.preventDefault();
          const k = String(new FormData(e.currentTarget).get('keyword') ?? '').trim();
          update({ keyword: k, from: draftFrom, to: draftTo, page: undefined });
        }}
      >
        <Input
          name="keyword"
          defaultValue={keyword}
          key={keyword}
          placeholder="标题或摘要关键词"
          aria-label="关键词"
          allowClear
        />
        <label className="portal-date">
          <span>从</span>
          <Input type="date" value={draftFrom} onChange={(e) => setDraftFrom(e.target.value)} aria-label="开始日期" />
        </label>
        <label className="portal-date">
          <span>至</span>
          <Input type="date" value={draftTo} onChange={(e) => setDraftTo(e.target.value)} aria-label="结束日期" />
        </label>
        <Button type="primary" htmlType="submit">
          搜索
        </Button>
        {(keyword || from || to) && (
          <Button
            onClick={() => {
              setDraftFrom('');
              setDraftTo('');
              update({ keyword: undefined, from: undefined, to: undefined, page: undefined });
            }}
          >
            清除
          </Button>
        )}
      </form>
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <List
            itemLayout="vertical"
            dataSource={q.data?.list ?? []}
            locale={{ emptyText: <Empty description={keyword || from || to ? '没有符合条件的文章' : '暂无文章'} /> }}
            renderItem={(a) => <ArticleItem key={a.id} a={a} detail={current.detail} />}
          />
          {(q.data?.total ?? 0) > pageSize && (
            <Pagination
              className="portal-pager"
              current={page}
              pageSize={pageSize}
              total={q.data?.total ?? 0}
              showTotal={(t) => `共 ${t} 篇`}
              onChange={(p) => update({ page: p === 1 ? undefined : p })}
              showSizeChanger={false}
            />
          )}
        </>
      )}
    </section>
  );
}
