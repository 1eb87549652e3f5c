import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EnterpriseWarningList, EnterpriseWarningRow } from '@ip/contract';
import { setToken } from '../../../lib/storage';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// /workWarning 企业预警 (ADR 0048): counts per kind as tabs, the list with its act links, filters in the address, the
// export, the empty state, and a staff member without the staff filter.

const MAIN = makeUser({ id: 3, is_news: 1, com_id: 0, name: '企业服务中心' });
const STAFF = makeUser({ id: 4, is_news: 1, com_id: 3, name: '王专员' });

function row(patch: Partial<EnterpriseWarningRow>): EnterpriseWarningRow {
  return {
    key: 'no_visit:11:2026-11-20',
    kind: 'no_visit',
    kind_label: '久未走访',
    company_id: 11,
    company_name: '华芯半导体科技有限公司',
    street_name: '高新街道',
    started_on: '2026-11-20',
    detail: '最近一次走访为 2026-08-21，已 96 天未走访',
    link: '/addWaitvisit?company_id=11&company_name=%E5%8D%8E%E8%8A%AF',
    link_text: '发起走访',
    visit_link: '/addWaitvisit?company_id=11&company_name=%E5%8D%8E%E8%8A%AF',
    ...patch,
  };
}
const ROWS = [
  row({}),
  row({
    key: 'demand_red:7:2026-11-18',
    kind: 'demand_red',
    kind_label: '需求红灯',
    company_id: 12,
    company_name: '海川医药有限公司',
    started_on: '2026-11-19',
    detail: '需求“专利质押融资对接”应于 2026-11-18 前联系企业，已超期 7 天',
    link: '/workWaitvisit3?id=7',
    link_text: '办理需求',
    visit_link: '/addWaitvisit?company_id=12&company_name=x',
  }),
];
const COUNTS = { no_visit: 1, demand_red: 1, patent_lapse: 0, cert_expiry: 0, litigation: 0 };

function serve(user = MAIN, list: EnterpriseWarningList = { list: ROWS, total: 2, page: 1, page_size: 20, counts: COUNTS }) {
  setToken('tok');
  return mockNetwork((c) => {
    if (c.url === '/v1/user/info') return ok(user);
    if (c.url === '/v1/visit/warningList_two') {
      const p = (c.config.params ?? {}) as Record<string, unknown>;
      if (p.export === '1') return ok({ url: '/v1/file/x?sig=1', name: '企业预警.xlsx', rows: 2, truncated: false });
      return ok(list);
    }
    if (c.url === '/v1/company/street') return ok([{ id: 1, name: '高新街道', region: '', sort: 1, company_count: 3 }]);
    if (c.url === '/v1/visit/staff')
      return ok({
        list: [
          {
            id: 5,
            name: '李专员',
            mobile: '13800000005',
            status: 1,
            must_change_password: 0,
            created_at: '',
            company_count: 1,
            streets: [],
            scope_count: 40,
          },
        ],
        total: 1,
        page: 1,
        page_size: 100,
      });
    return ok(null);
  });
}

beforeAll(async () => {
  await import('./warnings-page');
}, 120_000);

const listCalls = (net: ReturnType<typeof mockNetwork>) =>
  net.calls
    .filter((c: RecordedCall) => c.url === '/v1/visit/warningList_two')
    .map((c) => (c.config.params ?? {}) as Record<string, unknown>);

describe('/workWarning 企业预警', () => {
  it('shows the counts, the rows with their act links, and keeps the kind and filters in the address', async () => {
    const net = serve();
    const user = userEvent.setup();
    const router = renderApp('/workWarning');
    expect(await screen.findByText('华芯半导体科技有限公司', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '全部（2）' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '需求红灯（1）' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '专利即将失效（0）' })).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('久未走访')).toBeTruthy();
    expect(within(rows[0]).getByRole('link', { name: '发起走访' }).getAttribute('href')).toContain('/addWaitvisit?company_id=11');
    expect(within(rows[1]).getByRole('link', { name: '办理需求' }).getAttribute('href')).toBe('/workWaitvisit3?id=7');
    expect(within(rows[1]).getByRole('link', { name: '发起走访' })).toBeTruthy();
    expect(within(rows[1]).getByRole('link', { name: '海川医药有限公司' }).getAttribute('href')).toBe(
      '/workEnterprisevisit?id=12',
    );

    await user.click(screen.getByRole('tab', { name: '需求红灯（1）' }));
    await waitFor(() => expect(router.state.location.search).toContain('kind=demand_red'));
    await waitFor(() => expect(listCalls(net).some((p) => p.kind === 'demand_red')).toBe(true));

    await user.type(screen.getByRole('searchbox', { name: '企业名称关键词' }), '海川{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('keyword='));
    await waitFor(() => expect(listCalls(net).some((p) => p.keyword === '海川' && p.kind === 'demand_red')).toBe(true));

    await user.click(screen.getByRole('combobox', { name: '按员工筛选' }));
    await user.click(await screen.findByTitle('李专员'));
    await waitFor(() => expect(router.state.location.search).toContain('staff_id=5'));

    await user.click(screen.getByRole('button', { name: /导出 Excel/ }));
    await waitFor(() => expect(listCalls(net).some((p) => p.export === '1' && p.staff_id === 5)).toBe(true));
  }, 180_000);

  it('a staff member has no staff filter; an empty scope says so', async () => {
    serve(STAFF, { list: [], total: 0, page: 1, page_size: 20, counts: { ...COUNTS, no_visit: 0, demand_red: 0 } });
    renderApp('/workWarning');
    expect(await screen.findByText('服务范围内暂无预警', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: '按员工筛选' })).toBeNull();
    expect(screen.getByRole('tab', { name: '全部（0）' })).toBeTruthy();
  }, 60_000);
});
