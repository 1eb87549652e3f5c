import { Card, Typography } from 'antd';
import { ClaimsList } from '../components/patent-text';
import { PatentDetailFrame } from '../components/detail-frame';

/** /power: the claims, independent claims highlighted. */
export default function PowerPage() {
  return (
    <PatentDetailFrame>
      {(p) => {
        const independent = p.claims.filter((c) => c.independent).length;
        return (
          <Card
            size="small"
            title="权利要求书"
            extra={
              p.claims.length > 0 && (
                <Typography.Text type="secondary">
                  共 {p.claims.length} 项，其中独立权利要求 {independent} 项
                </Typography.Text>
              )
            }
          >
            <ClaimsList claims={p.claims} />
          </Card>
        );
      }}
    </PatentDetailFrame>
  );
}
