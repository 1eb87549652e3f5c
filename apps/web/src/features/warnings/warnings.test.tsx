import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CertificateExpireList, HolidayList, WarningSetting } from '@ip/contract';
import { setToken } from '../../lib/storage';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { buttonByText } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { renderWithProviders } from '../../test/render';
import { HolidaysPanel } from '../system/components/holidays-panel';

// Issue 10 (ADR 0027): /system 节假日 (administrator), /system 提醒设置 (company) and /certificateExpire, against a
// mocked network.

type Handler = (c: RecordedCall) => ReturnType<typeof ok> | { status: number; data: unknown } | undefined;

function serve(user = makeUser(), extra: Handler = () => undefined) {
  setToken('tok');
  return mockNetwork((c) => {
    const answer = extra(c);
    if (answer) return answer;
    if (c.url === '/v1/user/info') return ok(user);
    return ok(null);
  });
}
const calls = (net: ReturnType<typeof mockNetwork>, url: string) => net.calls.filter((c) => c.url === url);

beforeAll(async () => {
  await import('../system/pages/system-page');
  await import('./pages/certificate-expire-page');
}, 120_000);

const YEAR = Number(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 4));
const HOLIDAYS: HolidayList = {
  year: YEAR,
  package_knows: true,
  package_years: [2025, 2026],
  list: [
    { day: `${YEAR}-10-01`, working: 0, name: '国庆节', source: 'package', updated_at: '2026-01-01T00:00:00Z' },
    { day: `${YEAR}-10-10`, working: 1, name: '国庆节', source: 'admin', updated_at: '2026-01-01T00:00:00Z' },
  ],
};

describe('/system 节假日 (administrator)', () => {
  it('lists the year, adds a day after checking it, and deletes one after confirming', { timeout: 120_000 }, async () => {
    const net = serve(makeUser({ is_admin: 1, name: '系统管理员' }), (c) => {
      if (c.url === '/v1/system/holiday/index') return ok(HOLIDAYS);
      if (c.url === '/v1/system/storage') return { status: 403, data: { code: 0, msg: '测试中不加载' } };
      if (c.url === '/v1/system/holiday/save') return ok({ ...(c.body as object), source: 'admin', updated_at: '' });
      return undefined;
    });
    const user = userEvent.setup();
    // The panel alone: the whole administrator /system page in jsdom took minutes on a loaded machine; the tab on the
    // real page is checked in a browser by apps/web/e2e/certificate-expire.e2e.ts.
    renderWithProviders(<HolidaysPanel />);
    expect(await screen.findByText(`${YEAR}-10-01`, undefined, { timeout: 15_000 })).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByText('休')).toBeTruthy();
    expect(within(table).getByText('班（调休上班）')).toBeTruthy();
    expect(within(table).getByText('管理员修改')).toBeTruthy();
    expect(screen.getByText(`${YEAR} 年：放假 1 天，调休上班 1 天`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /新增日期/ }));
    const dialog = await screen.findByRole('dialog');
    const day = within(dialog).getByRole('textbox', { name: '日期' });
    await user.clear(day);
    await user.type(day, `${YEAR}-02-30`);
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('日期格式不正确，应为有效日期 YYYY-MM-DD')).toBeTruthy();
    expect(calls(net, '/v1/system/holiday/save')).toHaveLength(0);
    await user.clear(day);
    await user.type(day, `${YEAR}-06-01`);
    await user.click(within(dialog).getByRole('radio', { name: '班（调休上班）' }));
    await user.type(within(dialog).getByRole('textbox', { name: '名称' }), '测试');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls(net, '/v1/system/holiday/save')).toHaveLength(1));
    expect(calls(net, '/v1/system/holiday/save')[0].body).toEqual({ day: `${YEAR}-06-01`, working: 1, name: '测试' });

    await user.click(screen.getByLabelText(`删除 ${YEAR}-10-01`));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(calls(net, '/v1/system/holiday/delete')).toHaveLength(1));
    expect(calls(net, '/v1/system/holiday/delete')[0].body).toEqual({ day: `${YEAR}-10-01` });
  });
});

const SETTING: WarningSetting = {
  fee_days: [90, 30, 7],
  fee_grace_monthly: true,
  certificate_days: [90, 30, 7],
  custom: false,
  editable: true,
  updated_at: null,
};

describe('/system 提醒设置 (company)', () => {
  it('checks the days and saves them', { timeout: 120_000 }, async () => {
    const net = serve(makeUser(), (c) => {
      if (c.url === '/v1/frontend/warning/setting') return ok(SETTING);
      if (c.url === '/v1/frontend/warning/save') return ok({ ...SETTING, ...(c.body as object), custom: true });
      if (c.url === '/v1/frontend/company/info') return { status: 403, data: { code: 0, msg: '无' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/system?tab=warning');
    const fee = (await screen.findByRole('textbox', { name: '年费提醒（到期前天数）' }, { timeout: 15_000 })) as HTMLInputElement;
    await waitFor(() => expect(fee.value).toBe('90, 30, 7'));
    await user.clear(fee);
    await user.type(fee, '0, 30');
    await user.click(buttonByText(/^保\s*存$/));
    expect(await screen.findByText('年费提醒天数须在 1–3650 天之间')).toBeTruthy();
    await user.clear(fee);
    await user.type(fee, '60，15');
    const cert = screen.getByRole('textbox', { name: '证书到期提醒（到期前天数）' });
    await user.clear(cert);
    await user.type(cert, '30 180');
    await user.click(buttonByText(/^保\s*存$/));
    await waitFor(() => expect(calls(net, '/v1/frontend/warning/save')).toHaveLength(1));
    expect(calls(net, '/v1/frontend/warning/save')[0].body).toEqual({
      fee_days: [60, 15],
      fee_grace_monthly: true,
      certificate_days: [30, 180],
    });
    expect(await screen.findByText('提醒设置已保存')).toBeTruthy();
  });

  it('a sub-account reads them only', async () => {
    serve(makeUser({ rid: 1 }), (c) =>
      c.url === '/v1/frontend/warning/setting' ? ok({ ...SETTING, editable: false }) : undefined,
    );
    renderApp('/system?tab=warning');
    expect(await screen.findByText('提醒设置由企业主账号维护，子账号仅可查看', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
  });
});

const EXPIRE: CertificateExpireList = {
  total: 3,
  page: 1,
  page_size: 20,
  lead_days: [90, 30, 7],
  counts: { expired: 1, normal: 0, bands: { '7': 1, '30': 1, '90': 0 } },
  list: [
    {
      key: 'certificate:3',
      source: 'certificate',
      id: 3,
      kind: 'iso',
      kind_label: 'ISO 体系认证证书',
      number: 'ISO-1',
      name: 'ISO 9001 质量管理体系认证证书',
      expiry_date: '2026-03-01',
      days_left: -14,
      state: 'expired',
      band: null,
      state_label: '已过期',
      link: '/certificateData?view=3',
    },
    {
      key: 'certificate:4',
      source: 'certificate',
      id: 4,
      kind: 'qualification',
      kind_label: '资质证书',
      number: 'ICP-1',
      name: '增值电信业务经营许可证（ICP）',
      expiry_date: '2026-03-20',
      days_left: 5,
      state: 'warning',
      band: 7,
      state_label: '7 天内',
      link: '/certificateData?view=4',
    },
    {
      key: 'ip:9',
      source: 'ip',
      id: 9,
      kind: 'trademark',
      kind_label: '商标',
      number: 'TM-1',
      name: '示例商标',
      expiry_date: '2026-04-04',
      days_left: 20,
      state: 'warning',
      band: 30,
      state_label: '30 天内',
      link: '/NotpatentDetails?id=9',
    },
  ],
};

describe('/certificateExpire', () => {
  it('lists by expiry with state and days left, links to the detail, filters through the URL', async () => {
    const net = serve(makeUser(), (c) => (c.url === '/v1/frontend/certificate/expire' ? ok(EXPIRE) : undefined));
    const user = userEvent.setup();
    const router = renderApp('/certificateExpire');
    expect(await screen.findByText('增值电信业务经营许可证（ICP）', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('已过期 14 天')).toBeTruthy();
    expect(screen.getByText('7 天内')).toBeTruthy();
    expect(screen.getByText('1 项将在 7 天内到期，1 项已过期，请及时办理续期或复审')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看 示例商标 详情' }).getAttribute('href')).toBe('/NotpatentDetails?id=9');
    expect(screen.getByRole('link', { name: '查看 增值电信业务经营许可证（ICP） 详情' }).getAttribute('href')).toBe(
      '/certificateData?view=4',
    );

    await user.type(screen.getByRole('spinbutton', { name: '多少天内到期' }), '30');
    await waitFor(() => expect(router.state.location.search).toContain('within=30'));
    await waitFor(() =>
      expect(
        calls(net, '/v1/frontend/certificate/expire').some((c) => (c.body as { within_days?: number }).within_days === 30),
      ).toBe(true),
    );
  });

  it('narrows to one certificate from a message link (?id=) and offers to show all', async () => {
    const net = serve(makeUser(), (c) =>
      c.url === '/v1/frontend/certificate/expire' ? ok({ ...EXPIRE, list: [EXPIRE.list[1]], total: 1 }) : undefined,
    );
    renderApp('/certificateExpire?id=4&state=7');
    expect(await screen.findByText('仅显示消息所指的证书', {}, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(calls(net, '/v1/frontend/certificate/expire').length).toBeGreaterThan(0));
    expect(calls(net, '/v1/frontend/certificate/expire')[0].body).toMatchObject({ id: 4, state: 'warning', band: 7 });
  });
});
