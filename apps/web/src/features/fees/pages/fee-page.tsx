import { useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Input, Row, Select, Space, Statistic, Table, TreeSelect, type TableProps } from 'antd';
import { DownloadOutlined, ImportOutlined } from '@ant-design/icons';
import {
  FEE_FILTER_STATES,
  FEE_FILTER_STATE_LABELS,
  FEE_SORT_FIELDS,
  type FeeFilterState,
  type FeeRow,
  type FeeSortField,
  type SortOrder,
} from '@ip/contract';
import { download } from '../../../components/record-files';
import { categoryOptions, categoryTreeQuery } from '../../../lib/portfolio';
import { notify } from '../../../lib/notify';
import { exportFeesCall, feeListQuery, feeSummaryQuery } from '../api';
import { FeeDrawer } from '../components/fee-drawer';
import { FeeStateTag, daysText, yuan } from '../components/fee-state-tag';
import { ForecastChart } from '../components/forecast-chart';
import { ImportDialog } from '../components/import-dialog';
import { useUrlList } from '../../../components/use-url-list';
import { useActionsFixed } from '../../../lib/table-columns';

const WITHIN = [7, 30, 90, 180, 365];
const TYPE_LABELS: Record<string, string> = { invention: '发明', utility: '实用新型', design: '外观设计' };

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A summary card that applies its filter. */
function SummaryCard({ title, value, hint, onClick }: { title: string; value: number; hint: string; onClick(): void }) {
  return (
    <Card
      size="small"
      hoverable
      onClick={onClick}
      role="button"
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onClick();
        }
      }}
    >
      <Statistic title={title} value={value} />
      <div style={{ color: 'rgba(0, 0, 0, 0.65)' }}>{hint}</div>
    </Card>
  );
}

/** /costdetails (年费预警): the company's patents with their next annual fee; filters and paging in the URL. */
export default function FeePage() {
  const { params, page, pageSize, update, pagination, onSortChange } = useUrlList();
  const keyword = params.get('keyword') ?? '';
  const state = pick(params.get('state'), FEE_FILTER_STATES);
  const withinText = params.get('within');
  const within = withinText && /^\d+$/.test(withinText) ? Math.min(Number(withinText), 3650) : undefined;
  const categoryText = params.get('category');
  const category = categoryText && /^\d+$/.test(categoryText) ? Number(categoryText) : undefined;
  const core = params.get('core') === '1' ? 1 : undefined;
  const sortField = pick(params.get('sort'), FEE_SORT_FIELDS) ?? 'due';
  const sortOrder: SortOrder = params.get('order') === 'descend' ? 'descend' : 'ascend';
  const patentText = params.get('patent');
  const viewing = patentText && /^\d+$/.test(patentText) ? Number(patentText) : null;

  const filters = useMemo(
    () => ({
      ...(state ? { state } : {}),
      ...(within !== undefined ? { within_days: within } : {}),
      ...(category !== undefined ? { category_id: category } : {}),
      ...(core ? { is_core: 1 as const } : {}),
      ...(keyword ? { keyword } : {}),
      sort_field: sortField,
      sort_order: sortOrder,
    }),
    [state, within, category, core, keyword, sortField, sortOrder],
  );
  const list = useQuery(feeListQuery({ page, page_size: pageSize, ...filters }));
  const summary = useQuery(feeSummaryQuery());
  const categories = useQuery(categoryTreeQuery());
  const [importing, setImporting] = useState(false);

  const exporting = useMutation({
    mutationFn: () => exportFeesCall(filters),
    onSuccess: (r) => {
      if (r.rows === 0) notify.warning('当前筛选条件下没有专利可导出');
      else {
        download(r.url, r.name);
        notify.success(`已导出 ${r.rows} 条`);
      }
    },
  });

  const sorterOf = (field: FeeSortField) => (sortField === field ? sortOrder : null);
  const actionsFixed = useActionsFixed();
  const columns: TableProps<FeeRow>['columns'] = [
    {
      title: '专利',
      dataIndex: 'title',
      width: 260,
      render: (title: string, r) => (
        <Space orientation="vertical" size={2}>
          <Button
            type="link"
            style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
            onClick={() => update({ patent: r.patent_id })}
          >
            {title}
          </Button>
          <span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>
            {r.an ?? '—'} · {TYPE_LABELS[r.type] ?? r.type}
            {r.reduction_pct ? ` · 费减 ${r.reduction_pct}%` : ''}
          </span>
        </Space>
      ),
    },
    { title: '年度', key: 'year', width: 72, render: (_v, r) => (r.next ? `第 ${r.next.year} 年` : '—') },
    {
      title: '应缴日期',
      key: 'due',
      width: 130,
      sorter: true,
      sortOrder: sorterOf('due'),
      render: (_v, r) =>
        r.next ? (
          <Space orientation="vertical" size={0}>
            <span>{r.next.due}</span>
            <span style={{ fontSize: 12 }}>{daysText(r.next.days_left)}</span>
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: '应缴金额',
      key: 'amount',
      width: 120,
      sorter: true,
      sortOrder: sorterOf('amount'),
      render: (_v, r) => (r.next ? yuan(r.next.amount) : '—'),
    },
    {
      title: '状态',
      key: 'state',
      width: 170,
      render: (_v, r) => <FeeStateTag state={r.state} lateFeePct={r.next?.late_fee_pct} />,
    },
    {
      title: '今日缴纳滞纳金',
      key: 'late_fee',
      width: 130,
      sorter: true,
      sortOrder: sorterOf('late_fee'),
      render: (_v, r) => (r.next && (r.next.state === 'grace' || r.next.state === 'lapsed') ? yuan(r.next.late_fee) : '—'),
    },
    {
      title: '最后缴费日',
      key: 'grace_end',
      width: 120,
      sorter: true,
      sortOrder: sorterOf('grace_end'),
      render: (_v, r) => r.next?.grace_end ?? '—',
    },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      fixed: actionsFixed,
      render: (_v, r) => (
        <Button type="link" size="small" onClick={() => update({ patent: r.patent_id })} aria-label={`明细/缴费 ${r.title}`}>
          明细/缴费
        </Button>
      ),
    },
  ];

  const s = summary.data;
  const filtered = !!(state || within !== undefined || category !== undefined || core || keyword);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <SummaryCard
            title="30 天内到期"
            value={s?.due_30 ?? 0}
            hint={`合计 ${yuan(s?.due_30_amount ?? 0)}`}
            onClick={() => update({ within: 30, state: undefined, page: undefined })}
          />
        </Col>
        <Col xs={12} md={6}>
          <SummaryCard
            title="90 天内到期"
            value={s?.due_90 ?? 0}
            hint={`合计 ${yuan(s?.due_90_amount ?? 0)}`}
            onClick={() => update({ within: 90, state: undefined, page: undefined })}
          />
        </Col>
        <Col xs={12} md={6}>
          <SummaryCard
            title="宽限期内（需缴滞纳金）"
            value={s?.grace ?? 0}
            hint={`今日缴纳合计 ${yuan(s?.grace_amount ?? 0)}`}
            onClick={() => update({ state: 'grace', within: undefined, page: undefined })}
          />
        </Col>
        <Col xs={12} md={6}>
          <SummaryCard
            title="已失效（可恢复）"
            value={s?.lapsed ?? 0}
            hint="可请求恢复权利"
            onClick={() => update({ state: 'lapsed', within: undefined, page: undefined })}
          />
        </Col>
      </Row>
      <Card
        title="年费预警"
        extra={
          <Space wrap>
            <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
              导入缴费记录
            </Button>
            <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
              导出 Excel
            </Button>
          </Space>
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            key={keyword}
            defaultValue={keyword}
            placeholder="专利名称或申请号"
            aria-label="搜索专利"
            allowClear
            enterButton="查询"
            style={{ width: 280, maxWidth: '100%' }}
            onSearch={(v) => update({ keyword: v.trim(), page: undefined })}
          />
          <Select<FeeFilterState | ''>
            aria-label="按缴费状态筛选"
            style={{ width: 170 }}
            value={state ?? ''}
            options={[
              { value: '', label: '全部状态' },
              ...FEE_FILTER_STATES.map((x) => ({ value: x, label: FEE_FILTER_STATE_LABELS[x] })),
            ]}
            onChange={(v) => update({ state: v, page: undefined })}
          />
          <Select<number | ''>
            aria-label="按到期时间筛选"
            style={{ width: 150 }}
            value={within ?? ''}
            options={[{ value: '', label: '不限到期时间' }, ...WITHIN.map((d) => ({ value: d, label: `${d} 天内到期` }))]}
            onChange={(v) => update({ within: v, page: undefined })}
          />
          <TreeSelect
            aria-label="按分类筛选"
            style={{ width: 180 }}
            allowClear
            placeholder="全部分类"
            value={category}
            treeData={categoryOptions(categories.data?.tree ?? [], true)}
            onChange={(v: number | undefined) => update({ category: v, page: undefined })}
          />
          <Select<number | ''>
            aria-label="核心专利筛选"
            style={{ width: 130 }}
            value={core ?? ''}
            options={[
              { value: '', label: '全部专利' },
              { value: 1, label: '仅核心专利' },
            ]}
            onChange={(v) => update({ core: v, page: undefined })}
          />
        </Space>
        <Table<FeeRow>
          rowKey="patent_id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          scroll={{ x: 1110 }}
          onRow={(r) => ({ 'data-patent': r.patent_id }) as React.HTMLAttributes<HTMLElement>}
          onChange={onSortChange('due')}
          pagination={pagination(list.data?.total, '件')}
          locale={{
            emptyText: list.isError ? (
              <span>
                年费数据加载失败，
                <Button type="link" onClick={() => void list.refetch()}>
                  重试
                </Button>
              </span>
            ) : filtered ? (
              '没有符合条件的专利'
            ) : (
              '暂无需要缴纳年费的专利，请先在「专利管理」中添加本企业的专利'
            ),
          }}
        />
      </Card>
      <Card title="未来五年年费预测（按月）">
        <ForecastChart />
      </Card>
      <FeeDrawer patentId={viewing} onClose={() => update({ patent: undefined })} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </Space>
  );
}
