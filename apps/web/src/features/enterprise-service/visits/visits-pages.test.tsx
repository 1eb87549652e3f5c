import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VisitCalendarEntry, VisitDetail, VisitNews, VisitRow } from '@ip/contract';
import { setToken } from '../../../lib/storage';
import { buttonByText } from '../../../test/queries';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { chinaToday } from '../../../lib/china-time';

// The desktop visit pages (ADR 0040): /addWaitvisit, /workWaitvisit, /workWaitvisit2, /workVisit, /workVisit/details
// and /work, against a mocked API.

const MAIN = makeUser({ id: 3, is_news: 1, com_id: 0, is_admin: 0, name: '企业服务中心' });
const STAFF_USER = makeUser({ id: 4, is_news: 1, com_id: 3, is_admin: 0, name: '王专员' });
const TODAY = chinaToday();
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const TOMORROW = addDays(TODAY, 1);

const ROW: VisitRow = {
  id: 21,
  status: 'done',
  company_id: 11,
  company_name: '华芯半导体科技有限公司',
  street_name: '科创街道',
  staff_id: 4,
  staff_name: '王专员',
  day: TODAY,
  plan_date: TODAY,
  plan_time: '09:30',
  purpose: '了解专利布局',
  visit_date: TODAY,
  people_met: '李经理',
  content: '企业计划申请发明专利',
  photo_count: 1,
  follow_up: 1,
  follow_note: '提供申请指引',
  follow_done_at: null,
  follow_open: true,
  created_at: '2026-05-01T02:00:00.000Z',
  updated_at: '2026-05-01T02:00:00.000Z',
};
const PLAN: VisitCalendarEntry = {
  id: 30,
  status: 'plan',
  day: TOMORROW,
  plan_time: '14:00',
  company_id: 12,
  company_name: '绿源新能源科技有限公司',
  staff_id: 4,
  staff_name: '王专员',
  purpose: '宣讲政策',
  follow_open: false,
};

type Handler = (c: RecordedCall) => ReturnType<typeof ok> | { status: number; data: unknown } | undefined;

function serve(user = MAIN, extra: Handler = () => undefined) {
  setToken('tok');
  return mockNetwork((c) => {
    const answer = extra(c);
    if (answer) return answer;
    if (c.url === '/v1/user/info') return ok(user);
    if (c.url === '/v1/visit/staff')
      return ok({ list: [{ id: 4, name: '王专员', mobile: '13800000004', status: 1 }], total: 1, page: 1, page_size: 100 });
    if (c.url === '/v1/service/companies')
      return ok({
        list: [{ id: 11, company_name: '华芯半导体科技有限公司', street_id: 2, street_name: '科创街道', labels: [], staff: [] }],
        total: 1,
        page: 1,
        page_size: 20,
      });
    if (c.url === '/v1/company/street') return ok([{ id: 2, name: '科创街道', region: '示例高新区', sort: 1, company_count: 1 }]);
    if (c.url === '/v1/visit/calendar')
      return ok([PLAN, { ...PLAN, id: 21, status: 'done', day: TODAY, company_name: ROW.company_name }]);
    if (c.url === '/v1/visit/index') return ok({ list: [ROW], total: 41, page: 1, page_size: 20 });
    if (c.url === '/v1/visit/deamdLabel') return ok([{ id: 1, name: '融资', color: 'blue' }]);
    return ok(null);
  });
}

beforeAll(async () => {
  await Promise.all([
    import('./pages/add-visit-page'),
    import('./pages/visit-calendar-page'),
    import('./pages/visit-list-page'),
    import('./pages/visit-detail-page'),
    import('./pages/work-page'),
  ]);
}, 120_000);

const calls = (net: ReturnType<typeof mockNetwork>, url: string) => net.calls.filter((c) => c.url === url);
const params = (c: RecordedCall) => c.config.params as Record<string, unknown>;

describe('/addWaitvisit 发起待走访', () => {
  it('prefills the enterprise from the address, lets the main account pick the visitor and sends one plan', async () => {
    const net = serve(MAIN, (c) =>
      c.url === '/v1/visit/createVisit' ? ok({ id: 99, created: true, status: 'plan', demand_ids: [] }) : undefined,
    );
    const user = userEvent.setup();
    const router = renderApp('/addWaitvisit?company_id=11&company_name=华芯半导体科技有限公司');
    expect(await screen.findByText('华芯半导体科技有限公司', {}, { timeout: 45_000 })).toBeTruthy();
    const visitor = screen.getByLabelText('走访人员');
    await user.click(visitor);
    await user.click(await screen.findByText('王专员（13800000004）'));
    await user.type(screen.getByLabelText('走访目的'), '了解专利布局');
    // Within the form: the card's title says 发起待走访 too.
    await user.click(buttonByText('发起待走访', document.querySelector('form') as HTMLElement));
    await waitFor(() => expect(calls(net, '/v1/visit/createVisit')).toHaveLength(1));
    const body = calls(net, '/v1/visit/createVisit')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'plan', company_id: 11, staff_id: 4, plan_date: TODAY, purpose: '了解专利布局' });
    expect(String(body.request_key)).toMatch(/^plan-/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/workWaitvisit'));
    expect(router.state.location.search).toContain(`date=${TODAY}`);
  }, 180_000);

  it('a staff member plans for itself: no visitor choice is sent', async () => {
    const net = serve(STAFF_USER, (c) =>
      c.url === '/v1/visit/createVisit' ? ok({ id: 98, created: true, status: 'plan', demand_ids: [] }) : undefined,
    );
    const user = userEvent.setup();
    renderApp('/addWaitvisit?company_id=11&company_name=华芯半导体科技有限公司');
    expect(await screen.findByDisplayValue('王专员', {}, { timeout: 45_000 })).toBeTruthy();
    // Within the form: the card's title says 发起待走访 too.
    await user.click(buttonByText('发起待走访', document.querySelector('form') as HTMLElement));
    await waitFor(() => expect(calls(net, '/v1/visit/createVisit')).toHaveLength(1));
    expect(calls(net, '/v1/visit/createVisit')[0].body).not.toHaveProperty('staff_id');
  }, 180_000);
});

describe('/workWaitvisit 待走访日历', () => {
  it('shows plans by week, reschedules with 改期 (keyboard) and by dropping on another day', async () => {
    const net = serve(MAIN, (c) =>
      c.url === '/v1/visit/editVisit' ? ok({ id: 30, created: false, status: 'plan', demand_ids: [] }) : undefined,
    );
    const user = userEvent.setup();
    const router = renderApp(`/workWaitvisit?view=week&date=${TOMORROW}`);
    const list = await screen.findByRole('list', { name: '本周走访' }, { timeout: 45_000 });
    expect(await within(list).findByText('绿源新能源科技有限公司')).toBeTruthy();
    // Plans only by default: the record of today is not shown.
    expect(within(list).queryByText('华芯半导体科技有限公司')).toBeNull();
    await waitFor(() => expect(calls(net, '/v1/visit/calendar').length).toBeGreaterThan(0));
    const q = params(calls(net, '/v1/visit/calendar')[0]);
    expect(addDays(String(q.from), 6)).toBe(q.to);

    // The day list with its 改期 action.
    await user.click(buttonByText('改期'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/改期：绿源新能源科技有限公司/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls(net, '/v1/visit/editVisit')).toHaveLength(1));
    expect(calls(net, '/v1/visit/editVisit')[0].body).toMatchObject({
      action: 'reschedule',
      id: 30,
      plan_date: TOMORROW,
      plan_time: '14:00',
      staff_id: 4,
    });

    // Drag and drop onto the day after.
    const entry = within(list).getByText('绿源新能源科技有限公司');
    const store = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => store.set(k, v),
      getData: (k: string) => store.get(k) ?? '',
      effectAllowed: '',
    };
    fireEvent.dragStart(entry, { dataTransfer });
    const target = within(list)
      .getAllByRole('listitem')
      .find((li) =>
        li.textContent?.includes(`${Number(addDays(TOMORROW, 1).slice(5, 7))}/${Number(addDays(TOMORROW, 1).slice(8))}`),
      );
    if (target) {
      fireEvent.dragOver(target, { dataTransfer });
      fireEvent.drop(target, { dataTransfer });
      await waitFor(() => expect(calls(net, '/v1/visit/editVisit')).toHaveLength(2));
      expect(calls(net, '/v1/visit/editVisit')[1].body).toEqual({
        action: 'reschedule',
        id: 30,
        plan_date: addDays(TOMORROW, 1),
      });
    }
    // Showing records too keeps it in the URL.
    await user.click(screen.getByText('待走访与记录'));
    await waitFor(() => expect(router.state.location.search).toContain('show=all'));
  }, 180_000);
});

describe('/workWaitvisit2 走访记录 and /workVisit 走访跟进', () => {
  it('filters through the address, exports, and completes a follow-up', async () => {
    const net = serve(MAIN, (c) => {
      if (c.url === '/v1/visit/index' && params(c).export === '1')
        return ok({ url: '/v1/common/file/9?sig=x', name: 'a.xlsx', rows: 41, truncated: false });
      if (c.url === '/v1/visit/editVisit') return ok({ id: 21, created: false, status: 'done', demand_ids: [] });
      return undefined;
    });
    const user = userEvent.setup();
    const router = renderApp('/workWaitvisit2?keyword=华芯&follow_up=1');
    expect((await screen.findByText('华芯半导体科技有限公司', {}, { timeout: 45_000 })).closest('a')).toBeTruthy();
    expect(screen.getByText('共 41 条')).toBeTruthy();
    await waitFor(() =>
      expect(params(calls(net, '/v1/visit/index')[0])).toMatchObject({
        keyword: '华芯',
        follow_up: '1',
        status: 'done',
        sort: 'desc',
      }),
    );
    await user.click(buttonByText(/^导出 Excel$/));
    await waitFor(() => expect(calls(net, '/v1/visit/index').some((c) => params(c).export === '1')).toBe(true));
    await user.click(buttonByText(/^完成跟进$/));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('跟进结果'), '，已发送');
    await user.click(within(dialog).getByRole('button', { name: '完成跟进' }));
    await waitFor(() => expect(calls(net, '/v1/visit/editVisit')).toHaveLength(1));
    expect(calls(net, '/v1/visit/editVisit')[0].body).toEqual({
      action: 'follow_done',
      id: 21,
      follow_note: '提供申请指引，已发送',
    });
    expect(router.state.location.pathname).toBe('/workWaitvisit2');
  }, 180_000);

  it('/workVisit asks only for open follow-ups', async () => {
    const net = serve(STAFF_USER);
    renderApp('/workVisit');
    expect((await screen.findAllByText('走访跟进', {}, { timeout: 45_000 })).length).toBeGreaterThan(0);
    await waitFor(() => expect(calls(net, '/v1/visit/index').length).toBeGreaterThan(0));
    expect(params(calls(net, '/v1/visit/index')[0])).toMatchObject({ follow_up: '1', status: 'done' });
    expect(screen.queryByRole('button', { name: /导出 Excel/ })).toBeNull();
  }, 180_000);
});

describe('/workVisit/details 走访详情', () => {
  it('records a plan with a demand through the 登记走访 dialog', async () => {
    const detail: VisitDetail = {
      ...ROW,
      id: 30,
      status: 'plan',
      day: TOMORROW,
      plan_date: TOMORROW,
      visit_date: '',
      people_met: '',
      content: '',
      photo_count: 0,
      follow_up: 0,
      follow_open: false,
      photos: [],
      created_by: 3,
      created_by_name: '企业服务中心',
      demands: [],
    };
    const net = serve(STAFF_USER, (c) => {
      if (c.url === '/v1/visit/visitDetail') return ok(detail);
      if (c.url === '/v1/visit/visitDetailtwo') return ok({ visit: detail, last_visit: ROW, open_demands: [] });
      if (c.url === '/v1/visit/editVisit') return ok({ id: 30, created: false, status: 'done', demand_ids: [7] });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/workVisit/details?id=30');
    await screen.findByText('登记走访', {}, { timeout: 45_000 });
    await user.click(buttonByText('登记走访'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/企业计划申请发明专利/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('接待人员'), '赵总');
    await user.type(within(dialog).getByLabelText('走访内容'), '需要融资对接');
    await user.click(within(dialog).getByRole('button', { name: /添加需求/ }));
    await user.type(within(dialog).getByLabelText('需求 1 标题'), '融资对接');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls(net, '/v1/visit/editVisit')).toHaveLength(1));
    expect(calls(net, '/v1/visit/editVisit')[0].body).toMatchObject({
      action: 'record',
      id: 30,
      visit_date: TODAY,
      people_met: '赵总',
      content: '需要融资对接',
      photos: [],
      follow_up: 0,
      demands: [{ title: '融资对接', content: '', label_id: 0 }],
    });
    expect(await screen.findByText('走访已登记，同时登记了 1 条需求')).toBeTruthy();
  }, 180_000);

  it('shows a record with its photos and demands, and deletes it after confirmation', async () => {
    const detail: VisitDetail = {
      ...ROW,
      photos: [{ id: 5, name: '现场.png', mime: 'image/png', size: 10, url: '/v1/common/file/5?sig=x' }],
      created_by: 4,
      created_by_name: '王专员',
      demands: [{ id: 7, title: '融资对接', status: 'registered', label_name: '融资', registered_at: '2026-05-01T02:00:00Z' }],
    };
    const net = serve(MAIN, (c) => {
      if (c.url === '/v1/visit/visitDetail') return ok(detail);
      if (c.url === '/v1/visit/visitDel') return ok({ id: 21, photos_removed: 1 });
      return undefined;
    });
    const user = userEvent.setup();
    const router = renderApp('/workVisit/details?id=21');
    expect(await screen.findByText('现场照片（1）', {}, { timeout: 45_000 })).toBeTruthy();
    expect(screen.getByAltText('走访照片 现场.png')).toBeTruthy();
    expect(screen.getByText('融资对接')).toBeTruthy();
    expect(screen.getByText('李经理')).toBeTruthy();
    await user.click(buttonByText(/^删\s*除$/));
    expect(await screen.findByText('照片 1 张将一并删除，无法恢复')).toBeTruthy();
    expect(calls(net, '/v1/visit/visitDel')).toHaveLength(0);
    const pop = screen.getByText('照片 1 张将一并删除，无法恢复').closest('.ant-popover') as HTMLElement;
    await user.click(
      within(pop)
        .getAllByRole('button', { name: /删\s*除/ })
        .at(-1)!,
    );
    await waitFor(() => expect(calls(net, '/v1/visit/visitDel')).toHaveLength(1));
    expect(params(calls(net, '/v1/visit/visitDel')[0])).toEqual({ id: 21 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/workWaitvisit2'));
  }, 180_000);
});

describe('/work 工作台', () => {
  it("shows the counts, today's plans and open follow-ups with links", async () => {
    const news: VisitNews = {
      latest: [ROW],
      counts: { plan_today: 2, plan_week: 5, follow_open: 3, done_month: 12, plan_overdue: 1 },
    };
    serve(STAFF_USER, (c) => {
      if (c.url === '/v1/visit/visitListnews') return ok(news);
      if (c.url === '/v1/visit/calendar') return ok([{ ...PLAN, day: TODAY }]);
      return undefined;
    });
    renderApp('/work');
    expect(await screen.findByText('今日待走访', {}, { timeout: 45_000 })).toBeTruthy();
    expect(await screen.findByText('12')).toBeTruthy();
    expect(screen.getByText('今日待走访（1）')).toBeTruthy();
    expect(screen.getAllByText('绿源新能源科技有限公司').length).toBeGreaterThan(0);
    // The links by their text (getByRole would compute the accessible name of every element of the page: 8 s here).
    const links = screen.getAllByText('走访跟进').flatMap((el) => el.closest('a') ?? []);
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute('href')).toBe('/workVisit');
  }, 180_000);
});
