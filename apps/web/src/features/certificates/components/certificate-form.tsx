import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { CERTIFICATE_KINDS, CERTIFICATE_KIND_LABELS, type CertificateDetail, type CertificateKind } from '@ip/contract';
import { AttachmentsField, type FormFile } from '../../../components/record-files';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { certificatePatentsQuery } from '../api';

export interface CertificateFormValues {
  kind: CertificateKind;
  patent_id?: number;
  number: string;
  name: string;
  issuer?: string;
  issue_date: Dayjs;
  expiry_date?: Dayjs | null;
  note?: string;
  files?: FormFile[];
}

/** What the create/update calls take from the form's values. */
export function toBody(v: CertificateFormValues) {
  return {
    kind: v.kind,
    patent_id: v.kind === 'patent' ? (v.patent_id ?? 0) : 0,
    number: v.number,
    name: v.name,
    issuer: v.issuer ?? '',
    issue_date: v.issue_date.format('YYYY-MM-DD'),
    expiry_date: v.expiry_date ? v.expiry_date.format('YYYY-MM-DD') : null,
    note: v.note ?? '',
    file_ids: (v.files ?? []).map((f) => f.id),
  };
}

const FIELDS = ['kind', 'patent_id', 'number', 'name', 'issuer', 'issue_date', 'expiry_date', 'note', 'file_ids'];

/** The picker of the certificate's patent: searches the company's portfolio as the user types. */
function PatentPicker({
  value,
  onChange,
  initial,
  id,
}: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  initial?: CertificateDetail['patent'];
  id?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setDebounced(keyword.trim()), 300);
    return () => clearTimeout(h);
  }, [keyword]);
  const q = useQuery(certificatePatentsQuery(debounced));
  const options = (q.data ?? []).map((p) => ({ value: p.id, label: `${p.title}（${p.an ?? '无申请号'}）` }));
  if (initial && !options.some((o) => o.value === initial.id)) {
    options.unshift({ value: initial.id, label: `${initial.title}（${initial.an ?? '无申请号'}）` });
  }
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      placeholder="输入专利名称或申请号搜索本企业专利"
      loading={q.isFetching}
      options={options}
      notFoundContent={q.isFetching ? '搜索中…' : '本企业专利库中没有匹配的专利'}
    />
  );
}

/** 新增证书 / 编辑证书: a modal form; closes when saved. */
export function CertificateFormModal({
  open,
  initial,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  initial?: CertificateDetail | null;
  onCancel(): void;
  onSubmit(values: ReturnType<typeof toBody>): Promise<unknown>;
}) {
  const [form] = Form.useForm<CertificateFormValues>();
  const [saving, setSaving] = useState(false);
  const kind = Form.useWatch('kind', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initial) {
      form.setFieldsValue({
        kind: initial.kind,
        patent_id: initial.patent_id || undefined,
        number: initial.number,
        name: initial.name,
        issuer: initial.issuer,
        issue_date: dayjs(initial.issue_date),
        expiry_date: initial.expiry_date ? dayjs(initial.expiry_date) : null,
        note: initial.note,
        files: initial.files.map((f) => ({ id: f.id, name: f.name })),
      });
    }
  }, [open, initial, form]);

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await onSubmit(toBody(values));
    } catch (err) {
      markServerFieldErrors(form, err, FIELDS);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={initial ? '编辑证书' : '新增证书'}
      okText="保存"
      cancelText="取消"
      onOk={() => void handleOk()}
      onCancel={onCancel}
      confirmLoading={saving}
      width={640}
      forceRender
    >
      <Form form={form} layout="vertical" initialValues={{ kind: 'hightech', files: [] }} name="certificate">
        <Form.Item name="kind" label="证书类型" rules={[{ required: true, message: '请选择证书类型' }]}>
          <Select options={CERTIFICATE_KINDS.map((k) => ({ value: k, label: CERTIFICATE_KIND_LABELS[k] }))} />
        </Form.Item>
        {kind === 'patent' && (
          <Form.Item name="patent_id" label="所属专利" rules={[{ required: true, message: '专利证书须选择所属专利' }]}>
            <PatentPicker initial={initial?.patent} />
          </Form.Item>
        )}
        <Form.Item
          name="number"
          label="证书编号"
          rules={[
            { required: true, whitespace: true, message: '请填写证书编号' },
            { max: 60, message: '证书编号不能超过 60 个字' },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label="证书名称"
          rules={[
            { required: true, whitespace: true, message: '请填写证书名称' },
            { max: 100, message: '证书名称不能超过 100 个字' },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="issuer" label="发证机构" rules={[{ max: 100, message: '发证机构不能超过 100 个字' }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item
            name="issue_date"
            label="发证日期"
            rules={[{ required: true, message: '请选择发证日期' }]}
            style={{ flex: '1 1 200px' }}
          >
            <DatePicker style={{ width: '100%' }} placeholder="请选择日期" />
          </Form.Item>
          <Form.Item
            name="expiry_date"
            label="有效期至"
            dependencies={['issue_date']}
            extra={kind === 'patent' ? '留空则按所属专利的期限届满日' : '长期有效的证书可留空'}
            style={{ flex: '1 1 200px' }}
            rules={[
              ({ getFieldValue }) => ({
                validator(_r, v: Dayjs | null | undefined) {
                  const issue = getFieldValue('issue_date') as Dayjs | undefined;
                  if (v && issue && v.isBefore(issue, 'day')) return Promise.reject(new Error('有效期至不能早于发证日期'));
                  return Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} placeholder="请选择日期" />
          </Form.Item>
        </div>
        <Form.Item name="note" label="备注" rules={[{ max: 500, message: '备注不能超过 500 个字' }]}>
          <Input.TextArea rows={2} showCount maxLength={500} />
        </Form.Item>
        <Form.Item name="files" label="证书附件">
          <AttachmentsField />
        </Form.Item>
      </Form>
    </Modal>
  );
}
