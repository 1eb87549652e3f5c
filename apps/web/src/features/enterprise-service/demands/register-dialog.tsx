import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { DEMAND_CONTENT_MAX, DEMAND_TITLE_MAX, type DemandDetail } from '@ip/contract';
import { notify } from '../../../lib/notify';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { serviceCompaniesQuery } from '../api';
import { DEMANDS_KEY, demandLabelsQuery, registerDemandCall } from './api';

interface Values {
  company_id?: number;
  title?: string;
  content?: string;
  label_id?: number;
}

/** 登记需求: an enterprise of the scope (given when opened from the enterprise page), title, content and label. */
export function RegisterDialog({
  company,
  onClose,
  onDone,
}: {
  company?: { id: number; name: string };
  onClose: () => void;
  onDone: (d: DemandDetail) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const queryClient = useQueryClient();
  const companies = useQuery(serviceCompaniesQuery({ page: 1, page_size: 20, ...(keyword ? { keyword } : {}) }));
  const labels = useQuery(demandLabelsQuery());
  const m = useMutation({
    mutationFn: (v: Values) =>
      registerDemandCall({
        company_id: v.company_id ?? 0,
        title: (v.title ?? '').trim(),
        content: (v.content ?? '').trim(),
        ...(v.label_id ? { label_id: v.label_id } : {}),
      }),
    onSuccess: async (d) => {
      notify.success('需求已登记，已按办理时限计算期限');
      await queryClient.invalidateQueries({ queryKey: DEMANDS_KEY });
      onDone(d);
    },
    onError: (err) => markServerFieldErrors(form, err, ['company_id', 'title', 'content', 'label_id']),
  });
  const options = (companies.data?.list ?? []).map((c) => ({ value: c.id, label: c.company_name }));
  if (company && !options.some((o) => o.value === company.id)) options.unshift({ value: company.id, label: company.name });
  return (
    <Modal
      open
      title="登记需求"
      okText="登记"
      cancelText="取消"
      confirmLoading={m.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="demand-register"
        requiredMark={false}
        initialValues={company ? { company_id: company.id } : undefined}
        onFinish={(v) => m.mutate(v)}
      >
        <Form.Item label="企业" name="company_id" rules={[{ required: true, message: '请选择企业' }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
            loading={companies.isFetching}
            options={options}
            placeholder="输入企业名称搜索"
            notFoundContent={companies.isFetching ? '搜索中…' : '服务范围内没有匹配的企业'}
          />
        </Form.Item>
        <Form.Item
          label="需求标题"
          name="title"
          rules={[
            { required: true, whitespace: true, message: '请填写需求标题' },
            { max: DEMAND_TITLE_MAX, message: `需求标题最多 ${DEMAND_TITLE_MAX} 个字` },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="需求内容（选填）" name="content">
          <Input.TextArea rows={4} maxLength={DEMAND_CONTENT_MAX} />
        </Form.Item>
        <Form.Item label="需求标签（选填）" name="label_id">
          <Select
            allowClear
            loading={labels.isFetching}
            options={(labels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
            placeholder="选择需求标签"
          />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
