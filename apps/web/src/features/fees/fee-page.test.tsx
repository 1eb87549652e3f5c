import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeeRow, FeeSchedule, FeeYearView } from '@ip/contract';
import FeePage from './pages/fee-page';
import { mockNetwork, type RecordedCall } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

configure({ asyncUtilTimeout: 10_000 });

const TODAY = '2026-03-15';
const year = (patch: Partial<FeeYearView>): FeeYearView => ({
  year: 5,
  start: '2025-04-01',
  due: '2026-04-01',
  full_fee: 1200,
  reduction_pct: 85,
  amount: 180,
  grace_end: '2026-10-08',
  state: 'due',
  days_left: 17,
  late_fee_pct: 0,
  late_fee: 0,
  total_if_paid_today: 180,
  restoration_fee: 1000,
  payable: true,
  payment: null,
  ...patch,
});
const row = (patch: Partial<FeeRow>): FeeRow => ({
  patent_id: 1,
  title: '一种锂电池正极材料',
  an: 'CN202110000001.1',
  type: '发明',
  category_id: 0,
  is_core: 1,
  reduction_pct: 85,
  expiry: '2041-03-31',
  state: 'due',
  next: year({}),
  ...patch,
});
const ROWS = [
  row({}),
  row({
    patent_id: 2,
    title: '无人机飞行控制方法',
    an: 'CN201910000002.2',
    state: 'grace',
    next: year({
      year: 7,
      due: '2026-01-10',
      days_left: -64,
      state: 'grace',
      late_fee_pct: 10,
      late_fee: 200,
      total_if_paid_today: 2200,
    }),
  }),
  row({ patent_id: 3, title: '一种外观设计', state: 'expired', next: null }),
];
const SCHEDULE: FeeSchedule = {
  patent: {
    id: 1,
    title: '一种锂电池正极材料',
    an: 'CN202110000001.1',
    type: '发明',
    filing_date: '2021-04-01',
    grant_date: '2023-06-01',
  },
  reduction_pct: 85,
  term_adjustment_days: 0,
  term: { years: 20, expiry: '2041-03-31' },
  state: 'due',
  next: year({}),
  years: [
    year({ year: 3, due: '2023-06-01', state: 'paid_at_grant', payable: false }),
    year({
      year: 4,
      due: '2024-04-01',
      state: 'paid',
      payable: false,
      payment: { year: 4, paid_on: '2024-03-20', amount: 180, payer: '财务部', note: '', file: null, created_at: '' },
    }),
    year({}),
    year({ year: 6, due: '2027-04-01', state: 'not_due', days_left: 382, payable: false }),
  ],
  today: TODAY,
};
const SUMMARY = { due_30: 1, due_30_amount: 180, due_90: 4, due_90_amount: 2280.5, grace: 1, grace_amount: 2200, lapsed: 0 };

function server(over: (c: RecordedCall) => unknown = () => undefined) {
  return mockNetwork((c) => {
    const special = over(c);
    if (special !== undefined) return special as never;
    const data: unknown =
      c.url === '/v1/frontend/fee/index'
        ? { list: ROWS, total: 3, page: 1, page_size: 20, counts: { total: 3, ...SUMMARY }, today: TODAY }
        : c.url === '/v1/frontend/fee/summary'
          ? SUMMARY
          : c.url === '/v1/frontend/fee/forecast'
            ? { months: [], total: 0, years: [] }
            : c.url === '/v1/frontend/patent/cate'
              ? { tree: [], uncategorized: 0, all: 3 }
              : c.url === '/v1/frontend/fee/export'
                ? { url: '/v1/common/file/5?expires=1&sig=c', name: '年费预警.xlsx', rows: 3, truncated: false }
                : SCHEDULE;
    return { data: { code: 1, msg: 'ok', data } };
  });
}

const lastBody = (net: ReturnType<typeof mockNetwork>, url: string) => net.calls.filter((c) => c.url === url).at(-1)?.body;

describe('/costdetails', { timeout: 90_000 }, () => {
  it('shows the summary cards, the next fees with their state tags, and the rows without a fee', async () => {
    server();
    renderWithProviders(<FeePage />, ['/costdetails']);
    expect(await screen.findByText('无人机飞行控制方法')).toBeTruthy();
    expect(screen.getByText('宽限期（滞纳金 10%）')).toBeTruthy();
    expect(screen.getByText('待缴费')).toBeTruthy();
    expect(screen.getByText('已届满')).toBeTruthy();
    expect(screen.getByText('剩余 17 天')).toBeTruthy();
    expect(screen.getByText('逾期 64 天')).toBeTruthy();
    expect(await screen.findByText('合计 ¥2,280.50')).toBeTruthy();
    expect(screen.getByText('共 3 件')).toBeTruthy();
    expect(await screen.findByText('未来五年没有待缴年费')).toBeTruthy();
  });

  it('sends the filters and sorting, and the card applies its filter; export uses the same filters', async () => {
    const net = server();
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    renderWithProviders(<FeePage />, ['/costdetails?state=grace']);
    await screen.findByText('无人机飞行控制方法');
    expect(lastBody(net, '/v1/frontend/fee/index')).toEqual({
      page: 1,
      page_size: 20,
      state: 'grace',
      sort_field: 'due',
      sort_order: 'ascend',
    });
    await user.click(screen.getByRole('button', { name: /90 天内到期/ }));
    await waitFor(() =>
      expect(lastBody(net, '/v1/frontend/fee/index')).toEqual({
        page: 1,
        page_size: 20,
        within_days: 90,
        sort_field: 'due',
        sort_order: 'ascend',
      }),
    );
    await user.type(screen.getByLabelText('搜索专利'), '电池{Enter}');
    await waitFor(() => expect(lastBody(net, '/v1/frontend/fee/index')).toMatchObject({ keyword: '电池', within_days: 90 }));
    await user.click(screen.getAllByText('应缴金额').find((el) => el.closest('th'))!);
    await waitFor(() => expect(lastBody(net, '/v1/frontend/fee/index')).toMatchObject({ sort_field: 'amount' }));
    await user.click(screen.getByRole('button', { name: /导出 Excel/ }));
    await waitFor(() =>
      expect(lastBody(net, '/v1/frontend/fee/export')).toEqual({
        within_days: 90,
        keyword: '电池',
        sort_field: 'amount',
        sort_order: 'ascend',
      }),
    );
  });

  it('?patent= opens the schedule drawer; 记录缴费 sends the year, date and amount', { timeout: 60_000 }, async () => {
    const net = server();
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    renderWithProviders(<FeePage />, ['/costdetails?patent=1']);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('年费明细：一种锂电池正极材料')).toBeTruthy();
    expect(within(drawer).getByText('已缴（授权时）')).toBeTruthy();
    expect(within(drawer).getByText(/2024-03-20 缴 ¥180.00（财务部）/)).toBeTruthy();
    await user.type(within(drawer).getByLabelText('缴费人'), '王会计');
    await user.click(within(drawer).getByRole('button', { name: /记录缴费/ }));
    await waitFor(() =>
      expect(lastBody(net, '/v1/frontend/fee/pay')).toEqual({
        patent_id: 1,
        year: 5,
        paid_on: TODAY,
        amount: 180,
        payer: '王会计',
        file_id: 0,
        note: '',
      }),
    );
  });

  it('asks before deleting a payment', async () => {
    const net = server();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FeePage />, ['/costdetails?patent=1']);
    await user.click(await screen.findByLabelText('删除第 4 年度缴费记录'));
    expect(await screen.findByText('确定删除第 4 年度的缴费记录吗？')).toBeTruthy();
    expect(net.calls.some((c) => c.url === '/v1/frontend/fee/delete_payment')).toBe(false);
    const pop = screen.getByText('确定删除第 4 年度的缴费记录吗？').closest('.ant-popover') as HTMLElement;
    await user.click(within(pop).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(lastBody(net, '/v1/frontend/fee/delete_payment')).toEqual({ patent_id: 1, year: 4 }));
  });

  it('shows the server error of a refused payment', async () => {
    server((c) =>
      c.url === '/v1/frontend/fee/pay'
        ? {
            status: 400,
            data: {
              code: 0,
              msg: '缴费日期不能晚于今天（2026-03-15）',
              fields: [{ path: 'paid_on', msg: '缴费日期不能晚于今天（2026-03-15）' }],
            },
          }
        : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FeePage />, ['/costdetails?patent=1']);
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('button', { name: /记录缴费/ }));
    expect((await screen.findAllByText('缴费日期不能晚于今天（2026-03-15）')).length).toBeGreaterThan(0);
  });
});
