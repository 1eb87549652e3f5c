import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Empty, Form, Input, Select, Spin, Switch } from 'antd';
import { notify } from '../../../lib/notify';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DEMAND_TITLE_MAX, VISIT_DEMANDS_MAX, type SessionUser, type VisitCreated } from '@ip/contract';
import { ApiError } from '../../../api/http';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { FieldShell } from '../components/field-shell';
import { CompanyPicker } from '../components/company-picker';
import { PhotoPicker, type PhotoItem } from '../components/photo-picker';
import { createVisitCall, editVisitCall, fetchDemandLabels, fetchPrefill, fetchVisit, fetchVisits, shanghaiToday } from '../api';
import { newRequestKey, retryPolicy, sendWithRetry } from '../send-with-retry';

interface Values {
  company_id?: number;
  visit_date: string;
  people_met: string;
  content: string;
  follow_up: boolean;
  /** Demands the enterprise raised during the visit (ADR 0049): registered with the record, in its transaction. */
  demands?: { title?: string; content?: string; label_id?: number }[];
}

type SendState = { kind: 'idle' } | { kind: 'sending'; attempt: number } | { kind: 'failed'; msg: string };

/**
 * The record form: of a to-visit (`planId`, editVisit action 'record') or of a visit made without one (createVisit
 * status 'done'). Sent with a request_key made when the form opens; a dropped connection is retried automatically
 * (retryPolicy), then by 重试, and the record is never saved twice (ADR 0044).
 */
function RecordForm({ user, planId, onSaved }: { user: SessionUser; planId?: number; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  const [state, setState] = useState<SendState>({ kind: 'idle' });
  const [pending, setPending] = useState<Values | null>(null);
  const today = shanghaiToday();
  const prefill = useQuery({
    queryKey: ['field-prefill', planId],
    queryFn: () => fetchPrefill(planId!),
    enabled: planId !== undefined,
  });
  const labels = useQuery({ queryKey: ['field-demand-labels'], queryFn: fetchDemandLabels, staleTime: 5 * 60_000 });

  const send = async (v: Values) => {
    if (photos.some((p) => !p.id && !p.error)) {
      notify.warning('照片还在上传，请稍候');
      return;
    }
    if (photos.some((p) => p.error)) {
      notify.warning('有照片上传失败，请删除后重新上传');
      return;
    }
    setPending(v);
    const record = {
      visit_date: v.visit_date,
      people_met: v.people_met,
      content: v.content,
      photos: photos.map((p) => p.id!),
      follow_up: (v.follow_up ? 1 : 0) as 0 | 1,
      demands: (v.demands ?? []).map((d) => ({
        title: (d.title ?? '').trim(),
        content: (d.content ?? '').trim(),
        label_id: d.label_id ?? 0,
      })),
    };
    const quiet = { silent: true };
    try {
      const saved = await sendWithRetry<VisitCreated>(
        () =>
          planId !== undefined
            ? editVisitCall({ action: 'record', id: planId, ...record }, quiet)
            : createVisitCall(
                { status: 'done', company_id: v.company_id!, staff_id: user.id, request_key: requestKey, ...record },
                quiet,
              ),
        {
          onAttempt: (attempt) => setState({ kind: 'sending', attempt }),
          // A to-visit has no request_key: before sending again, ask whether the earlier send was saved.
          alreadyDone:
            planId !== undefined
              ? async () => {
                  const d = await fetchVisit(planId, quiet);
                  return d.status === 'done' ? { id: d.id, created: false, status: d.status, demand_ids: [] } : null;
                }
              : undefined,
        },
      );
      setState({ kind: 'idle' });
      setPending(null);
      const raised = saved.demand_ids.length;
      notify.success(raised ? `走访记录已保存，同时登记了 ${raised} 条需求` : '走访记录已保存');
      form.resetFields();
      setPhotos([]);
      setRequestKey(newRequestKey());
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'business') {
        setState({ kind: 'idle' });
        setPending(null);
        if (!markServerFieldErrors(form, err, ['company_id', 'visit_date', 'people_met', 'content'])) {
          notify.error(err.message);
        }
        return;
      }
      setState({
        kind: 'failed',
        msg: `网络连接中断，走访记录尚未保存（已自动重试 ${retryPolicy.delaysMs.length} 次）。请在网络恢复后点击重试，不会重复保存。`,
      });
    }
  };

  if (planId !== undefined && prefill.isPending) return <Spin aria-label="加载中" style={{ display: 'block', margin: 48 }} />;
  if (planId !== undefined && prefill.isError)
    return <Alert type="error" showIcon message="待走访加载失败" description={(prefill.error as Error).message} />;
  const plan = prefill.data?.visit;
  const sending = state.kind === 'sending';

  return (
    <Form
      form={form}
      name="work-visit"
      layout="vertical"
      size="large"
      initialValues={{ visit_date: today, people_met: '', content: '', follow_up: false }}
      onFinish={(v) => void send(v)}
      disabled={sending}
    >
      {plan ? (
        <div className="field-list-item" style={{ cursor: 'default' }}>
          <strong style={{ overflowWrap: 'anywhere' }}>{plan.company_name}</strong>
          <div className="field-muted">
            计划 {plan.plan_date} {plan.plan_time}
            {plan.purpose ? ` · ${plan.purpose}` : ''}
          </div>
        </div>
      ) : (
        <Form.Item label="走访企业" name="company_id" rules={[{ required: true, message: '请选择走访企业' }]}>
          <CompanyPicker />
        </Form.Item>
      )}
      <Form.Item
        label="走访日期"
        name="visit_date"
        rules={[
          { required: true, message: '请选择走访日期' },
          {
            validator: (_, d: string) =>
              !d || d <= today ? Promise.resolve() : Promise.reject(new Error('走访日期不能晚于今天')),
          },
        ]}
      >
        <Input type="date" max={today} />
      </Form.Item>
      <Form.Item
        label="接待人员"
        name="people_met"
        rules={[
          { required: true, whitespace: true, message: '请填写接待人员' },
          { max: 200, message: '接待人员不能超过 200 个字' },
        ]}
      >
        <Input placeholder="如：张经理（研发部）" maxLength={200} />
      </Form.Item>
      <Form.Item
        label="走访内容"
        name="content"
        rules={[
          { required: true, whitespace: true, message: '请填写走访内容' },
          { max: 5000, message: '走访内容不能超过 5000 个字' },
        ]}
      >
        <Input.TextArea rows={4} maxLength={5000} showCount />
      </Form.Item>
      <Form.Item label="照片">
        <PhotoPicker value={photos} onChange={setPhotos} />
      </Form.Item>
      <Form.Item label="需要跟进" name="follow_up" valuePropName="checked">
        <Switch checkedChildren="是" unCheckedChildren="否" />
      </Form.Item>
      <Form.List name="demands">
        {(fields, { add, remove }) => (
          <section aria-label="企业需求" style={{ marginBottom: 16 }}>
            <h2 className="field-section-title">企业需求</h2>
            {fields.map((f, i) => (
              <div key={f.key} className="field-list-item" style={{ cursor: 'default' }}>
                <Form.Item
                  name={[f.name, 'title']}
                  label={`需求 ${i + 1} 标题`}
                  rules={[
                    { required: true, whitespace: true, message: '请填写需求标题' },
                    { max: DEMAND_TITLE_MAX, message: `需求标题不能超过 ${DEMAND_TITLE_MAX} 个字` },
                  ]}
                >
                  <Input maxLength={DEMAND_TITLE_MAX} placeholder="如：希望了解专利质押融资" />
                </Form.Item>
                <Form.Item name={[f.name, 'label_id']} label={`需求 ${i + 1} 标签（选填）`}>
                  <Select
                    allowClear
                    loading={labels.isFetching}
                    placeholder="选择需求标签"
                    options={(labels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'content']} label={`需求 ${i + 1} 内容（选填）`}>
                  <Input.TextArea rows={2} maxLength={5000} />
                </Form.Item>
                <Button danger block icon={<DeleteOutlined />} onClick={() => remove(f.name)}>
                  删除需求 {i + 1}
                </Button>
              </div>
            ))}
            {fields.length < VISIT_DEMANDS_MAX && (
              <Button block type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
                添加需求
              </Button>
            )}
          </section>
        )}
      </Form.List>
      {state.kind === 'sending' && state.attempt > 1 && (
        <Alert type="warning" showIcon message={`网络不稳定，正在第 ${state.attempt - 1} 次重试…`} style={{ marginBottom: 12 }} />
      )}
      {state.kind === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={state.msg}
          style={{ marginBottom: 12 }}
          action={
            <Button disabled={false} onClick={() => pending && void send(pending)}>
              重试
            </Button>
          }
        />
      )}
      <Button type="primary" htmlType="submit" block size="large" loading={sending}>
        保存走访记录
      </Button>
    </Form>
  );
}

function RecentRecords({ user }: { user: SessionUser }) {
  const q = useQuery({
    queryKey: ['field-records', user.id],
    queryFn: () => fetchVisits({ status: 'done', staff_id: user.id, page_size: 10, sort: 'desc' }),
  });
  return (
    <section aria-label="最近走访记录" style={{ marginTop: 24 }}>
      <h2 className="field-section-title">最近走访记录</h2>
      {q.isPending ? (
        <Spin aria-label="加载中" />
      ) : q.isError ? (
        <Alert type="error" showIcon message="走访记录加载失败" action={<Button onClick={() => void q.refetch()}>重试</Button>} />
      ) : q.data.list.length === 0 ? (
        <Empty description="暂无走访记录" />
      ) : (
        q.data.list.map((r) => (
          <div key={r.id} className="field-list-item" style={{ cursor: 'default' }}>
            <strong style={{ overflowWrap: 'anywhere' }}>{r.company_name}</strong>
            <div className="field-muted">
              {r.visit_date} · 接待：{r.people_met}
              {r.photo_count ? ` · 照片 ${r.photo_count} 张` : ''}
              {r.follow_open ? ' · 待跟进' : ''}
            </div>
            <div className="field-muted" style={{ color: '#262626' }}>
              {r.content.length > 80 ? `${r.content.slice(0, 80)}…` : r.content}
            </div>
          </div>
        ))
      )}
    </section>
  );
}

/** /web/small/workVisit (走访记录): record a visit (of a to-visit with ?id=, or a new one) and the recent records. */
export default function WorkVisitPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const idText = params.get('id');
  const planId = idText && /^[1-9]\d{0,9}$/.test(idText) ? Number(idText) : undefined;
  return (
    <FieldShell title={planId !== undefined ? '登记走访' : '走访记录'}>
      {(user) => (
        <>
          <RecordForm
            key={planId ?? 'new'}
            user={user}
            planId={planId}
            onSaved={() => {
              void client.invalidateQueries({ queryKey: ['field-records'] });
              void client.invalidateQueries({ queryKey: ['field-plans'] });
              if (planId !== undefined) void navigate('/web/small/workVisit', { replace: true });
            }}
          />
          <RecentRecords user={user} />
        </>
      )}
    </FieldShell>
  );
}
