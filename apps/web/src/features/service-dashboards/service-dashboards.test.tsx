import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  ServiceCenter,
  ServiceCenterType,
  ServiceMonths,
  ServiceStaffStats,
  ServiceStatsCompanyList,
  ServiceStreetRates,
  ServiceStreets,
} from '@ip/contract';
import { setToken } from '../../lib/storage';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// /newhome, /visualization/Visit and /datapage (main account, ADR 0052), against a mocked network.

type Handler = (c: RecordedCall) => ReturnType<typeof ok> | undefined;
const scope = { date_from: '2025-12-01', date_to: '2026-11-25', street_id: null, staff_id: null };

function center(empty = false): ServiceCenter {
  const k = (n: number) => (empty ? 0 : n);
  return {
    ...scope,
    enterprises: k(12),
    granted_inventions: k(7),
    visits_today: k(1),
    visits_week: k(3),
    visits_month: k(9),
    open_demands: k(4),
    red_demands: k(2),
    yellow_demands: k(1),
    visits: k(40),
    demands: k(10),
    handled: k(8),
    on_time: k(6),
    on_time_rate: empty ? null : 75,
  };
}
const streets = (streetId?: number): ServiceStreets => ({
  ...scope,
  street_id: streetId ?? null,
  list: [
    { street_id: 1, street_name: '东城街道', enterprises: 5, visits: 20, demands: 6, open_demands: 2, red_demands: 1 },
    { street_id: 2, street_name: '西城街道', enterprises: 7, visits: 20, demands: 4, open_demands: 2, red_demands: 1 },
  ],
});
const rates: ServiceStreetRates = {
  ...scope,
  list: [{ street_id: 1, street_name: '东城街道', handled: 4, on_time: 3, on_time_rate: 75 }],
};
const months: ServiceMonths = { ...scope, list: [{ month: '2026-11', visits: 9, demands: 3, handled: 2, on_time: 2 }] };
const staff: ServiceStaffStats = {
  ...scope,
  list: [{ staff_id: 8, name: '走访员甲', visits: 9, plans: 2, handled: 2, on_time: 1, on_time_rate: 50 }],
};
const types: ServiceCenterType = {
  ...scope,
  visits_by_status: [
    { key: 'plan', label: '待走访', count: 2 },
    { key: 'done', label: '已走访', count: 40 },
    { key: 'cancelled', label: '已取消', count: 0 },
  ],
  demands_by_status: [
    { key: 'registered', label: '待分派', count: 1 },
    { key: 'assigned', label: '办理中', count: 3 },
    { key: 'handled', label: '待评价', count: 2 },
    { key: 'evaluated', label: '待回访', count: 0 },
    { key: 'closed', label: '已办结', count: 4 },
  ],
  lights: { red: 2, yellow: 1, green: 1 },
  demands_by_label: [{ label_id: 0, name: '未分类', count: 10 }],
};
const companies: ServiceStatsCompanyList = {
  ...scope,
  total: 1,
  page: 1,
  page_size: 20,
  list: [
    {
      company_id: 3,
      company_name: '看板测试甲公司',
      street_name: '东城街道',
      visits: 4,
      last_visit: '2026-11-20',
      demands: 2,
      open_demands: 1,
    },
  ],
};

function serve(extra: Handler = () => undefined, empty = false) {
  setToken('tok');
  return mockNetwork((c) => {
    const r = extra(c);
    if (r) return r;
    const p = (c.config.params ?? {}) as { street_id?: number };
    switch (c.url) {
      case '/v1/user/info':
        return ok(makeUser({ is_news: 1, com_id: 0, name: '服务中心' }));
      case '/v1/visit/center':
        return ok(p.street_id ? { ...center(), street_id: p.street_id, enterprises: 5 } : center(empty));
      case '/v1/visit/centertype':
        return ok(types);
      case '/v1/visit/getleftlist':
        return ok(months);
      case '/v1/visit/getrightlist':
        return ok(staff);
      case '/v1/street/center':
        return ok(empty ? { ...scope, list: [] } : streets(p.street_id));
      case '/v1/street/centerrat':
        return ok(rates);
      case '/v1/street/getleftlist':
        return ok([
          { street_id: 1, street_name: '东城街道', enterprises: 5 },
          { street_id: 2, street_name: '西城街道', enterprises: 7 },
        ]);
      case '/v1/street/getrightlist':
        return ok(companies);
      case '/v1/visit/calendar':
        return ok([]);
      case '/v1/demand/list':
        return ok({ list: [], total: 0, page: 1, page_size: 5, counts: { red: 0, yellow: 0, green: 0 } });
      case '/v1/visit/staff':
        return ok({ list: [{ id: 8, name: '走访员甲', mobile: '13900000008' }], total: 1, page: 1, page_size: 100 });
      default:
        return ok(null);
    }
  });
}
const calls = (net: ReturnType<typeof mockNetwork>, url: string) => net.calls.filter((c) => c.url === url);

beforeAll(async () => {
  await import('./pages/new-home-page');
  await import('./pages/visit-visual-page');
  await import('./pages/data-page');
}, 120_000);

describe('/newhome 首页', () => {
  it('shows the six key figures, each linking to its list, and the warning link', { timeout: 120_000 }, async () => {
    serve();
    renderApp('/newhome');
    const link = await screen.findByRole('link', { name: '红灯需求 2件，查看列表' }, { timeout: 20_000 });
    expect(link.getAttribute('href')).toBe('/workWaitvisit3?light=red');
    expect(screen.getByRole('link', { name: '服务企业 12家，查看列表' }).getAttribute('href')).toBe('/workCompany');
    expect(screen.getByRole('link', { name: '按时办理率 75%，查看列表' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '有效发明专利 7件，查看列表' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '未办结需求 4件，查看列表' })).toBeTruthy();
    expect(screen.getByText('今日走访（1）')).toBeTruthy();
    expect(screen.getByText('本周走访（3）')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看企业预警' }).getAttribute('href')).toBe('/workWarning');
    expect(await screen.findByText('没有超期的需求')).toBeTruthy();
  });
});

describe('/visualization/Visit 走访可视化', () => {
  it('draws every panel and filters them all by street', { timeout: 120_000 }, async () => {
    const net = serve();
    const user = userEvent.setup();
    const router = renderApp('/visualization/Visit');
    expect(await screen.findByRole('img', { name: /^按街道统计：东城街道 走访 20 次/ }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('img', { name: '各街道按时办理率：东城街道 75%（办理 4 件）' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '按人员统计：走访员甲 走访 9 次' })).toBeTruthy();
    expect(within(screen.getByTestId('visit-figures')).getByText('75%')).toBeTruthy();
    // the street select does what a click on a bar does
    await user.click(screen.getByRole('combobox', { name: '街道' }));
    await user.click(await screen.findByTitle('西城街道（7）'));
    await waitFor(() => expect(router.state.location.search).toContain('street_id=2'));
    await waitFor(() => expect(calls(net, '/v1/visit/center').at(-1)!.config.params).toMatchObject({ street_id: 2 }));
    expect(calls(net, '/v1/visit/getleftlist').at(-1)!.config.params).toMatchObject({ street_id: 2 });
    expect(calls(net, '/v1/visit/getrightlist').at(-1)!.config.params).toMatchObject({ street_id: 2 });
    // the street comparison itself stays on every street
    expect(calls(net, '/v1/street/center').at(-1)!.config.params).not.toHaveProperty('street_id');
    expect(await screen.findByText('按月趋势（西城街道）')).toBeTruthy();
  });

  it('an office without data shows empty states', { timeout: 120_000 }, async () => {
    serve(() => undefined, true);
    renderApp('/visualization/Visit');
    expect(await screen.findByText('按街道统计', undefined, { timeout: 20_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('所选范围内暂无数据').length).toBeGreaterThan(0));
    expect(screen.queryByRole('img', { name: /^按街道统计/ })).toBeNull();
  });
});

describe('/datapage 数据明细', () => {
  it('lists the tables, filters in the address and exports', { timeout: 120_000 }, async () => {
    const net = serve((c) => (c.url === '/v1/visit/dataExport' ? ok(new Blob(['x'])) : undefined));
    const user = userEvent.setup();
    const router = renderApp('/datapage?date_from=2026-01-01&date_to=2026-06-30');
    const table = await screen.findByRole('table', undefined, { timeout: 20_000 });
    expect(await within(table).findByText('东城街道')).toBeTruthy();
    expect(within(table).getByText('75%')).toBeTruthy();
    expect(calls(net, '/v1/street/center')[0].config.params).toEqual({ date_from: '2026-01-01', date_to: '2026-06-30' });

    await user.click(screen.getByRole('tab', { name: '企业走访明细' }));
    await waitFor(() => expect(router.state.location.search).toContain('table=companies'));
    expect(await screen.findByText('看板测试甲公司')).toBeTruthy();
    expect(calls(net, '/v1/street/getrightlist').at(-1)!.config.params).toMatchObject({
      date_from: '2026-01-01',
      page: 1,
      page_size: 20,
      sort: 'visits',
    });

    await user.click(screen.getByRole('combobox', { name: '走访人员' }));
    await user.click(await screen.findByTitle('走访员甲'));
    await waitFor(() => expect(calls(net, '/v1/street/getrightlist').at(-1)!.config.params).toMatchObject({ staff_id: 8 }));

    await user.click(screen.getByRole('button', { name: '导出 Excel' }));
    await waitFor(() => expect(calls(net, '/v1/visit/dataExport')).toHaveLength(1));
    expect(calls(net, '/v1/visit/dataExport')[0].config.params).toMatchObject({ table: 'companies', staff_id: 8 });
  });
});
