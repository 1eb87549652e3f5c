import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, Button, Card, Space, Table, Typography, type TableProps } from 'antd';
import type { DemandRow, FollowVisitRow } from '@ip/contract';
import { useUrlList } from '../../../components/use-url-list';
import { useSessionUser } from '../../../lib/session-store';
import { demandFollowQuery } from './api';
import { DemandDrawer } from './demand-drawer';
import { LightTag } from './parts';

const idParam = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** /workFollow (待跟进, ADR 0042): the open demands waiting for the user (red and yellow first) and visits to follow up. */
export default function DemandFollowPage() {
  const { params, page, pageSize, update, pagination } = useUrlList();
  const me = useSessionUser();
  const isMain = !!me && me.com_id === 0;
  const follow = useQuery(demandFollowQuery({ page, page_size: pageSize }));
  const openId = idParam(params.get('id'));
  const counts = follow.data?.demands.counts;
  const demandColumns: TableProps<DemandRow>['columns'] = [
    { title: '灯色', key: 'light', width: 130, render: (_v, r) => <LightTag light={r.light} /> },
    {
      title: '需求',
      dataIndex: 'title',
      key: 'title',
      width: 240,
      render: (title: string, r) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          onClick={() => update({ id: r.id })}
          aria-label={`办理需求 ${title}`}
        >
          {title}
        </Button>
      ),
    },
    { title: '企业', dataIndex: 'company_name', key: 'company', width: 220, ellipsis: true },
    { title: '状态', dataIndex: 'status_label', key: 'status', width: 90 },
    {
      title: '待办环节',
      key: 'next',
      width: 170,
      render: (_v, r) => (r.status === 'registered' ? '待分派' : `${r.due_label}（期限 ${r.due}）`),
    },
    { title: '办理人', dataIndex: 'handler_name', key: 'handler', width: 100, render: (v: string) => v || '未分派' },
  ];
  const visitColumns: TableProps<FollowVisitRow>['columns'] = [
    {
      title: '企业',
      dataIndex: 'company_name',
      key: 'company',
      width: 220,
      render: (name: string, v) => (
        <Link to={`/workVisit/details?id=${v.id}`} aria-label={`查看走访记录：${name} ${v.visit_date}`}>
          {name}
        </Link>
      ),
    },
    { title: '走访日期', dataIndex: 'visit_date', key: 'date', width: 110 },
    { title: '走访人员', dataIndex: 'staff_name', key: 'staff', width: 100 },
    {
      title: '跟进事项',
      key: 'note',
      width: 300,
      render: (_v, r) => <Typography.Text ellipsis={{ tooltip: true }}>{r.follow_note || r.content || '—'}</Typography.Text>,
    },
  ];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title="待办需求">
        {counts && counts.red + counts.yellow > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={`${counts.red} 项已超期（红灯），${counts.yellow} 项今天或下一个工作日到期（黄灯），请优先处理`}
          />
        )}
        <Typography.Paragraph type="secondary">
          {isMain ? '待分派的需求和分派给您本人办理的需求' : '分派给您办理、尚未办结的需求'}，红灯、黄灯在前。
        </Typography.Paragraph>
        <Table<DemandRow>
          rowKey="id"
          size="middle"
          columns={demandColumns}
          dataSource={follow.data?.demands.list ?? []}
          loading={follow.isFetching}
          scroll={{ x: 950 }}
          pagination={pagination(follow.data?.demands.total)}
          locale={{
            emptyText: follow.isError ? (
              <span>
                加载失败，
                <Button type="link" onClick={() => void follow.refetch()}>
                  重试
                </Button>
              </span>
            ) : (
              '暂无待办需求'
            ),
          }}
        />
      </Card>
      <Card title={`待跟进的走访${follow.data ? `（${follow.data.visits.total}）` : ''}`}>
        <Table<FollowVisitRow>
          rowKey="id"
          size="middle"
          columns={visitColumns}
          dataSource={follow.data?.visits.list ?? []}
          loading={follow.isFetching}
          scroll={{ x: 730 }}
          pagination={false}
          locale={{ emptyText: '暂无需要跟进的走访记录' }}
        />
      </Card>
      <DemandDrawer id={openId} onClose={() => update({ id: undefined })} />
    </Space>
  );
}
