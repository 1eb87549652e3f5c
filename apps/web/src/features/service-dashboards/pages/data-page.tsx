import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import { notify } from '../../../lib/notify';
import {
  SERVICE_COMPANY_SORTS,
  SERVICE_STAT_TABLE_LABELS,
  SERVICE_STAT_TABLES,
  type ServiceStatTable,
  type ServiceStatsCompanyRow,
  type ServiceStatsMonthRow,
  type ServiceStatsStaffRow,
  type ServiceStatsStreetRow,
} from '@ip/contract';
import { useUrlList } from '../../../components/use-url-list';
import {
  centerTypeQuery,
  companiesQuery,
  downloadServiceTable,
  monthsQuery,
  rateText,
  staffQuery,
  streetRatesQuery,
  streetsQuery,
} from '../api';
import { StatsFilterBar, useStatsFilter } from '../filters';
import '../service-dashboards.css';

type StreetTableRow = ServiceStatsStreetRow & { handled: number; on_time: number; on_time_rate: number | null };
type CountRow = { key: string; group: string; name: string; count: number };

const num = (title: string, key: string, extra: object = {}) => ({
  title,
  dataIndex: key,
  key,
  align: 'right' as const,
  ...extra,
});

/**
 * /datapage 数据明细 (set C, ADR 0052 §5): the tables behind the dashboards — per street, per staff member, per month,
 * demands by state and light, enterprises with their visits — filtered by range, street and staff in the address,
 * paged, exported to Excel.
 */
export default function DataPage() {
  const { filter, set } = useStatsFilter();
  const { params, page, pageSize, update, pagination } = useUrlList();
  const tableParam = params.get('table');
  const table: ServiceStatTable = (SERVICE_STAT_TABLES as readonly string[]).includes(tableParam ?? '')
    ? (tableParam as ServiceStatTable)
    : 'streets';
  const sortParam = params.get('sort');
  const sort = (SERVICE_COMPANY_SORTS as readonly string[]).includes(sortParam ?? '')
    ? (sortParam as (typeof SERVICE_COMPANY_SORTS)[number])
    : 'visits';
  const [exporting, setExporting] = useState(false);

  const streets = useQuery({ ...streetsQuery(filter), enabled: table === 'streets' });
  const rates = useQuery({ ...streetRatesQuery(filter), enabled: table === 'streets' });
  const staff = useQuery({ ...staffQuery(filter), enabled: table === 'staff' });
  const months = useQuery({ ...monthsQuery(filter), enabled: table === 'months' });
  const types = useQuery({ ...centerTypeQuery(filter), enabled: table === 'demands' });
  const companies = useQuery({
    ...companiesQuery({ ...filter, page, page_size: pageSize, sort }),
    enabled: table === 'companies',
  });
  const active = { streets, staff, months, demands: types, companies }[table];
  const shown = active.data as { date_from: string; date_to: string } | undefined;

  const rateMap = new Map((rates.data?.list ?? []).map((r) => [r.street_id, r]));
  const streetRows: StreetTableRow[] = (streets.data?.list ?? []).map((s) => {
    const r = rateMap.get(s.street_id);
    return { ...s, handled: r?.handled ?? 0, on_time: r?.on_time ?? 0, on_time_rate: r?.on_time_rate ?? null };
  });
  const t = types.data;
  const countRows: CountRow[] = t
    ? [
        ...t.demands_by_status.map((x) => ({
          key: `s-${x.key}`,
          group: '需求状态（登记于范围内）',
          name: x.label,
          count: x.count,
        })),
        { key: 'l-red', group: '亮灯（当前未办结）', name: '红灯·已超期', count: t.lights.red },
        { key: 'l-yellow', group: '亮灯（当前未办结）', name: '黄灯·即将到期', count: t.lights.yellow },
        { key: 'l-green', group: '亮灯（当前未办结）', name: '绿灯·正常', count: t.lights.green },
        ...t.demands_by_label.map((x) => ({
          key: `t-${x.label_id}`,
          group: '需求类型（登记于范围内）',
          name: x.name,
          count: x.count,
        })),
        ...t.visits_by_status.map((x) => ({ key: `v-${x.key}`, group: '走访状态（范围内）', name: x.label, count: x.count })),
      ]
    : [];

  const local = <T,>(rows: T[]) => ({
    dataSource: rows,
    pagination: { ...pagination(rows.length), total: rows.length },
  });

  const streetCols: TableColumnsType<StreetTableRow> = [
    { title: '街道', dataIndex: 'street_name', key: 'street_name' },
    num('企业数', 'enterprises'),
    num('走访次数', 'visits'),
    num('登记需求', 'demands'),
    num('未办结需求', 'open_demands'),
    num('红灯需求', 'red_demands'),
    num('已办理', 'handled'),
    num('按时办理', 'on_time'),
    num('按时办理率', 'on_time_rate', { render: (v: number | null) => rateText(v) }),
  ];
  const staffCols: TableColumnsType<ServiceStatsStaffRow> = [
    { title: '人员', dataIndex: 'name', key: 'name' },
    num('已走访', 'visits'),
    num('待走访', 'plans'),
    num('已办理需求', 'handled'),
    num('按时办理', 'on_time'),
    num('按时办理率', 'on_time_rate', { render: (v: number | null) => rateText(v) }),
  ];
  const monthCols: TableColumnsType<ServiceStatsMonthRow> = [
    { title: '月份', dataIndex: 'month', key: 'month' },
    num('已走访', 'visits'),
    num('登记需求', 'demands'),
    num('已办理需求', 'handled'),
    num('按时办理', 'on_time'),
  ];
  const countCols: TableColumnsType<CountRow> = [
    { title: '分组', dataIndex: 'group', key: 'group' },
    { title: '项目', dataIndex: 'name', key: 'name' },
    num('数量', 'count'),
  ];
  const sorter = (key: (typeof SERVICE_COMPANY_SORTS)[number]) => ({
    sorter: true,
    sortOrder: sort === key ? (key === 'name' ? ('ascend' as const) : ('descend' as const)) : null,
    sortDirections: [key === 'name' ? ('ascend' as const) : ('descend' as const)],
  });
  const companyCols: TableColumnsType<ServiceStatsCompanyRow> = [
    { title: '企业名称', dataIndex: 'company_name', key: 'name', ...sorter('name') },
    { title: '街道', dataIndex: 'street_name', key: 'street_name' },
    num('走访次数', 'visits', sorter('visits')),
    { title: '最近走访', dataIndex: 'last_visit', key: 'last_visit', render: (v: string | null) => v ?? '—' },
    num('登记需求', 'demands', { ...sorter('demands'), key: 'demands' }),
    num('未办结需求', 'open_demands', sorter('open_demands')),
  ];

  const exportTable = async () => {
    setExporting(true);
    try {
      await downloadServiceTable(table, filter, `数据明细-${SERVICE_STAT_TABLE_LABELS[table]}.xlsx`);
    } catch (e) {
      notify.error(e instanceof Error ? e.message : '导出失败，请稍后重试');
    } finally {
      setExporting(false);
    }
  };

  const common = { size: 'middle' as const, scroll: { x: 'max-content' as const }, loading: active.isPending && !active.isError };
  const empty = { locale: { emptyText: '所选范围内暂无数据' } };
  let body;
  if (table === 'streets')
    body = <Table<StreetTableRow> rowKey="street_id" columns={streetCols} {...local(streetRows)} {...common} {...empty} />;
  else if (table === 'staff')
    body = (
      <Table<ServiceStatsStaffRow>
        rowKey="staff_id"
        columns={staffCols}
        {...local(staff.data?.list ?? [])}
        {...common}
        {...empty}
      />
    );
  else if (table === 'months')
    body = (
      <Table<ServiceStatsMonthRow>
        rowKey="month"
        columns={monthCols}
        {...local(months.data?.list ?? [])}
        {...common}
        {...empty}
      />
    );
  else if (table === 'demands')
    body = <Table<CountRow> rowKey="key" columns={countCols} {...local(countRows)} {...common} {...empty} />;
  else
    body = (
      <Table<ServiceStatsCompanyRow>
        rowKey="company_id"
        columns={companyCols}
        dataSource={companies.data?.list ?? []}
        pagination={pagination(companies.data?.total, '家')}
        onChange={(_p, _f, s) => {
          const one = Array.isArray(s) ? s[0] : s;
          const key = one?.order ? String(one.columnKey) : 'visits';
          if (key !== 'visits' || sort !== 'visits') update({ sort: key === 'visits' ? undefined : key, page: undefined });
        }}
        {...common}
        {...empty}
      />
    );

  return (
    <div className="svc-dash">
      <Card
        title="数据明细"
        extra={
          <Button onClick={exportTable} loading={exporting}>
            导出 Excel
          </Button>
        }
      >
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <StatsFilterBar filter={filter} set={set} shown={shown} withStaff />
          <Typography.Text type="secondary">
            统计范围：{shown ? `${shown.date_from} 至 ${shown.date_to}` : '—'}
            （北京时间）。走访按走访日期、需求按登记日期、办理按办理日期计入范围；亮灯与未办结为当前情况。
          </Typography.Text>
          {active.isError && <Alert type="error" showIcon title="数据加载失败" description={active.error?.message} />}
          <Tabs
            activeKey={table}
            onChange={(k) => update({ table: k === 'streets' ? undefined : k, page: undefined, sort: undefined })}
            items={SERVICE_STAT_TABLES.map((k) => ({ key: k, label: SERVICE_STAT_TABLE_LABELS[k] }))}
          />
          {body}
        </Space>
      </Card>
    </div>
  );
}
