import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HomeSummary } from '@ip/contract';
import { setToken } from '../../lib/storage';
import { makeUser, mockNetwork, ok } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const SUMMARY: HomeSummary = {
  company: { id: 3, company_name: '示例科技有限公司', credit_code: '91330106MA2B3C4D5E', fee_reduction: 1 },
  total: 312,
  by_type: [
    { type: '发明', count: 150 },
    { type: '实用新型', count: 130 },
    { type: '外观设计', count: 32 },
  ],
  by_status: [
    { status: '有权', count: 200 },
    { status: '审中', count: 90 },
    { status: '无权', count: 22 },
  ],
  core: 21,
  collected: 9,
  uncategorised: 40,
  year: 2026,
  granted_this_year: 17,
  applied_this_year: 25,
  expiring_this_year: 3,
  expiring_soon: [
    { patent_id: 41, title: '一种锂电池正极材料', an: 'CN201710000001.2', type: '实用新型', expiry_date: '2027-01-05' },
  ],
  certificates_expiring: [{ id: 5, name: '高新技术企业证书', kind: 'hightech', expiry_date: '2027-01-20' }],
  certificates_expiring_count: 2,
  litigation_followed: [
    { id: 8, case_no: '（2025）浙01民初88号', cause: '侵害发明专利权纠纷', status: '审理中', filing_date: '2025-03-02' },
  ],
  litigation_followed_count: 1,
  monitor_unread: 4,
};

describe('/home (company user)', () => {
  it('shows the company’s figures, each a link to the list behind it, and searches from the box', async () => {
    setToken('tok');
    mockNetwork((c) => {
      if (c.url === '/v1/user/info') return ok(makeUser({ name: '张经理' }));
      if (c.url === '/v1/frontend/home/summary') return ok(SUMMARY);
      return ok(null);
    });
    const router = renderApp('/home');
    expect(await screen.findByText('示例科技有限公司', {}, { timeout: 45_000 })).toBeTruthy();
    expect(screen.getByText('符合费减条件')).toBeTruthy();
    const invention = screen.getByRole('link', { name: '发明专利：150，查看列表' });
    expect(invention.getAttribute('href')).toBe(`/patent?type=${encodeURIComponent('发明')}`);
    expect(screen.getByRole('link', { name: '核心专利：21，查看列表' }).getAttribute('href')).toBe('/patent?core=1');
    expect(screen.getByRole('link', { name: '2026 年授权：17，查看列表' }).getAttribute('href')).toBe(
      '/patent?grant_year=2026&sort=gd_desc',
    );
    expect(screen.getByRole('link', { name: '2026 年届满：3，查看列表' }).getAttribute('href')).toBe(
      `/patent?status=${encodeURIComponent('有权')}&expiry_year=2026`,
    );
    expect(screen.getByRole('link', { name: /一种锂电池正极材料/ }).getAttribute('href')).toBe('/patentDetails?id=41');
    expect(screen.getByText('90 天内到期的证书（2）')).toBeTruthy();
    expect(screen.getByRole('link', { name: '高新技术企业证书' }).getAttribute('href')).toBe('/certificateData');
    expect(screen.getByRole('link', { name: /（2025）浙01民初88号/ }).getAttribute('href')).toBe('/litigation/details?id=8');
    expect(screen.getByRole('link', { name: '未读监控动态：4 条，查看监控预警' }).getAttribute('href')).toBe('/early');
    await userEvent.type(screen.getByLabelText('专利快速检索'), '电池{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/docking'));
    expect(router.state.location.search).toBe(`?val=${encodeURIComponent('电池')}`);
  }, 120_000);

  it('invites a trial user without a company to get verified', async () => {
    setToken('tok');
    mockNetwork((c) => {
      if (c.url === '/v1/user/info') return ok(makeUser({ type: '1' }));
      if (c.url === '/v1/frontend/home/summary') return ok({ ...SUMMARY, company: null, total: 0 });
      return ok(null);
    });
    renderApp('/home');
    expect(await screen.findByText('您当前是试用用户', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '去认证' }).length).toBeGreaterThan(0);
  });
});
