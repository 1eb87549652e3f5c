import { Link } from 'react-router';
import { Card, Table, type TableProps } from 'antd';
import { PatentDetailFrame } from '../components/detail-frame';
import type { PatentDetail, RelatedDoc } from '../api';

type Row = RelatedDoc & { key: string };

const rows = (list: RelatedDoc[]): Row[] => list.map((r, i) => ({ ...r, key: `${r.pn}-${i}` }));

function numberCell(r: RelatedDoc) {
  if (!r.pn) return '—';
  const to = r.id ? `/detail?id=${r.id}` : `/detail?${new URLSearchParams({ number: r.pn }).toString()}`;
  return <Link to={to}>{r.pn}</Link>;
}

const FAMILY_COLUMNS: TableProps<Row>['columns'] = [
  { title: '公开号', key: 'pn', render: (_v, r) => numberCell(r), width: 180 },
  {
    title: '国家/地区',
    dataIndex: 'country',
    width: 100,
    render: (v: string | undefined, r) => v || /^[A-Z]{2}/.exec(r.pn)?.[0] || '—',
  },
  { title: '公开日', dataIndex: 'pd', width: 120, render: (v?: string) => v || '—' },
  { title: '名称', dataIndex: 'title', render: (v?: string) => v || '—' },
];

const CITATION_COLUMNS: TableProps<Row>['columns'] = [
  { title: '文献号', key: 'pn', render: (_v, r) => numberCell(r), width: 180 },
  { title: '公开日', dataIndex: 'pd', width: 120, render: (v?: string) => v || '—' },
  { title: '名称', dataIndex: 'title', render: (v?: string) => v || '—' },
  { title: '引用类型', dataIndex: 'relation', width: 120, render: (v?: string) => v || '—' },
];

/** The family and citation tables of a patent (/kindred, and the company's /patentDetails). */
export function FamilyAndCitations({ p }: { p: PatentDetail }) {
  return (
    <>
      <Card size="small" title={`同族专利（${p.family.length}）`}>
        <Table<Row>
          size="small"
          rowKey="key"
          columns={FAMILY_COLUMNS}
          dataSource={rows(p.family)}
          pagination={p.family.length > 20 ? { pageSize: 20 } : false}
          scroll={{ x: 600 }}
          locale={{ emptyText: '暂无同族专利' }}
        />
      </Card>
      <Card size="small" title={`引证文献（${p.citations.length}）`} style={{ marginTop: 16 }}>
        <Table<Row>
          size="small"
          rowKey="key"
          columns={CITATION_COLUMNS}
          dataSource={rows(p.citations)}
          pagination={p.citations.length > 20 ? { pageSize: 20 } : false}
          scroll={{ x: 600 }}
          locale={{ emptyText: '暂无引证文献' }}
        />
      </Card>
    </>
  );
}

/** /kindred: the patent family and the citations. */
export default function KindredPage() {
  return <PatentDetailFrame>{(p) => <FamilyAndCitations p={p} />}</PatentDetailFrame>;
}
