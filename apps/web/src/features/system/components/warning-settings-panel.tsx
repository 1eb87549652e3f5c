import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Skeleton, Switch, Typography, type FormRule } from 'antd';
import { LEAD_DAYS_MAX, LEAD_DAYS_MIN, LEAD_TIMES_MAX, type WarningSetting } from '@ip/contract';
import { saveWarningSettingCall, warningSettingQuery } from '../../warnings/api';
import { notify } from '../../../lib/notify';

interface Values {
  fee_days: string;
  fee_grace_monthly: boolean;
  certificate_days: string;
}

/** "90, 30，7" → [90, 30, 7]; anything not a whole number stays NaN (the rule says why). */
export function parseDays(text: string): number[] {
  return text
    .split(/[,，、\s]+/)
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : NaN));
}

const daysRule = (label: string): FormRule => ({
  validator: async (_r, value: string | undefined) => {
    const days = parseDays(value ?? '');
    if (days.length === 0) throw new Error(`请至少设置一个${label}`);
    if (days.some((d) => !Number.isInteger(d))) throw new Error(`${label}须为整数天数，多个用逗号分隔`);
    if (days.some((d) => d < LEAD_DAYS_MIN || d > LEAD_DAYS_MAX)) {
      throw new Error(`${label}须在 ${LEAD_DAYS_MIN}–${LEAD_DAYS_MAX} 天之间`);
    }
    if (new Set(days).size !== days.length) throw new Error(`${label}不能重复`);
    if (days.length > LEAD_TIMES_MAX) throw new Error(`${label}最多设置 ${LEAD_TIMES_MAX} 个`);
  },
});

const valuesOf = (s: WarningSetting): Values => ({
  fee_days: s.fee_days.join(', '),
  fee_grace_monthly: s.fee_grace_monthly,
  certificate_days: s.certificate_days.join(', '),
});

/** 提醒设置 (/system, company users): the lead times of fee and certificate warnings; the main account edits. */
export function WarningSettingsPanel() {
  const q = useQuery(warningSettingQuery());
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (q.data) form.setFieldsValue(valuesOf(q.data));
  }, [q.data, form]);
  const save = useMutation({
    mutationFn: (v: Values) =>
      saveWarningSettingCall({
        fee_days: parseDays(v.fee_days),
        fee_grace_monthly: v.fee_grace_monthly,
        certificate_days: parseDays(v.certificate_days),
      }),
    onSuccess: (s) => {
      queryClient.setQueryData(warningSettingQuery().queryKey, s);
      void queryClient.invalidateQueries({ queryKey: ['warnings'] });
      notify.success('提醒设置已保存');
    },
  });

  if (q.isPending) return <Skeleton active paragraph={{ rows: 4 }} aria-label="正在加载提醒设置" />;
  if (q.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="提醒设置加载失败"
        action={
          <Button size="small" onClick={() => void q.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  const s = q.data;
  return (
    <div style={{ maxWidth: 640 }}>
      <Typography.Paragraph type="secondary">
        在年费缴纳期限、证书到期日之前的这些天数各提醒一次（消息中心），每项最多 {LEAD_TIMES_MAX} 个，{LEAD_DAYS_MIN}–
        {LEAD_DAYS_MAX} 天。{s.custom ? '' : '当前为默认设置（90、30、7 天）。'}
      </Typography.Paragraph>
      {!s.editable && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="提醒设置由企业主账号维护，子账号仅可查看" />
      )}
      <Form form={form} layout="vertical" disabled={!s.editable} onFinish={(v) => save.mutate(v)} initialValues={valuesOf(s)}>
        <Form.Item
          name="fee_days"
          label="年费提醒（到期前天数）"
          rules={[daysRule('年费提醒天数')]}
          extra="多个天数用逗号分隔，例如 90, 30, 7"
        >
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item name="fee_grace_monthly" label="滞纳期内每月提醒一次" valuePropName="checked">
          <Switch checkedChildren="开" unCheckedChildren="关" />
        </Form.Item>
        <Form.Item
          name="certificate_days"
          label="证书到期提醒（到期前天数）"
          rules={[daysRule('证书到期提醒天数')]}
          extra="多个天数用逗号分隔，例如 90, 30, 7"
        >
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        {s.editable && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        )}
      </Form>
    </div>
  );
}
