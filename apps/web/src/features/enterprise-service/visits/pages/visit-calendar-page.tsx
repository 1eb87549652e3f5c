import { useMemo, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Calendar, Card, Empty, Grid, List, Segmented, Select, Space, Typography } from 'antd';
import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { VisitCalendarEntry } from '@ip/contract';
import { useUrlList } from '../../../../components/use-url-list';
import { notify } from '../../../../lib/notify';
import { useSessionUser } from '../../../../lib/session-store';
import { editVisitCall, visitCalendarQuery, visitStaffQuery, VISITS_KEY } from '../api';
import {
  RecordVisitDialog,
  RescheduleDialog,
  useIsMain,
  VisitStatusTag,
  visitErrorText,
  type ReschedulePlan,
} from '../visit-bits';
import '../visits.css';
import { chinaToday } from '../../../../lib/china-time';

type View = 'month' | 'week';
type Show = 'plan' | 'all';

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

function mondayOf(d: Dayjs): Dayjs {
  return d.subtract((d.day() + 6) % 7, 'day');
}

/** The days a view shows: the month's six weeks (Monday first), or one week. */
function rangeOf(view: View, anchor: Dayjs): { from: Dayjs; days: number } {
  if (view === 'week') return { from: mondayOf(anchor), days: 7 };
  return { from: mondayOf(anchor.startOf('month')), days: 42 };
}

function EntryLine({
  e,
  today,
  onDragStart,
}: {
  e: VisitCalendarEntry;
  today: string;
  onDragStart: (ev: DragEvent, e: VisitCalendarEntry) => void;
}) {
  const movable = e.status === 'plan';
  const overdue = movable && e.day < today;
  return (
    <div
      className={`visit-entry visit-entry-${e.status}${overdue ? ' visit-entry-overdue' : ''}`}
      draggable={movable}
      onDragStart={(ev) => onDragStart(ev, e)}
      title={`${e.plan_time ? `${e.plan_time} ` : ''}${e.company_name}（${e.staff_name}）${movable ? '，可拖到其他日期改期' : ''}`}
    >
      {e.plan_time && <span className="visit-entry-time">{e.plan_time}</span>}
      {e.company_name}
    </div>
  );
}

/**
 * /workWaitvisit 待走访日历 and /workCalendar 工作日历: the plans (and on 工作日历 also the records) by month or week.
 * Click a day to list its visits and plan one; drag a plan to another day to reschedule it, or use its 改期 action
 * (the keyboard way). The main account filters by visitor. View, day, visitor and what is shown live in the URL.
 */
export function VisitCalendarPage({ defaultShow, title }: { defaultShow: Show; title: string }) {
  const { params, update } = useUrlList();
  const qc = useQueryClient();
  const isMain = useIsMain();
  const user = useSessionUser();
  const screens = Grid.useBreakpoint();
  const today = chinaToday();
  const view: View = params.get('view') === 'week' ? 'week' : 'month';
  const show: Show = params.get('show') === 'plan' || params.get('show') === 'all' ? (params.get('show') as Show) : defaultShow;
  const dateParam = params.get('date');
  const selected = dateParam && DAY_RE.test(dateParam) && dayjs(dateParam).isValid() ? dateParam : today;
  const anchor = dayjs(selected);
  const staffId = Number(params.get('staff_id')) || undefined;
  const { from, days } = rangeOf(view, anchor);
  const query = {
    from: from.format('YYYY-MM-DD'),
    to: from.add(days - 1, 'day').format('YYYY-MM-DD'),
    ...(isMain && staffId ? { staff_id: staffId } : {}),
  };
  const cal = useQuery(visitCalendarQuery(query));
  const staff = useQuery({ ...visitStaffQuery(), enabled: isMain });
  const [recording, setRecording] = useState<number | null>(null);
  const [moving, setMoving] = useState<ReschedulePlan | null>(null);

  const byDay = useMemo(() => {
    const m = new Map<string, VisitCalendarEntry[]>();
    for (const e of cal.data ?? []) {
      if (show === 'plan' && e.status !== 'plan') continue;
      const l = m.get(e.day) ?? [];
      l.push(e);
      m.set(e.day, l);
    }
    return m;
  }, [cal.data, show]);

  const move = useMutation({
    mutationFn: ({ id, day }: { id: number; day: string }) => editVisitCall({ action: 'reschedule', id, plan_date: day }),
    onSuccess: async (_r, v) => {
      notify.success(`已改期到 ${v.day}`);
      await qc.invalidateQueries({ queryKey: VISITS_KEY });
    },
  });
  const onDragStart = (ev: DragEvent, e: VisitCalendarEntry) => {
    ev.dataTransfer.setData('text/plain', String(e.id));
    ev.dataTransfer.effectAllowed = 'move';
  };
  const dropProps = (day: string) => ({
    onDragOver: (ev: DragEvent) => {
      if (day >= today) ev.preventDefault();
    },
    onDrop: (ev: DragEvent) => {
      ev.preventDefault();
      const id = Number(ev.dataTransfer.getData('text/plain'));
      const entry = (cal.data ?? []).find((x) => x.id === id);
      if (!entry || entry.status !== 'plan' || entry.day === day) return;
      if (day < today) {
        notify.error('不能改到今天之前');
        return;
      }
      move.mutate({ id, day });
    },
  });

  const shift = (n: number) =>
    update({ date: (view === 'week' ? anchor.add(n * 7, 'day') : anchor.add(n, 'month')).format('YYYY-MM-DD') });
  const dayEntries = byDay.get(selected) ?? [];
  const wide = screens.md !== false;

  const toolbar = (
    <Space wrap className="visit-toolbar">
      <Button aria-label={view === 'week' ? '上一周' : '上个月'} icon={<LeftOutlined />} onClick={() => shift(-1)} />
      <Typography.Text strong style={{ minWidth: 120, textAlign: 'center', display: 'inline-block' }}>
        {view === 'week' ? `${from.format('M月D日')}–${from.add(6, 'day').format('M月D日')}` : anchor.format('YYYY年M月')}
      </Typography.Text>
      <Button aria-label={view === 'week' ? '下一周' : '下个月'} icon={<RightOutlined />} onClick={() => shift(1)} />
      <Button onClick={() => update({ date: undefined })}>今天</Button>
      <Segmented<View>
        aria-label="视图"
        value={view}
        options={[
          { value: 'month', label: '月' },
          { value: 'week', label: '周' },
        ]}
        onChange={(v) => update({ view: v === 'month' ? undefined : v })}
      />
      <Segmented<Show>
        aria-label="显示内容"
        value={show}
        options={[
          { value: 'plan', label: '待走访' },
          { value: 'all', label: '待走访与记录' },
        ]}
        onChange={(v) => update({ show: v === defaultShow ? undefined : v })}
      />
      {isMain && (
        <Select<number | ''>
          aria-label="走访人员"
          style={{ width: 160 }}
          value={staffId ?? ''}
          onChange={(v) => update({ staff_id: v || undefined })}
          options={[
            { value: '', label: '全部人员' },
            { value: user?.id ?? 0, label: '主账号本人' },
            ...(staff.data?.list ?? []).map((s) => ({ value: s.id, label: s.name })),
          ]}
        />
      )}
    </Space>
  );

  const cell = (d: Dayjs) => {
    const day = d.format('YYYY-MM-DD');
    const list = byDay.get(day) ?? [];
    if (!wide) return list.length ? <span className="visit-count">{list.length}</span> : null;
    return (
      <div className="visit-cell" {...dropProps(day)}>
        {list.slice(0, 3).map((e) => (
          <EntryLine key={e.id} e={e} today={today} onDragStart={onDragStart} />
        ))}
        {list.length > 3 && <div className="visit-more">另有 {list.length - 3} 项</div>}
      </div>
    );
  };

  return (
    <div className="visit-page">
      <Card
        title={title}
        extra={
          <Link to={`/addWaitvisit?date=${selected >= today ? selected : today}`}>
            <PlusOutlined aria-hidden /> 发起待走访
          </Link>
        }
      >
        {toolbar}
        {cal.isError && (
          <Alert
            type="error"
            showIcon
            title="加载失败"
            description={visitErrorText(cal.error)}
            action={
              <Button size="small" onClick={() => cal.refetch()}>
                重试
              </Button>
            }
            style={{ marginTop: 12 }}
          />
        )}
        {view === 'month' ? (
          <Calendar
            fullscreen={wide}
            value={anchor}
            headerRender={() => null}
            cellRender={(d, info) => (info.type === 'date' ? cell(d) : info.originNode)}
            onSelect={(d, info) => {
              if (info.source === 'date') update({ date: d.format('YYYY-MM-DD') });
            }}
          />
        ) : (
          <div className="visit-week" role="list" aria-label="本周走访">
            {Array.from({ length: 7 }, (_, i) => {
              const d = from.add(i, 'day');
              const day = d.format('YYYY-MM-DD');
              const list = byDay.get(day) ?? [];
              return (
                <div
                  key={day}
                  role="listitem"
                  className={`visit-week-day${day === selected ? ' visit-week-selected' : ''}${day === today ? ' visit-week-today' : ''}`}
                  {...dropProps(day)}
                >
                  <button type="button" className="visit-week-head" onClick={() => update({ date: day })}>
                    周{WEEKDAYS[i]} {d.format('M/D')}
                  </button>
                  {list.length === 0 && <div className="visit-more">无</div>}
                  {list.map((e) => (
                    <EntryLine key={e.id} e={e} today={today} onDragStart={onDragStart} />
                  ))}
                </div>
              );
            })}
          </div>
        )}
      </Card>
      <Card
        title={`${selected} 的走访`}
        style={{ marginTop: 16 }}
        extra={selected >= today ? <Link to={`/addWaitvisit?date=${selected}`}>在这天发起走访</Link> : null}
      >
        <List<VisitCalendarEntry>
          loading={cal.isFetching && !cal.data}
          dataSource={dayEntries}
          locale={{
            emptyText: <Empty description={selected >= today ? '这天还没有安排走访' : '这天没有走访'} />,
          }}
          renderItem={(e) => (
            <List.Item
              actions={[
                <Link key="d" to={`/workVisit/details?id=${e.id}`} aria-label={`${e.company_name} 走访详情`}>
                  详情
                </Link>,
                ...(e.status === 'plan'
                  ? [
                      <Button key="r" type="link" size="small" onClick={() => setRecording(e.id)}>
                        登记走访
                      </Button>,
                      <Button
                        key="m"
                        type="link"
                        size="small"
                        onClick={() =>
                          setMoving({
                            id: e.id,
                            day: e.day,
                            plan_time: e.plan_time,
                            staff_id: e.staff_id,
                            company_name: e.company_name,
                          })
                        }
                      >
                        改期
                      </Button>,
                    ]
                  : []),
              ]}
            >
              <List.Item.Meta
                title={
                  <Space wrap size={8}>
                    <span>{e.company_name}</span>
                    <VisitStatusTag status={e.status} followOpen={e.follow_open} />
                  </Space>
                }
                description={`${e.plan_time || '时间未定'} · ${e.staff_name}${e.purpose ? ` · ${e.purpose}` : ''}`}
              />
            </List.Item>
          )}
        />
      </Card>
      {recording !== null && <RecordVisitDialog visitId={recording} open onClose={() => setRecording(null)} />}
      <RescheduleDialog plan={moving} onClose={() => setMoving(null)} />
    </div>
  );
}

export default function WorkWaitvisitPage() {
  return <VisitCalendarPage defaultShow="plan" title="待走访日历" />;
}
