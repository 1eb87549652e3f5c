import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StatsListAnswer, StatsOverview } from '@ip/contract';
import { setToken } from '../../lib/storage';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// /dataShow 统计概览 and /dataShow/newList 统计明细 (administrator, ADR 0047), against a mocked network.

type Handler = (c: RecordedCall) => ReturnType<typeof ok> | undefined;

function serve(extra: Handler) {
  setToken('tok');
  return mockNetwork(
    (c) => extra(c) ?? (c.url === '/v1/user/info' ? ok(makeUser({ is_admin: 1, name: '系统管理员' })) : ok(null)),
  );
}
const calls = (net: ReturnType<typeof mockNetwork>, url: string) => net.calls.filter((c) => c.url === url);

const days = ['2024-06-01', '2024-06-02', '2024-06-03'];
const zeroDays = days.map((day) => ({ day, count: 0 }));
function overview(empty = false): StatsOverview {
  const k = (n: number) => (empty ? 0 : n);
  return {
    date_from: '2024-06-01',
    date_to: '2024-06-03',
    users: {
      total: k(3),
      by_kind: [
        { kind: 'company', label: '企业用户', count: k(2) },
        { kind: 'trial', label: '试用用户', count: k(1) },
      ],
      by_month: [{ month: '2024-06', company: k(2), trial: k(1), main: 0, staff: 0, admin: 0 }],
    },
    verifications: { total: k(4), pending: k(1), approved: k(2), rejected: k(1), median_hours: empty ? null : 5.5 },
    searches: {
      total: k(6),
      users: k(2),
      per_day: empty ? zeroDays : days.map((day, i) => ({ day, count: i + 1 })),
      top_terms: empty ? [] : [{ term: '锂电池', count: 4 }],
    },
    exports: { total: k(1), per_day: zeroDays },
    logins: { total: k(7), users: k(3), per_day: zeroDays },
    active_companies: {
      count: k(1),
      top: empty ? [] : [{ company_id: 9, company_name: '统计测试甲公司', logins: 3, searches: 4, exports: 1 }],
    },
  };
}

beforeAll(async () => {
  await import('./pages/data-show-page');
  await import('./pages/data-show-list-page');
}, 120_000);

describe('/dataShow 统计概览', () => {
  it('shows the figures of the range with charts that link to the list behind them', { timeout: 120_000 }, async () => {
    const net = serve((c) => (c.url === '/v1/stats/overview' ? ok(overview()) : undefined));
    renderApp('/dataShow?date_from=2024-06-01&date_to=2024-06-03');
    expect(
      await screen.findByText(
        '统计范围：2024-06-01 至 2024-06-03（北京时间）。点击「查看明细」查看图表背后的数据并导出 Excel。',
        undefined,
        { timeout: 20_000 },
      ),
    ).toBeTruthy();
    expect(calls(net, '/v1/stats/overview')[0].body).toEqual({ date_from: '2024-06-01', date_to: '2024-06-03' });
    expect(screen.getByText('审核用时中位数：5.5 小时')).toBeTruthy();
    expect(screen.getByRole('img', { name: '认证申请 4 件：待审核 1，已通过 2，已驳回 1' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '热门检索词：锂电池 4 次' })).toBeTruthy();
    const link = screen.getByRole('link', { name: '查看明细（热门检索词）' });
    expect(link.getAttribute('href')).toBe('/dataShow/newList?table=terms&date_from=2024-06-01&date_to=2024-06-03');
    expect(screen.getByRole('link', { name: '活跃企业 1，查看明细' })).toBeTruthy();
  });

  it('a range without data shows empty states, not empty charts', { timeout: 120_000 }, async () => {
    serve((c) => (c.url === '/v1/stats/overview' ? ok(overview(true)) : undefined));
    renderApp('/dataShow');
    expect(await screen.findByText('审核用时中位数：—', undefined, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getAllByText('所选日期范围内暂无数据')).toHaveLength(6);
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('/dataShow/newList 统计明细', () => {
  it('lists a table, filters it in the address, switches tables', { timeout: 120_000 }, async () => {
    const answer = (table: string): StatsListAnswer => ({
      table: table as StatsListAnswer['table'],
      date_from: '2024-06-01',
      date_to: '2024-06-03',
      total: 1,
      list:
        table === 'verifications'
          ? [
              {
                id: 1,
                company_name: '申请甲',
                contact: '王',
                mobile: '13900000002',
                status: 1,
                status_label: '已通过',
                created_at: '2024-06-02T00:00:00.000Z',
                reviewed_at: '2024-06-02T04:00:00.000Z',
                hours: 4,
              },
            ]
          : [
              {
                id: 5,
                name: '甲一',
                mobile: '13900000001',
                kind: 'company',
                kind_label: '企业用户',
                company_name: '统计测试甲公司',
                created_at: '2024-06-01T15:30:00.000Z',
              },
            ],
    });
    const net = serve((c) => {
      if (c.url === '/v1/stats/list') return ok(answer((c.body as { table: string }).table));
      return undefined;
    });
    const user = userEvent.setup();
    const router = renderApp('/dataShow/newList?date_from=2024-06-01&date_to=2024-06-03');
    const table = await screen.findByRole('table', undefined, { timeout: 20_000 });
    expect(await within(table).findByText('甲一')).toBeTruthy();
    expect(within(table).getByText('2024-06-01 23:30:00')).toBeTruthy();
    expect(calls(net, '/v1/stats/list')[0].body).toEqual({
      table: 'users',
      date_from: '2024-06-01',
      date_to: '2024-06-03',
      page: 1,
      page_size: 20,
    });

    await user.type(screen.getByRole('searchbox', { name: '搜索姓名、手机号或企业' }), '甲公司{enter}');
    await waitFor(() => expect(router.state.location.search).toContain('keyword=%E7%94%B2%E5%85%AC%E5%8F%B8'));
    await waitFor(() => expect(calls(net, '/v1/stats/list').at(-1)!.body).toMatchObject({ keyword: '甲公司' }));

    await user.click(screen.getByRole('tab', { name: '认证申请' }));
    await waitFor(() => expect(calls(net, '/v1/stats/list').at(-1)!.body).toMatchObject({ table: 'verifications' }));
    expect(calls(net, '/v1/stats/list').at(-1)!.body).not.toHaveProperty('keyword');
    expect(await screen.findByText('申请甲')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '按审核状态筛选' })).toBeTruthy();
  });
});
