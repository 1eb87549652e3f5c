import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Skeleton, Typography } from 'antd';
import { ARTICLE_STATUS_TEXT, channelOf, type ArticleDetail } from '@ip/contract';
import { adminArticleQuery, shanghaiTime } from '../api';
import '../../../portal/portal.css';

/** An article as the public detail page shows it (the body is the server-sanitised HTML). */
export function ArticleView({ article: a, headingLevel = 1 }: { article: ArticleDetail; headingLevel?: 1 | 2 }) {
  return (
    <article className="portal-article" aria-labelledby={`article-title-${a.id}`}>
      <Typography.Title level={headingLevel} id={`article-title-${a.id}`} className="portal-h1">
        {a.title}
      </Typography.Title>
      <p className="portal-meta">
        <span>栏目：{channelOf(a.channel)?.name ?? a.channel}</span>
        <span>发布时间：{a.publish_at ? shanghaiTime(a.publish_at) : '未发布'}</span>
        {a.source && <span>来源：{a.source}</span>}
        {a.author && <span>作者：{a.author}</span>}
        {a.issuer && <span>发布机关：{a.issuer}</span>}
        {a.effective_date && <span>生效日期：{a.effective_date}</span>}
      </p>
      {a.cover_url && <img className="portal-thumb" src={a.cover_url} alt={`${a.title}的封面`} />}
      {/* Sanitised on the server with an allow-list (ADR 0045 §4): no script, handlers or javascript: links. */}
      <div className="portal-body" dangerouslySetInnerHTML={{ __html: a.body }} />
      {a.attachments.length > 0 && (
        <section aria-label="附件" className="portal-attachments">
          <Typography.Title level={(headingLevel + 1) as 2 | 3} className="portal-h2">
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
    </article>
  );
}

/** 预览: the saved article as visitors will see it, before (or after) publishing. */
export function ArticlePreviewModal({ id, onClose }: { id: number; onClose: () => void }) {
  const q = useQuery(adminArticleQuery(id));
  return (
    <Modal open title="预览" width="min(900px, 100vw)" footer={null} onCancel={onClose} destroyOnHidden>
      {q.data ? (
        <>
          {q.data.status !== 'published' && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title={`此文章为「${ARTICLE_STATUS_TEXT[q.data.status]}」，访客尚不可见；以下为发布后的显示效果。`}
            />
          )}
          <ArticleView article={q.data} headingLevel={2} />
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Modal>
  );
}
