import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Space } from 'antd';
import { ARTICLE_STATUS_TEXT, channelOf } from '@ip/contract';
import { adminReadQuery } from '../api';
import { ArticleView } from '../components/article-view';

/** /newsDetails?id= (administrator): one article or internal notice, read in full, with previous/next in its channel. */
export default function NewsDetailsPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const q = useQuery(adminReadQuery(id));
  if (!id) return <Empty description="请从资讯中心选择文章" />;
  if (q.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!q.data) return <Empty description="文章不存在或已删除" />;
  const { article: a, prev, next } = q.data;
  const channel = channelOf(a.channel);
  return (
    <Card
      title={
        <Space wrap>
          <Link to={`/news?channel=${a.channel}`}>{channel?.name ?? a.channel}</Link>
          <span aria-hidden="true">/</span>
          <span>正文</span>
        </Space>
      }
      extra={<Link to="/news">返回资讯中心</Link>}
    >
      {a.status !== 'published' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={`此文章为「${ARTICLE_STATUS_TEXT[a.status]}」，门户不显示。`}
        />
      )}
      {a.channel === 'notice' && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="内部通知：仅在资讯中心可见，门户不公开。" />
      )}
      <ArticleView article={a} />
      <nav className="portal-neighbours" aria-label="上一篇和下一篇">
        <div>上一篇：{prev ? <Link to={`/newsDetails?id=${prev.id}`}>{prev.title}</Link> : <span>没有了</span>}</div>
        <div>下一篇：{next ? <Link to={`/newsDetails?id=${next.id}`}>{next.title}</Link> : <span>没有了</span>}</div>
      </nav>
      {channel?.detail && a.status === 'published' && (
        <Button href={`${channel.detail}?id=${a.id}`} target="_blank" rel="noopener noreferrer" style={{ marginTop: 12 }}>
          在门户中查看
        </Button>
      )}
    </Card>
  );
}
