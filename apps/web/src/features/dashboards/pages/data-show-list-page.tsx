import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Input, Select, Space, Table, Tabs, type TableProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { STAT_TABLE_LABELS, STAT_TABLES, USER_KIND_LABELS, USER_KINDS, type StatTable, type UserKind } from '@ip/contract';
import { useUrlList } from '../../../components/use-url-list';
import { notify } from '../../../lib/notify';
import { downloadStatsList, statsListQuery } from '../api';

type Row = Record<string, string | number | null>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** China time to the second. */
const dateTime = (iso: unknown) =>
  typeof iso === 'string' && iso
    ? new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')
    : '—';
const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

const person: TableProps<Row>['columns'] = [
  { title: '姓名', dataIndex: 'name', width: 120, render: text },
  { title: '手机号', dataIndex: 'mobile', width: 130, render: text },
];

const COLUMNS: Record<StatTable, TableProps<Row>['columns']> = {
  users: [
    ...person!,
    { title: '用户类型', dataIndex: 'kind_label', width: 130 },
    { title: '企业', dataIndex: 'company_name', ellipsis: true, render: text },
    { title: '注册时间', dataIndex: 'created_at', width: 170, render: dateTime },
  ],
  verifications: [
    { title: '企业名称', dataIndex: 'company_name', ellipsis: true },
    { title: '联系人', dataIndex: 'contact', width: 100, render: text },
    { title: '手机号', dataIndex: 'mobile', width: 130, render: text },
    { title: '状态', dataIndex: 'status_label', width: 90 },
    { title: '提交时间', dataIndex: 'created_at', width: 170, render: dateTime },
    { title: '审核时间', dataIndex: 'reviewed_at', width: 170, render: dateTime },
    { title: '审核用时（小时）', dataIndex: 'hours', width: 140, align: 'right', render: text },
  ],
  searches: [
    ...person!,
    { title: '检索式', dataIndex: 'expression', ellipsis: { showTitle: true } },
    { title: '结果数', dataIndex: 'total', width: 100, align: 'right' },
    { title: '检索时间', dataIndex: 'created_at', width: 170, render: dateTime },
  ],
  terms: [
    { title: '检索式', dataIndex: 'term', ellipsis: { showTitle: true } },
    { title: '检索次数', dataIndex: 'count', width: 110, align: 'right' },
    { title: '检索人数', dataIndex: 'users', width: 110, align: 'right' },
  ],
  exports: [
    ...person!,
    { title: '用户类型', dataIndex: 'kind_label', width: 130, render: text },
    { title: '企业', dataIndex: 'company_name', ellipsis: true, render: text },
    { title: '导出时间', dataIndex: 'created_at', width: 170, render: dateTime },
  ],
  logins: [
    ...person!,
    { title: '用户类型', dataIndex: 'kind_label', width: 130, render: text },
    { title: '企业', dataIndex: 'company_name', ellipsis: true, render: text },
    { title: '登录时间', dataIndex: 'created_at', width: 170, render: dateTime },
  ],
  companies: [
    { title: '企业名称', dataIndex: 'company_name', ellipsis: true },
    { title: '登录次数', dataIndex: 'logins', width: 100, align: 'right' },
    { title: '检索次数', dataIndex: 'searches', width: 100, align: 'right' },
    { title: '导出次数', dataIndex: 'exports', width: 100, align: 'right' },
    { title: '合计', dataIndex: 'actions', width: 90, align: 'right' },
  ],
};

const KEYWORD_HINT: Record<StatTable, string> = {
  users: '姓名、手机号或企业',
  verifications: '企业名称、联系人或手机号',
  searches: '检索式、姓名或手机号',
  terms: '检索式',
  exports: '姓名、手机号或企业',
  logins: '姓名、手机号或企业',
  companies: '企业名称',
};

const rowKeyOf = (table: StatTable) => (r: Row) =>
  String(table === 'terms' ? r.term : table === 'companies' ? r.company_id : r.id);

/** /dataShow/newList (统计明细): the tables behind the /dataShow charts, filterable, paged, exportable to Excel. */
export default function DataShowListPage() {
  const { params, page, pageSize, update, pagination } = useUrlList();
  const tableParam = params.get('table');
  const table: StatTable = (STAT_TABLES as readonly string[]).includes(tableParam ?? '') ? (tableParam as StatTable) : 'users';
  const from = params.get('date_from') ?? '';
  const to = params.get('date_to') ?? '';
  const keyword = params.get('keyword') ?? '';
  const kindParam = params.get('kind') ?? '';
  const kind = (USER_KINDS as readonly string[]).includes(kindParam) ? (kindParam as UserKind) : undefined;
  const statusRaw = params.get('status');
  const status = statusRaw !== null && ['0', '1', '2'].includes(statusRaw) ? Number(statusRaw) : undefined;
  const [exporting, setExporting] = useState(false);

  const filters = useMemo(
    () => ({
      table,
      ...(DAY.test(from) && DAY.test(to) ? { date_from: from, date_to: to } : {}),
      ...(keyword ? { keyword } : {}),
      ...(table === 'users' && kind ? { kind } : {}),
      ...(table === 'verifications' && status !== undefined ? { status } : {}),
    }),
    [table, from, to, keyword, kind, status],
  );
  const q = useQuery(statsListQuery({ ...filters, page, page_size: pageSize }));
  const d = q.data;
  const filtered = !!(keyword || (table === 'users' && kind) || (table === 'verifications' && status !== undefined));

  const onRange = (v: [Dayjs | null, Dayjs | null] | null) =>
    update({ date_from: v?.[0]?.format('YYYY-MM-DD'), date_to: v?.[1]?.format('YYYY-MM-DD'), page: undefined });

  return (
    <Card
      title="统计明细"
      extra={
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={exporting}
          disabled={!d?.total}
          onClick={async () => {
            setExporting(true);
            try {
              await downloadStatsList(filters, `${STAT_TABLE_LABELS[table]}-${d?.date_from ?? ''}至${d?.date_to ?? ''}.xlsx`);
            } catch {
              notify.error('导出失败，请稍后重试');
            } finally {
              setExporting(false);
            }
          }}
        >
          导出 Excel
        </Button>
      }
    >
      <Tabs
        activeKey={table}
        onChange={(k) =>
          update({
            table: k === 'users' ? undefined : k,
            keyword: undefined,
            kind: undefined,
            status: undefined,
            page: undefined,
          })
        }
        items={STAT_TABLES.map((t) => ({ key: t, label: STAT_TABLE_LABELS[t] }))}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          aria-label="统计日期范围"
          placeholder={['开始日期', '结束日期']}
          allowClear={false}
          value={d ? [dayjs(d.date_from), dayjs(d.date_to)] : null}
          onChange={onRange}
        />
        <Input.Search
          key={`${table}-${keyword}`}
          defaultValue={keyword}
          aria-label={`搜索${KEYWORD_HINT[table]}`}
          placeholder={KEYWORD_HINT[table]}
          allowClear
          enterButton="查询"
          style={{ width: 280, maxWidth: '100%' }}
          onSearch={(v) => update({ keyword: v.trim(), page: undefined })}
        />
        {table === 'users' && (
          <Select
            aria-label="按用户类型筛选"
            style={{ width: 170 }}
            value={kind ?? ''}
            onChange={(v: string) => update({ kind: v, page: undefined })}
            options={[{ value: '', label: '全部类型' }, ...USER_KINDS.map((k) => ({ value: k, label: USER_KIND_LABELS[k] }))]}
          />
        )}
        {table === 'verifications' && (
          <Select
            aria-label="按审核状态筛选"
            style={{ width: 140 }}
            value={status === undefined ? '' : String(status)}
            onChange={(v: string) => update({ status: v, page: undefined })}
            options={[
              { value: '', label: '全部状态' },
              { value: '0', label: '待审核' },
              { value: '1', label: '已通过' },
              { value: '2', label: '已驳回' },
            ]}
          />
        )}
      </Space>
      {q.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title="统计明细加载失败" description={q.error.message} />
      )}
      <Table<Row>
        rowKey={rowKeyOf(table)}
        size="middle"
        columns={COLUMNS[table]}
        dataSource={d?.table === table ? d.list : []}
        loading={q.isFetching}
        scroll={{ x: 860 }}
        pagination={pagination(d?.total)}
        locale={{
          emptyText: q.isError ? '加载失败，请稍后重试' : filtered ? '没有符合条件的记录' : '所选日期范围内暂无记录',
        }}
      />
    </Card>
  );
}
