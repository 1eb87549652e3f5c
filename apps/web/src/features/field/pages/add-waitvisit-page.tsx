import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Form, Input } from 'antd';
import { notify } from '../../../lib/notify';
import type { SessionUser } from '@ip/contract';
import { FieldShell } from '../components/field-shell';
import { CompanyPicker } from '../components/company-picker';
import { createVisitCall, shanghaiToday } from '../api';
import { newRequestKey, sendWithRetry } from '../send-with-retry';
import { markServerFieldErrors } from '../../../lib/form-errors';

interface Values {
  company_id?: number;
  plan_date: string;
  plan_time?: string;
  purpose?: string;
}

function PlanForm({ user }: { user: SessionUser }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [requestKey] = useState(newRequestKey);
  const [sending, setSending] = useState(false);
  const today = shanghaiToday();

  const handleFinish = async (v: Values) => {
    setSending(true);
    try {
      await sendWithRetry(() =>
        createVisitCall({
          status: 'plan',
          company_id: v.company_id!,
          staff_id: user.id,
          plan_date: v.plan_date,
          plan_time: v.plan_time ?? '',
          purpose: v.purpose ?? '',
          request_key: requestKey,
        }),
      );
      notify.success('待走访已发起');
      void navigate('/web/small/Waitvisit');
    } catch (err) {
      markServerFieldErrors(form, err, ['company_id', 'plan_date', 'plan_time', 'purpose']);
    } finally {
      setSending(false);
    }
  };

  return (
    <Form
      form={form}
      name="add-waitvisit"
      layout="vertical"
      size="large"
      initialValues={{ plan_date: today, plan_time: '' }}
      onFinish={(v) => void handleFinish(v)}
    >
      <Form.Item label="走访企业" name="company_id" rules={[{ required: true, message: '请选择走访企业' }]}>
        <CompanyPicker />
      </Form.Item>
      <Form.Item
        label="走访日期"
        name="plan_date"
        rules={[
          { required: true, message: '请选择走访日期' },
          {
            validator: (_, d: string) =>
              !d || d >= today ? Promise.resolve() : Promise.reject(new Error('走访日期不能早于今天')),
          },
        ]}
      >
        <Input type="date" min={today} />
      </Form.Item>
      <Form.Item label="走访时间" name="plan_time">
        <Input type="time" />
      </Form.Item>
      <Form.Item label="走访目的" name="purpose" rules={[{ max: 500, message: '走访目的不能超过 500 个字' }]}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="如：了解专利布局、政策宣讲" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={sending}>
        发起待走访
      </Button>
    </Form>
  );
}

/** /web/addWaitvisit (发起待走访): plan a visit for oneself — enterprise, day (today or later), time, purpose. */
export default function AddWaitvisitPage() {
  return <FieldShell title="发起待走访">{(user) => <PlanForm user={user} />}</FieldShell>;
}
