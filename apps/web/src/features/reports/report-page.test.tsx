import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportData, ReportDetail, ReportSummary } from '@ip/contract';
import ReportPage from './pages/report-page';
import { mockNetwork } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

configure({ asyncUtilTimeout: 10_000 });

const empty = { total: 0, items: [] };
const DATA: ReportData = {
  company: { id: 1, name: '示例科技有限公司' },
  month: '2026-02',
  start: '2026-02-01',
  end: '2026-02-28',
  next_start: '2026-03-01',
  next_end: '2026-03-31',
  generated_at: '2026-03-01T03:00:00.000Z',
  totals: {
    patents: 8,
    in_force: 3,
    pending: 2,
    lapsed_total: 3,
    filed: 1,
    published: 0,
    granted: 0,
    lapsed: 0,
    expired: 0,
    fees_paid_count: 0,
    fees_paid_amount: 0,
    fees_due_count: 1,
    fees_due_amount: 1200,
    certificates_expiring: 0,
    monitor_hits: 0,
  },
  by_type: [{ type: '发明', count: 8 }],
  by_status: [{ status: '有权', count: 3 }],
  activity_by_month: [{ month: '2026-02', filed: 1, published: 0, granted: 0 }],
  fees_by_month: [{ month: '2026-02', amount: 0, count: 0 }],
  filed: {
    total: 1,
    items: [
      {
        patent_id: 7,
        title: '一种锂电池正极材料',
        an: 'CN202610000001.1',
        pn: null,
        type: '发明',
        date: '2026-02-10',
        legal_status: '审中',
      },
    ],
  },
  published: empty,
  granted: empty,
  lapsed: empty,
  expired: empty,
  fees_paid: empty,
  fees_due: {
    total: 1,
    items: [
      { patent_id: 9, title: '一种充电装置', an: 'CN202020000001.1', year: 7, date: '2026-03-10', amount: 1200, state: 'due' },
    ],
  },
  certificates: empty,
  monitor: { available: false, total: 0, items: [] },
};
const row = (id: number, month: string): ReportSummary => ({
  id,
  month,
  status: 'done',
  generated_at: '2026-03-01T03:00:00.000Z',
  job_id: 0,
  error: '',
  has_pdf: true,
  totals: DATA.totals,
});
const ROWS = [row(2, '2026-02'), row(1, '2026-01')];

function server() {
  return mockNetwork((c) => {
    const data =
      c.url === '/v1/frontend/report/index'
        ? { list: ROWS, total: 2, page: 1, page_size: 12, min_month: '2025-01', max_month: '2026-03' }
        : c.url === '/v1/frontend/report/detail'
          ? ({
              ...row((c.body as { id: number }).id, (c.body as { id: number }).id === 2 ? '2026-02' : '2026-01'),
              data: { ...DATA, month: (c.body as { id: number }).id === 2 ? '2026-02' : '2026-01' },
            } satisfies ReportDetail)
          : null;
    return { data: { code: 1, msg: 'ok', data } };
  });
}

describe('/report', () => {
  it('lists the months and shows the latest done report with its sections', async () => {
    const net = server();
    renderWithProviders(<ReportPage />, ['/report']);
    expect(await screen.findByText('一种锂电池正极材料')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '月度专利报告' })).toBeTruthy();
    expect(screen.getByText('2026年2月专利报告')).toBeTruthy();
    expect(screen.getByText('本月新申请（1）')).toBeTruthy();
    expect(screen.getByText('下月应缴年费（1）')).toBeTruthy();
    expect(screen.getByText('一种充电装置')).toBeTruthy();
    expect(screen.getByRole('button', { name: /下载 PDF/ })).toBeTruthy();
    expect(net.calls.find((c) => c.url === '/v1/frontend/report/detail')?.body).toEqual({ id: 2 });
  });

  it('opens another month from the list', async () => {
    const net = server();
    const user = userEvent.setup();
    renderWithProviders(<ReportPage />, ['/report']);
    await user.click(await screen.findByRole('link', { name: '2026年1月' }));
    await waitFor(() => expect(net.calls.filter((c) => c.url === '/v1/frontend/report/detail').at(-1)?.body).toEqual({ id: 1 }));
    expect(await screen.findByText('2026年1月专利报告')).toBeTruthy();
  });
});
