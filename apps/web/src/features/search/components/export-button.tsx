import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Progress, Space, Typography } from 'antd';
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { exportCall, jobStatusCall, type SearchQuery } from '../api';

/** DOMAIN §4: an export holds at most this many results. */
export const EXPORT_MAX_ROWS = 50000;
export const EXPORT_POLL_MS = 1000;

const DONE = new Set(['done', 'succeeded', 'success', 'finished', 'completed']);
const FAILED = new Set(['failed', 'error', 'cancelled', 'canceled']);

/** 导出: starts an export job of the whole result set and follows its progress in a modal. */
export function ExportButton({ query, total, disabled }: { query: SearchQuery; total: number; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const start = useMutation({ mutationFn: exportCall });
  const jobId = start.data?.job_id;

  const job = useQuery({
    queryKey: ['jobs', 'status', jobId],
    queryFn: () => jobStatusCall(jobId!),
    enabled: open && jobId !== undefined,
    refetchInterval: (q) => {
      const s = q.state.data?.status;
      if (q.state.error || (s && (DONE.has(s) || FAILED.has(s)))) return false;
      return EXPORT_POLL_MS;
    },
    gcTime: 0,
  });

  const status = job.data?.status;
  const done = !!status && DONE.has(status);
  const failed = (!!status && FAILED.has(status)) || job.isError;
  const url = job.data?.result?.url;
  const exported = job.data?.result?.rows;
  const percent = done ? 100 : (job.data?.percent ?? 0);

  const handleOpen = () => {
    start.reset();
    setOpen(true);
    start.mutate(query);
  };

  const rows = Math.min(total, EXPORT_MAX_ROWS);
  let body;
  if (start.isError) {
    body = <Alert type="error" showIcon title="无法导出" description={start.error.message} />;
  } else if (failed) {
    body = (
      <Alert
        type="error"
        showIcon
        title="导出失败"
        description={job.data?.error || (job.error instanceof Error ? job.error.message : '') || '导出任务失败，请稍后再试'}
      />
    );
  } else {
    body = (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          将导出 {rows.toLocaleString('zh-CN')} 条检索结果（含法律状态）
          {total > EXPORT_MAX_ROWS ? `，超出 ${EXPORT_MAX_ROWS.toLocaleString('zh-CN')} 条的部分不导出` : ''}。
        </Typography.Text>
        <Progress
          percent={percent}
          status={done ? 'success' : 'active'}
          aria-label="导出进度"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        />
        <Typography.Text type="secondary" role="status">
          {done
            ? `导出完成${typeof exported === 'number' ? `，共 ${exported.toLocaleString('zh-CN')} 条` : ''}`
            : start.isPending
              ? '正在创建导出任务…'
              : status === 'queued'
                ? '排队中…'
                : '正在导出…'}
        </Typography.Text>
        {done && job.data?.result?.expired === true && (
          <Alert type="warning" showIcon title="导出文件已过期并被删除，请重新导出" />
        )}
        {done && url && (
          <Button
            type="primary"
            icon={<DownloadOutlined aria-hidden />}
            href={url}
            download={job.data?.result?.name || true}
            target="_blank"
            rel="noreferrer"
          >
            下载 Excel
          </Button>
        )}
      </Space>
    );
  }

  return (
    <>
      <Button icon={<ExportOutlined aria-hidden />} onClick={handleOpen} disabled={disabled || total === 0}>
        导出
      </Button>
      <Modal
        title="导出检索结果"
        open={open}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>关闭</Button>}
        destroyOnHidden
      >
        {body}
      </Modal>
    </>
  );
}
