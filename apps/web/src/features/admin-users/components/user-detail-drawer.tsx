import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Empty, List, Skeleton, Statistic, Tag, Typography } from 'antd';
import { APPLICATION_STATUS_LABELS, USER_KIND_LABELS, auditActionLabel } from '@ip/contract';
import { userDetailQuery } from '../api';

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '—');

/** 详情: one account through newsinfo: account, profile, company, application; a main account's staff. */
export function UserDetailDrawer({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const q = useQuery({ ...userDetailQuery(userId ?? 0), enabled: userId !== null });
  const d = q.data;
  return (
    <Drawer title="用户详情" open={userId !== null} onClose={onClose} size="large" destroyOnHidden>
      {q.isPending ? (
        <Skeleton active aria-label="正在加载用户详情" />
      ) : q.isError || !d ? (
        <Alert type="error" showIcon title="用户详情加载失败" description={q.error?.message} />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered title="账号">
            <Descriptions.Item label="姓名">{d.user.name}</Descriptions.Item>
            <Descriptions.Item label="手机号">{d.user.mobile}</Descriptions.Item>
            <Descriptions.Item label="类型">{USER_KIND_LABELS[d.user.kind]}</Descriptions.Item>
            <Descriptions.Item label="状态">
              {d.user.status === 1 ? <Tag color="success">正常</Tag> : <Tag>已停用</Tag>}
              {d.user.must_change_password === 1 && <Tag color="warning">待修改密码</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="公司名称">{d.user.company_name || '—'}</Descriptions.Item>
            <Descriptions.Item label="所属街道">{d.user.street_name || '—'}</Descriptions.Item>
            <Descriptions.Item label="简介">{d.user.introduction || '—'}</Descriptions.Item>
            <Descriptions.Item label="注册时间">{day(d.user.created_at)}</Descriptions.Item>
            {d.main && <Descriptions.Item label="所属主账号">{`${d.main.name}（${d.main.mobile}）`}</Descriptions.Item>}
          </Descriptions>
          {d.company && (
            <Descriptions column={1} size="small" bordered title="所属企业" style={{ marginTop: 16 }}>
              <Descriptions.Item label="企业名称">{d.company.company_name}</Descriptions.Item>
              <Descriptions.Item label="统一社会信用代码">{d.company.credit_code || '—'}</Descriptions.Item>
              <Descriptions.Item label="行业">{d.company.industry || '—'}</Descriptions.Item>
              <Descriptions.Item label="专利数">{d.company.patent_num}</Descriptions.Item>
            </Descriptions>
          )}
          {d.verification && (
            <Descriptions column={1} size="small" bordered title="最近一次认证申请" style={{ marginTop: 16 }}>
              <Descriptions.Item label="申请企业">{d.verification.company_name}</Descriptions.Item>
              <Descriptions.Item label="状态">
                {APPLICATION_STATUS_LABELS[d.verification.status as 0 | 1 | 2] ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label="提交时间">{day(d.verification.created_at)}</Descriptions.Item>
              {d.verification.remark && <Descriptions.Item label="审核意见">{d.verification.remark}</Descriptions.Item>}
            </Descriptions>
          )}
          {d.staff_counts && (
            <div style={{ marginTop: 16 }}>
              <Typography.Title level={5}>员工</Typography.Title>
              <div style={{ display: 'flex', gap: 32, marginBottom: 8 }}>
                <Statistic title="员工总数" value={d.staff_counts.total} />
                <Statistic title="正常" value={d.staff_counts.enabled} />
              </div>
              {d.staff.length === 0 ? (
                <Empty description="暂无员工" />
              ) : (
                <List
                  size="small"
                  bordered
                  dataSource={d.staff}
                  renderItem={(s) => (
                    <List.Item>
                      {s.name}（{s.mobile}）{s.street_name ? ` · ${s.street_name}` : ''}
                      {s.status !== 1 && <Tag style={{ marginLeft: 8 }}>已停用</Tag>}
                    </List.Item>
                  )}
                />
              )}
            </div>
          )}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            最近操作记录
          </Typography.Title>
          {d.recent_audit.length === 0 ? (
            <Empty description="暂无管理员操作记录" />
          ) : (
            <List
              size="small"
              dataSource={d.recent_audit}
              renderItem={(a) => (
                <List.Item>
                  <span>
                    {day(a.created_at)} {a.admin_name ?? ''} · {auditActionLabel(a.action, a.detail)}
                    <Typography.Text type="secondary" style={{ display: 'block' }}>
                      {a.detail}
                    </Typography.Text>
                  </span>
                </List.Item>
              )}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
