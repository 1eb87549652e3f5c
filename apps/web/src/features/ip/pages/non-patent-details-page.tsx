import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { IP_KIND_LABELS, IP_STATUS_LABELS } from '@ip/contract';
import { ExpiryTag, FilePreviews, ToneTag } from '../../../components/record-files';
import { useSessionUser } from '../../../lib/session-store';
import { ipDetailQuery } from '../api';
import { IpFormModal } from '../components/ip-form';
import { KIND_TONES, NonPatentPanel, STATUS_TONES, useIpMutations } from '../non-patent-panel';

/** /NotpatentDetails?id=: one trademark, copyright or software copyright with its files previewed; without an id, the list. */
export default function NonPatentDetailsPage() {
  const [params] = useSearchParams();
  const idText = params.get('id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(idText) ? Number(idText) : null;
  if (id === null) {
    return (
      <Card title="非专利知识产权">
        {idText && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="链接中的编号不正确，已为您显示全部记录" />}
        <NonPatentPanel />
      </Card>
    );
  }
  return <NonPatentDetail id={id} />;
}

function NonPatentDetail({ id }: { id: number }) {
  const navigate = useNavigate();
  const user = useSessionUser();
  const q = useQuery(ipDetailQuery(id));
  const { editing, setEditing, save, remove } = useIpMutations(() => navigate('/NotpatentDetails', { replace: true }));
  const r = q.data;
  if (q.isPending) {
    return (
      <Card title="非专利详情">
        <Skeleton active aria-label="正在加载" />
      </Card>
    );
  }
  if (!r) {
    return (
      <Card title="非专利详情">
        <Alert
          type="error"
          showIcon
          title={q.error?.message ?? '加载失败'}
          action={
            <Button size="small" onClick={() => navigate('/NotpatentDetails')}>
              返回列表
            </Button>
          }
        />
      </Card>
    );
  }
  const reg = r.kind === 'trademark' ? '注册' : '登记';
  return (
    <Card
      title={
        <Space wrap>
          <span>{r.name}</span>
          <ToneTag tone={KIND_TONES[r.kind]}>{IP_KIND_LABELS[r.kind]}</ToneTag>
        </Space>
      }
      extra={
        <Space wrap>
          <Button type="primary" onClick={() => setEditing(r)}>
            编辑
          </Button>
          <Popconfirm
            title={`确定删除「${r.name}」吗？`}
            description="删除后不可恢复。"
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => remove.mutateAsync(r).catch(() => undefined)}
          >
            <Button danger>删除</Button>
          </Popconfirm>
        </Space>
      }
    >
      <Descriptions column={{ xs: 1, sm: 1, md: 2 }} bordered size="small">
        <Descriptions.Item label={`${reg}号`}>{r.number}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <ToneTag tone={STATUS_TONES[r.status]}>{IP_STATUS_LABELS[r.status]}</ToneTag>
        </Descriptions.Item>
        {r.kind === 'trademark' && <Descriptions.Item label="商标类别">第 {r.nice_class} 类</Descriptions.Item>}
        <Descriptions.Item label="权利人">{r.owner || '—'}</Descriptions.Item>
        <Descriptions.Item label="申请日期">{r.application_date ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={`${reg}日期`}>{r.registration_date ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="有效期至">
          {r.expiry_date ?? '—'} {r.expiry_date && <ExpiryTag status={r.expiry_status} daysLeft={r.days_left} />}
        </Descriptions.Item>
        <Descriptions.Item label="备注">{r.note || '—'}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        附件
      </Typography.Title>
      <FilePreviews files={r.files} />
      <IpFormModal
        open={editing !== undefined}
        initial={editing}
        defaultOwner={user?.company_name}
        onCancel={() => setEditing(undefined)}
        onSubmit={(b) => save.mutateAsync(b)}
      />
    </Card>
  );
}
