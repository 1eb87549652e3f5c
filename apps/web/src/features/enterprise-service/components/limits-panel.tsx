import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, InputNumber, Skeleton, Space, Typography } from 'antd';
import { DEFAULT_SERVICE_LIMITS, SERVICE_LIMIT_MAX } from '@ip/contract';
import { SERVICE_KEY, limitsQuery, saveLimitsCall } from '../api';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { chinaSecond } from '../../../lib/china-time';

interface Values {
  contact_days: number;
  reply_days: number;
  close_days: number;
}

const dayRules = (what: string) => [
  { required: true, message: `请输入${what}` },
  { type: 'integer' as const, min: 1, max: SERVICE_LIMIT_MAX, message: `${what}须为 1–${SERVICE_LIMIT_MAX} 个工作日` },
];

/** 办理时限 (/newsystem): the demand loop's limits in working days (DOMAIN §5), per main account. */
export function LimitsPanel() {
  const q = useQuery(limitsQuery());
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);
  const save = useMutation({
    mutationFn: (v: Values) => saveLimitsCall(v),
    onSuccess: async () => {
      notify.success('办理时限已保存');
      await queryClient.invalidateQueries({ queryKey: SERVICE_KEY });
    },
    onError: (err) => markServerFieldErrors(form, err, ['contact_days', 'reply_days', 'close_days']),
  });

  if (q.isPending) return <Skeleton active paragraph={{ rows: 4 }} aria-label="正在加载办理时限" />;
  if (q.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="办理时限加载失败"
        description={q.error instanceof Error ? q.error.message : '请稍后再试'}
        action={
          <Button size="small" onClick={() => void q.refetch()}>
            重试
          </Button>
        }
      />
    );
  return (
    <div style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary">
        企业需求按「登记 → 分派 → 办理 → 评价 → 回访」闭环办理。以下时限按工作日计算（跳过周末和法定节假日），自登记起算；
        距时限不足 1 个工作日亮黄灯，超过时限亮红灯。
        {q.data.saved ? '' : '当前为默认时限。'}
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '140px' }}
        name="service-limits"
        requiredMark={false}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item label="联系企业" name="contact_days" rules={dayRules('联系时限')} extra="登记后多少个工作日内联系企业">
          <InputNumber min={1} max={SERVICE_LIMIT_MAX} precision={0} suffix="个工作日" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          label="首次答复"
          name="reply_days"
          dependencies={['contact_days']}
          rules={[
            ...dayRules('首次答复时限'),
            ({ getFieldValue }) => ({
              validator: async (_r, v: number | undefined) => {
                if (v !== undefined && v !== null && v < getFieldValue('contact_days'))
                  throw new Error('首次答复时限不能短于联系时限');
              },
            }),
          ]}
        >
          <InputNumber min={1} max={SERVICE_LIMIT_MAX} precision={0} suffix="个工作日" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          label="办结"
          name="close_days"
          dependencies={['reply_days']}
          rules={[
            ...dayRules('办结时限'),
            ({ getFieldValue }) => ({
              validator: async (_r, v: number | undefined) => {
                if (v !== undefined && v !== null && v < getFieldValue('reply_days'))
                  throw new Error('办结时限不能短于首次答复时限');
              },
            }),
          ]}
        >
          <InputNumber min={1} max={SERVICE_LIMIT_MAX} precision={0} suffix="个工作日" style={{ width: 180 }} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
          <Button onClick={() => form.setFieldsValue({ ...DEFAULT_SERVICE_LIMITS })}>恢复默认（1 / 3 / 5）</Button>
        </Space>
        {q.data.updated_at && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            最近保存：{chinaSecond(q.data.updated_at)}
          </Typography.Paragraph>
        )}
      </Form>
    </div>
  );
}
