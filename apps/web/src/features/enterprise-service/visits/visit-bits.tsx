import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Modal,
  Progress,
  Select,
  Space,
  Switch,
  TimePicker,
  Typography,
  Upload,
  type UploadProps,
} from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { UPLOAD_MAX_BYTES, VISIT_DEMANDS_MAX, VISIT_PHOTOS_MAX, VISIT_STATUS_TEXT, type VisitStatus } from '@ip/contract';
import { get, uploadFile } from '../../../api/http';
import { ToneTag } from '../../../components/record-files';
import { notify } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session-store';
import { DEMANDS_KEY } from '../demands/api';
import { editVisitCall, visitPrefillQuery, visitStaffQuery, VISITS_KEY } from './api';
import { chinaToday } from '../../../lib/china-time';

// What the visit pages share (ADR 0040): the status tag, the photo field with its progress bar, the 登记走访 (record)
// dialog and the 改期 (reschedule) dialog, the keyboard alternative to dragging a plan on the calendar.

/** Whether the session is the office's main account (set C); staff (set D) plan and record only for themselves. */
export function useIsMain(): boolean {
  const user = useSessionUser();
  return user?.is_news === 1 && user.com_id === 0;
}

export function VisitStatusTag({ status, followOpen }: { status: VisitStatus; followOpen?: boolean }) {
  return (
    <Space size={4} wrap>
      <ToneTag tone={status === 'plan' ? 'blue' : status === 'done' ? 'green' : 'gray'}>{VISIT_STATUS_TEXT[status]}</ToneTag>
      {followOpen && <ToneTag tone="orange">待跟进</ToneTag>}
    </Space>
  );
}

export const visitErrorText = (err: unknown) => (err instanceof Error ? err.message : '请稍后重试');

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const PHOTO_EXT = /\.(jpe?g|png|webp)$/i;

export interface PhotoValue {
  id: number;
  name: string;
}

/** Photos of a record: JPG, PNG or WebP up to the upload limit, at most VISIT_PHOTOS_MAX, with a progress bar. */
export function PhotosField({
  value = [],
  onChange,
  id,
}: {
  value?: PhotoValue[];
  onChange?: (v: PhotoValue[]) => void;
  id?: string;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!PHOTO_TYPES.includes(file.type) || !PHOTO_EXT.test(file.name)) {
      notify.error('照片只能是 JPG、PNG 或 WebP 图片');
      return Upload.LIST_IGNORE;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      notify.error(`照片不能超过 ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
      return Upload.LIST_IGNORE;
    }
    if (value.length >= VISIT_PHOTOS_MAX) {
      notify.error(`照片最多 ${VISIT_PHOTOS_MAX} 张`);
      return Upload.LIST_IGNORE;
    }
    return true;
  };
  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    setProgress(0);
    try {
      const up = await uploadFile(file as File, 'image', { purpose: 'document', onProgress: setProgress });
      onChange?.([...value, { id: up.id, name: up.name }]);
      onSuccess?.(up);
    } catch (err) {
      onError?.(err as Error);
    } finally {
      setProgress(null);
    }
  };
  return (
    <div>
      <Upload accept=".jpg,.jpeg,.png,.webp" beforeUpload={beforeUpload} customRequest={customRequest} showUploadList={false}>
        <Button id={id} icon={<UploadOutlined />} loading={progress !== null}>
          上传照片
        </Button>
      </Upload>
      {progress !== null && <Progress percent={progress} size="small" aria-label="照片上传进度" />}
      <div style={{ marginTop: 4, color: 'rgba(0, 0, 0, 0.65)' }}>
        JPG、PNG 或 WebP，单张不超过 {UPLOAD_MAX_BYTES / 1024 / 1024} MB，最多 {VISIT_PHOTOS_MAX} 张
      </div>
      {value.length > 0 && (
        <ul aria-label="已上传的照片" style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
          {value.map((f) => (
            <li key={f.id} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <Typography.Text ellipsis style={{ maxWidth: 240 }}>
                {f.name}
              </Typography.Text>
              <Button
                type="link"
                size="small"
                danger
                onClick={() => onChange?.(value.filter((x) => x.id !== f.id))}
                aria-label={`移除照片 ${f.name}`}
              >
                移除
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface RecordForm {
  visit_date: Dayjs;
  people_met: string;
  content: string;
  photos: PhotoValue[];
  follow_up: boolean;
  follow_note: string;
  demands: { title: string; content?: string; label_id?: number }[];
}

/** 登记走访: turns a plan into a record (date, people met, content, photos, follow-up, demands raised). */
export function RecordVisitDialog({ visitId, open, onClose }: { visitId: number; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<RecordForm>();
  const qc = useQueryClient();
  const prefill = useQuery({ ...visitPrefillQuery(visitId), enabled: open });
  const labels = useQuery({
    queryKey: [...VISITS_KEY, 'demandLabels'],
    queryFn: () => get<{ id: number; name: string }[]>('/v1/visit/deamdLabel', undefined, { background: true }),
    enabled: open,
  });
  const today = chinaToday();
  const save = useMutation({
    mutationFn: (v: RecordForm) =>
      editVisitCall({
        action: 'record',
        id: visitId,
        visit_date: v.visit_date.format('YYYY-MM-DD'),
        people_met: v.people_met,
        content: v.content,
        photos: (v.photos ?? []).map((p) => p.id),
        follow_up: v.follow_up ? 1 : 0,
        follow_note: v.follow_note ?? '',
        demands: (v.demands ?? []).map((d) => ({ title: d.title, content: d.content ?? '', label_id: d.label_id ?? 0 })),
      }),
    onSuccess: async (r) => {
      notify.success(r.demand_ids.length ? `走访已登记，同时登记了 ${r.demand_ids.length} 条需求` : '走访已登记');
      await qc.invalidateQueries({ queryKey: VISITS_KEY });
      // Demands raised with the record appear on /workWaitvisit3 and /workFollow without a reload.
      if (r.demand_ids.length) await qc.invalidateQueries({ queryKey: DEMANDS_KEY });
      form.resetFields();
      onClose();
    },
  });
  const p = prefill.data;
  return (
    <Modal
      title="登记走访"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={save.isPending}
      destroyOnHidden
      width={640}
    >
      {p && (
        <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="企业">{p.visit.company_name}</Descriptions.Item>
          <Descriptions.Item label="计划">
            {p.visit.plan_date} {p.visit.plan_time} {p.visit.staff_name}
            {p.visit.purpose ? `：${p.visit.purpose}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="上次走访">
            {p.last_visit ? `${p.last_visit.visit_date} ${p.last_visit.staff_name}：${p.last_visit.content.slice(0, 60)}` : '无'}
          </Descriptions.Item>
          <Descriptions.Item label="未办结需求">
            {p.open_demands.length ? p.open_demands.map((d) => d.title).join('、') : '无'}
          </Descriptions.Item>
        </Descriptions>
      )}
      {prefill.isError && <Alert type="error" showIcon title="加载失败" description={visitErrorText(prefill.error)} />}
      <Form<RecordForm>
        form={form}
        layout="vertical"
        initialValues={{ visit_date: dayjs(today), photos: [], follow_up: false, demands: [] }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="visit_date" label="走访日期" rules={[{ required: true, message: '请选择走访日期' }]}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.format('YYYY-MM-DD') > today} />
        </Form.Item>
        <Form.Item name="people_met" label="接待人员" rules={[{ required: true, whitespace: true, message: '请填写接待人员' }]}>
          <Input maxLength={200} placeholder="如：王总（总经理）" />
        </Form.Item>
        <Form.Item name="content" label="走访内容" rules={[{ required: true, whitespace: true, message: '请填写走访内容' }]}>
          <Input.TextArea rows={4} maxLength={5000} showCount />
        </Form.Item>
        <Form.Item name="photos" label="现场照片">
          <PhotosField />
        </Form.Item>
        <Form.Item name="follow_up" label="需要跟进" valuePropName="checked">
          <Switch checkedChildren="是" unCheckedChildren="否" />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.follow_up !== b.follow_up}>
          {({ getFieldValue }) =>
            getFieldValue('follow_up') ? (
              <Form.Item name="follow_note" label="跟进说明">
                <Input.TextArea rows={2} maxLength={1000} />
              </Form.Item>
            ) : null
          }
        </Form.Item>
        <Form.List name="demands">
          {(fields, { add, remove }) => (
            <div>
              <Typography.Text strong>登记需求</Typography.Text>
              {fields.map((f, i) => (
                <Space key={f.key} align="start" wrap style={{ display: 'flex', marginTop: 8 }}>
                  <Form.Item
                    name={[f.name, 'title']}
                    label={`需求 ${i + 1} 标题`}
                    rules={[{ required: true, whitespace: true, message: '请填写需求标题' }]}
                  >
                    <Input maxLength={200} style={{ width: 220 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'label_id']} label={`需求 ${i + 1} 标签`}>
                    <Select
                      allowClear
                      style={{ width: 140 }}
                      options={(labels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'content']} label={`需求 ${i + 1} 内容`}>
                    <Input maxLength={5000} style={{ width: 200 }} />
                  </Form.Item>
                  <Button
                    aria-label={`删除需求 ${i + 1}`}
                    icon={<DeleteOutlined />}
                    onClick={() => remove(f.name)}
                    style={{ marginTop: 30 }}
                  />
                </Space>
              ))}
              {fields.length < VISIT_DEMANDS_MAX && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()} style={{ marginTop: 8 }}>
                  添加需求
                </Button>
              )}
            </div>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

export interface ReschedulePlan {
  id: number;
  day: string;
  plan_time: string;
  staff_id: number;
  company_name: string;
}

/** 改期: a new day (not in the past), time and, for the main account, visitor. */
export function RescheduleDialog({ plan, onClose }: { plan: ReschedulePlan | null; onClose: () => void }) {
  const isMain = useIsMain();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ plan_date: Dayjs; plan_time: Dayjs | null; staff_id?: number }>();
  const staff = useQuery({ ...visitStaffQuery(), enabled: isMain && plan !== null });
  const user = useSessionUser();
  const today = chinaToday();
  const save = useMutation({
    mutationFn: (v: { plan_date: Dayjs; plan_time: Dayjs | null; staff_id?: number }) =>
      editVisitCall({
        action: 'reschedule',
        id: plan!.id,
        plan_date: v.plan_date.format('YYYY-MM-DD'),
        plan_time: v.plan_time ? v.plan_time.format('HH:mm') : '',
        ...(isMain && v.staff_id ? { staff_id: v.staff_id } : {}),
      }),
    onSuccess: async () => {
      notify.success('已改期');
      await qc.invalidateQueries({ queryKey: VISITS_KEY });
      onClose();
    },
  });
  return (
    <Modal
      title={plan ? `改期：${plan.company_name}` : '改期'}
      open={plan !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {plan && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            plan_date: dayjs(plan.day),
            plan_time: plan.plan_time ? dayjs(`2000-01-01T${plan.plan_time}`) : null,
            staff_id: plan.staff_id,
          }}
          onFinish={(v) => save.mutate(v)}
        >
          <Form.Item name="plan_date" label="走访日期" rules={[{ required: true, message: '请选择走访日期' }]}>
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.format('YYYY-MM-DD') < today} />
          </Form.Item>
          <Form.Item name="plan_time" label="时间">
            <TimePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} />
          </Form.Item>
          {isMain && (
            <Form.Item name="staff_id" label="走访人员">
              <Select
                options={[
                  { value: user?.id ?? 0, label: `${user?.name ?? '本账号'}（主账号）` },
                  ...(staff.data?.list ?? []).map((s) => ({ value: s.id, label: s.name })),
                ]}
              />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}
