import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { enterpriseLink } from '../../../enterprise-directory/enterprise-link';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Image, List, Popconfirm, Result, Space, Spin } from 'antd';
import { ApiError } from '../../../../api/http';
import { notify } from '../../../../lib/notify';
import { deleteVisitCall, editVisitCall, visitDetailQuery, VISITS_KEY } from '../api';
import { RecordVisitDialog, RescheduleDialog, VisitStatusTag, visitErrorText, type ReschedulePlan } from '../visit-bits';

const DEMAND_STATUS: Record<string, string> = {
  registered: '已登记',
  assigned: '已分派',
  handled: '已办理',
  evaluated: '已评价',
  closed: '已回访',
};

/**
 * /workVisit/details?id= 走访详情: the plan or record — enterprise, visitor, people met, content, photos, follow-up,
 * demands raised — with 登记走访 / 改期 / 取消 for a plan and 完成跟进 / 删除 for a record.
 */
export default function VisitDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ ...visitDetailQuery(id), enabled: valid });
  const [recording, setRecording] = useState(false);
  const [moving, setMoving] = useState<ReschedulePlan | null>(null);
  const step = useMutation({
    mutationFn: (action: 'cancel' | 'follow_done') => editVisitCall({ action, id }),
    onSuccess: async (_r, action) => {
      notify.success(action === 'cancel' ? '已取消走访' : '已完成跟进');
      await qc.invalidateQueries({ queryKey: VISITS_KEY });
    },
  });
  const del = useMutation({
    mutationFn: () => deleteVisitCall(id),
    onSuccess: async () => {
      notify.success('走访已删除');
      await qc.invalidateQueries({ queryKey: VISITS_KEY });
      void navigate('/workWaitvisit2', { replace: true });
    },
  });

  if (!valid || (detail.error instanceof ApiError && detail.error.status === 404)) {
    return (
      <Card>
        <Result
          status="404"
          title="走访不存在"
          subTitle="该走访不存在、已删除或不在您的服务范围内"
          extra={<Link to="/workWaitvisit2">返回走访记录</Link>}
        />
      </Card>
    );
  }
  if (detail.isError) {
    return (
      <Card>
        <Alert
          type="error"
          showIcon
          title="加载失败"
          description={visitErrorText(detail.error)}
          action={
            <Button size="small" onClick={() => detail.refetch()}>
              重试
            </Button>
          }
        />
      </Card>
    );
  }
  const v = detail.data;
  if (!v) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const plan = v.status === 'plan';
  return (
    <div className="visit-page">
      <Card
        title={
          <Space wrap>
            <span>{v.company_name}</span>
            <VisitStatusTag status={v.status} followOpen={v.follow_open} />
          </Space>
        }
        extra={
          <Space wrap>
            {plan && (
              <>
                <Button type="primary" onClick={() => setRecording(true)}>
                  登记走访
                </Button>
                <Button
                  onClick={() =>
                    setMoving({
                      id: v.id,
                      day: v.plan_date,
                      plan_time: v.plan_time,
                      staff_id: v.staff_id,
                      company_name: v.company_name,
                    })
                  }
                >
                  改期
                </Button>
                <Popconfirm
                  title="取消这次待走访？"
                  okText="取消走访"
                  cancelText="不取消"
                  onConfirm={() => step.mutate('cancel')}
                >
                  <Button loading={step.isPending}>取消走访</Button>
                </Popconfirm>
              </>
            )}
            {v.follow_open && (
              <Button type="primary" loading={step.isPending} onClick={() => step.mutate('follow_done')}>
                完成跟进
              </Button>
            )}
            <Popconfirm
              title="删除这条走访？"
              description={v.photos.length ? `照片 ${v.photos.length} 张将一并删除，无法恢复` : '删除后无法恢复'}
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="不删除"
              onConfirm={() => del.mutate()}
            >
              <Button danger loading={del.isPending}>
                删除
              </Button>
            </Popconfirm>
          </Space>
        }
      >
        <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label="企业">
            <Link to={enterpriseLink(v.company_id, v.company_name)}>{v.company_name}</Link>
          </Descriptions.Item>
          <Descriptions.Item label="街道">{v.street_name || '—'}</Descriptions.Item>
          <Descriptions.Item label="走访人员">{v.staff_name}</Descriptions.Item>
          <Descriptions.Item label={plan ? '计划日期' : '走访日期'}>
            {plan ? `${v.plan_date} ${v.plan_time}` : v.visit_date}
          </Descriptions.Item>
          <Descriptions.Item label="走访目的" span={2}>
            {v.purpose || '—'}
          </Descriptions.Item>
          {!plan && (
            <>
              <Descriptions.Item label="接待人员" span={2}>
                {v.people_met || '—'}
              </Descriptions.Item>
              <Descriptions.Item label="走访内容" span={2}>
                <div style={{ whiteSpace: 'pre-wrap' }}>{v.content || '—'}</div>
              </Descriptions.Item>
              <Descriptions.Item label="跟进" span={2}>
                {v.follow_up ? (v.follow_open ? '待跟进' : `已跟进（${(v.follow_done_at ?? '').slice(0, 10)}）`) : '无需跟进'}
                {v.follow_note ? `：${v.follow_note}` : ''}
              </Descriptions.Item>
            </>
          )}
          <Descriptions.Item label="登记人">{v.created_by_name}</Descriptions.Item>
          <Descriptions.Item label="更新时间">{v.updated_at.slice(0, 16).replace('T', ' ')}</Descriptions.Item>
        </Descriptions>
      </Card>
      {!plan && (
        <Card title={`现场照片（${v.photos.length}）`} style={{ marginTop: 16 }}>
          {v.photos.length ? (
            <Image.PreviewGroup>
              <Space wrap size={12}>
                {v.photos.map((p) => (
                  <Image
                    key={p.id}
                    src={p.url}
                    alt={`走访照片 ${p.name}`}
                    width={160}
                    height={120}
                    style={{ objectFit: 'cover' }}
                  />
                ))}
              </Space>
            </Image.PreviewGroup>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有照片" />
          )}
        </Card>
      )}
      {!plan && (
        <Card title={`登记的需求（${v.demands.length}）`} style={{ marginTop: 16 }}>
          <List
            dataSource={v.demands}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="这次走访没有登记需求" /> }}
            renderItem={(d) => (
              <List.Item>
                <List.Item.Meta
                  title={d.title}
                  description={`${DEMAND_STATUS[d.status] ?? d.status}${d.label_name ? ` · ${d.label_name}` : ''} · ${d.registered_at.slice(0, 10)}`}
                />
              </List.Item>
            )}
          />
        </Card>
      )}
      {recording && <RecordVisitDialog visitId={id} open onClose={() => setRecording(false)} />}
      <RescheduleDialog plan={moving} onClose={() => setMoving(null)} />
    </div>
  );
}
