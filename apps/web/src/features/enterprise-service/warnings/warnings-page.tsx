import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Select, Space, Table, Tabs, Tag, Typography, type TableProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  ENTERPRISE_WARNING_KINDS,
  ENTERPRISE_WARNING_LABELS,
  type EnterpriseWarningKind,
  type EnterpriseWarningRow,
} from '@ip/contract';
import { download } from '../../../components/record-files';
import { useUrlList } from '../../../components/use-url-list';
import { notify } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session-store';
import { serviceStreetsQuery, staffListQuery } from '../api';
import { exportWarningsCall, warningListQuery } from './api';

const idParam = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** Dark tag colours (white text at ≥ 4.5:1). */
const KIND_COLOR: Record<EnterpriseWarningKind, string> = {
  no_visit: '#8a4b00',
  demand_red: '#b3261e',
  patent_lapse: '#6a1b9a',
  cert_expiry: '#0b5394',
  litigation: '#37474f',
};

/** /workWarning (企业预警, ADR 0048): the warnings of the enterprises in scope, newest start first. */
export default function WarningsPage() {
  const { params, page, pageSize, update, pagination } = useUrlList();
  const me = useSessionUser();
  const isMain = !!me && me.com_id === 0;
  const kindParam = params.get('kind');
  const kind = (ENTERPRISE_WARNING_KINDS as readonly string[]).includes(kindParam ?? '')
    ? (kindParam as EnterpriseWarningKind)
    : undefined;
  const keyword = params.get('keyword') ?? '';
  const streetId = idParam(params.get('street_id'));
  const staffId = isMain ? idParam(params.get('staff_id')) : undefined;
  const filters = useMemo(
    () => ({
      ...(kind ? { kind } : {}),
      ...(keyword ? { keyword } : {}),
      ...(streetId ? { street_id: streetId } : {}),
      ...(staffId ? { staff_id: staffId } : {}),
    }),
    [kind, keyword, streetId, staffId],
  );
  const list = useQuery(warningListQuery({ page, page_size: pageSize, ...filters }));
  const streets = useQuery(serviceStreetsQuery());
  const staff = useQuery({ ...staffListQuery({ page: 1, page_size: 100 }), enabled: isMain });
  const [search, setSearch] = useState(keyword);

  const exporting = useMutation({
    mutationFn: () => exportWarningsCall(filters),
    onSuccess: (r) => {
      if (r.rows === 0) notify.warning('当前筛选条件下没有可导出的预警');
      else {
        download(r.url, r.name);
        notify.success(r.truncated ? `已导出前 ${r.rows} 条` : `已导出 ${r.rows} 条`);
      }
    },
  });

  const counts = list.data?.counts;
  const total = counts ? ENTERPRISE_WARNING_KINDS.reduce((n, k) => n + counts[k], 0) : undefined;
  const columns: TableProps<EnterpriseWarningRow>['columns'] = [
    {
      title: '企业',
      dataIndex: 'company_name',
      render: (name: string, r) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/workEnterprisevisit?id=${r.company_id}`}>{name}</Link>
          {r.street_name && <Typography.Text type="secondary">{r.street_name}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: '预警类型',
      dataIndex: 'kind_label',
      width: 130,
      render: (label: string, r) => (
        <Tag variant="solid" color={KIND_COLOR[r.kind]} style={{ color: '#fff' }}>
          {label}
        </Tag>
      ),
    },
    { title: '开始日期', dataIndex: 'started_on', width: 110 },
    { title: '详情', dataIndex: 'detail' },
    {
      title: '处理',
      key: 'act',
      width: 170,
      render: (_v, r) => (
        <Space wrap size={4}>
          <Link to={r.link}>{r.link_text}</Link>
          {r.link !== r.visit_link && <Link to={r.visit_link}>发起走访</Link>}
        </Space>
      ),
    },
  ];
  const filtered = !!(keyword || streetId || staffId);

  return (
    <Card
      title="企业预警"
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出 Excel
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        久未走访（90 天无走访记录）、需求红灯、专利即将失效（年费已进入滞纳期）、证书即将到期（90 天内）、新增诉讼（30
        天内立案）。每条预警每天早上 8 点推送到负责员工的消息中心，只推送一次。
      </Typography.Paragraph>
      <Tabs
        activeKey={kind ?? 'all'}
        onChange={(k) => update({ kind: k === 'all' ? undefined : k, page: undefined })}
        items={[
          { key: 'all', label: `全部${total === undefined ? '' : `（${total}）`}` },
          ...ENTERPRISE_WARNING_KINDS.map((k) => ({
            key: k,
            label: `${ENTERPRISE_WARNING_LABELS[k]}${counts ? `（${counts[k]}）` : ''}`,
          })),
        ]}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="企业名称关键词"
          placeholder="企业名称"
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => update({ keyword: v.trim(), page: undefined })}
          style={{ width: 220 }}
        />
        <Select
          aria-label="按街道筛选"
          style={{ width: 150 }}
          value={streetId ?? ''}
          onChange={(v) => update({ street_id: v || undefined, page: undefined })}
          options={[{ value: '', label: '全部街道' }, ...(streets.data ?? []).map((s) => ({ value: s.id, label: s.name }))]}
        />
        {isMain && (
          <Select
            aria-label="按员工筛选"
            style={{ width: 150 }}
            value={staffId ?? ''}
            onChange={(v) => update({ staff_id: v || undefined, page: undefined })}
            options={[{ value: '', label: '全部员工' }, ...(staff.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))]}
          />
        )}
        {filtered && (
          <Button
            onClick={() => {
              setSearch('');
              update({ keyword: undefined, street_id: undefined, staff_id: undefined, page: undefined });
            }}
          >
            清除筛选
          </Button>
        )}
      </Space>
      {list.isError && <Alert type="error" showIcon title="企业预警加载失败" style={{ marginBottom: 16 }} />}
      <Table<EnterpriseWarningRow>
        rowKey="key"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={pagination(list.data?.total, '条')}
        scroll={{ x: 860 }}
        locale={{ emptyText: filtered || kind ? '没有符合条件的预警' : '服务范围内暂无预警' }}
      />
    </Card>
  );
}
