import { useEffect } from 'react';
import { Form, Input, Modal, Select, Switch } from 'antd';
import { MONITOR_RULE_KINDS, MONITOR_RULE_KIND_LABELS, type MonitorRule, type MonitorRuleKind } from '@ip/contract';

export interface RuleFormValues {
  name: string;
  kind: MonitorRuleKind;
  value: string;
  enabled: boolean;
}

const PLACEHOLDERS: Record<MonitorRuleKind, string> = {
  applicant: '竞争对手的名称（与专利申请人一致），如 某某科技有限公司',
  expression: '检索式，如 TI=(锂电池 AND 正极) AND PD>=2024',
  ipc: 'IPC 分类号（前缀），如 H01M 或 H01M10/',
  patents: '申请号或公开号，每行一个',
};

/** 新增 / 编辑 a rule; the server checks the value (an expression's error names its position). */
export function RuleFormModal({
  open,
  rule,
  saving,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  rule: MonitorRule | null;
  saving: boolean;
  onCancel(): void;
  onSubmit(values: RuleFormValues): void;
}) {
  const [form] = Form.useForm<RuleFormValues>();
  const kind = Form.useWatch('kind', form) ?? 'applicant';
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      rule
        ? { name: rule.name, kind: rule.kind, value: rule.value, enabled: rule.enabled }
        : { name: '', kind: 'applicant', value: '', enabled: true },
    );
  }, [open, rule, form]);
  return (
    <Modal
      open={open}
      title={rule ? '编辑监控规则' : '新增监控规则'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onSubmit}>
        <Form.Item
          name="name"
          label="规则名称"
          rules={[{ required: true, whitespace: true, message: '请填写规则名称' }, { max: 50 }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="kind" label="监控类型" rules={[{ required: true }]}>
          <Select options={MONITOR_RULE_KINDS.map((k) => ({ value: k, label: MONITOR_RULE_KIND_LABELS[k] }))} />
        </Form.Item>
        <Form.Item name="value" label="监控内容" rules={[{ required: true, whitespace: true, message: '请填写监控内容' }]}>
          <Input.TextArea rows={kind === 'patents' || kind === 'expression' ? 4 : 2} placeholder={PLACEHOLDERS[kind]} />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
