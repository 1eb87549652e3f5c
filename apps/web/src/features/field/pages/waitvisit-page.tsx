import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Button, Empty, Spin, Tag } from 'antd';
import type { SessionUser, VisitCalendarEntry } from '@ip/contract';
import { FieldShell } from '../components/field-shell';
import { addDays, fetchCalendar, shanghaiToday } from '../api';

/** Days back that a plan not yet recorded still shows (as 已逾期), and days ahead. */
const BACK_DAYS = 14;
const AHEAD_DAYS = 30;

function PlanList({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const today = shanghaiToday();
  const q = useQuery({
    queryKey: ['field-plans', user.id, today],
    queryFn: () => fetchCalendar({ from: addDays(today, -BACK_DAYS), to: addDays(today, AHEAD_DAYS), staff_id: user.id }),
  });
  if (q.isPending) return <Spin aria-label="加载中" style={{ display: 'block', margin: 48 }} />;
  if (q.isError)
    return (
      <Alert type="error" showIcon message="待走访加载失败" action={<Button onClick={() => void q.refetch()}>重试</Button>} />
    );
  const plans = q.data.filter((e) => e.status === 'plan');
  if (!plans.length)
    return (
      <Empty description="暂无待走访">
        <Button type="primary" size="large" onClick={() => void navigate('/web/addWaitvisit')}>
          发起待走访
        </Button>
      </Empty>
    );
  const groups: { title: string; rows: VisitCalendarEntry[] }[] = [
    { title: '已逾期', rows: plans.filter((p) => p.day < today) },
    { title: '今天', rows: plans.filter((p) => p.day === today) },
    { title: '即将走访', rows: plans.filter((p) => p.day > today) },
  ];
  return (
    <>
      {groups
        .filter((g) => g.rows.length)
        .map((g) => (
          <section key={g.title} aria-label={g.title}>
            <h2 className="field-section-title">
              {g.title}（{g.rows.length}）
            </h2>
            {g.rows.map((p) => (
              <button
                key={p.id}
                type="button"
                className="field-list-item"
                onClick={() => void navigate(`/web/small/workVisit?id=${p.id}`)}
              >
                <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                  <strong style={{ overflowWrap: 'anywhere' }}>{p.company_name}</strong>
                  {p.day < today ? <Tag color="red">已逾期</Tag> : p.day === today ? <Tag color="blue">今天</Tag> : null}
                </div>
                <div className="field-muted">
                  {p.day} {p.plan_time}
                  {p.purpose ? ` · ${p.purpose}` : ''}
                </div>
                <div className="field-muted" style={{ color: '#0958d9' }}>
                  点击登记走访 ›
                </div>
              </button>
            ))}
          </section>
        ))}
    </>
  );
}

/** /web/small/Waitvisit (待走访): the user's to-visits, overdue, today and the next 30 days; each opens its record form. */
export default function WaitvisitPage() {
  return <FieldShell title="待走访">{(user) => <PlanList user={user} />}</FieldShell>;
}
