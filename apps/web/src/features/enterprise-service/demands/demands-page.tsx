import { useMemo } from 'react';
import { Link } from 'react-router';
import { enterpriseLink } from '../../enterprise-directory/enterprise-link';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, Select, Space, Table, Typography, type TableProps } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  DEMAND_LIGHTS,
  DEMAND_LIGHT_LABELS,
  DEMAND_STATUSES,
  DEMAND_STATUS_LABELS,
  isIsoDate,
  type DemandLightCode,
  type DemandRow,
  type DemandStatus,
} from '@ip/contract';
import { download } from '../../../components/record-files';
import { useUrlList } from '../../../components/use-url-list';
import { notify } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session-store';
import { serviceStreetsQuery, staffListQuery } from '../api';
import { LabelTag } from '../components/label-tag';
import { demandLabelsQuery, demandListQuery, exportDemandsCall } from './api';
import { DemandDrawer } from './demand-drawer';
import { LightTag } from './parts';
import { RegisterDialog } from './register-dialog';

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}
const idParam = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** /workWaitvisit3 (需求记录, ADR 0042): the office's demands with their lights, red and yellow first. */
export default function DemandsPage() {
  const { params, page, pageSize, update, pagination } = useUrlList();
  const me = useSessionUser();
  const isMain = !!me && me.com_id === 0;
  const status = pick(params.get('status'), DEMAND_STATUSES);
  const light = pick(params.get('light'), DEMAND_LIGHTS);
  const labelId = idParam(params.get('label_id'));
  const handlerId = idParam(params.get('handler_id'));
  const streetId = idParam(params.get('street_id'));
  const keyword = params.get('keyword') ?? '';
  const from = params.get('from') && isIsoDate(params.get('from')!) ? params.get('from')! : undefined;
  const to = params.get('to') && isIsoDate(params.get('to')!) ? params.get('to')! : undefined;
  const openId = idParam(params.get('id'));
  const creating = params.get('create') === '1';
  const createCompanyId = idParam(params.get('company_id'));
  const createCompanyName = params.get('company_name') ?? '';

  const filters = useMemo(
    () => ({
      ...(status ? { status } : {}),
      ...(light ? { light } : {}),
      ...(labelId ? { label_id: labelId } : {}),
      ...(handlerId ? { handler_id: handlerId } : {}),
      ...(streetId ? { street_id: streetId } : {}),
      ...(keyword ? { keyword } : {}),
      ...(from ? { date_from: from } : {}),
      ...(to ? { date_to: to } : {}),
    }),
    [status, light, labelId, handlerId, streetId, keyword, from, to],
  );
  const list = useQuery(demandListQuery({ page, page_size: pageSize, ...filters }));
  const labels = useQuery(demandLabelsQuery());
  const streets = useQuery(serviceStreetsQuery());
  const staff = useQuery({ ...staffListQuery({ page: 1, page_size: 100 }), enabled: isMain });

  const exporting = useMutation({
    mutationFn: () => exportDemandsCall(filters),
    onSuccess: (r) => {
      if (r.rows === 0) notify.warning('当前筛选条件下没有可导出的需求');
      else {
        download(r.url, r.name);
        notify.success(r.truncated ? `已导出前 ${r.rows} 条` : `已导出 ${r.rows} 条`);
      }
    },
  });

  const counts = list.data?.counts;
  const columns: TableProps<DemandRow>['columns'] = [
    {
      title: '灯色',
      key: 'light',
      width: 130,
      render: (_v, r) => <LightTag light={r.light} />,
    },
    {
      title: '需求',
      dataIndex: 'title',
      key: 'title',
      width: 240,
      render: (title: string, r) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          onClick={() => update({ id: r.id })}
          aria-label={`查看需求 ${title}`}
        >
          {title}
        </Button>
      ),
    },
    {
      title: '企业',
      dataIndex: 'company_name',
      key: 'company',
      width: 220,
      ellipsis: true,
      render: (v: string, r) => <Link to={enterpriseLink(r.company_id, v)}>{v}</Link>,
    },
    { title: '街道', dataIndex: 'street_name', key: 'street', width: 100, render: (v: string) => v || '—' },
    {
      title: '标签',
      key: 'label',
      width: 110,
      render: (_v, r) => (r.label ? <LabelTag name={r.label.name} color={r.label.color} /> : '—'),
    },
    { title: '状态', dataIndex: 'status_label', key: 'status', width: 90 },
    {
      title: '当前期限',
      key: 'due',
      width: 150,
      render: (_v, r) => (r.due ? `${r.due_label} ${r.due}` : '—'),
    },
    { title: '办理人', dataIndex: 'handler_name', key: 'handler', width: 100, render: (v: string) => v || '未分派' },
    { title: '登记日期', dataIndex: 'register_day', key: 'day', width: 110 },
    { title: '来源', dataIndex: 'source_label', key: 'source', width: 110 },
  ];
  const filtered = Object.keys(filters).length > 0;

  return (
    <Card
      title="需求记录"
      extra={
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => update({ create: 1 })}>
            登记需求
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
            导出 Excel
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        红灯：已超过当前环节期限；黄灯：今天或下一个工作日到期；绿灯：按期办理中。时限按工作日计算（联系、首次答复、办结），可在系统管理
        · 办理时限中调整。
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          placeholder="企业名称或需求标题"
          aria-label="搜索企业名称或需求标题"
          allowClear
          enterButton="查询"
          style={{ width: 260, maxWidth: '100%' }}
          onSearch={(v) => update({ keyword: v.trim(), page: undefined })}
        />
        <Select
          aria-label="按灯色筛选"
          style={{ width: 170 }}
          value={light ?? ''}
          onChange={(v) => update({ light: v, page: undefined })}
          options={[
            { value: '', label: '全部灯色' },
            ...DEMAND_LIGHTS.map((l: DemandLightCode) => ({
              value: l,
              label: `${DEMAND_LIGHT_LABELS[l]}${counts ? `（${counts[l]}）` : ''}`,
            })),
          ]}
        />
        <Select
          aria-label="按状态筛选"
          style={{ width: 130 }}
          value={status ?? ''}
          onChange={(v) => update({ status: v, page: undefined })}
          options={[
            { value: '', label: '全部状态' },
            ...DEMAND_STATUSES.map((s: DemandStatus) => ({ value: s, label: DEMAND_STATUS_LABELS[s] })),
          ]}
        />
        <Select
          aria-label="按需求标签筛选"
          style={{ width: 140 }}
          value={labelId ?? ''}
          onChange={(v) => update({ label_id: v || undefined, page: undefined })}
          options={[{ value: '', label: '全部标签' }, ...(labels.data ?? []).map((l) => ({ value: l.id, label: l.name }))]}
        />
        <Select
          aria-label="按街道筛选"
          style={{ width: 140 }}
          value={streetId ?? ''}
          onChange={(v) => update({ street_id: v || undefined, page: undefined })}
          options={[{ value: '', label: '全部街道' }, ...(streets.data ?? []).map((s) => ({ value: s.id, label: s.name }))]}
        />
        {isMain && (
          <Select
            aria-label="按办理人筛选"
            style={{ width: 140 }}
            value={handlerId ?? ''}
            onChange={(v) => update({ handler_id: v || undefined, page: undefined })}
            options={[
              { value: '', label: '全部办理人' },
              ...(me ? [{ value: me.id, label: '主账号' }] : []),
              ...(staff.data?.list ?? []).map((s) => ({ value: s.id, label: s.name })),
            ]}
          />
        )}
        <DatePicker.RangePicker
          aria-label="登记日期"
          placeholder={['登记开始日期', '登记结束日期']}
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          onChange={(v) =>
            update({
              from: v?.[0] ? v[0].format('YYYY-MM-DD') : undefined,
              to: v?.[1] ? v[1].format('YYYY-MM-DD') : undefined,
              page: undefined,
            })
          }
        />
      </Space>
      <Table<DemandRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1360 }}
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
            '没有符合条件的需求'
          ) : (
            '暂无需求，可点击「登记需求」登记企业提出的需求'
          ),
        }}
      />
      <DemandDrawer id={openId} onClose={() => update({ id: undefined })} />
      {creating && (
        <RegisterDialog
          company={createCompanyId ? { id: createCompanyId, name: createCompanyName || `企业 ${createCompanyId}` } : undefined}
          onClose={() => update({ create: undefined, company_id: undefined, company_name: undefined })}
          onDone={(d) => update({ create: undefined, company_id: undefined, company_name: undefined, id: d.id })}
        />
      )}
    </Card>
  );
}
