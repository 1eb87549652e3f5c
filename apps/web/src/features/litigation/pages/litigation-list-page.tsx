import { useMemo } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Result, Segmented, Select, Space, Table, Tag, type TableProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import {
  LITIGATION_RELATIONS,
  LITIGATION_SORTS,
  LITIGATION_STATUSES,
  type LitigationIndexBody,
  type LitigationListItem,
  type LitigationRelation,
  type LitigationSort,
  type LitigationStatus,
} from '@ip/contract';
import { ApiError } from '../../../api/http';
import { litigationIndexQuery, SORT_LABELS } from '../api';
import { CaseStatusTag, OwnTag, PartiesLine, TrialLevelTag } from '../components/case-bits';
import { FollowButton } from '../components/follow-button';
import '../litigation.css';
import { useUrlList } from '../../../components/use-url-list';
import { useActionsFixed } from '../../../lib/table-columns';

const RELATION_LABELS: Record<LitigationRelation, string> = { all: '全部', followed: '已收藏', own: '本企业涉诉' };

function oneOf<T extends string>(value: string | null, values: readonly T[]): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/**
 * /litigation 诉讼管理: the company's cases — the ones it follows and, automatically, the ones it is a party to (under
 * any of its current or former names). Filters, order and page live in the URL.
 */
export default function LitigationListPage() {
  const { params, page, pageSize, update, pagination } = useUrlList();
  const relation = oneOf(params.get('relation'), LITIGATION_RELATIONS) ?? 'all';
  const status = oneOf(params.get('status'), LITIGATION_STATUSES);
  const sort = oneOf(params.get('sort'), LITIGATION_SORTS) ?? 'filing_desc';
  const cause = params.get('cause') ?? '';
  const year = Number(params.get('year')) || undefined;
  const keyword = params.get('keyword') ?? '';

  const body = useMemo<LitigationIndexBody>(
    () => ({
      relation,
      sort,
      page,
      page_size: pageSize,
      ...(status ? { status } : {}),
      ...(cause ? { cause } : {}),
      ...(year ? { year } : {}),
      ...(keyword ? { keyword } : {}),
    }),
    [relation, sort, page, pageSize, status, cause, year, keyword],
  );
  const list = useQuery(litigationIndexQuery(body));
  const actionsFixed = useActionsFixed();

  // A trial user (or an account not yet linked to a company) is refused with the reason: show it, not an empty table.
  if (list.error instanceof ApiError && list.error.status === 403) {
    return (
      <Card>
        <Result
          status="403"
          title="暂不能管理诉讼"
          subTitle={list.error.message}
          extra={
            <Space wrap>
              <Link to="/userCenter">去认证</Link>
              <Link to="/litigation/docking">诉讼检索</Link>
            </Space>
          }
        />
      </Card>
    );
  }

  const data = list.data;
  const columns: TableProps<LitigationListItem>['columns'] = [
    {
      title: '案号',
      dataIndex: 'case_no',
      width: 220,
      render: (v: string, c) => (
        <Space orientation="vertical" size={2}>
          <Link to={`/litigation/details?id=${c.id}`}>{v}</Link>
          <Space size={4} wrap>
            {c.own && <OwnTag roles={c.own_roles} />}
            {c.followed && <Tag color="blue">已收藏</Tag>}
          </Space>
        </Space>
      ),
    },
    { title: '案由', dataIndex: 'cause', width: 170 },
    { title: '当事人', key: 'parties', width: 300, render: (_v, c) => <PartiesLine parties={c.parties} /> },
    { title: '法院', dataIndex: 'court', width: 180 },
    { title: '审级', dataIndex: 'trial_level', width: 80, render: (v: string) => <TrialLevelTag level={v} /> },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: string) => <CaseStatusTag status={v} /> },
    { title: '立案日期', dataIndex: 'filing_date', width: 110 },
    { title: '裁判日期', dataIndex: 'judgment_date', width: 110, render: (v: string | null) => v ?? '—' },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      fixed: actionsFixed,
      render: (_v, c) => <FollowButton id={c.id} caseNo={c.case_no} followed={c.followed} />,
    },
  ];

  const counts = data?.counts;
  return (
    <div className="lit-page">
      <Card
        title="诉讼管理"
        extra={
          <Link to="/litigation/docking">
            <SearchOutlined aria-hidden /> 诉讼检索
          </Link>
        }
      >
        <div className="lit-toolbar" style={{ marginBottom: 12 }}>
          <Segmented<LitigationRelation>
            aria-label="案件范围"
            value={relation}
            options={LITIGATION_RELATIONS.map((r) => ({
              value: r,
              label: `${RELATION_LABELS[r]}${counts ? `（${counts[r]}）` : ''}`,
            }))}
            onChange={(v) => update({ relation: v === 'all' ? undefined : v, page: undefined })}
          />
        </div>
        <div className="lit-toolbar" style={{ marginBottom: 16 }}>
          <Input.Search
            key={keyword}
            defaultValue={keyword}
            aria-label="筛选案件"
            placeholder="案号、当事人、案由、法院或专利号"
            allowClear
            enterButton="筛选"
            maxLength={200}
            style={{ width: 320, maxWidth: '100%' }}
            onSearch={(v) => update({ keyword: v.trim(), page: undefined })}
          />
          <Select<LitigationStatus | ''>
            aria-label="案件状态"
            value={status ?? ''}
            options={[{ value: '', label: '全部状态' }, ...LITIGATION_STATUSES.map((s) => ({ value: s, label: s }))]}
            onChange={(v) => update({ status: v, page: undefined })}
          />
          <Select<string>
            aria-label="案由"
            value={cause}
            style={{ width: 200 }}
            options={[{ value: '', label: '全部案由' }, ...(data?.causes ?? []).map((c) => ({ value: c, label: c }))]}
            onChange={(v) => update({ cause: v, page: undefined })}
          />
          <Select<number | ''>
            aria-label="立案年份"
            value={year ?? ''}
            options={[{ value: '', label: '全部年份' }, ...(data?.years ?? []).map((y) => ({ value: y, label: `${y} 年` }))]}
            onChange={(v) => update({ year: v || undefined, page: undefined })}
          />
          <Select<LitigationSort>
            aria-label="排序"
            value={sort}
            style={{ width: 170 }}
            options={LITIGATION_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
            onChange={(v) => update({ sort: v === 'filing_desc' ? undefined : v, page: undefined })}
          />
        </div>
        {list.isError ? (
          <Alert
            type="error"
            showIcon
            title="加载失败"
            description={list.error instanceof Error ? list.error.message : '请稍后重试'}
            action={
              <Button size="small" onClick={() => list.refetch()}>
                重试
              </Button>
            }
          />
        ) : (
          <Table<LitigationListItem>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={data?.list ?? []}
            loading={list.isFetching}
            scroll={{ x: 1370 }}
            pagination={pagination(data?.total)}
            locale={{
              emptyText: list.isPending ? (
                '加载中…'
              ) : (
                <Empty description={relation === 'followed' ? '还没有收藏的案件，可在诉讼检索中收藏关注的案件' : '暂无诉讼案件'}>
                  <Link to="/litigation/docking">去诉讼检索</Link>
                </Empty>
              ),
            }}
          />
        )}
      </Card>
    </div>
  );
}
