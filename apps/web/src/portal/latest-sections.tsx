import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Col, Empty, Row, Skeleton } from 'antd';
import { portalHomeQuery, shanghaiDay } from './portal-api';
import { PortalCard } from './portal-ui';

/** The latest items of every channel (the portal home pages), each card linking to its channel. */
export function LatestSections() {
  const q = useQuery(portalHomeQuery());
  if (q.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!q.data) return <Empty description="暂无内容" />;
  const { channels, settings } = q.data;
  return (
    <>
      {settings.banners.length > 0 && (
        <div className="portal-banners" aria-label="横幅">
          {settings.banners.map((b) => (
            <a key={b.image_url + b.title} href={b.link || '#'} className="portal-banner">
              {b.image_url && <img src={b.image_url} alt={b.title} />}
              <span>{b.title}</span>
            </a>
          ))}
        </div>
      )}
      <Row gutter={[16, 16]} style={{ marginTop: 24 }}>
        {channels.map((c) => (
          <Col key={c.key} xs={24} md={12} xl={8}>
            <PortalCard
              title={<h2 className="portal-card-title">{c.name}</h2>}
              extra={
                <Link to={c.list} aria-label={`${c.name}：更多`}>
                  更多
                </Link>
              }
              style={{ height: '100%' }}
            >
              {c.items.length ? (
                <ul className="portal-latest">
                  {c.items.slice(0, 5).map((a) => (
                    <li key={a.id}>
                      <Link to={`${c.detail}?id=${a.id}`}>{a.title}</Link>
                      <time dateTime={shanghaiDay(a.publish_at)}>{shanghaiDay(a.publish_at).slice(5)}</time>
                    </li>
                  ))}
                </ul>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无文章" />
              )}
            </PortalCard>
          </Col>
        ))}
      </Row>
    </>
  );
}
