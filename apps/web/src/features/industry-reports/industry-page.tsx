import { useMemo, useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import { DownloadOutlined, EyeOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { IndustryReportRow } from '@ip/contract';
import { download } from '../../components/record-files';
import { useUrlList } from '../../components/use-url-list';
import { formatTime } from '../consulting/components/consult-thread';
import { refreshReports, reportLinkCall, reportsQuery } from './api';
import { PdfPreviewModal, ReportFilterBar, reportFilters } from './report-bits';

/** antd List takes the Table's paging minus the Table-only placement fields. */
const pagination = ({
  current,
  pageSize,
  total,
  showSizeChanger,
  pageSizeOptions,
  showTotal,
  onChange,
}: TablePaginationConfig) => ({
  current,
  pageSize,
  total,
  showSizeChanger,
  pageSizeOptions,
  showTotal,
  onChange,
  align: 'end' as const,
});

/** /industry (company and trial users, set A): the published industry reports; preview in the page, counted download. */
export default function IndustryPage() {
  const list = useUrlList({ pageSizes: [10, 20, 50], defaultPageSize: 10 });
  const f = reportFilters(list.params);
  const body = useMemo(
    () => ({
      page: list.page,
      page_size: list.pageSize,
      ...(f.industry ? { industry: f.industry as never } : {}),
      ...(f.year ? { year: f.year } : {}),
      ...(f.keyword ? { keyword: f.keyword } : {}),
    }),
    [list.page, list.pageSize, f.industry, f.year, f.keyword],
  );
  const q = useQuery(reportsQuery(body));
  const client = useQueryClient();
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);
  const [busy, setBusy] = useState(0);

  const onDownload = async (r: IndustryReportRow) => {
    setBusy(r.id);
    try {
      const link = await reportLinkCall(r.id, 'download');
      download(link.url, link.name);
      await refreshReports(client);
    } finally {
      setBusy(0);
    }
  };
  const filtered = Boolean(f.industry || f.year || f.keyword);
  return (
    <Card title="产业报告">
      <Typography.Paragraph type="secondary">
        区知识产权服务中心发布的产业专利分析与发展报告，可在线预览或下载 PDF。
      </Typography.Paragraph>
      <ReportFilterBar list={list} years={q.data?.years} />
      <List<IndustryReportRow>
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={q.data && q.data.total > 0 ? pagination(list.pagination(q.data.total, '份')) : false}
        locale={{
          emptyText: q.isError ? (
            <span>
              加载失败，
              <Button type="link" onClick={() => void q.refetch()}>
                重试
              </Button>
            </span>
          ) : (
            <Empty description={filtered ? '没有符合条件的报告' : '暂无已发布的产业报告'} />
          ),
        }}
        renderItem={(r) => (
          <List.Item
            key={r.id}
            actions={[
              <Button key="p" icon={<EyeOutlined />} onClick={() => void reportLinkCall(r.id, 'preview').then(setPreview)}>
                在线预览
              </Button>,
              <Button
                key="d"
                type="primary"
                icon={<DownloadOutlined />}
                loading={busy === r.id}
                onClick={() => void onDownload(r)}
                aria-label={`下载 ${r.title}`}
              >
                下载
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={
                r.cover_url ? (
                  <img
                    src={r.cover_url}
                    alt=""
                    width={64}
                    height={64}
                    style={{ objectFit: 'cover', borderRadius: 4 }}
                    loading="lazy"
                  />
                ) : (
                  <FilePdfOutlined aria-hidden style={{ fontSize: 48, color: '#a8071a' }} />
                )
              }
              title={<span style={{ whiteSpace: 'normal' }}>{r.title}</span>}
              description={
                <Space orientation="vertical" size={4}>
                  <Space wrap size={4}>
                    <Tag>{r.industry}</Tag>
                    <Tag>{r.year} 年</Tag>
                    <span>发布于 {formatTime(r.published_at).slice(0, 10)}</span>
                    <span>下载 {r.downloads} 次</span>
                  </Space>
                  {r.summary && <span style={{ color: 'rgba(0,0,0,0.72)' }}>{r.summary}</span>}
                </Space>
              }
            />
          </List.Item>
        )}
      />
      <PdfPreviewModal preview={preview} onClose={() => setPreview(null)} />
    </Card>
  );
}
