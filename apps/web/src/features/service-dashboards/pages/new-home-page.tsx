import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, List, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { DemandRow, VisitCalendarEntry } from '@ip/contract';
import { visitCalendarQuery } from '../../enterprise-service/visits/api';
import { chinaToday } from '../../../lib/china-time';
import { demandListQuery } from '../../enterprise-service/demands/api';
import { LightTag } from '../../enterprise-service/demands/parts';
import { centerQuery, rateText } from '../api';
import '../service-dashboards.css';

/**
 * /newhome 首页 (set C, ADR 0052 §3): the office's today and this week — visits, red and yellow demands, the six key
 * figures (each a link to its list) and the way to the enterprise warnings.
 */
export default function NewHomePage() {
  const today = chinaToday();
  const t = dayjs(today);
  const monday = t.subtract((t.day() + 6) % 7, 'day').format('YYYY-MM-DD');
  const sunday = dayjs(monday).add(6, 'day').format('YYYY-MM-DD');
  const center = useQuery(centerQuery({}));
  const week = useQuery(visitCalendarQuery({ from: monday, to: sunday }));
  const red = useQuery(demandListQuery({ page: 1, page_size: 5, light: 'red' }));
  const yellow = useQuery(demandListQuery({ page: 1, page_size: 5, light: 'yellow' }));
  const c = center.data;
  const entries = week.data ?? [];
  const todays = entries.filter((e) => e.day === today);
  const monthStart = `${today.slice(0, 7)}-01`;

  const figures = c
    ? [
        { title: '服务企业', value: c.enterprises, suffix: '家', to: '/workCompany' },
        { title: '有效发明专利', value: c.granted_inventions, suffix: '件', to: '/datapage?table=companies' },
        {
          title: '本月走访',
          value: c.visits_month,
          suffix: '次',
          to: `/workWaitvisit2?status=done&date_from=${monthStart}&date_to=${today}`,
        },
        { title: '未办结需求', value: c.open_demands, suffix: '件', to: '/workWaitvisit3' },
        { title: '红灯需求', value: c.red_demands, suffix: '件', to: '/workWaitvisit3?light=red' },
        {
          title: '按时办理率',
          value: rateText(c.on_time_rate),
          suffix: '',
          to: '/visualization/Visit',
          hint: `近 12 个月办理 ${c.handled} 件，按时 ${c.on_time} 件`,
        },
      ]
    : [];

  const entry = (e: VisitCalendarEntry) => (
    <List.Item
      actions={[
        <Link key="d" to={`/workVisit/details?id=${e.id}`} aria-label={`${e.company_name} 走访详情`}>
          详情
        </Link>,
      ]}
    >
      <List.Item.Meta
        title={
          <Space wrap size={8}>
            <span>{e.company_name}</span>
            <Tag color={e.status === 'done' ? 'green' : 'blue'}>{e.status === 'done' ? '已走访' : '待走访'}</Tag>
          </Space>
        }
        description={`${e.day} ${e.plan_time || ''} · ${e.staff_name}${e.purpose ? ` · ${e.purpose}` : ''}`}
      />
    </List.Item>
  );
  const demand = (d: DemandRow) => (
    <List.Item
      actions={[
        <Link key="d" to={`/workWaitvisit3?id=${d.id}`} aria-label={`${d.title} 需求详情`}>
          详情
        </Link>,
      ]}
    >
      <List.Item.Meta
        title={
          <Space wrap size={8}>
            <LightTag light={d.light} />
            <span>{d.title}</span>
          </Space>
        }
        description={`${d.company_name} · ${d.due_label ?? ''}截止 ${d.due ?? '—'}${d.handler_name ? ` · ${d.handler_name}` : ''}`}
      />
    </List.Item>
  );
  const empty = (text: string) => ({ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} /> });

  return (
    <div className="svc-dash">
      <Card title="首页" extra={<Link to="/visualization/Visit">走访可视化</Link>}>
        {center.isError && <Alert type="error" showIcon title="核心指标加载失败" description={center.error.message} />}
        {!c ? (
          !center.isError && <Skeleton active paragraph={{ rows: 2 }} />
        ) : (
          <Row gutter={[12, 12]}>
            {figures.map((f) => (
              <Col key={f.title} xs={12} md={8} xl={4}>
                <Link to={f.to} className="svc-figure" aria-label={`${f.title} ${f.value}${f.suffix}，查看列表`}>
                  <Card size="small" hoverable>
                    <Statistic title={f.title} value={f.value} suffix={f.suffix || undefined} />
                  </Card>
                </Link>
                {f.hint && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {f.hint}
                  </Typography.Text>
                )}
              </Col>
            ))}
          </Row>
        )}
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={12}>
          <Card title={`今日走访（${c ? c.visits_today : todays.length}）`} extra={<Link to="/workCalendar">工作日历</Link>}>
            <List loading={week.isPending} dataSource={todays} renderItem={entry} locale={empty('今天没有走访安排')} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card
            title={`本周走访（${c ? c.visits_week : entries.length}）`}
            extra={<Link to="/workWaitvisit?view=week">待走访日历</Link>}
          >
            <List
              loading={week.isPending}
              dataSource={entries.slice(0, 8)}
              renderItem={entry}
              locale={empty('本周没有走访安排')}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={`红灯需求（${red.data?.total ?? '—'}）`} extra={<Link to="/workWaitvisit3?light=red">全部红灯需求</Link>}>
            <List
              loading={red.isPending}
              dataSource={red.data?.list ?? []}
              renderItem={demand}
              locale={empty('没有超期的需求')}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card
            title={`黄灯需求（${yellow.data?.total ?? '—'}）`}
            extra={<Link to="/workWaitvisit3?light=yellow">全部黄灯需求</Link>}
          >
            <List
              loading={yellow.isPending}
              dataSource={yellow.data?.list ?? []}
              renderItem={demand}
              locale={empty('没有即将到期的需求')}
            />
          </Card>
        </Col>
        <Col xs={24}>
          {/* Slot for the warning count: /v1/visit/warningList_two is built in parallel (another branch); the count
              joins here after the merge (ADR 0052 §3). */}
          <Card title="企业预警" extra={<Link to="/workWarning">查看企业预警</Link>} data-slot="warning-count">
            <Typography.Text type="secondary">
              专利到期、费用缴纳、长期未走访等企业预警，请在「企业预警」中查看与处理。
            </Typography.Text>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
