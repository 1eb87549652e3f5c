// 导入缴费记录: an .xlsx (专利号, 年度, 缴费日期, 金额, 缴费人) uploaded, then recorded row by row; the report lists
// every row with 已记录 or the reason it was refused.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Progress, Space, Table, Typography, Upload, type UploadProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { FEE_IMPORT_HEADERS, type FeeImportReport, type FeeImportRow } from '@ip/contract';
import { uploadFile } from '../../../api/http';
import { ToneTag } from '../../../components/record-files';
import { importPaymentsCall } from '../api';

type Phase =
  { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'recording' } | { kind: 'done'; report: FeeImportReport };

export function ImportDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const client = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const busy = phase.kind === 'uploading' || phase.kind === 'recording';

  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    setError(null);
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const up = await uploadFile(file as File, 'file', {
        purpose: 'document',
        onProgress: (percent) => setPhase({ kind: 'uploading', percent }),
      });
      setPhase({ kind: 'recording' });
      const report = await importPaymentsCall(up.id);
      setPhase({ kind: 'done', report });
      await client.invalidateQueries({ queryKey: ['fees'] });
      onSuccess?.(report);
    } catch (err) {
      setError((err as Error).message);
      setPhase({ kind: 'idle' });
      onError?.(err as Error);
    }
  };

  const close = () => {
    if (busy) return;
    setPhase({ kind: 'idle' });
    setError(null);
    onClose();
  };

  return (
    <Modal open={open} title="导入缴费记录" onCancel={close} footer={<Button onClick={close}>关闭</Button>} width={720}>
      <Typography.Paragraph>
        上传 Excel（.xlsx）文件，第一行为表头：{FEE_IMPORT_HEADERS.join('、')}；每行一件专利的一个年度。缴费日期如
        2026-03-01，金额为元。每行单独检查：不符合的行不会写入，其余各行照常记录。
      </Typography.Paragraph>
      <Upload
        accept=".xlsx"
        customRequest={customRequest}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(f) => {
          if (!f.name.toLowerCase().endsWith('.xlsx')) {
            setError('请上传 .xlsx 格式的 Excel 文件');
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} type="primary">
          选择 Excel 文件
        </Button>
      </Upload>
      {phase.kind === 'uploading' && <Progress percent={phase.percent} aria-label="上传进度" style={{ marginTop: 16 }} />}
      {phase.kind === 'recording' && (
        <Progress percent={100} status="active" format={() => '正在逐行记录…'} style={{ marginTop: 16 }} />
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} />}
      {phase.kind === 'done' && <ImportReport report={phase.report} />}
    </Modal>
  );
}

function ImportReport({ report }: { report: FeeImportReport }) {
  return (
    <div style={{ marginTop: 16 }}>
      <Alert
        type={report.refused ? 'warning' : 'success'}
        showIcon
        title={`共 ${report.total} 行：已记录 ${report.recorded} 行，未记录 ${report.refused} 行`}
      />
      <Table<FeeImportRow>
        style={{ marginTop: 12 }}
        rowKey="row"
        size="small"
        dataSource={report.rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 560 }}
        columns={[
          { title: '行号', dataIndex: 'row', width: 64 },
          { title: '专利号', dataIndex: 'an', width: 170 },
          { title: '年度', dataIndex: 'year', width: 64, render: (v: number | null) => v ?? '—' },
          {
            title: '结果',
            key: 'ok',
            render: (_v, r) => (
              <Space size={4} wrap>
                <ToneTag tone={r.ok ? 'green' : 'red'}>{r.ok ? '已记录' : '未记录'}</ToneTag>
                {!r.ok && <span>{r.msg}</span>}
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
