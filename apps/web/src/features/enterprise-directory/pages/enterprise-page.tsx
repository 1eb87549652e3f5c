import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Result,
  Segmented,
  Skeleton,
  Space,
  Table,
  Tabs,
  Typography,
  type TableProps,
} from 'antd';
import { CalendarOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DEMAND_LIGHTS,
  DEMAND_LIGHT_LABELS,
  type CompanyPatentRow,
  type CompanySummary,
  type CompanyTrademarkRow,
  type DemandRow,
  type HonorRow,
  type LitigationListItem,
  type VisitRow,
} from '@ip/contract';
import { ApiError } from '../../../api/http';
import { LabelTag } from '../../enterprise-service/components/label-tag';
import { RegisterDialog } from '../../enterprise-service/demands/register-dialog';
import { demandListQuery } from '../../enterprise-service/demands/api';
import { LightTag } from '../../enterprise-service/demands/parts';
import { visitListQuery } from '../../enterprise-service/visits/api';
import { VisitStatusTag } from '../../enterprise-service/visits/visit-bits';
import { GradeTag, ScoreBreakdown } from '../../grading/components/score-breakdown';
import {
  companyLitigationQuery,
  companyPatentsQuery,
  companyRegistrationQuery,
  companySummaryQuery,
  companyTrademarksQuery,
  honorListQuery,
} from '../api';

// /workEnterprisevisit (企业详情, issue 12, ADR 0049): one enterprise of the caller's scope — profile, registration
// details, grade with how its score was made, visits, demands with lights, patents, trademarks, litigation, honours —
// with 发起走访 and 登记需求. Reached from the enterprise names of /workCompany, /workTobear, /workWaitvisit2,
// /workWaitvisit3, /honor and the breadcrumb search; `?company_id=` (or `?id=`) names the enterprise, `?tab=` the tab.

const TABS = ['visits', 'demands', 'grade', 'registration', 'patents', 'trademarks', 'litigation', 'honors'] as const;
type TabKey = (typeof TABS)[number];
const PAGE_SIZE = 10;

function positiveId(v: string | null): number | undefined {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** A small paged table of one tab (its page stays local: the tab is in the address). */
function TabTable<T extends { id: number }>({
  columns,
  data,
  total,
  loading,
  error,
  empty,
  page,
  onPage,
  unit,
  label,
}: {
  columns: TableProps<T>['columns'];
  data: T[] | undefined;
  total: number | undefined;
  loading: boolean;
  error: boolean;
  empty: string;
  page: number;
  onPage: (p: number) => void;
  unit: string;
  label: string;
}) {
  return (
    <>
      {error && <Alert type="error" showIcon title={`${label}加载失败`} style={{ marginBottom: 12 }} />}
      <Table<T>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data}
        loading={loading}
        scroll={{ x: 640 }}
        locale={{ emptyText: empty }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (n) => `共 ${n} ${unit}`,
          onChange: onPage,
        }}
      />
    </>
  );
}

function VisitsTab({ companyId }: { companyId: number }) {
  const [status, setStatus] = useState<'all' | 'plan' | 'done'>('all');
  const [page, setPage] = useState(1);
  const q = useQuery(
    visitListQuery({ company_id: companyId, page, page_size: PAGE_SIZE, sort: 'desc', ...(status === 'all' ? {} : { status }) }),
  );
  const columns: TableProps<VisitRow>['columns'] = [
    { title: '日期', dataIndex: 'day', width: 120, render: (d: string, r) => `${d}${r.plan_time ? ` ${r.plan_time}` : ''}` },
    {
      title: '状态',
      dataIndex: 'status',
      width: 150,
      render: (s: VisitRow['status'], r) => <VisitStatusTag status={s} followOpen={r.follow_open} />,
    },
    { title: '走访人', dataIndex: 'staff_name', width: 110 },
    {
      title: '目的 / 内容',
      key: 'text',
      render: (_: unknown, r) => (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
          {r.status === 'done' ? r.content || r.purpose || '—' : r.purpose || '—'}
        </Typography.Paragraph>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_: unknown, r) => (
        <Link to={`/workVisit/details?id=${r.id}`} aria-label={`走访详情 ${r.day}`}>
          详情
        </Link>
      ),
    },
  ];
  return (
    <>
      <Segmented
        aria-label="走访状态"
        style={{ marginBottom: 12 }}
        value={status}
        onChange={(v) => {
          setStatus(v as typeof status);
          setPage(1);
        }}
        options={[
          { value: 'all', label: '全部' },
          { value: 'plan', label: '待走访' },
          { value: 'done', label: '已走访' },
        ]}
      />
      <TabTable<VisitRow>
        columns={columns}
        data={q.data?.list}
        total={q.data?.total}
        loading={q.isFetching}
        error={q.isError}
        empty="暂无走访，可点击「发起走访」安排一次"
        page={page}
        onPage={setPage}
        unit="次"
        label="走访"
      />
    </>
  );
}

function DemandsTab({ companyId }: { companyId: number }) {
  const [page, setPage] = useState(1);
  const q = useQuery(demandListQuery({ company_id: companyId, page, page_size: PAGE_SIZE }));
  const columns: TableProps<DemandRow>['columns'] = [
    { title: '灯色', dataIndex: 'light', width: 130, render: (l: DemandRow['light']) => <LightTag light={l} /> },
    {
      title: '需求',
      dataIndex: 'title',
      render: (title: string, r) => <Link to={`/workWaitvisit3?id=${r.id}`}>{title}</Link>,
    },
    { title: '状态', dataIndex: 'status_label', width: 90 },
    {
      title: '当前期限',
      key: 'due',
      width: 170,
      render: (_: unknown, r) => (r.due ? `${r.due_label ?? ''} ${r.due}` : '—'),
    },
    { title: '办理人', dataIndex: 'handler_name', width: 110, render: (v: string) => v || '待分派' },
    { title: '登记日', dataIndex: 'register_day', width: 110 },
  ];
  const counts = q.data?.counts;
  return (
    <>
      {counts && (
        <Typography.Paragraph>
          在办需求：
          {DEMAND_LIGHTS.map((l) => `${DEMAND_LIGHT_LABELS[l]} ${counts[l]} 条`).join('，')}（红灯、黄灯排在前面）
        </Typography.Paragraph>
      )}
      <TabTable<DemandRow>
        columns={columns}
        data={q.data?.list}
        total={q.data?.total}
        loading={q.isFetching}
        error={q.isError}
        empty="暂无需求，可点击「登记需求」登记"
        page={page}
        onPage={setPage}
        unit="条"
        label="需求"
      />
    </>
  );
}

function GradeTab({ s }: { s: CompanySummary }) {
  const t = s.thresholds;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        得分 <Typography.Text strong>{s.ranking.score}</Typography.Text> 分，等级 <GradeTag grade={s.ranking.grade} />
        ，在服务范围内 {s.scope_total} 家企业中排第 <Typography.Text strong>{s.ranking.rank}</Typography.Text> 名。
      </Typography.Paragraph>
      <ScoreBreakdown row={s.ranking} weights={s.weights} />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        分级规则：A 级 ≥ {t.a} 分，B 级 ≥ {t.b} 分，C 级 ≥ {t.c} 分，低于 {t.c} 分为 D 级；权重和分数线在
        <Link to="/workTobear?tab=rules">「企业分级 · 评分规则」</Link>中设置，排名见<Link to="/workCompany">「企业排名」</Link>。
      </Typography.Paragraph>
    </Space>
  );
}

function RegistrationTab({ companyId }: { companyId: number }) {
  const q = useQuery(companyRegistrationQuery(companyId));
  if (q.isPending) return <Skeleton active paragraph={{ rows: 5 }} aria-label="正在加载工商信息" />;
  if (q.isError) return <Alert type="warning" showIcon title="暂未查到工商信息" description={q.error.message} />;
  const d = q.data;
  return (
    <>
      {d.source === 'offline' && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title="演示环境：工商信息为离线演示数据，未连接天眼查" />
      )}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
        items={[
          { key: 'cc', label: '统一社会信用代码', children: d.credit_code || '—' },
          { key: 'lp', label: '法定代表人', children: d.legal_person || '—' },
          { key: 'cap', label: '注册资本', children: d.reg_capital || '—' },
          { key: 'est', label: '成立日期', children: d.established || '—' },
          { key: 'st', label: '登记状态', children: d.reg_status || '—' },
          { key: 'type', label: '企业类型', children: d.company_type || '—' },
          { key: 'ind', label: '行业', children: d.industry || '—' },
          { key: 'staff', label: '人员规模', children: d.staff_range || '—' },
          { key: 'phone', label: '电话', children: d.phone || '—' },
          { key: 'addr', label: '注册地址', children: d.address || '—', span: 'filled' },
          { key: 'scope', label: '经营范围', children: d.business_scope || '—', span: 'filled' },
        ]}
      />
    </>
  );
}

function PatentsTab({ companyId }: { companyId: number }) {
  const [page, setPage] = useState(1);
  const q = useQuery(companyPatentsQuery({ company_id: companyId, page, page_size: PAGE_SIZE }));
  const c = q.data?.counts;
  const columns: TableProps<CompanyPatentRow>['columns'] = [
    { title: '申请号', dataIndex: 'an', width: 170, render: (v: string | null) => v || '—' },
    { title: '名称', dataIndex: 'title' },
    { title: '类型', dataIndex: 'type', width: 90 },
    { title: '法律状态', dataIndex: 'legal_status', width: 90 },
    { title: '申请日', dataIndex: 'ad', width: 110, render: (v: string | null) => v || '—' },
  ];
  return (
    <>
      {c && (
        <Typography.Paragraph>
          共 {c.total} 件：发明 {c.发明}，实用新型 {c.实用新型}，外观设计 {c.外观设计}；有权 {c.有权} 件
        </Typography.Paragraph>
      )}
      <TabTable<CompanyPatentRow>
        columns={columns}
        data={q.data?.list}
        total={q.data?.total}
        loading={q.isFetching}
        error={q.isError}
        empty="暂无专利"
        page={page}
        onPage={setPage}
        unit="件"
        label="专利"
      />
    </>
  );
}

function TrademarksTab({ companyId }: { companyId: number }) {
  const [page, setPage] = useState(1);
  const q = useQuery(companyTrademarksQuery({ company_id: companyId, page, page_size: PAGE_SIZE }));
  const columns: TableProps<CompanyTrademarkRow>['columns'] = [
    { title: '注册号', dataIndex: 'number', width: 140 },
    { title: '商标名称', dataIndex: 'name' },
    { title: '类别', dataIndex: 'nice_class', width: 70 },
    { title: '注册日', dataIndex: 'registration_date', width: 110, render: (v: string | null) => v || '—' },
    { title: '到期日', dataIndex: 'expiry_date', width: 110, render: (v: string | null) => v || '—' },
    { title: '状态', dataIndex: 'status', width: 90 },
  ];
  return (
    <TabTable<CompanyTrademarkRow>
      columns={columns}
      data={q.data?.list}
      total={q.data?.total}
      loading={q.isFetching}
      error={q.isError}
      empty="暂无商标"
      page={page}
      onPage={setPage}
      unit="件"
      label="商标"
    />
  );
}

function LitigationTab({ companyId }: { companyId: number }) {
  const [page, setPage] = useState(1);
  const q = useQuery(companyLitigationQuery({ company_id: companyId, page, page_size: PAGE_SIZE }));
  const columns: TableProps<LitigationListItem>['columns'] = [
    { title: '案号', dataIndex: 'case_no', width: 200 },
    { title: '案由', dataIndex: 'cause' },
    { title: '法院', dataIndex: 'court', width: 180 },
    { title: '立案日', dataIndex: 'filing_date', width: 110 },
  ];
  return (
    <TabTable<LitigationListItem>
      columns={columns}
      data={q.data?.list}
      total={q.data?.total}
      loading={q.isFetching}
      error={q.isError}
      empty="暂无诉讼"
      page={page}
      onPage={setPage}
      unit="件"
      label="诉讼"
    />
  );
}

function HonorsTab({ companyId }: { companyId: number }) {
  const [page, setPage] = useState(1);
  const q = useQuery(honorListQuery({ company_id: companyId, page, page_size: PAGE_SIZE }));
  const columns: TableProps<HonorRow>['columns'] = [
    { title: '荣誉名称', dataIndex: 'name' },
    { title: '级别', dataIndex: 'level', width: 90 },
    { title: '年份', dataIndex: 'year', width: 80 },
    { title: '颁发单位', dataIndex: 'issuer', width: 180, render: (v: string) => v || '—' },
  ];
  return (
    <TabTable<HonorRow>
      columns={columns}
      data={q.data?.list}
      total={q.data?.total}
      loading={q.isFetching}
      error={q.isError}
      empty="暂无荣誉，可在「企业荣誉」中新增"
      page={page}
      onPage={setPage}
      unit="项"
      label="荣誉"
    />
  );
}

export default function EnterprisePage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const companyId = positiveId(params.get('company_id')) ?? positiveId(params.get('id'));
  const tabParam = params.get('tab') as TabKey | null;
  const tab: TabKey = tabParam && TABS.includes(tabParam) ? tabParam : 'visits';
  const [registering, setRegistering] = useState(false);
  const summary = useQuery({ ...companySummaryQuery(companyId ?? 0), enabled: companyId !== undefined });

  if (companyId === undefined)
    return (
      <Result
        status="warning"
        title="未指定企业"
        subTitle="请从企业排名、走访记录或需求记录中点击企业名称进入"
        extra={<Link to="/workCompany">查看企业排名</Link>}
      />
    );
  if (summary.isPending) return <Skeleton active paragraph={{ rows: 8 }} aria-label="正在加载企业信息" />;
  if (summary.isError) {
    const status = summary.error instanceof ApiError ? summary.error.status : undefined;
    return (
      <Result
        status={status === 404 ? '404' : status === 403 ? '403' : 'error'}
        title={status === 404 || status === 403 ? '无法查看该企业' : '企业信息加载失败'}
        subTitle={summary.error.message}
        extra={<Link to="/workCompany">返回企业排名</Link>}
      />
    );
  }
  const s = summary.data;
  const c = s.company;
  const setTab = (key: string) => {
    const next = new URLSearchParams(params);
    if (key === 'visits') next.delete('tab');
    else next.set('tab', key);
    setParams(next, { replace: true });
  };
  const addVisit = `/addWaitvisit?company_id=${c.id}&company_name=${encodeURIComponent(c.company_name)}`;
  const tabs: { key: TabKey; label: string; children: ReactNode }[] = [
    { key: 'visits', label: '走访', children: <VisitsTab companyId={c.id} /> },
    { key: 'demands', label: '需求', children: <DemandsTab companyId={c.id} /> },
    { key: 'grade', label: '等级与得分', children: <GradeTab s={s} /> },
    { key: 'registration', label: '工商信息', children: <RegistrationTab companyId={c.id} /> },
    { key: 'patents', label: `专利（${c.num}）`, children: <PatentsTab companyId={c.id} /> },
    { key: 'trademarks', label: '商标', children: <TrademarksTab companyId={c.id} /> },
    { key: 'litigation', label: '诉讼', children: <LitigationTab companyId={c.id} /> },
    { key: 'honors', label: `荣誉（${s.ranking.counts.honour}）`, children: <HonorsTab companyId={c.id} /> },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={
          <Space wrap size={8}>
            <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'normal' }}>
              {c.company_name}
            </Typography.Title>
            <GradeTag grade={s.ranking.grade} />
          </Space>
        }
        extra={
          <Space wrap>
            <Button type="primary" icon={<CalendarOutlined />} onClick={() => void navigate(addVisit)}>
              发起走访
            </Button>
            <Button icon={<PlusOutlined />} onClick={() => setRegistering(true)}>
              登记需求
            </Button>
          </Space>
        }
        styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
      >
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 2, lg: 3, xl: 3, xxl: 4 }}
          items={[
            { key: 'street', label: '所属街道', children: c.street_name || '—' },
            { key: 'industry', label: '行业', children: c.industry || '—' },
            { key: 'size', label: '规模', children: c.size || '—' },
            { key: 'cc', label: '统一社会信用代码', children: c.credit_code || '—' },
            { key: 'num', label: '专利', children: `${c.num} 件` },
            {
              key: 'rank',
              label: '排名 / 得分',
              children: `第 ${s.ranking.rank} / ${s.scope_total} 名，${s.ranking.score} 分`,
            },
            { key: 'staff', label: '服务人员', children: c.staff.map((x) => x.name).join('、') || '服务中心主账号' },
            {
              key: 'labels',
              label: '企业标签',
              children: c.labels.length ? (
                <Space size={4} wrap>
                  {c.labels.map((l) => (
                    <LabelTag key={l.id} name={l.name} color={l.color} />
                  ))}
                </Space>
              ) : (
                '—'
              ),
            },
          ]}
        />
      </Card>
      <Card>
        <Tabs activeKey={tab} onChange={setTab} items={tabs} destroyOnHidden />
      </Card>
      {registering && (
        <RegisterDialog
          company={{ id: c.id, name: c.company_name }}
          onClose={() => setRegistering(false)}
          onDone={() => {
            setRegistering(false);
            setTab('demands');
          }}
        />
      )}
    </Space>
  );
}
