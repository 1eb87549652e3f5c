import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Typography, Upload, type UploadProps } from 'antd';
import { FilePdfOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  REPORT_INDUSTRIES,
  REPORT_SUMMARY_MAX,
  REPORT_TITLE_MAX,
  type IndustryReportAdminRow,
  type IndustryReportSaveBody,
} from '@ip/contract';
import { uploadFile } from '../../api/http';
import { notify } from '../../lib/notify';
import { acceptFor, uploadProblem } from '../../lib/upload-rules';
import { refreshReports, saveReportCall } from './api';

interface Values {
  title: string;
  industry: string;
  year: number;
  summary: string;
  file: { id: number; name: string } | null;
  cover: { id: number; url: string; name: string } | null;
}

/** One file upload field: a PDF (private document) or a cover image (public portal image). */
function FileField({
  kind,
  value,
  onChange,
  id,
}: {
  kind: 'pdf' | 'cover';
  value?: { id: number; name: string; url?: string } | null;
  onChange?: (v: { id: number; name: string; url: string } | null) => void;
  id?: string;
}) {
  const [busy, setBusy] = useState(false);
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem =
      kind === 'pdf'
        ? file.name.toLowerCase().endsWith('.pdf')
          ? uploadProblem(file, 'file')
          : '报告文件只能是 PDF'
        : uploadProblem(file, 'image');
    if (problem) {
      notify.error(problem);
      return Upload.LIST_IGNORE;
    }
    return true;
  };
  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    setBusy(true);
    try {
      const up =
        kind === 'pdf'
          ? await uploadFile(file as File, 'file', { purpose: 'document' })
          : await uploadFile(file as File, 'image', { purpose: 'portal' });
      onChange?.({ id: up.id, name: up.name, url: up.url });
      onSuccess?.(up);
    } catch (err) {
      onError?.(err as Error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space wrap>
      <Upload
        accept={kind === 'pdf' ? '.pdf' : acceptFor('image')}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        showUploadList={false}
      >
        <Button id={id} icon={<UploadOutlined />} loading={busy}>
          {kind === 'pdf' ? (value ? '更换 PDF' : '上传 PDF') : value ? '更换封面' : '上传封面'}
        </Button>
      </Upload>
      {value &&
        (kind === 'pdf' ? (
          <Typography.Text>
            <FilePdfOutlined aria-hidden /> {value.name}
          </Typography.Text>
        ) : (
          <Space>
            {value.url ? (
              <img src={value.url} alt="封面预览" width={48} height={48} style={{ objectFit: 'cover' }} />
            ) : (
              <PictureOutlined />
            )}
            <Button type="link" danger size="small" onClick={() => onChange?.(null)}>
              移除封面
            </Button>
          </Space>
        ))}
    </Space>
  );
}

/** The upload/edit form of a report, in a modal. `report`: the row being edited; null for a new one. */
export function ReportFormModal({
  open,
  report,
  onClose,
}: {
  open: boolean;
  report: IndustryReportAdminRow | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const initial: Partial<Values> = report
    ? {
        title: report.title,
        industry: report.industry,
        year: report.year,
        summary: report.summary,
        file: { id: report.file_id, name: report.file_name },
        cover: report.cover_file_id ? { id: report.cover_file_id, url: report.cover_url, name: '封面' } : null,
      }
    : { summary: '', file: null, cover: null };
  const submit = async (v: Values) => {
    const body: IndustryReportSaveBody = {
      ...(report ? { id: report.id } : {}),
      title: v.title,
      industry: v.industry as IndustryReportSaveBody['industry'],
      year: v.year,
      summary: v.summary ?? '',
      file_id: v.file?.id ?? 0,
      cover_file_id: v.cover?.id ?? 0,
    };
    setSaving(true);
    try {
      await saveReportCall(body);
      notify.success(report ? '报告已保存' : '报告已上传，发布后企业即可查看');
      await refreshReports(client);
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={report ? '编辑产业报告' : '上传产业报告'}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={saving}
      destroyOnHidden
      width="min(640px, 96vw)"
    >
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)} preserve={false}>
        <Form.Item name="title" label="报告标题" rules={[{ required: true, whitespace: true, message: '请填写报告标题' }]}>
          <Input maxLength={REPORT_TITLE_MAX} showCount />
        </Form.Item>
        <Space wrap size={16}>
          <Form.Item name="industry" label="所属行业" rules={[{ required: true, message: '请选择所属行业' }]}>
            <Select style={{ width: 200 }} options={REPORT_INDUSTRIES.map((v) => ({ value: v, label: v }))} />
          </Form.Item>
          <Form.Item name="year" label="年份" rules={[{ required: true, message: '请填写年份' }]}>
            <InputNumber min={2000} max={2100} precision={0} style={{ width: 120 }} />
          </Form.Item>
        </Space>
        <Form.Item name="summary" label="报告摘要">
          <Input.TextArea rows={3} maxLength={REPORT_SUMMARY_MAX} showCount />
        </Form.Item>
        <Form.Item name="file" label="报告文件（PDF，5 MB 以内）" rules={[{ required: true, message: '请上传报告 PDF' }]}>
          <FileField kind="pdf" />
        </Form.Item>
        <Form.Item name="cover" label="封面图片（可选）">
          <FileField kind="cover" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
