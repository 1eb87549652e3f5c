import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Space, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSessionUser } from '../../../../lib/session-store';
import { notify } from '../../../../lib/notify';
import { createVisitCall, visitStaffQuery, VISITS_KEY } from '../api';
import { CompanySelect } from '../company-select';
import { useIsMain } from '../visit-bits';
import { chinaToday } from '../../../../lib/china-time';

interface PlanForm {
  company_id?: number;
  staff_id?: number;
  plan_date: Dayjs;
  plan_time: Dayjs | null;
  purpose: string;
}

/** A key per filled form: pressing 保存 twice (or a retry) stores one plan. */
const newKey = () => `plan-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * /addWaitvisit 发起待走访: plan a visit (enterprise, day, time, visitor, purpose). The enterprise page links here
 * with ?company_id=&company_name=; the calendar with ?date=. The main account picks the visitor; staff plan for
 * themselves.
 */
export default function AddVisitPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useSessionUser();
  const isMain = useIsMain();
  const [form] = Form.useForm<PlanForm>();
  const [key, setKey] = useState(newKey);
  const staff = useQuery({ ...visitStaffQuery(), enabled: isMain });
  const today = chinaToday();
  const initialCompany = useMemo(() => {
    const id = Number(params.get('company_id'));
    return Number.isInteger(id) && id > 0 ? { id, name: params.get('company_name') || `企业 ${id}` } : undefined;
  }, [params]);
  const dateParam = params.get('date');
  const initialDate = dateParam && /^\d{4}-\d{2}-\d{2}$/.test(dateParam) && dateParam >= today ? dateParam : today;

  const save = useMutation({
    mutationFn: (v: PlanForm) =>
      createVisitCall({
        status: 'plan',
        company_id: v.company_id!,
        ...(isMain && v.staff_id ? { staff_id: v.staff_id } : {}),
        plan_date: v.plan_date.format('YYYY-MM-DD'),
        plan_time: v.plan_time ? v.plan_time.format('HH:mm') : '',
        purpose: v.purpose ?? '',
        request_key: key,
      }),
    onSuccess: async (r, v) => {
      notify.success('待走访已发起');
      setKey(newKey());
      await qc.invalidateQueries({ queryKey: VISITS_KEY });
      void navigate(`/workWaitvisit?date=${v.plan_date.format('YYYY-MM-DD')}&focus=${r.id}`);
    },
  });

  return (
    <Card title="发起待走访" style={{ maxWidth: 720 }}>
      <Form<PlanForm>
        form={form}
        layout="vertical"
        initialValues={{
          company_id: initialCompany?.id,
          staff_id: user?.id,
          plan_date: dayjs(initialDate),
          plan_time: null,
          purpose: '',
        }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="company_id" label="走访企业" rules={[{ required: true, message: '请选择走访企业' }]}>
          <CompanySelect initial={initialCompany} />
        </Form.Item>
        {isMain ? (
          <Form.Item
            name="staff_id"
            label="走访人员"
            rules={[{ required: true, message: '请选择走访人员' }]}
            extra="员工须负责该企业（员工管理中分配）"
          >
            <Select
              loading={staff.isFetching}
              options={[
                { value: user?.id ?? 0, label: `${user?.name ?? '本账号'}（主账号）` },
                ...(staff.data?.list ?? []).map((s) => ({ value: s.id, label: `${s.name}（${s.mobile}）` })),
              ]}
            />
          </Form.Item>
        ) : (
          <Form.Item label="走访人员">
            <Input value={user?.name ?? ''} disabled aria-label="走访人员" />
          </Form.Item>
        )}
        <Space wrap size={16} style={{ display: 'flex' }}>
          <Form.Item name="plan_date" label="走访日期" rules={[{ required: true, message: '请选择走访日期' }]}>
            <DatePicker disabledDate={(d) => d.format('YYYY-MM-DD') < today} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="plan_time" label="时间（可选）">
            <TimePicker format="HH:mm" minuteStep={5} style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.Item name="purpose" label="走访目的">
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="如：了解专利布局与融资需求" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            发起待走访
          </Button>
          <Link to="/workWaitvisit">查看待走访日历</Link>
        </Space>
      </Form>
    </Card>
  );
}
