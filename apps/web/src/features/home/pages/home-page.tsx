import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Input, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import type { HomeSummary } from '@ip/contract';
import { useSessionUser } from '../../../lib/session-store';
import { homeSummaryQuery } from '../api';

/** A figure that opens the list behind it. */
function Figure({ title, value, to, hint }: { title: string; value: number; to: string; hint?: string }) {
  return (
    <Link to={to} className="home-figure" aria-label={`${title}：${value}，查看列表`}>
      <Statistic title={title} value={value} groupSeparator="," />
      {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
    </Link>
  );
}

/**
 * The cards of /home below the figures. Later issues (fees due, monitoring hits, messages, certificates,
 * litigation) add theirs here: each is a function of the summary and renders nothing when it has nothing to say.
 */
export const HOME_CARDS: { key: string; render: (s: HomeSummary) => ReactNode }[] = [
  {
    key: 'expiring',
    render: (s) => (
      <Card title="即将届满的专利（12 个月内）" size="small" extra={<Link to="/patent?status=有权">全部有效专利</Link>}>
        {s.expiring_soon.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="12 个月内没有届满的专利" />
        ) : (
          <ul className="home-list">
            {s.expiring_soon.map((p) => (
              <li key={p.patent_id}>
                <Link to={`/patentDetails?id=${p.patent_id}`}>
                  {p.title}
                  <Typography.Text type="secondary"> {p.an ?? ''}</Typography.Text>
                </Link>
                <Tag color="orange">{p.expiry_date} 届满</Tag>
              </li>
            ))}
          </ul>
        )}
      </Card>
    ),
  },
  {
    key: 'certificates',
    render: (s) => (
      <Card
        title={`90 天内到期的证书（${s.certificates_expiring_count}）`}
        size="small"
        extra={<Link to="/certificateData">证书管理</Link>}
      >
        {s.certificates_expiring.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="90 天内没有到期的证书" />
        ) : (
          <ul className="home-list">
            {s.certificates_expiring.map((c) => (
              <li key={c.id}>
                <Link to="/certificateData">{c.name}</Link>
                <Tag color="orange">{c.expiry_date} 到期</Tag>
              </li>
            ))}
          </ul>
        )}
      </Card>
    ),
  },
  {
    key: 'litigation',
    render: (s) => (
      <Card title={`关注的诉讼（${s.litigation_followed_count}）`} size="small" extra={<Link to="/litigation">诉讼管理</Link>}>
        {s.litigation_followed.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有关注的诉讼" />
        ) : (
          <ul className="home-list">
            {s.litigation_followed.map((c) => (
              <li key={c.id}>
                <Link to={`/litigation/details?id=${c.id}`}>
                  {c.case_no}
                  <Typography.Text type="secondary"> {c.cause}</Typography.Text>
                </Link>
                <Tag>{c.status}</Tag>
              </li>
            ))}
          </ul>
        )}
      </Card>
    ),
  },
  {
    key: 'report',
    render: (s) => (
      <Card title="月度专利报告" size="small" extra={<Link to="/report">全部报告</Link>}>
        {s.latest_report ? (
          <Link to={`/report?id=${s.latest_report.id}`}>
            {`${s.latest_report.month.slice(0, 4)}年${Number(s.latest_report.month.slice(5, 7))}月专利报告`}
          </Link>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有生成的月度报告" />
        )}
      </Card>
    ),
  },
  {
    key: 'fees',
    render: (s) =>
      s.fees ? (
        <Card title="年费预警" size="small" extra={<Link to="/costdetails">年费预警</Link>}>
          <ul className="home-list">
            <li>
              <Link to="/costdetails?within=90">90 天内到期的年费：{s.fees.due_90} 件</Link>
              <Tag color="orange">合计 ¥{s.fees.due_90_amount.toLocaleString('zh-CN')}</Tag>
            </li>
            <li>
              <Link to="/costdetails?state=grace">已逾期、宽限期内：{s.fees.grace} 件</Link>
              {s.fees.grace > 0 && <Tag color="red">需缴滞纳金</Tag>}
            </li>
          </ul>
        </Card>
      ) : null,
  },
  {
    key: 'monitor',
    render: (s) =>
      s.monitor_unread === undefined ? null : (
        <Card title="专利监控" size="small" extra={<Link to="/early">监控预警</Link>}>
          {s.monitor_unread > 0 ? (
            <Link to="/early" aria-label={`未读监控动态：${s.monitor_unread} 条，查看监控预警`}>
              <Statistic title="未读监控动态" value={s.monitor_unread} suffix="条" />
            </Link>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Link to="/early">没有未读的监控动态</Link>} />
          )}
        </Card>
      ),
  },
];

function QuickSearch() {
  const navigate = useNavigate();
  const [v, setV] = useState('');
  return (
    <Input.Search
      aria-label="专利快速检索"
      placeholder="输入关键词、申请号或申请人，检索专利"
      enterButton="检索"
      allowClear
      value={v}
      onChange={(e) => setV(e.target.value)}
      onSearch={(val) => {
        const q = val.trim();
        if (q) void navigate(`/docking?val=${encodeURIComponent(q)}`);
      }}
    />
  );
}

/** /home for set A: the company's dashboard; every figure links to the list behind it. */
export default function HomePage() {
  const user = useSessionUser();
  const q = useQuery(homeSummaryQuery());
  if (q.isPending) return <Skeleton active paragraph={{ rows: 8 }} aria-label="正在加载首页" />;
  if (q.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="首页数据加载失败"
        description={q.error instanceof Error ? q.error.message : '请稍后再试'}
        action={
          <Button size="small" onClick={() => void q.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  const s = q.data;
  if (!s?.company) {
    return (
      <div className="home-page">
        <Card title="专利检索">
          <QuickSearch />
        </Card>
        <Alert
          style={{ marginTop: 16 }}
          type="info"
          showIcon
          title={user?.type === '1' ? '您当前是试用用户' : '当前账号尚未关联企业'}
          description={
            user?.type === '1'
              ? '提交企业认证并通过审核后，即可管理企业专利、证书与诉讼，并使用导出、全文下载与监控预警。'
              : '请联系管理员为账号关联企业。'
          }
          action={
            user?.type === '1' ? (
              <Link to="/userCenter">
                <Button type="primary" danger>
                  去认证
                </Button>
              </Link>
            ) : undefined
          }
        />
      </div>
    );
  }
  const count = (list: { count: number }[], key: string, k: 'type' | 'status') =>
    (list as ({ count: number } & Record<string, unknown>)[]).find((r) => r[k] === key)?.count ?? 0;
  return (
    <div className="home-page">
      <Card
        title={s.company.company_name}
        extra={s.company.fee_reduction ? <Tag color="green">符合费减条件</Tag> : undefined}
        style={{ marginBottom: 16 }}
      >
        <QuickSearch />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="专利总览" size="small">
            <Row gutter={[16, 16]}>
              <Col xs={12} sm={8}>
                <Figure title="企业专利" value={s.total} to="/patent" />
              </Col>
              {(['发明', '实用新型', '外观设计'] as const).map((t) => (
                <Col xs={12} sm={8} key={t}>
                  <Figure title={`${t}专利`} value={count(s.by_type, t, 'type')} to={`/patent?type=${encodeURIComponent(t)}`} />
                </Col>
              ))}
              <Col xs={12} sm={8}>
                <Figure title="核心专利" value={s.core} to="/patent?core=1" />
              </Col>
              <Col xs={12} sm={8}>
                <Figure title="收藏专利" value={s.collected} to="/patent?scope=collected" />
              </Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="法律状态与本年动态" size="small">
            <Row gutter={[16, 16]}>
              {(['有权', '审中', '无权'] as const).map((st) => (
                <Col xs={12} sm={8} key={st}>
                  <Figure title={st} value={count(s.by_status, st, 'status')} to={`/patent?status=${encodeURIComponent(st)}`} />
                </Col>
              ))}
              <Col xs={12} sm={8}>
                <Figure title={`${s.year} 年授权`} value={s.granted_this_year} to={`/patent?grant_year=${s.year}&sort=gd_desc`} />
              </Col>
              <Col xs={12} sm={8}>
                <Figure title={`${s.year} 年申请`} value={s.applied_this_year} to={`/patent?year=${s.year}`} />
              </Col>
              <Col xs={12} sm={8}>
                <Figure
                  title={`${s.year} 年届满`}
                  value={s.expiring_this_year}
                  to={`/patent?status=${encodeURIComponent('有权')}&expiry_year=${s.year}`}
                />
              </Col>
            </Row>
          </Card>
        </Col>
        {HOME_CARDS.map((c) => (
          <Col xs={24} lg={12} key={c.key}>
            {c.render(s)}
          </Col>
        ))}
      </Row>
    </div>
  );
}
