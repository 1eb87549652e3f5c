import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, List, Row, Space, Statistic } from 'antd';
import dayjs from 'dayjs';
import type { VisitCalendarEntry, VisitRow } from '@ip/contract';
import { useSessionUser } from '../../../../lib/session-store';
import { visitCalendarQuery, visitListQuery, visitNewsQuery } from '../api';
import { VisitStatusTag, visitErrorText } from '../visit-bits';
import '../visits.css';
import { chinaToday } from '../../../../lib/china-time';

/**
 * /work 工作台: the user's plans today and this week, its records waiting for follow-up, counts, the office's latest
 * records, and links to each list.
 */
export default function WorkPage() {
  const user = useSessionUser();
  const today = chinaToday();
  const t = dayjs(today);
  const monday = t.subtract((t.day() + 6) % 7, 'day');
  const me = user?.id ?? 0;
  const news = useQuery(visitNewsQuery());
  const week = useQuery({
    ...visitCalendarQuery({ from: monday.format('YYYY-MM-DD'), to: monday.add(6, 'day').format('YYYY-MM-DD'), staff_id: me }),
    enabled: me > 0,
  });
  const follow = useQuery({
    ...visitListQuery({ page: 1, page_size: 5, follow_up: '1', staff_id: me, sort: 'desc' }),
    enabled: me > 0,
  });
  const plans = (week.data ?? []).filter((e) => e.status === 'plan');
  const todays = plans.filter((e) => e.day === today);
  const c = news.data?.counts;

  const entry = (e: VisitCalendarEntry) => (
    <List.Item
      actions={[
        <Link key="d" to={`/workVisit/details?id=${e.id}`} aria-label={`${e.company_name} 走访详情`}>
          详情
        </Link>,
      ]}
    >
      <List.Item.Meta
        title={e.company_name}
        description={`${e.day} ${e.plan_time || '时间未定'}${e.purpose ? ` · ${e.purpose}` : ''}`}
      />
    </List.Item>
  );
  const record = (r: VisitRow) => (
    <List.Item
      actions={[
        <Link key="d" to={`/workVisit/details?id=${r.id}`} aria-label={`${r.company_name} 走访详情`}>
          详情
        </Link>,
      ]}
    >
      <List.Item.Meta
        title={
          <Space wrap size={8}>
            <span>{r.company_name}</span>
            <VisitStatusTag status={r.status} followOpen={r.follow_open} />
          </Space>
        }
        description={`${r.visit_date} · ${r.staff_name}${r.content ? ` · ${r.content.slice(0, 40)}` : ''}`}
      />
    </List.Item>
  );

  return (
    <div className="visit-page">
      <Card title="工作台" extra={<Link to="/addWaitvisit">发起待走访</Link>}>
        {news.isError && <Alert type="error" showIcon title="加载失败" description={visitErrorText(news.error)} />}
        <div className="visit-stats">
          <Link to="/workWaitvisit?view=week">
            <Statistic title="今日待走访" value={c?.plan_today ?? '—'} />
          </Link>
          <Link to="/workWaitvisit?view=week">
            <Statistic title="本周待走访" value={c?.plan_week ?? '—'} />
          </Link>
          <Link to="/workWaitvisit2?status=plan&order=ascend">
            <Statistic title="逾期未走访" value={c?.plan_overdue ?? '—'} />
          </Link>
          <Link to="/workVisit">
            <Statistic title="待跟进" value={c?.follow_open ?? '—'} />
          </Link>
          <Link to="/workWaitvisit2">
            <Statistic title="本月已走访" value={c?.done_month ?? '—'} />
          </Link>
        </div>
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={12}>
          <Card title={`今日待走访（${todays.length}）`} extra={<Link to="/workCalendar">工作日历</Link>}>
            <List
              loading={week.isPending && me > 0}
              dataSource={todays}
              renderItem={entry}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="今天没有待走访" /> }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={`本周待走访（${plans.length}）`} extra={<Link to="/workWaitvisit?view=week">待走访日历</Link>}>
            <List
              dataSource={plans.slice(0, 8)}
              renderItem={entry}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本周没有待走访" /> }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="待跟进" extra={<Link to="/workVisit">走访跟进</Link>}>
            <List
              dataSource={follow.data?.list ?? []}
              renderItem={record}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有待跟进的走访" /> }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="最新走访记录" extra={<Link to="/workWaitvisit2">走访记录</Link>}>
            <List
              loading={news.isPending}
              dataSource={news.data?.latest ?? []}
              renderItem={record}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有走访记录" /> }}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
