import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Input, Select, Space, Table, Typography, type TableProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { AUDIT_ACTION_LABELS } from '@ip/contract';
import { auditLogQuery, downloadAuditLog, type AuditFilters, type AuditRow } from '../audit-api';
import { notify } from '../../../lib/notify';
import { chinaSecond } from '../../../lib/china-time';

const PAGE_SIZE = 20;

/** China time to the second. */

const columns: TableProps<AuditRow>['columns'] = [
  { title: '时间', dataIndex: 'created_at', width: 170, render: chinaSecond },
  {
    title: '管理员',
    key: 'admin',
    width: 150,
    render: (_v, r) => (
      <>
        {r.admin_name}
        {r.admin_mobile && (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {r.admin_mobile}
          </Typography.Text>
        )}
      </>
    ),
  },
  { title: '操作', dataIndex: 'action_label', width: 220 },
  {
    title: '目标用户',
    key: 'user',
    width: 150,
    render: (_v, r) =>
      r.user_name ? (
        <>
          {r.user_name}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {r.user_mobile}
          </Typography.Text>
        </>
      ) : (
        '—'
      ),
  },
  { title: '详情', dataIndex: 'detail', ellipsis: { showTitle: true } },
];

/** 审计日志: every administrator action (and every action taken in admin view), newest first; Excel export. */
export function AuditLogPanel() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [exporting, setExporting] = useState(false);
  const q = useQuery(auditLogQuery({ ...filters, page, page_size: pageSize }));
  const set = (patch: AuditFilters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const actionOptions = [
    { value: '', label: '全部操作' },
    ...(q.data?.actions ?? []).map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] ?? a })),
  ];
  const onRange = (v: [Dayjs | null, Dayjs | null] | null) =>
    set({ date_from: v?.[0]?.format('YYYY-MM-DD'), date_to: v?.[1]?.format('YYYY-MM-DD') });
  return (
    <div>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="管理员"
          style={{ width: 180 }}
          value={filters.admin_id ?? 0}
          onChange={(v: number) => set({ admin_id: v || undefined })}
          options={[
            { value: 0, label: '全部管理员' },
            ...(q.data?.admins ?? []).map((a) => ({ value: a.id, label: `${a.name}（${a.mobile}）` })),
          ]}
        />
        <Select
          aria-label="操作类型"
          style={{ width: 180 }}
          value={filters.action ?? ''}
          onChange={(v: string) => set({ action: v || undefined })}
          options={actionOptions}
        />
        <Input.Search
          aria-label="目标用户"
          placeholder="目标用户姓名或手机号"
          allowClear
          enterButton="查询"
          style={{ width: 260, maxWidth: '100%' }}
          onSearch={(v) => set({ user_keyword: v.trim() || undefined })}
        />
        <DatePicker.RangePicker aria-label="操作日期" placeholder={['开始日期', '结束日期']} onChange={onRange} />
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={exporting}
          disabled={!q.data?.total}
          onClick={async () => {
            setExporting(true);
            try {
              await downloadAuditLog(filters);
            } catch {
              notify.error('导出失败，请稍后重试');
            } finally {
              setExporting(false);
            }
          }}
        >
          导出 Excel
        </Button>
      </Space>
      {q.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title="审计日志加载失败" description={q.error.message} />
      )}
      <Table<AuditRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={q.data?.list ?? []}
        loading={q.isFetching}
        scroll={{ x: 900 }}
        pagination={{
          current: page,
          pageSize,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (t) => `共 ${t} 条`,
          onChange: (p, s) => {
            setPage(p);
            setPageSize(s);
          },
        }}
        locale={{ emptyText: q.isError ? '加载失败，请稍后重试' : '暂无审计记录' }}
      />
    </div>
  );
}
