import { useMemo } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Input, InputNumber, Select, Space, Table, Typography, type TableProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  EXPIRE_KINDS,
  EXPIRE_KIND_LABELS,
  EXPIRE_SORT_FIELDS,
  LEAD_DAYS_MAX,
  type CertificateExpireRow,
  type ExpireKind,
  type ExpireState,
  type SortOrder,
} from '@ip/contract';
import { ToneTag, download, type Tone } from '../../../components/record-files';
import { notify } from '../../../lib/notify';
import { certificateExpireQuery, exportCertificateExpireCall } from '../api';
import { useUrlList } from '../../../components/use-url-list';

type SortField = (typeof EXPIRE_SORT_FIELDS)[number];

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** The tone of a state: expired red, the smallest band orange, other bands gold, normal green. */
function toneOf(r: CertificateExpireRow, leadDays: number[]): Tone {
  if (r.state === 'expired') return 'red';
  if (r.state === 'normal') return 'green';
  return r.band === Math.min(...leadDays) ? 'orange' : 'gold';
}

/** /certificateExpire (证书到期预警, ADR 0027): certificates and non-patent IP by expiry, in the company's lead-time bands. */
export default function CertificateExpirePage() {
  const { params, page, pageSize, update, pagination, onSortChange } = useUrlList();
  // state: expired | normal | a band (days) of the company's lead times.
  const stateParam = params.get('state') ?? '';
  const kind = pick(params.get('kind'), EXPIRE_KINDS);
  const withinRaw = Number(params.get('within'));
  const within =
    params.get('within') && Number.isInteger(withinRaw) && withinRaw >= 0 && withinRaw <= LEAD_DAYS_MAX ? withinRaw : undefined;
  const keyword = params.get('keyword') ?? '';
  const id = Number(params.get('id')) || undefined;
  const sortField = pick(params.get('sort'), EXPIRE_SORT_FIELDS) ?? 'expiry_date';
  const sortOrder: SortOrder = params.get('order') === 'descend' ? 'descend' : 'ascend';

  const filters = useMemo(() => {
    const band = /^\d+$/.test(stateParam) ? Number(stateParam) : undefined;
    const state: ExpireState | undefined = band
      ? 'warning'
      : stateParam === 'expired' || stateParam === 'normal'
        ? stateParam
        : undefined;
    return {
      ...(state ? { state } : {}),
      ...(band ? { band } : {}),
      ...(kind ? { kind } : {}),
      ...(within !== undefined ? { within_days: within } : {}),
      ...(keyword ? { keyword } : {}),
      ...(id ? { id } : {}),
      sort_field: sortField,
      sort_order: sortOrder,
    };
  }, [stateParam, kind, within, keyword, id, sortField, sortOrder]);
  const list = useQuery(certificateExpireQuery({ page, page_size: pageSize, ...filters }));

  const exporting = useMutation({
    mutationFn: () => exportCertificateExpireCall(filters),
    onSuccess: (r) => {
      if (r.rows === 0) notify.warning('当前筛选条件下没有可导出的记录');
      else {
        download(r.url, r.name);
        notify.success(r.truncated ? `已导出前 ${r.rows} 条` : `已导出 ${r.rows} 条`);
      }
    },
  });

  const lead = list.data?.lead_days ?? [90, 30, 7];
  const counts = list.data?.counts;
  const sorterOf = (field: SortField) => (sortField === field ? sortOrder : null);
  const columns: TableProps<CertificateExpireRow>['columns'] = [
    {
      title: '名称',
      dataIndex: 'name',
      key: 'name',
      width: 260,
      sorter: true,
      sortOrder: sorterOf('name'),
      render: (name: string, r) => (
        <Link to={r.link} aria-label={`查看 ${name} 详情`}>
          {name}
        </Link>
      ),
    },
    { title: '类型', dataIndex: 'kind_label', key: 'kind', width: 150, sorter: true, sortOrder: sorterOf('kind') },
    { title: '编号', dataIndex: 'number', width: 170, ellipsis: true, render: (v: string) => v || '—' },
    {
      title: '到期日期',
      dataIndex: 'expiry_date',
      key: 'expiry_date',
      width: 120,
      sorter: true,
      sortOrder: sorterOf('expiry_date'),
    },
    {
      title: '剩余天数',
      dataIndex: 'days_left',
      width: 110,
      align: 'right',
      render: (d: number) => (d < 0 ? `已过期 ${-d} 天` : d === 0 ? '今天到期' : `${d} 天`),
    },
    {
      title: '状态',
      key: 'state',
      width: 100,
      render: (_v, r) => <ToneTag tone={toneOf(r, lead)}>{r.state_label}</ToneTag>,
    },
  ];

  const stateOptions = [
    { value: '', label: '全部状态' },
    { value: 'expired', label: `已过期${counts ? `（${counts.expired}）` : ''}` },
    ...[...lead]
      .sort((a, b) => a - b)
      .map((d) => ({ value: String(d), label: `${d} 天内${counts ? `（${counts.bands[String(d)] ?? 0}）` : ''}` })),
    { value: 'normal', label: `正常${counts ? `（${counts.normal}）` : ''}` },
  ];
  const smallest = Math.min(...lead);
  const urgent = counts ? (counts.bands[String(smallest)] ?? 0) : 0;
  const filtered = !!(stateParam || kind || within !== undefined || keyword || id);

  return (
    <Card
      title="证书到期预警"
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出 Excel
        </Button>
      }
    >
      {counts && (urgent > 0 || counts.expired > 0) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${urgent} 项将在 ${smallest} 天内到期，${counts.expired} 项已过期，请及时办理续期或复审`}
        />
      )}
      {id && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="仅显示消息所指的证书"
          action={
            <Button size="small" onClick={() => update({ id: undefined, page: undefined })}>
              查看全部
            </Button>
          }
        />
      )}
      <Typography.Paragraph type="secondary">
        提醒天数（{lead.join('、')} 天）可在「系统管理 ·{' '}
        <Link to="/system?tab=warning" style={{ textDecoration: 'underline' }}>
          提醒设置
        </Link>
        」中调整。
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          placeholder="名称或编号"
          aria-label="搜索名称或编号"
          allowClear
          enterButton="查询"
          style={{ width: 260, maxWidth: '100%' }}
          onSearch={(v) => update({ keyword: v.trim(), page: undefined })}
        />
        <Select
          aria-label="按状态筛选"
          style={{ width: 160 }}
          value={stateParam}
          options={stateOptions}
          onChange={(v) => update({ state: v, page: undefined })}
        />
        <Select
          aria-label="按类型筛选"
          style={{ width: 180 }}
          value={kind ?? ''}
          options={[
            { value: '', label: '全部类型' },
            ...EXPIRE_KINDS.map((k: ExpireKind) => ({ value: k, label: EXPIRE_KIND_LABELS[k] })),
          ]}
          onChange={(v) => update({ kind: v, page: undefined })}
        />
        <Space.Compact>
          <InputNumber
            aria-label="多少天内到期"
            placeholder="N 天内到期"
            min={0}
            max={LEAD_DAYS_MAX}
            precision={0}
            style={{ width: 140 }}
            value={within ?? null}
            onChange={(v) => update({ within: v ?? undefined, page: undefined })}
          />
        </Space.Compact>
      </Space>
      <Table<CertificateExpireRow>
        rowKey="key"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 920 }}
        onChange={onSortChange('expiry_date')}
        pagination={pagination(list.data?.total)}
        locale={{
          emptyText: list.isError ? (
            <span>
              加载失败，
              <Button type="link" onClick={() => void list.refetch()}>
                重试
              </Button>
            </span>
          ) : filtered ? (
            '没有符合条件的记录'
          ) : (
            <span>
              暂无设有到期日期的证书，可在{' '}
              <Link to="/certificateData" style={{ textDecoration: 'underline' }}>
                证书管理
              </Link>{' '}
              中添加
            </span>
          ),
        }}
      />
    </Card>
  );
}
