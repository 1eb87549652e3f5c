import { Link, useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Button, Empty, Skeleton, Typography } from 'antd';
import { channelOf } from '@ip/contract';
import { notify } from '../lib/notify';
import { portalArticleQuery, shanghaiDay } from './portal-api';
import './portal.css';

/** Every public detail page (/web/news/details?id= …): one published article, its attachments, previous/next, share. */
export default function ArticleDetailPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const q = useQuery(portalArticleQuery(id));
  if (!id) return <Empty description="文章不存在或未发布" />;
  if (q.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!q.data) return <Empty description="文章不存在或未发布" />;
  const { article: a, prev, next } = q.data;
  const channel = channelOf(a.channel);
  const share = async () => {
    const url = window.location.href;
    try {
      await navigator.clipboard.writeText(url);
      notify.success('链接已复制，可粘贴分享给好友');
    } catch {
      notify.info(url);
    }
  };

  return (
    <article className="portal-article" aria-labelledby="article-title">
      {channel?.list && (
        <Breadcrumb
          items={[
            { title: <Link to="/web/index">首页</Link> },
            { title: <Link to={channel.list}>{channel.name}</Link> },
            { title: '正文' },
          ]}
        />
      )}
      <Typography.Title level={1} id="article-title" className="portal-h1">
        {a.title}
      </Typography.Title>
      <p className="portal-meta">
        <time dateTime={shanghaiDay(a.publish_at)}>发布日期：{shanghaiDay(a.publish_at)}</time>
        {a.source && <span>来源：{a.source}</span>}
        {a.author && <span>作者：{a.author}</span>}
        {a.issuer && <span>发布机关：{a.issuer}</span>}
        {a.effective_date && <span>生效日期：{a.effective_date}</span>}
      </p>
      {/* The body was sanitised on the server with an allow-list (no script, handlers or javascript: links). */}
      <div className="portal-body" dangerouslySetInnerHTML={{ __html: a.body }} />
      {a.attachments.length > 0 && (
        <section aria-label="附件" className="portal-attachments">
          <Typography.Title level={2} className="portal-h2">
            附件
          </Typography.Title>
          <ul>
            {a.attachments.map((f) => (
              <li key={f.id}>
                <a href={f.url} target="_blank" rel="noopener noreferrer">
                  {f.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <nav className="portal-neighbours" aria-label="上一篇和下一篇">
        <div>上一篇：{prev ? <Link to={`${pathname}?id=${prev.id}`}>{prev.title}</Link> : <span>没有了</span>}</div>
        <div>下一篇：{next ? <Link to={`${pathname}?id=${next.id}`}>{next.title}</Link> : <span>没有了</span>}</div>
      </nav>
      <Button onClick={share}>分享</Button>
    </article>
  );
}
