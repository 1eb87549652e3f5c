import { Button, Card, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { ClaimsList, DescriptionText, SectionTitle } from '../components/patent-text';
import { PatentDetailFrame } from '../components/detail-frame';

/** /fullText: the PDF when there is one, else the text assembled from title, abstract, claims and description. */
export default function FullTextPage() {
  return (
    <PatentDetailFrame>
      {(p) =>
        p.pdf ? (
          <Card
            size="small"
            title="全文（PDF）"
            extra={
              <Button icon={<DownloadOutlined aria-hidden />} href={p.pdf} target="_blank" rel="noreferrer">
                新窗口打开
              </Button>
            }
          >
            <iframe className="patent-pdf" src={p.pdf} title={`${p.title} 全文 PDF`} />
          </Card>
        ) : (
          <Card size="small" title="全文">
            <article aria-label="专利全文">
              <Typography.Title level={4} style={{ textAlign: 'center', marginTop: 0 }}>
                {p.title}
              </Typography.Title>
              <SectionTitle>摘要</SectionTitle>
              <Typography.Paragraph style={{ lineHeight: 1.9, textIndent: '2em' }}>
                {p.abstract || '暂无摘要'}
              </Typography.Paragraph>
              <SectionTitle>权利要求书</SectionTitle>
              <ClaimsList claims={p.claims} />
              <SectionTitle>说明书</SectionTitle>
              <DescriptionText text={p.description} numbered={false} />
            </article>
          </Card>
        )
      }
    </PatentDetailFrame>
  );
}
