import { Card, Descriptions, Image, Typography } from 'antd';
import { PatentDetailFrame } from '../components/detail-frame';
import type { PatentDetail } from '../api';

const dash = (v?: string) => v || '—';

/** The bibliographic data and the abstract of a patent (/detail, and the company's /patentDetails). */
export function BibliographyAndAbstract({ p }: { p: PatentDetail }) {
  const otherPubs = p.publications.filter((x) => x.pn && x.pn !== p.pn);
  return (
    <>
      <Card size="small" title="著录项目">
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
          items={[
            { key: 'an', label: '申请号', children: dash(p.an) },
            { key: 'ad', label: '申请日', children: dash(p.ad) },
            { key: 'pn', label: '公开（公告）号', children: dash(p.pn) },
            { key: 'pd', label: '公开（公告）日', children: dash(p.pd) },
            { key: 'gn', label: '授权公告号', children: dash(p.gn) },
            { key: 'gd', label: '授权公告日', children: dash(p.gd) },
            { key: 'type', label: '专利类型', children: dash(p.type) },
            { key: 'ls', label: '法律状态', children: dash(p.legal_status) },
            ...(p.expiry_date ? [{ key: 'exp', label: '预计届满日', children: p.expiry_date }] : []),
            { key: 'pa', label: '申请（专利权）人', children: dash(p.applicants.join('；')), span: 'filled' },
            { key: 'in', label: '发明（设计）人', children: dash(p.inventors.join('；')), span: 'filled' },
            { key: 'addr', label: '地址', children: dash(p.address), span: 'filled' },
            { key: 'ag', label: '专利代理机构', children: dash(p.agency), span: 'filled' },
            { key: 'mipc', label: '主分类号', children: dash(p.ipc_main) },
            { key: 'ipc', label: '分类号', children: dash(p.ipc.join('；')) },
            ...(otherPubs.length
              ? [
                  {
                    key: 'pubs',
                    label: '其他公开文献',
                    children: otherPubs.map((x) => [x.pn, x.pd].filter(Boolean).join(' ')).join('；'),
                    span: 'filled' as const,
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Card size="small" title="摘要" style={{ marginTop: 16 }}>
        {p.abstract ? (
          <Typography.Paragraph style={{ lineHeight: 1.9, textIndent: '2em', marginBottom: 0 }}>
            {p.abstract}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">暂无摘要</Typography.Text>
        )}
        {p.drawings[0] && (
          <div style={{ marginTop: 12 }}>
            <Image src={p.drawings[0]} alt="摘要附图" width={240} />
          </div>
        )}
      </Card>
    </>
  );
}

/** /detail: bibliographic data and the abstract. */
export default function DetailPage() {
  return <PatentDetailFrame>{(p) => <BibliographyAndAbstract p={p} />}</PatentDetailFrame>;
}
