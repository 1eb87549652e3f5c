import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Form, Input, Modal, Rate, Select, Skeleton, Space, Typography } from 'antd';
import { DEMAND_EVALUATION_MAX, DEMAND_NOTE_MAX, type DemandAction, type DemandDetail } from '@ip/contract';
import { useSessionUser } from '../../../lib/session-store';
import { notify } from '../../../lib/notify';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { staffListQuery } from '../api';
import { LabelTag } from '../components/label-tag';
import { DEMANDS_KEY, assignDemandCall, demandDetailQuery, demandStepCall } from './api';
import { LightTag, StepTimeline } from './parts';
import { chinaMinute } from '../../../lib/china-time';

const ACTION_LABELS: Record<DemandAction, string> = {
  assign: '分派',
  reassign: '改派',
  contact: '已联系企业',
  reply: '首次答复',
  handle: '办理完成',
  evaluate: '代企业评价',
  revisit: '回访办结',
};

interface ActionValues {
  handler_id?: number;
  note?: string;
  result?: string;
  rating?: number;
  evaluation?: string;
}

/** The form of one step: who to assign, a note, the result, or the rating. */
function ActionDialog({ action, demand, onClose }: { action: DemandAction; demand: DemandDetail; onClose: () => void }) {
  const [form] = Form.useForm<ActionValues>();
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const assigning = action === 'assign' || action === 'reassign';
  const staff = useQuery({ ...staffListQuery({ page: 1, page_size: 100, status: 1 }), enabled: assigning });
  const m = useMutation({
    mutationFn: (v: ActionValues) => {
      if (assigning) return assignDemandCall({ id: demand.id, handler_id: v.handler_id ?? 0 });
      if (action === 'handle') return demandStepCall('handle', { id: demand.id, result: v.result ?? '' });
      if (action === 'evaluate')
        return demandStepCall('evaluate', { id: demand.id, rating: v.rating ?? 0, evaluation: v.evaluation ?? '' });
      return demandStepCall(action as 'contact' | 'reply' | 'revisit', { id: demand.id, note: v.note ?? '' });
    },
    onSuccess: async () => {
      notify.success(`${ACTION_LABELS[action]}已完成`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: DEMANDS_KEY });
    },
    onError: (err) => markServerFieldErrors(form, err, ['handler_id', 'note', 'result', 'rating', 'evaluation']),
  });
  const handlerOptions = [
    ...(me ? [{ value: me.id, label: `${me.name || '主账号'}（主账号）` }] : []),
    ...(staff.data?.list ?? []).map((s) => ({ value: s.id, label: `${s.name}（服务 ${s.scope_count} 家）` })),
  ].filter((o) => o.value !== demand.handler_id || action === 'assign');
  const noteLabel = action === 'contact' ? '联系情况（选填）' : action === 'reply' ? '答复内容' : '回访情况';
  return (
    <Modal
      open
      title={`${ACTION_LABELS[action]}：${demand.title}`}
      okText="确定"
      cancelText="取消"
      confirmLoading={m.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ActionValues>
        form={form}
        layout="vertical"
        name={`demand-${action}`}
        requiredMark={false}
        onFinish={(v) => m.mutate(v)}
      >
        {assigning && (
          <Form.Item
            label="办理人"
            name="handler_id"
            rules={[{ required: true, message: '请选择办理人' }]}
            extra="员工须在系统管理中分配了这家企业（或其所在街道）"
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={staff.isFetching}
              options={handlerOptions}
              placeholder="选择员工或主账号"
            />
          </Form.Item>
        )}
        {(action === 'contact' || action === 'reply' || action === 'revisit') && (
          <Form.Item
            label={noteLabel}
            name="note"
            rules={action === 'contact' ? [] : [{ required: true, whitespace: true, message: `请填写${noteLabel}` }]}
          >
            <Input.TextArea rows={3} maxLength={DEMAND_NOTE_MAX} showCount />
          </Form.Item>
        )}
        {action === 'handle' && (
          <Form.Item label="办理结果" name="result" rules={[{ required: true, whitespace: true, message: '请填写办理结果' }]}>
            <Input.TextArea rows={4} maxLength={DEMAND_NOTE_MAX} showCount />
          </Form.Item>
        )}
        {action === 'evaluate' && (
          <>
            <Form.Item label="满意度评分" name="rating" rules={[{ required: true, message: '请选择满意度评分' }]}>
              <Rate aria-label="满意度评分" />
            </Form.Item>
            <Form.Item label="评价内容（选填）" name="evaluation" extra="代企业评价：如电话回访时企业口头给出的评价">
              <Input.TextArea rows={3} maxLength={DEMAND_EVALUATION_MAX} showCount />
            </Form.Item>
          </>
        )}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/** The detail drawer of /workWaitvisit3 and /workFollow: the demand, its time limits, its steps and next actions. */
export function DemandDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const detail = useQuery({ ...demandDetailQuery(id ?? 0), enabled: !!id });
  const [action, setAction] = useState<DemandAction | null>(null);
  const d = detail.data;
  return (
    <Drawer open={!!id} onClose={onClose} title={d ? d.title : '需求详情'} size="large" destroyOnHidden>
      {detail.isLoading && <Skeleton active />}
      {detail.isError && <Alert type="error" showIcon title="需求加载失败或不在您的服务范围内" />}
      {d && (
        <>
          <Space wrap style={{ marginBottom: 16 }}>
            {d.actions.map((a) => (
              <Button key={a} type={a === 'reassign' ? 'default' : 'primary'} onClick={() => setAction(a)}>
                {ACTION_LABELS[a]}
              </Button>
            ))}
            {!d.actions.length && <Typography.Text type="secondary">当前没有需要您处理的环节</Typography.Text>}
          </Space>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'company', label: '企业', children: `${d.company_name}${d.street_name ? `（${d.street_name}）` : ''}` },
              { key: 'status', label: '状态', children: d.status_label },
              {
                key: 'light',
                label: '灯色',
                children: (
                  <Space wrap>
                    <LightTag light={d.light} />
                    {d.due && <span>{`${d.due_label}期限 ${d.due}`}</span>}
                  </Space>
                ),
              },
              {
                key: 'label',
                label: '需求标签',
                children: d.label ? <LabelTag name={d.label.name} color={d.label.color} /> : '—',
              },
              { key: 'source', label: '来源', children: d.source_label },
              { key: 'handler', label: '办理人', children: d.handler_name || '未分派' },
              { key: 'registered', label: '登记时间', children: chinaMinute(d.registered_at) },
              {
                key: 'dues',
                label: '时限',
                children: `联系 ${d.contact_due} · 答复 ${d.reply_due} · 办结 ${d.close_due}`,
              },
              { key: 'content', label: '需求内容', children: <span style={{ whiteSpace: 'pre-wrap' }}>{d.content || '—'}</span> },
              ...(d.result ? [{ key: 'result', label: '办理结果', children: d.result }] : []),
              ...(d.rating
                ? [{ key: 'rating', label: '评价', children: `${d.rating} 分${d.evaluation ? `：${d.evaluation}` : ''}` }]
                : []),
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            办理记录
          </Typography.Title>
          <StepTimeline steps={d.steps} />
          {action && <ActionDialog action={action} demand={d} onClose={() => setAction(null)} />}
        </>
      )}
    </Drawer>
  );
}
