import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { MessageRow, MessageUnreadCount } from '@ip/contract';
import CenterPage from './pages/center-page';
import CenterDetailPage from './pages/center-detail-page';
import { MessageBell, bellLabel } from '../../components/message-bell';
import { LocationProbe, makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { setToken } from '../../lib/storage';
import { buttonByText } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { renderWithProviders } from '../../test/render';

configure({ asyncUtilTimeout: 10_000 });

const msg = (patch: Partial<MessageRow>): MessageRow => ({
  id: 1,
  kind: 'fee',
  kind_label: '年费预警',
  title: '年费预警：一种电池 30 天内到期',
  body: '请及时缴纳年费',
  link: '/costdetails?patent=5',
  object_type: 'fee',
  object_id: 5,
  created_at: '2026-03-15T02:00:00.000Z',
  read_at: null,
  handled_at: null,
  ...patch,
});
const ROWS = [
  msg({}),
  msg({ id: 2, kind: 'monitor', kind_label: '监控预警', title: '监控命中', body: '', link: '/early' }),
  msg({
    id: 3,
    kind: 'certificate',
    kind_label: '证书到期',
    title: '证书即将到期',
    read_at: '2026-03-14T00:00:00.000Z',
    handled_at: '2026-03-14T01:00:00.000Z',
  }),
];
const COUNT: MessageUnreadCount = {
  total: 2,
  by_kind: { fee: 1, certificate: 0, monitor: 1, approval: 0, report: 0, system: 0 },
};

function server(over: (c: RecordedCall) => unknown = () => undefined) {
  return mockNetwork((c) => {
    const special = over(c);
    if (special !== undefined) return special as never;
    const data =
      c.url === '/v1/frontend/message/index'
        ? { list: ROWS, total: 3, page: 1, page_size: 20, unread: 2 }
        : c.url === '/v1/frontend/message/unread_count'
          ? COUNT
          : c.url === '/v1/frontend/message/detail'
            ? { ...ROWS[0], read_at: '2026-03-15T03:00:00.000Z' }
            : { count: 1 };
    return ok(data);
  });
}
const calls = (net: { calls: RecordedCall[] }, url: string) => net.calls.filter((c) => c.url === `/v1/frontend/message/${url}`);

describe('/center', () => {
  it('lists the messages: unread with a dot and bold title, kinds, 已处理; tabs carry the unread counts', async () => {
    server();
    renderWithProviders(<CenterPage />, ['/center']);
    const title = await screen.findByRole('link', { name: /年费预警：一种电池/ });
    expect(title.getAttribute('href')).toBe('/centerDetail?id=1');
    expect(title.style.fontWeight).toBe('600');
    expect(title.textContent).toContain('未读：');
    expect(screen.getByRole('link', { name: '证书即将到期' }).style.fontWeight).toBe('400');
    expect(screen.getByText('已处理')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: '全部（2）' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '年费预警（1）' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '审核结果' })).toBeTruthy();
    expect(screen.getByText('共 3 条')).toBeTruthy();
  });

  it('filters by tab; 全部已读 of that kind; marks one read; deletes the selected after confirmation', async () => {
    const net = server();
    const user = userEvent.setup();
    renderWithProviders(<CenterPage />, ['/center']);
    await screen.findByRole('link', { name: /年费预警：一种电池/ });
    await user.click(screen.getByRole('tab', { name: '监控预警（1）' }));
    await waitFor(() => expect(calls(net, 'index').at(-1)?.body).toMatchObject({ kind: 'monitor', page: 1 }));
    await user.click(buttonByText('全部已读'));
    await waitFor(() => expect(calls(net, 'read_all')).toHaveLength(1));
    expect(calls(net, 'read_all')[0].body).toEqual({ kind: 'monitor' });
    // The counts are asked for again at once (the bell follows).
    const before = calls(net, 'unread_count').length;
    await user.click(screen.getByLabelText('标记已读 监控命中'));
    await waitFor(() => expect(calls(net, 'read')[0]?.body).toEqual({ ids: [2] }));
    await waitFor(() => expect(calls(net, 'unread_count').length).toBeGreaterThan(before));

    await user.click(screen.getByRole('checkbox', { name: '选择 证书即将到期' }));
    await user.click(screen.getByRole('checkbox', { name: '选择 监控命中' }));
    await user.click(screen.getByRole('button', { name: '删除' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('确定删除所选的 2 条消息吗？')).toBeTruthy();
    expect(calls(net, 'delete')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(calls(net, 'delete')[0]?.body).toEqual({ ids: [3, 2] }));
  });

  it('shows an empty state', async () => {
    server((c) =>
      c.url === '/v1/frontend/message/index' ? ok({ list: [], total: 0, page: 1, page_size: 20, unread: 0 }) : undefined,
    );
    renderWithProviders(<CenterPage />, ['/center']);
    expect(await screen.findByText(/暂无消息/)).toBeTruthy();
    expect((buttonByText('全部已读') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('/centerDetail', () => {
  it('shows the whole message (now read) and opens its object', async () => {
    const net = server();
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Routes>
          <Route path="/centerDetail" element={<CenterDetailPage />} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </>,
      ['/centerDetail?id=1'],
    );
    expect(await screen.findByText('请及时缴纳年费')).toBeTruthy();
    expect(calls(net, 'detail')[0].body).toEqual({ id: 1 });
    expect(screen.getByText('年费预警', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.getByText('已读')).toBeTruthy();
    expect(screen.getByText('2026-03-15 10:00')).toBeTruthy();
    await user.click(buttonByText('查看相关内容'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/costdetails?patent=5'));
  });

  it('says so for a bad id without calling the server', async () => {
    const net = server();
    renderWithProviders(<CenterDetailPage />, ['/centerDetail?id=abc']);
    expect(await screen.findByText('消息地址不正确')).toBeTruthy();
    expect(calls(net, 'detail')).toHaveLength(0);
  });
});

describe('the bell', () => {
  it('shows the unread count in its name and badge, and leads to /center', async () => {
    server();
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <MessageBell to="/center" />
        <LocationProbe />
      </>,
      ['/home'],
    );
    const bell = await screen.findByLabelText('消息中心，2 条未读');
    expect(bell.querySelector('.ant-badge')?.textContent).toContain('2');
    await user.click(bell);
    expect(screen.getByTestId('location').textContent).toBe('/center');
  });

  it('reads 无未读消息 at zero', () => {
    expect(bellLabel(0)).toBe('消息中心，无未读消息');
    expect(bellLabel(120)).toBe('消息中心，120 条未读');
  });
});

describe('enterprise-service accounts (ADR 0033)', () => {
  it.each([
    ['the main account (set C)', { is_news: 1, com_id: 0 }],
    ['a staff member (set D)', { is_news: 1, com_id: 5 }],
  ])(
    '%s opens /center from the bell and reads a message on /centerDetail',
    async (_, patch) => {
      setToken('tok');
      // /work is the landing page of both (the visits' 工作台, ADR 0040): its calls answer an empty week.
      const net = server((c) =>
        c.url === '/v1/user/info'
          ? ok(makeUser({ name: '服务专员', ...patch }))
          : c.url.startsWith('/v1/visit/calendar')
            ? ok([])
            : c.url.startsWith('/v1/visit/index')
              ? ok({ list: [], total: 0, page: 1, page_size: 5 })
              : c.url.startsWith('/v1/visit/visitListnews')
                ? ok({
                    latest: [],
                    counts: { plan_today: 0, plan_week: 0, follow_open: 0, done_month: 0, plan_overdue: 0 },
                  })
                : undefined,
      );
      const user = userEvent.setup();
      const router = renderApp('/work');
      await user.click(await screen.findByLabelText('消息中心，2 条未读', undefined, { timeout: 20_000 }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/center'));
      await user.click(await screen.findByRole('link', { name: /年费预警：一种电池/ }, { timeout: 20_000 }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/centerDetail'));
      expect(await screen.findByText('请及时缴纳年费', {}, { timeout: 20_000 })).toBeTruthy();
      expect(calls(net, 'detail')[0].body).toEqual({ id: 1 });
    },
    60_000,
  );
});
