import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Select, Space, Table, Typography, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  INDUSTRY_REPORT_STATUSES,
  INDUSTRY_REPORT_STATUS_LABELS,
  type IndustryReportAdminRow,
  type IndustryReportStatus,
} from '@ip/contract';
import { ToneTag, type Tone } from '../../components/record-files';
import { useUrlList } from '../../components/use-url-list';
import { notify } from '../../lib/notify';
import { formatTime } from '../consulting/components/consult-thread';
import {
  adminReportsQuery,
  deleteReportCall,
  publishReportCall,
  refreshReports,
  reportLinkCall,
  withdrawReportCall,
} from './api';
import { PdfPreviewModal, ReportFilterBar, reportFilters } from './report-bits';
import { ReportFormModal } from './report-form';

const TONES: Record<IndustryReportStatus, Tone> = { draft: 'gray', published: 'green', withdrawn: 'orange' };

/** /IndustryReport (administrator, set B): upload, edit, publish, withdraw and delete industry reports. */
export default function AdminReportsPage() {
  const list = useUrlList();
  const f = reportFilters(list.params);
  const status = (INDUSTRY_REPORT_STATUSES as readonly string[]).includes(f.status)
    ? (f.status as IndustryReportStatus)
    : undefined;
  const body = useMemo(
    () => ({
      page: list.page,
      page_size: list.pageSize,
      ...(f.industry ? { industry: f.industry as never } : {}),
      ...(f.year ? { year: f.year } : {}),
      ...(f.keyword ? { keyword: f.keyword } : {}),
      ...(status ? { status } : {}),
    }),
    [list.page, list.pageSize, f.industry, f.year, f.keyword, status],
  );
  const q = useQuery(adminReportsQuery(body));
  const client = useQueryClient();
  const [editing, setEditing] = useState<IndustryReportAdminRow | null | undefined>(undefined);
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);

  const act = async (call: () => Promise<unknown>, done: string) => {
    await call();
    notify.success(done);
    await refreshReports(client);
  };
  const columns: TableProps<IndustryReportAdminRow>['columns'] = [
    {
      title: '封面',
      dataIndex: 'cover_url',
      width: 72,
      render: (url: string, r) =>
        url ? <img src={url} alt={`${r.title}封面`} width={48} height={48} style={{ objectFit: 'cover' }} loading="lazy" /> : '—',
    },
    { title: '报告标题', dataIndex: 'title', width: 280 },
    { title: '行业', dataIndex: 'industry', width: 130 },
    { title: '年份', dataIndex: 'year', width: 80 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: IndustryReportStatus) => <ToneTag tone={TONES[s]}>{INDUSTRY_REPORT_STATUS_LABELS[s]}</ToneTag>,
    },
    { title: '下载次数', dataIndex: 'downloads', width: 90, align: 'right' },
    { title: '发布时间', dataIndex: 'published_at', width: 150, render: (v: string | null) => formatTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      render: (_v, r) => (
        <Space size={0} wrap>
          <Button type="link" onClick={() => void reportLinkCall(r.id, 'admin').then((l) => setPreview(l))}>
            预览
          </Button>
          <Button type="link" onClick={() => setEditing(r)}>
            编辑
          </Button>
          {r.status === 'published' ? (
            <Popconfirm
              title="撤回后企业将看不到该报告，确定撤回？"
              okText="撤回"
              cancelText="取消"
              onConfirm={() => act(() => withdrawReportCall(r.id), '报告已撤回')}
            >
              <Button type="link">撤回</Button>
            </Popconfirm>
          ) : (
            <Button type="link" onClick={() => void act(() => publishReportCall(r.id), '报告已发布')}>
              发布
            </Button>
          )}
          <Popconfirm
            title="删除后报告及其 PDF 文件将无法恢复，确定删除？"
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => act(() => deleteReportCall(r.id), '报告已删除')}
          >
            <Button type="link" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const filtered = Boolean(f.industry || f.year || f.keyword || status);
  return (
    <Card
      title="产业报告管理"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          上传报告
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        上传 PDF 产业报告，发布后企业用户可在「产业报告」中在线预览和下载。
      </Typography.Paragraph>
      <ReportFilterBar
        list={list}
        years={q.data?.years}
        extra={
          <Select
            aria-label="状态"
            placeholder="全部状态"
            allowClear
            style={{ width: 120 }}
            value={status}
            options={INDUSTRY_REPORT_STATUSES.map((s) => ({ value: s, label: INDUSTRY_REPORT_STATUS_LABELS[s] }))}
            onChange={(v?: string) => list.update({ status: v, page: undefined })}
          />
        }
      />
      <Table<IndustryReportAdminRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={q.data?.list ?? []}
        loading={q.isFetching}
        scroll={{ x: 1150 }}
        pagination={list.pagination(q.data?.total, '份')}
        locale={{
          emptyText: q.isError ? (
            <span>
              加载失败，
              <Button type="link" onClick={() => void q.refetch()}>
                重试
              </Button>
            </span>
          ) : filtered ? (
            '没有符合条件的报告'
          ) : (
            '暂无产业报告，点击「上传报告」添加'
          ),
        }}
      />
      <ReportFormModal open={editing !== undefined} report={editing ?? null} onClose={() => setEditing(undefined)} />
      <PdfPreviewModal preview={preview} onClose={() => setPreview(null)} />
    </Card>
  );
}
