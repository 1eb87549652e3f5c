import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Input,
  Popconfirm,
  Row,
  Segmented,
  Select,
  Space,
  Table,
  Tooltip,
  TreeSelect,
  Typography,
  type TableProps,
} from 'antd';
import { DownloadOutlined, PlusOutlined, StarFilled } from '@ant-design/icons';
import { LEGAL_STATUSES, PATENT_TYPES, PORTFOLIO_PAGE_SIZE_MAX, PORTFOLIO_SORTS, type PortfolioRow } from '@ip/contract';
import { LegalStatusTag, PatentTypeTag } from '../../../components/patent-tags';
import { notify } from '../../../lib/notify';
import {
  categoryOptions,
  categoryTreeQuery,
  downloadPortfolio,
  invalidatePortfolio,
  movePatents,
  portfolioListQuery,
  removePatents,
  restorePatents,
  setCollected,
  setCore,
  type PortfolioListParams,
  type PortfolioSort,
} from '../../../lib/portfolio';
import { AddNumbersDialog } from './add-numbers-dialog';
import { CategoryTree } from './category-tree';

type Scope = 'own' | 'collected' | 'removed';
const PAGE_SIZES = [10, 20, 50, 100].filter((n) => n <= PORTFOLIO_PAGE_SIZE_MAX);
const SORT_LABELS: Record<PortfolioSort, string> = {
  ad_desc: '申请日（新→旧）',
  ad_asc: '申请日（旧→新）',
  gd_desc: '授权日（新→旧）',
  gd_asc: '授权日（旧→新）',
  title_asc: '名称（升序）',
  title_desc: '名称（降序）',
  core_desc: '核心专利优先',
  added_desc: '最近加入',
};
const THIS_YEAR = new Date().getFullYear();
const YEARS = Array.from({ length: THIS_YEAR - 1984 }, (_, i) => THIS_YEAR - i);
/** Term ends: up to 20 years ahead (an invention filed this year). */
const EXPIRY_YEARS = Array.from({ length: THIS_YEAR + 21 - 1985 }, (_, i) => THIS_YEAR + 20 - i);

const list = (v: string | null) => (v ? v.split(',').filter(Boolean) : []);

/** The list's state in the URL (a view can be shared and reloaded). */
function useListState() {
  const [params, setParams] = useSearchParams();
  const cat = params.get('cat') ?? 'all';
  const scope = (['own', 'collected', 'removed'].includes(params.get('scope') ?? '') ? params.get('scope') : 'own') as Scope;
  const sortParam = params.get('sort') as PortfolioSort | null;
  const sort = sortParam && (PORTFOLIO_SORTS as readonly string[]).includes(sortParam) ? sortParam : 'ad_desc';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = PAGE_SIZES.includes(Number(params.get('size'))) ? Number(params.get('size')) : 20;
  const types = list(params.get('type')).filter((t) => (PATENT_TYPES as readonly string[]).includes(t));
  const statuses = list(params.get('status')).filter((t) => (LEGAL_STATUSES as readonly string[]).includes(t));
  const years = list(params.get('year'))
    .map(Number)
    .filter((y) => Number.isInteger(y) && y >= 1900 && y <= 2100);
  const yearParam = (name: string) => {
    const y = Number(params.get(name));
    return Number.isInteger(y) && y >= 1900 && y <= 2200 ? y : undefined;
  };
  const grantYear = yearParam('grant_year');
  const expiryYear = yearParam('expiry_year');
  const core = params.get('core') === '1' ? 1 : params.get('core') === '0' ? 0 : undefined;
  const keyword = params.get('kw') ?? '';
  const update = (patch: Record<string, string | number | undefined>, keepPage = false) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    if (!keepPage) next.delete('page');
    setParams(next);
  };
  const query: PortfolioListParams = {
    page,
    page_size: size,
    sort,
    ...(cat !== 'all' ? { category_id: Number(cat) } : {}),
    ...(types.length ? { type: types as PortfolioListParams['type'] } : {}),
    ...(statuses.length ? { legal_status: statuses as PortfolioListParams['legal_status'] } : {}),
    ...(years.length ? { app_year: years } : {}),
    ...(grantYear ? { grant_year: grantYear } : {}),
    ...(expiryYear ? { expiry_year: expiryYear } : {}),
    ...(core !== undefined ? { is_core: core } : {}),
    ...(scope === 'collected' ? { collected: 1 as const } : scope === 'removed' ? { removed: 1 as const } : {}),
    ...(keyword ? { keyword } : {}),
  };
  return { cat, scope, sort, page, size, types, statuses, years, grantYear, expiryYear, core, keyword, update, query };
}

/** 专利 tab of /patent: the category tree on the left, the filtered, sorted, paged list with bulk actions on the right. */
export function PatentPortfolio() {
  const s = useListState();
  const client = useQueryClient();
  const tree = useQuery(categoryTreeQuery());
  const listQuery = useQuery(portfolioListQuery(s.query));
  const [selected, setSelected] = useState<number[]>([]);
  const [moveTo, setMoveTo] = useState<number | undefined>();
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState(false);

  const bulk = useMutation({
    mutationFn: (run: () => Promise<{ updated: number }>) => run(),
    onSuccess: async (r) => {
      notify.success(`已处理 ${r.updated} 件专利`);
      setSelected([]);
      await invalidatePortfolio(client);
    },
  });

  const onTable: TableProps<PortfolioRow>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.order ? String(one.columnKey) : '';
    const dir = one?.order === 'ascend' ? 'asc' : 'desc';
    const sort = field === 'ad' || field === 'gd' || field === 'title' ? (`${field}_${dir}` as PortfolioSort) : s.sort;
    s.update(
      { page: pagination.current, size: pagination.pageSize, sort: sort === 'ad_desc' ? undefined : sort },
      pagination.current !== s.page,
    );
  };
  const sortOrder = (key: string): 'ascend' | 'descend' | null =>
    s.sort === `${key}_asc` ? 'ascend' : s.sort === `${key}_desc` ? 'descend' : null;

  const columns: TableProps<PortfolioRow>['columns'] = useMemo(
    () => [
      {
        title: '名称',
        key: 'title',
        width: 280,
        sorter: true,
        sortOrder: sortOrder('title'),
        // Repeating the first direction keeps clicks cycling between the two orders, never to 'no order'.
        sortDirections: ['ascend', 'descend', 'ascend'],
        render: (_v, r) => (
          <span>
            {r.is_core ? (
              <Tooltip title="核心专利">
                <StarFilled aria-label="核心专利" style={{ color: '#fa8c16', marginRight: 4 }} />
              </Tooltip>
            ) : null}
            <Link to={`/patentDetails?id=${r.id}`}>{r.title || '（无名称）'}</Link>
          </span>
        ),
      },
      { title: '申请号', dataIndex: 'an', width: 170, render: (v: string | null) => v || '—' },
      { title: '类型', dataIndex: 'type', width: 100, render: (v: string) => <PatentTypeTag type={v} /> },
      { title: '法律状态', dataIndex: 'legal_status', width: 90, render: (v: string) => <LegalStatusTag status={v} /> },
      {
        title: '申请日',
        dataIndex: 'ad',
        key: 'ad',
        width: 112,
        sorter: true,
        sortOrder: sortOrder('ad'),
        sortDirections: ['descend', 'ascend', 'descend'],
        render: (v) => v || '—',
      },
      {
        title: '授权日',
        dataIndex: 'gd',
        key: 'gd',
        width: 112,
        sorter: true,
        sortOrder: sortOrder('gd'),
        sortDirections: ['descend', 'ascend', 'descend'],
        render: (v) => v || '—',
      },
      { title: '分类', dataIndex: 'category_name', width: 150, ellipsis: true },
      {
        title: '收藏',
        dataIndex: 'is_collected',
        width: 64,
        render: (v: number, r) => (v ? (r.source === 'collect' ? '他人' : '是') : ''),
      },
      { title: '研判', dataIndex: 'note_count', width: 60, render: (v: number) => v || '' },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [s.sort],
  );

  const data = listQuery.data;
  const ids = selected;
  const handleExport = async () => {
    setExporting(true);
    try {
      await downloadPortfolio({ ...s.query, page: undefined, page_size: undefined } as never);
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setExporting(false);
    }
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={7} xl={6}>
        <CategoryTree
          data={tree.data}
          loading={tree.isPending}
          selected={s.cat}
          onSelect={(key) => s.update({ cat: key === 'all' ? undefined : key })}
        />
      </Col>
      <Col xs={24} md={17} xl={18}>
        <Card size="small" className="portfolio-list-card">
          <Space wrap style={{ marginBottom: 12 }}>
            <Segmented<Scope>
              aria-label="范围"
              value={s.scope}
              onChange={(v) => s.update({ scope: v === 'own' ? undefined : v })}
              options={[
                { value: 'own', label: `本企业专利${tree.data ? `（${tree.data.all}）` : ''}` },
                { value: 'collected', label: `收藏${tree.data ? `（${tree.data.collected}）` : ''}` },
                { value: 'removed', label: `已移除${tree.data ? `（${tree.data.removed}）` : ''}` },
              ]}
            />
            <Input.Search
              key={s.keyword}
              defaultValue={s.keyword}
              allowClear
              aria-label="按名称或号码搜索"
              placeholder="名称、申请号或公开号"
              style={{ width: 220 }}
              onSearch={(v) => s.update({ kw: v.trim() || undefined })}
            />
          </Space>
          <Space wrap style={{ marginBottom: 12 }}>
            <Select
              mode="multiple"
              allowClear
              aria-label="专利类型"
              placeholder="专利类型"
              style={{ minWidth: 130 }}
              value={s.types}
              options={PATENT_TYPES.map((t) => ({ value: t, label: t }))}
              onChange={(v: string[]) => s.update({ type: v.join(',') || undefined })}
            />
            <Select
              mode="multiple"
              allowClear
              aria-label="法律状态"
              placeholder="法律状态"
              style={{ minWidth: 120 }}
              value={s.statuses}
              options={LEGAL_STATUSES.map((t) => ({ value: t, label: t }))}
              onChange={(v: string[]) => s.update({ status: v.join(',') || undefined })}
            />
            <Select
              mode="multiple"
              allowClear
              aria-label="申请年份"
              placeholder="申请年份"
              style={{ minWidth: 120 }}
              value={s.years}
              options={YEARS.map((y) => ({ value: y, label: `${y} 年` }))}
              onChange={(v: number[]) => s.update({ year: v.join(',') || undefined })}
            />
            <Select
              allowClear
              aria-label="授权年份"
              placeholder="授权年份"
              style={{ minWidth: 120 }}
              value={s.grantYear}
              options={YEARS.map((y) => ({ value: y, label: `${y} 年授权` }))}
              onChange={(v: number | undefined) => s.update({ grant_year: v })}
            />
            <Select
              allowClear
              aria-label="届满年份"
              placeholder="届满年份"
              style={{ minWidth: 120 }}
              value={s.expiryYear}
              options={EXPIRY_YEARS.map((y) => ({ value: y, label: `${y} 年届满` }))}
              onChange={(v: number | undefined) => s.update({ expiry_year: v })}
            />
            <Select
              aria-label="核心专利"
              style={{ width: 120 }}
              value={s.core === undefined ? 'any' : String(s.core)}
              options={[
                { value: 'any', label: '核心：全部' },
                { value: '1', label: '仅核心专利' },
                { value: '0', label: '非核心专利' },
              ]}
              onChange={(v: string) => s.update({ core: v === 'any' ? undefined : v })}
            />
            <Select
              aria-label="排序"
              style={{ width: 160 }}
              value={s.sort}
              options={PORTFOLIO_SORTS.map((k) => ({ value: k, label: SORT_LABELS[k] }))}
              onChange={(v: PortfolioSort) => s.update({ sort: v === 'ad_desc' ? undefined : v })}
            />
          </Space>
          <Space wrap style={{ marginBottom: 12 }}>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
              按号码添加
            </Button>
            <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={handleExport} disabled={!data?.total}>
              导出 Excel
            </Button>
          </Space>
          {ids.length > 0 && (
            <div className="portfolio-bulk" role="region" aria-label="批量操作">
              <Typography.Text strong>已选 {ids.length} 件</Typography.Text>
              {s.scope === 'removed' ? (
                <Button size="small" onClick={() => bulk.mutate(() => restorePatents(ids))}>
                  恢复到专利库
                </Button>
              ) : (
                <>
                  {s.scope === 'own' && (
                    <Space.Compact>
                      <TreeSelect
                        size="small"
                        aria-label="移动到分类"
                        placeholder="移动到分类"
                        style={{ width: 160 }}
                        treeDefaultExpandAll
                        showSearch
                        treeNodeFilterProp="title"
                        value={moveTo}
                        onChange={(v) => setMoveTo(v)}
                        treeData={categoryOptions(tree.data?.tree ?? [], true)}
                      />
                      <Button
                        size="small"
                        disabled={moveTo === undefined}
                        onClick={() => bulk.mutate(() => movePatents(ids, moveTo ?? 0))}
                      >
                        移动
                      </Button>
                    </Space.Compact>
                  )}
                  {s.scope === 'own' && (
                    <>
                      <Button size="small" onClick={() => bulk.mutate(() => setCore(ids, 1))}>
                        标为核心
                      </Button>
                      <Button size="small" onClick={() => bulk.mutate(() => setCore(ids, 0))}>
                        取消核心
                      </Button>
                      <Button size="small" onClick={() => bulk.mutate(() => setCollected(ids, 1))}>
                        收藏
                      </Button>
                    </>
                  )}
                  <Button size="small" onClick={() => bulk.mutate(() => setCollected(ids, 0))}>
                    取消收藏
                  </Button>
                  {s.scope === 'own' && (
                    <Popconfirm
                      title={`把 ${ids.length} 件专利移出专利库？`}
                      description="专利数据不会删除，仍可检索；可在“已移除”中恢复。"
                      okText="移出"
                      okButtonProps={{ danger: true }}
                      cancelText="取消"
                      onConfirm={() => bulk.mutate(() => removePatents(ids))}
                    >
                      <Button size="small" danger>
                        移出专利库
                      </Button>
                    </Popconfirm>
                  )}
                </>
              )}
            </div>
          )}
          {listQuery.isError ? (
            <Alert
              type="error"
              showIcon
              message="专利列表加载失败"
              description={listQuery.error.message}
              action={
                <Button size="small" onClick={() => listQuery.refetch()}>
                  重试
                </Button>
              }
            />
          ) : (
            <Table<PortfolioRow>
              rowKey="id"
              size="small"
              aria-label="专利列表"
              loading={listQuery.isFetching}
              columns={columns}
              dataSource={data?.list ?? []}
              scroll={{ x: 1240 }}
              onChange={onTable}
              rowSelection={{
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                preserveSelectedRowKeys: true,
              }}
              locale={{ emptyText: <Empty description={listQuery.isPending ? '加载中…' : '没有符合条件的专利'} /> }}
              pagination={{
                current: s.page,
                pageSize: s.size,
                total: data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: PAGE_SIZES.map(String),
                showTotal: (t) => `共 ${t} 件`,
              }}
            />
          )}
        </Card>
      </Col>
      {adding && <AddNumbersDialog tree={tree.data?.tree ?? []} onClose={() => setAdding(false)} />}
    </Row>
  );
}
