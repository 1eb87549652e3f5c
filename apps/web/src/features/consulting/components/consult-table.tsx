import { Button, Table, type TableProps } from 'antd';
import type { ConsultList, ConsultRow } from '@ip/contract';
import { ToneTag } from '../../../components/record-files';
import type { UrlList } from '../../../components/use-url-list';
import { formatTime, STATUS_TONES } from './consult-thread';

/** A page of questions; the title opens the thread (?id=…). */
export function ConsultTable({
  list,
  data,
  loading,
  error,
  retry,
  admin,
  emptyText,
}: {
  list: UrlList;
  data: ConsultList | undefined;
  loading: boolean;
  error: boolean;
  retry: () => void;
  admin: boolean;
  emptyText: string;
}) {
  const columns: TableProps<ConsultRow>['columns'] = [
    {
      title: '咨询标题',
      dataIndex: 'title',
      width: 280,
      render: (title: string, r) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          onClick={() => list.update({ id: r.id })}
        >
          {title}
        </Button>
      ),
    },
    { title: '类别', dataIndex: 'category_label', width: 120 },
    ...(admin
      ? [
          { title: '企业', dataIndex: 'company_name', width: 200, ellipsis: true },
          { title: '提问人', dataIndex: 'asker_name', width: 110 },
        ]
      : []),
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (_v: string, r: ConsultRow) => <ToneTag tone={STATUS_TONES[r.status]}>{r.status_label}</ToneTag>,
    },
    ...(admin ? [{ title: '公开', dataIndex: 'public', width: 70, render: (v: boolean) => (v ? '是' : '否') }] : []),
    { title: '回复数', dataIndex: 'replies', width: 80, align: 'right' as const },
    { title: '提问时间', dataIndex: 'created_at', width: 150, render: (v: string) => formatTime(v) },
    { title: '最近回复', dataIndex: 'last_reply_at', width: 150, render: (v: string | null) => formatTime(v) },
  ];
  return (
    <Table<ConsultRow>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={data?.list ?? []}
      loading={loading}
      scroll={{ x: admin ? 1160 : 880 }}
      pagination={list.pagination(data?.total)}
      locale={{
        emptyText: error ? (
          <span>
            加载失败，
            <Button type="link" onClick={retry}>
              重试
            </Button>
          </span>
        ) : (
          emptyText
        ),
      }}
    />
  );
}
