import { Card, Typography } from 'antd';
import { ArticlesPanel } from '../components/articles-panel';

/** /news 资讯中心 (administrator, ADR 0053): every channel's articles plus the internal notices the portal never shows. */
export default function NewsPage() {
  return (
    <Card title="资讯中心">
      <Typography.Paragraph type="secondary">
        门户各栏目的文章与「内部通知」集中查看；内部通知只在此处可见，门户不公开。点标题阅读全文。
      </Typography.Paragraph>
      <ArticlesPanel mode="news" />
    </Card>
  );
}
