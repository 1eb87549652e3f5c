import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { COMPANY_SEARCH_CAP, COMPANY_SEARCH_DELAY_MS } from '@ip/contract';
import { CompanySearch, toOptions } from './company-search';
import { loadingCounter } from '../api/loading';
import { UiProvider } from '../lib/ui-provider';
import { LocationProbe, mockNetwork } from '../test/fixtures';

const COMPANIES = [
  { id: 12, company_name: '华为技术有限公司', num: 3 },
  { id: 13, company_name: '华为终端有限公司', num: 1 },
];

function renderSearch() {
  return render(
    <UiProvider>
      <MemoryRouter initialEntries={['/workCompany']}>
        <CompanySearch />
        <LocationProbe />
      </MemoryRouter>
    </UiProvider>,
  );
}

/**
 * Moves the fake clock on by `ms` and runs every timer due. The async variant yields to the real event loop after
 * each timer, so a call the timer starts has reached the network adapter when this resolves.
 */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('company search of the /work breadcrumb (spec §2, §5)', () => {
  let net: ReturnType<typeof mockNetwork>;
  let callTimes: number[];
  let inFlightDuringCall: number[];

  beforeEach(() => {
    // The debounce runs on a fake clock that moves only when the test moves it: the 500 ms are measured exactly,
    // however busy the machine is. Only setTimeout and Date are faked; the rest of the event loop stays real.
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // Testing Library recognises fake timers only through a `jest` global: with it, its async utilities (and
    // user-event, which waits through them) advance the fake clock instead of waiting for a real setTimeout.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    callTimes = [];
    inFlightDuringCall = [];
    net = mockNetwork(() => {
      callTimes.push(Date.now());
      inFlightDuringCall.push(loadingCounter.get());
      return { data: { code: 1, msg: 'ok', data: COMPANIES } };
    });
  });
  afterEach(() => {
    net.restore();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const setupUser = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

  it('warns 请输入公司名称 when 搜索 is pressed with an empty name, without calling the server', async () => {
    const user = setupUser();
    renderSearch();
    await user.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('请输入公司名称')).toBeTruthy();

    await user.type(screen.getByPlaceholderText('请输入公司名称'), '   ');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    // Well past the debounce delay: a blank name schedules no search either.
    await advance(COMPANY_SEARCH_DELAY_MS * 2);
    expect(net.calls).toHaveLength(0);
  });

  it('searches 500 ms after the last keystroke, as a background call', async () => {
    const user = setupUser();
    renderSearch();
    const input = screen.getByPlaceholderText('请输入公司名称');
    await user.type(input, '华');
    await advance(300);
    const lastKey = Date.now();
    await user.type(input, '为');
    // 799 ms after the first key and 499 ms after the last: still quiet (the second key restarted the delay).
    await advance(COMPANY_SEARCH_DELAY_MS - 1);
    expect(net.calls).toHaveLength(0);
    // 500 ms after the last key: exactly one search, for the whole name.
    await advance(1);
    expect(net.calls).toHaveLength(1);
    expect(callTimes[0] - lastKey).toBe(COMPANY_SEARCH_DELAY_MS);
    expect(net.calls[0]).toMatchObject({ url: '/v1/company/seachCompany', method: 'POST', body: { keword: '华为' } });
    // No full-screen overlay for the debounced search.
    expect(inFlightDuringCall).toEqual([0]);
    // And no second search later.
    await advance(COMPANY_SEARCH_DELAY_MS * 2);
    expect(net.calls).toHaveLength(1);
  });

  it('choosing a result opens /workEnterprisevisit with company_id and company_name', async () => {
    const user = setupUser();
    renderSearch();
    await user.type(screen.getByPlaceholderText('请输入公司名称'), '华为');
    await advance(COMPANY_SEARCH_DELAY_MS);
    expect(net.calls).toHaveLength(1);
    await screen.findAllByText('华为终端有限公司');
    // The visible dropdown entry (rc-select also keeps an accessibility copy of the options).
    const option = screen.getAllByText('华为终端有限公司').find((el) => el.closest('.ant-select-item-option'));
    expect(option).toBeTruthy();
    await user.click(option!);
    const url = new URL(screen.getByTestId('location').textContent ?? '', 'http://x');
    expect(url.pathname).toBe('/workEnterprisevisit');
    expect(url.searchParams.get('company_id')).toBe('13');
    expect(url.searchParams.get('company_name')).toBe('华为终端有限公司');
  });

  it('the 搜索 button searches at once, without waiting', async () => {
    const user = setupUser();
    renderSearch();
    const input = screen.getByPlaceholderText('请输入公司名称');
    await user.type(input, '华为');
    const pressed = Date.now();
    await user.click(screen.getByRole('button', { name: '搜索' }));
    // Let the call reach the adapter without moving the clock.
    await advance(0);
    expect(net.calls).toHaveLength(1);
    expect(callTimes[0]).toBe(pressed);
    expect(net.calls[0]).toMatchObject({ body: { keword: '华为' } });
    // The pending debounced search was dropped: still one call well after the delay.
    await advance(COMPANY_SEARCH_DELAY_MS * 2);
    expect(net.calls).toHaveLength(1);
  });

  it(`keeps at most ${COMPANY_SEARCH_CAP} results`, () => {
    const many = Array.from({ length: 1500 }, (_, i) => ({ id: i + 1, company_name: `公司${i + 1}`, num: i }));
    expect(toOptions(many)).toHaveLength(COMPANY_SEARCH_CAP);
    expect(toOptions(null)).toEqual([]);
  });
});
