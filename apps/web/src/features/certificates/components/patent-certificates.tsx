import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, List, Skeleton, Space, Typography } from 'antd';
import { CERTIFICATE_KIND_LABELS } from '@ip/contract';
import { ExpiryTag } from '../../../components/record-files';
import { certificateListQuery } from '../api';

/** How many certificates of one patent the tab lists (a patent has a handful: its patent certificate, licences …). */
const PATENT_CERTIFICATES_MAX = 100;

/**
 * The 证书 tab of /patentDetails: the company's certificates linked to this patent (certificates.patent_id, ADR 0021),
 * soonest expiry first; each opens on /certificateData.
 */
export function PatentCertificates({ patentId }: { patentId: number }) {
  const q = useQuery(
    certificateListQuery({
      page: 1,
      page_size: PATENT_CERTIFICATES_MAX,
      patent_id: patentId,
      sort_field: 'expiry_date',
      sort_order: 'ascend',
    }),
  );
  return (
    <Card size="small" title="本专利的证书" extra={<Link to="/certificateData">证书管理</Link>}>
      {q.isPending && <Skeleton active aria-label="正在加载证书" />}
      {q.isError && <Alert type="error" showIcon title="证书加载失败" description={q.error.message} />}
      {q.data &&
        (q.data.list.length === 0 ? (
          <Empty description="本企业尚未登记该专利的证书">
            <Link to="/certificateData">去登记证书</Link>
          </Empty>
        ) : (
          <section aria-label="本专利的证书">
            <List
              dataSource={q.data.list}
              renderItem={(c) => (
                <List.Item key={c.id}>
                  <List.Item.Meta
                    title={<Link to={`/certificateData?view=${c.id}`}>{c.name}</Link>}
                    description={
                      <Space wrap size={[12, 4]}>
                        <span>{CERTIFICATE_KIND_LABELS[c.kind]}</span>
                        <Typography.Text>编号 {c.number}</Typography.Text>
                        <span>发证 {c.issue_date}</span>
                        <span>有效期至 {c.expiry_date ?? '—'}</span>
                        <ExpiryTag status={c.status} daysLeft={c.days_left} />
                      </Space>
                    }
                  />
                </List.Item>
              )}
            />
          </section>
        ))}
    </Card>
  );
}
