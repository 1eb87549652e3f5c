import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Statistic, Table, Tabs, Tag, Typography, type TableProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { PUBLIC_PURPOSES, type StorageReport } from '@ip/contract';
import { formatBytes, storageQuery } from '../api';
import { routeSetOf, useSessionUser } from '../../../lib/session-store';
import CompanySystemPage from './company-system-page';
import { AuditLogPanel } from '../components/audit-log-panel';
import { HolidaysPanel } from '../components/holidays-panel';
import { StreetsPanel } from '../components/streets-panel';
import { PushPanel } from '../../push/push-panel';
import { DistrictMapPanel } from '../components/district-map-panel';

type PurposeRow = StorageReport['by_purpose'][number];

const columns: TableProps<PurposeRow>['columns'] = [
  {
    title: '用途',
    dataIndex: 'label',
    render: (label: string, r) => (
      <>
        {label}{' '}
        {PUBLIC_PURPOSES.includes(r.purpose) ? (
          <Tag color="green">公开</Tag>
        ) : (
          <Tag color="blue" title="仅上传者本人与管理员可查看">
            私有
          </Tag>
        )}
      </>
    ),
  },
  { title: '文件数', dataIndex: 'count', align: 'right', width: 72, render: (n: number) => n.toLocaleString('zh-CN') },
  { title: '占用', dataIndex: 'bytes', align: 'right', width: 88, render: (n: number) => formatBytes(n) },
];

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }).replace(/\//g, '-');

/** 存储空间: what uploads and exports take on disk, by purpose, and the exports about to expire. */
export function StoragePanel() {
  const q = useQuery(storageQuery());
  if (q.isPending) return <Skeleton active paragraph={{ rows: 6 }} aria-label="正在加载存储空间" />;
  if (q.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="存储空间加载失败"
        description={q.error instanceof Error ? q.error.message : '请稍后再试'}
        action={
          <Button size="small" onClick={() => void q.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  const r = q.data;
  const problems = r.disk.orphans + r.disk.missing + r.disk.partial;
  return (
    <div>
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Statistic title="文件总占用" value={formatBytes(r.total.bytes)} />
        </Col>
        <Col xs={12} lg={6}>
          <Statistic title="文件数" value={r.total.count.toLocaleString('zh-CN')} />
        </Col>
        <Col xs={12} lg={6}>
          <Statistic title="磁盘实际占用" value={formatBytes(r.disk.bytes)} />
        </Col>
        <Col xs={12} lg={6}>
          <Statistic
            title="24 小时内到期的导出"
            value={`${r.exports.expiring_24h.count} 个`}
            suffix={<Typography.Text type="secondary">{formatBytes(r.exports.expiring_24h.bytes)}</Typography.Text>}
          />
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        导出文件保留 {r.exports.ttl_days} 天后自动删除
        {r.exports.next_expiry ? `，下一个到期时间：${dateTime(r.exports.next_expiry)}` : '，当前没有待到期的导出文件'}
        。统计时间：
        {dateTime(r.generated_at)}
      </Typography.Paragraph>
      {problems > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="文件与记录不一致"
          description={`无记录的文件 ${r.disk.orphans} 个，记录存在但文件缺失 ${r.disk.missing} 个，未完成的临时文件 ${r.disk.partial} 个（临时文件超过一天会被自动清理）。`}
        />
      )}
      {r.total.count === 0 ? (
        <Empty description="暂无上传或导出的文件" />
      ) : (
        <Table<PurposeRow>
          rowKey="purpose"
          size="middle"
          columns={columns}
          dataSource={r.by_purpose}
          pagination={false}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {r.total.count.toLocaleString('zh-CN')}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {formatBytes(r.total.bytes)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      )}
    </div>
  );
}

/** The administrator's tabs of system settings; each later issue adds its tab here (ARCHITECTURE: one file per tab). */
export const ADMIN_SYSTEM_TABS = [
  { key: 'storage', label: '存储空间', children: <StoragePanel /> },
  { key: 'audit', label: '审计日志', children: <AuditLogPanel /> },
  { key: 'holidays', label: '节假日', children: <HolidaysPanel /> },
  { key: 'streets', label: '街道管理', children: <StreetsPanel /> },
  { key: 'push', label: '消息推送', children: <PushPanel /> },
  { key: 'districtMap', label: '地图边界', children: <DistrictMapPanel /> },
];

/** /system for the administrator: tabs of system settings; the first is 存储空间 (later issues add more). */
function AdminSystemPage() {
  const q = useQuery({ ...storageQuery(), enabled: false });
  return (
    <Card
      title="系统管理"
      extra={
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void q.refetch()} loading={q.isFetching}>
          刷新
        </Button>
      }
    >
      <Tabs defaultActiveKey="storage" items={ADMIN_SYSTEM_TABS} />
    </Card>
  );
}

/** /system: the administrator's system settings (set B) or the company's profile and sub-accounts (set A). */
export default function SystemPage() {
  const set = routeSetOf(useSessionUser());
  return set === 'A' ? <CompanySystemPage /> : <AdminSystemPage />;
}
