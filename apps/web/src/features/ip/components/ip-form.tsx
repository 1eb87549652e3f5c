import { useEffect, useState } from 'react';
import { DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  IP_KINDS,
  IP_KIND_LABELS,
  IP_STATUSES,
  IP_STATUS_LABELS,
  NICE_CLASS_MAX,
  type IpDetail,
  type IpKind,
  type IpStatus,
} from '@ip/contract';
import { AttachmentsField, type FormFile } from '../../../components/record-files';
import { markServerFieldErrors } from '../../../lib/form-errors';

export interface IpFormValues {
  kind: IpKind;
  number: string;
  name: string;
  nice_class?: number | null;
  application_date?: Dayjs | null;
  registration_date?: Dayjs | null;
  expiry_date?: Dayjs | null;
  owner?: string;
  status: IpStatus;
  note?: string;
  files?: FormFile[];
}

const day = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null);

/** What the create/update calls take from the form's values. */
export function toIpBody(v: IpFormValues) {
  return {
    kind: v.kind,
    number: v.number,
    name: v.name,
    nice_class: v.kind === 'trademark' ? (v.nice_class ?? 0) : 0,
    application_date: day(v.application_date),
    registration_date: day(v.registration_date),
    expiry_date: day(v.expiry_date),
    owner: v.owner ?? '',
    status: v.status,
    note: v.note ?? '',
    file_ids: (v.files ?? []).map((f) => f.id),
  };
}

const FIELDS = [
  'kind',
  'number',
  'name',
  'nice_class',
  'application_date',
  'registration_date',
  'expiry_date',
  'owner',
  'status',
  'note',
];

/** 新增 / 编辑 a trademark, copyright or software copyright: a modal form; closes when saved. */
export function IpFormModal({
  open,
  initial,
  defaultOwner,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  initial?: IpDetail | null;
  defaultOwner?: string;
  onCancel(): void;
  onSubmit(values: ReturnType<typeof toIpBody>): Promise<unknown>;
}) {
  const [form] = Form.useForm<IpFormValues>();
  const [saving, setSaving] = useState(false);
  const kind = Form.useWatch('kind', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initial) {
      form.setFieldsValue({
        ...initial,
        nice_class: initial.nice_class || null,
        application_date: initial.application_date ? dayjs(initial.application_date) : null,
        registration_date: initial.registration_date ? dayjs(initial.registration_date) : null,
        expiry_date: initial.expiry_date ? dayjs(initial.expiry_date) : null,
        files: initial.files.map((f) => ({ id: f.id, name: f.name })),
      });
    } else if (defaultOwner) {
      form.setFieldValue('owner', defaultOwner);
    }
  }, [open, initial, defaultOwner, form]);

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await onSubmit(toIpBody(values));
    } catch (err) {
      markServerFieldErrors(form, err, FIELDS);
    } finally {
      setSaving(false);
    }
  };

  const numberLabel = kind === 'trademark' ? '注册号/申请号' : '登记号';
  return (
    <Modal
      open={open}
      title={initial ? '编辑非专利知识产权' : '新增非专利知识产权'}
      okText="保存"
      cancelText="取消"
      onOk={() => void handleOk()}
      onCancel={onCancel}
      confirmLoading={saving}
      width={640}
      forceRender
    >
      <Form form={form} layout="vertical" name="ip-asset" initialValues={{ kind: 'trademark', status: 'registered', files: [] }}>
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item name="kind" label="类型" rules={[{ required: true, message: '请选择类型' }]} style={{ flex: '1 1 180px' }}>
            <Select options={IP_KINDS.map((k) => ({ value: k, label: IP_KIND_LABELS[k] }))} />
          </Form.Item>
          <Form.Item name="status" label="状态" rules={[{ required: true, message: '请选择状态' }]} style={{ flex: '1 1 180px' }}>
            <Select options={IP_STATUSES.map((s) => ({ value: s, label: IP_STATUS_LABELS[s] }))} />
          </Form.Item>
        </div>
        <Form.Item
          name="name"
          label={kind === 'trademark' ? '商标名称' : '作品/软件名称'}
          rules={[
            { required: true, whitespace: true, message: '请填写名称' },
            { max: 100, message: '名称不能超过 100 个字' },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item
            name="number"
            label={numberLabel}
            rules={[
              { required: true, whitespace: true, message: `请填写${numberLabel}` },
              { max: 60, message: '不能超过 60 个字' },
            ]}
            style={{ flex: '2 1 240px' }}
          >
            <Input autoComplete="off" />
          </Form.Item>
          {kind === 'trademark' && (
            <Form.Item
              name="nice_class"
              label="商标类别（尼斯分类）"
              rules={[{ required: true, message: '请填写商标类别（1–45）' }]}
              style={{ flex: '1 1 160px' }}
            >
              <InputNumber
                min={1}
                max={NICE_CLASS_MAX}
                precision={0}
                style={{ width: '100%' }}
                addonBefore="第"
                addonAfter="类"
              />
            </Form.Item>
          )}
        </div>
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item name="application_date" label="申请日期" style={{ flex: '1 1 160px' }}>
            <DatePicker style={{ width: '100%' }} placeholder="请选择日期" />
          </Form.Item>
          <Form.Item
            name="registration_date"
            label={kind === 'trademark' ? '注册日期' : '登记日期'}
            dependencies={['application_date']}
            style={{ flex: '1 1 160px' }}
            rules={[
              ({ getFieldValue }) => ({
                validator(_r, v: Dayjs | null | undefined) {
                  const a = getFieldValue('application_date') as Dayjs | null | undefined;
                  return v && a && v.isBefore(a, 'day')
                    ? Promise.reject(new Error('注册/登记日期不能早于申请日期'))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} placeholder="请选择日期" />
          </Form.Item>
          <Form.Item
            name="expiry_date"
            label="有效期至"
            dependencies={['application_date', 'registration_date']}
            style={{ flex: '1 1 160px' }}
            rules={[
              ({ getFieldValue }) => ({
                validator(_r, v: Dayjs | null | undefined) {
                  const start = (getFieldValue('registration_date') ?? getFieldValue('application_date')) as
                    Dayjs | null | undefined;
                  return v && start && v.isBefore(start, 'day')
                    ? Promise.reject(new Error('有效期至不能早于注册/申请日期'))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} placeholder="请选择日期" />
          </Form.Item>
        </div>
        <Form.Item name="owner" label="权利人" rules={[{ max: 100, message: '权利人不能超过 100 个字' }]}>
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item name="note" label="备注" rules={[{ max: 500, message: '备注不能超过 500 个字' }]}>
          <Input.TextArea rows={2} showCount maxLength={500} />
        </Form.Item>
        <Form.Item name="files" label="附件">
          <AttachmentsField />
        </Form.Item>
      </Form>
    </Modal>
  );
}
