import { Alert, Button, Card, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { PDF_RESTRICTION_MESSAGES } from '@ip/contract';
import { ClaimsList, DescriptionText, SectionTitle } from '../components/patent-text';
import { PatentDetailFrame } from '../components/detail-frame';
import type { PatentDetail } from '../api';

/**
 * Why the PDF is not shown (DOMAIN §1: no full-text download for trial users and visitors; the server withheld it)
 * and the way on: 去认证 for a trial user, 登录 for everyone else.
 */
function PdfRestricted({ patent }: { patent: PatentDetail }) {
  const navigate = useNavigate();
  const reason = patent.pdf_restricted!;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title="全文 PDF 暂不可用"
      description={patent.pdf_restricted_msg || PDF_RESTRICTION_MESSAGES[reason]}
      action={
        reason === 'trial' ? (
          <Button type="primary" danger onClick={() => void navigate('/userCenter')}>
            去认证
          </Button>
        ) : (
          <Button type="primary" onClick={() => void navigate('/login')}>
            登录
          </Button>
        )
      }
    />
  );
}

/**
 * /fullText: the PDF when there is one and the caller may have it, else the text assembled from title, abstract,
 * claims and description (reading stays open to everyone, as on the other tabs).
 */
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
          <>
            {p.pdf_restricted && <PdfRestricted patent={p} />}
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
          </>
        )
      }
    </PatentDetailFrame>
  );
}
