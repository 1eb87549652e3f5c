import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
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

const sleep = (ms: number) => act(() => new Promise<void>((r) => setTimeout(r, ms)));

describe('company search of the /work breadcrumb (spec §2, §5)', () => {
  let net: ReturnType<typeof mockNetwork>;
  let callTimes: number[];
  let inFlightDuringCall: number[];

  beforeEach(() => {
    callTimes = [];
    inFlightDuringCall = [];
    net = mockNetwork(() => {
      callTimes.push(Date.now());
      inFlightDuringCall.push(loadingCounter.get());
      return { data: { code: 1, msg: 'ok', data: COMPANIES } };
    });
  });
  afterEach(() => net.restore());

  it('warns 请输入公司名称 when 搜索 is pressed with an empty name, without calling the server', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('请输入公司名称')).toBeTruthy();

    await user.type(screen.getByPlaceholderText('请输入公司名称'), '   ');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await sleep(COMPANY_SEARCH_DELAY_MS + 200);
    expect(net.calls).toHaveLength(0);
  });

  it('searches 500 ms after the last keystroke, as a background call', async () => {
    const user = userEvent.setup();
    renderSearch();
    const input = screen.getByPlaceholderText('请输入公司名称');
    await user.type(input, '华');
    await sleep(300);
    const lastKey = Date.now();
    await user.type(input, '为');
    await sleep(300);
    // 300 ms after the first key and 300 ms after the last: still quiet.
    expect(net.calls).toHaveLength(0);
    await waitFor(() => expect(net.calls).toHaveLength(1), { timeout: 2000 });
    expect(callTimes[0] - lastKey).toBeGreaterThanOrEqual(COMPANY_SEARCH_DELAY_MS - 1);
    expect(net.calls[0]).toMatchObject({ url: '/v1/company/seachCompany', method: 'POST', body: { keword: '华为' } });
    // No full-screen overlay for the debounced search.
    expect(inFlightDuringCall).toEqual([0]);
  });

  it('choosing a result opens /workEnterprisevisit with company_id and company_name', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.type(screen.getByPlaceholderText('请输入公司名称'), '华为');
    await waitFor(() => expect(screen.getAllByText('华为终端有限公司').length).toBeGreaterThan(0), { timeout: 2000 });
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
    const user = userEvent.setup();
    renderSearch();
    const input = screen.getByPlaceholderText('请输入公司名称');
    await user.type(input, '华为');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    expect(net.calls).toHaveLength(1);
    await sleep(COMPANY_SEARCH_DELAY_MS + 200);
    expect(net.calls).toHaveLength(1);
  });

  it(`keeps at most ${COMPANY_SEARCH_CAP} results`, () => {
    const many = Array.from({ length: 1500 }, (_, i) => ({ id: i + 1, company_name: `公司${i + 1}`, num: i }));
    expect(toOptions(many)).toHaveLength(COMPANY_SEARCH_CAP);
    expect(toOptions(null)).toEqual([]);
  });
});
