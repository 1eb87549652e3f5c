import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { HONOR_LEVELS, HONOR_YEAR_MIN, type HonorLevel, type HonorRow } from '@ip/contract';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { companySearchQuery } from '../api';

export interface HonorFormBody {
  company_id: number;
  name: string;
  level: HonorLevel;
  year: number;
  issuer: string;
}

interface Values {
  company_id?: number;
  name: string;
  level?: HonorLevel;
  year?: number;
  issuer?: string;
}

const FIELDS = ['company_id', 'name', 'level', 'year', 'issuer'];

/** Picks an enterprise of the caller's scope, searching by name as the user types. */
function CompanyPicker({
  value,
  onChange,
  id,
  fixed,
}: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  id?: string;
  fixed?: { id: number; name: string };
}) {
  const [keyword, setKeyword] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setDebounced(keyword.trim()), 300);
    return () => clearTimeout(h);
  }, [keyword]);
  const q = useQuery(companySearchQuery(debounced));
  const options = (q.data ?? []).slice(0, 50).map((c) => ({ value: c.id, label: c.company_name }));
  if (fixed && !options.some((o) => o.value === fixed.id)) options.unshift({ value: fixed.id, label: fixed.name });
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      disabled={Boolean(fixed)}
      placeholder="输入企业名称搜索服务范围内的企业"
      loading={q.isFetching}
      options={options}
      notFoundContent={q.isFetching ? '搜索中…' : debounced ? '服务范围内没有匹配的企业' : '请输入企业名称'}
    />
  );
}

/** 新增荣誉 / 编辑荣誉. `company` fixes the enterprise (the enterprise page); an edited honour keeps its enterprise. */
export function HonorFormModal({
  open,
  initial,
  company,
  thisYear,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  initial?: HonorRow | null;
  company?: { id: number; name: string };
  thisYear: number;
  onCancel(): void;
  onSubmit(body: HonorFormBody): Promise<unknown>;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const fixed = initial ? { id: initial.company_id, name: initial.company_name } : company;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initial) {
      form.setFieldsValue({
        company_id: initial.company_id,
        name: initial.name,
        level: initial.level,
        year: initial.year,
        issuer: initial.issuer,
      });
    } else if (company) form.setFieldsValue({ company_id: company.id });
  }, [open, initial, company, form]);

  const handleOk = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await onSubmit({
        company_id: v.company_id!,
        name: v.name.trim(),
        level: v.level!,
        year: v.year!,
        issuer: (v.issuer ?? '').trim(),
      });
    } catch (err) {
      markServerFieldErrors(form, err, FIELDS);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={initial ? '编辑荣誉' : '新增荣誉'}
      okText="保存"
      cancelText="取消"
      onOk={() => void handleOk()}
      onCancel={onCancel}
      confirmLoading={saving}
      width={560}
      forceRender
    >
      <Form form={form} layout="vertical" name="honor" initialValues={{ year: thisYear }} onFinish={() => void handleOk()}>
        <Form.Item name="company_id" label="企业" rules={[{ required: true, message: '请选择企业' }]}>
          <CompanyPicker fixed={fixed} />
        </Form.Item>
        <Form.Item
          name="name"
          label="荣誉名称"
          rules={[
            { required: true, whitespace: true, message: '请输入荣誉名称' },
            { max: 100, message: '荣誉名称不能超过 100 个字' },
          ]}
        >
          <Input autoComplete="off" placeholder="如：国家高新技术企业" />
        </Form.Item>
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item
            name="level"
            label="级别"
            rules={[{ required: true, message: '请选择荣誉级别' }]}
            style={{ flex: '1 1 160px' }}
          >
            <Select placeholder="请选择" options={HONOR_LEVELS.map((l) => ({ value: l, label: l }))} />
          </Form.Item>
          <Form.Item
            name="year"
            label="获得年份"
            rules={[{ required: true, message: '请输入获得年份' }]}
            style={{ flex: '1 1 160px' }}
          >
            <InputNumber min={HONOR_YEAR_MIN} max={thisYear} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item name="issuer" label="颁发单位" rules={[{ max: 100, message: '颁发单位不能超过 100 个字' }]}>
          <Input autoComplete="off" placeholder="如：科学技术部" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
