// One patent's whole schedule (every year with its state and payment) and the 记录缴费 form, in a drawer.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Table,
  Typography,
  type TableProps,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { FeeSchedule, FeeYearView } from '@ip/contract';
import { AttachmentsField, type FormFile } from '../../../components/record-files';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { deletePaymentCall, feeScheduleQuery, payFeeCall } from '../api';
import { FeeStateTag, daysText, yuan } from './fee-state-tag';

const TYPE_LABELS: Record<string, string> = { invention: '发明', utility: '实用新型', design: '外观设计' };

interface PayValues {
  year: number;
  paid_on: Dayjs;
  amount: number;
  payer?: string;
  files?: FormFile[];
  note?: string;
}

/** 记录缴费: year (the payable ones), date (today by default, no future day), amount (the year's total today). */
function PaymentForm({ schedule, onDone }: { schedule: FeeSchedule; onDone(): void }) {
  const [form] = Form.useForm<PayValues>();
  const payable = schedule.years.filter((y) => y.payable);
  const [saving, setSaving] = useState(false);
  const year = Form.useWatch('year', form);

  useEffect(() => {
    const first = payable[0];
    form.setFieldsValue({
      year: first?.year,
      paid_on: dayjs(schedule.today),
      amount: first?.total_if_paid_today,
    });
    // Only when the schedule changes (a payment recorded or deleted).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schedule, form]);

  useEffect(() => {
    const y = payable.find((x) => x.year === year);
    if (y) form.setFieldValue('amount', y.total_if_paid_today);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [year]);

  if (!payable.length) {
    return <Alert type="info" showIcon title="当前没有可缴纳的年度" />;
  }
  const submit = async (v: PayValues) => {
    setSaving(true);
    try {
      await payFeeCall({
        patent_id: schedule.patent.id,
        year: v.year,
        paid_on: v.paid_on.format('YYYY-MM-DD'),
        amount: v.amount,
        payer: v.payer?.trim() ?? '',
        file_id: v.files?.[0]?.id ?? 0,
        note: v.note?.trim() ?? '',
      });
      notify.success(`已记录第 ${v.year} 年度缴费`);
      form.resetFields(['payer', 'files', 'note']);
      onDone();
    } catch (err) {
      markServerFieldErrors(form, err, ['year', 'paid_on', 'amount', 'payer', 'note']);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} aria-label="记录缴费" requiredMark>
      <Space wrap align="start" size={16}>
        <Form.Item name="year" label="缴费年度" rules={[{ required: true, message: '请选择缴费年度' }]}>
          <Select
            style={{ width: 200 }}
            options={payable.map((y) => ({ value: y.year, label: `第 ${y.year} 年度（${y.due} 应缴）` }))}
          />
        </Form.Item>
        <Form.Item name="paid_on" label="缴费日期" rules={[{ required: true, message: '请选择缴费日期' }]}>
          <DatePicker
            style={{ width: 160 }}
            disabledDate={(d) => d.format('YYYY-MM-DD') > schedule.today}
            placeholder="请选择日期"
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label="缴费金额（元）"
          rules={[
            { required: true, message: '请填写缴费金额' },
            { type: 'number', min: 0.01, message: '缴费金额必须大于 0' },
          ]}
        >
          <InputNumber style={{ width: 160 }} min={0} precision={2} step={100} />
        </Form.Item>
        <Form.Item name="payer" label="缴费人" rules={[{ max: 100, message: '缴费人不能超过 100 个字' }]}>
          <Input style={{ width: 200 }} placeholder="如：代理机构或经办人" />
        </Form.Item>
      </Space>
      <Form.Item name="files" label="缴费凭证" valuePropName="value">
        <AttachmentsField />
      </Form.Item>
      <Form.Item name="note" label="备注" rules={[{ max: 200, message: '备注不能超过 200 个字' }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        记录缴费
      </Button>
    </Form>
  );
}

/** The drawer of one patent: term, every year, the payments (with 删除), and the form. */
export function FeeDrawer({ patentId, onClose }: { patentId: number | null; onClose(): void }) {
  const client = useQueryClient();
  const q = useQuery({ ...feeScheduleQuery(patentId ?? 0), enabled: patentId !== null });
  const s = q.data;
  const refresh = () => client.invalidateQueries({ queryKey: ['fees'] });
  const remove = useMutation({
    mutationFn: (y: FeeYearView) => deletePaymentCall(patentId!, y.year),
    onSuccess: async (_d, y) => {
      notify.success(`已删除第 ${y.year} 年度的缴费记录`);
      await refresh();
    },
  });
  const columns: TableProps<FeeYearView>['columns'] = [
    { title: '年度', dataIndex: 'year', width: 64, render: (y: number) => `第 ${y} 年` },
    { title: '应缴日期', dataIndex: 'due', width: 110 },
    {
      title: '应缴金额',
      dataIndex: 'amount',
      width: 120,
      render: (v: number, y) => (
        <span>
          {yuan(v)}
          {y.reduction_pct > 0 && <span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>（费减 {y.reduction_pct}%）</span>}
        </span>
      ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 150,
      render: (_v, y) => (
        <Space orientation="vertical" size={0}>
          <FeeStateTag state={y.state} lateFeePct={y.late_fee_pct} />
          {(y.state === 'due' || y.state === 'not_due' || y.state === 'grace') && !y.payment && (
            <span style={{ fontSize: 12 }}>{daysText(y.days_left)}</span>
          )}
        </Space>
      ),
    },
    {
      title: '缴费记录',
      key: 'payment',
      width: 220,
      render: (_v, y) =>
        y.payment ? (
          <Space size={4} wrap>
            <span>
              {y.payment.paid_on} 缴 {yuan(y.payment.amount)}
              {y.payment.payer ? `（${y.payment.payer}）` : ''}
            </span>
            {y.payment.file && (
              <a href={y.payment.file.url} target="_blank" rel="noreferrer">
                凭证
              </a>
            )}
            <Popconfirm
              title={`确定删除第 ${y.year} 年度的缴费记录吗？`}
              description="删除后该年度将重新计为未缴。"
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => remove.mutateAsync(y).catch(() => undefined)}
            >
              <Button type="link" size="small" danger aria-label={`删除第 ${y.year} 年度缴费记录`}>
                删除
              </Button>
            </Popconfirm>
          </Space>
        ) : y.state === 'grace' ? (
          <span>
            今日缴纳需 {yuan(y.total_if_paid_today)}（含滞纳金 {yuan(y.late_fee)}），最迟 {y.grace_end}
          </span>
        ) : y.state === 'lapsed' ? (
          <span>恢复权利需另缴恢复费 {yuan(y.restoration_fee)}</span>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Drawer
      open={patentId !== null}
      onClose={onClose}
      title={s ? `年费明细：${s.patent.title}` : '年费明细'}
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
    >
      {q.isPending && patentId !== null && <Skeleton active aria-label="正在加载年费明细" />}
      {q.isError && <Alert type="error" showIcon title="年费明细加载失败" description={q.error.message} />}
      {s && (
        <>
          <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
            <Descriptions.Item label="申请号">{s.patent.an ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="类型">{TYPE_LABELS[s.patent.type] ?? s.patent.type}</Descriptions.Item>
            <Descriptions.Item label="申请日">{s.patent.filing_date}</Descriptions.Item>
            <Descriptions.Item label="授权公告日">{s.patent.grant_date ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="费减">{s.reduction_pct ? `${s.reduction_pct}%` : '无'}</Descriptions.Item>
            <Descriptions.Item label="保护期届满">
              {s.term.expiry}
              {s.term_adjustment_days > 0 && `（含补偿 ${s.term_adjustment_days} 天）`}
            </Descriptions.Item>
            <Descriptions.Item label="当前状态">
              <FeeStateTag state={s.state} lateFeePct={s.next?.late_fee_pct} />
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            记录缴费
          </Typography.Title>
          <PaymentForm schedule={s} onDone={() => void refresh()} />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            全部年度
          </Typography.Title>
          <Table<FeeYearView>
            rowKey="year"
            size="small"
            columns={columns}
            dataSource={s.years}
            pagination={false}
            scroll={{ x: 680 }}
          />
        </>
      )}
    </Drawer>
  );
}
