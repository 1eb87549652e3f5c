import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IpDetail, IpRow } from '@ip/contract';
import { NonPatentPanel } from './non-patent-panel';
import NonPatentDetailsPage from './pages/non-patent-details-page';
import { mockNetwork } from '../../test/fixtures';
import { LocationProbe } from '../../test/location-probe';
import { renderWithProviders } from '../../test/render';

configure({ asyncUtilTimeout: 10_000 });

const TM: IpRow = {
  id: 5,
  kind: 'trademark',
  number: '23456781',
  name: '示例科技',
  nice_class: 9,
  application_date: '2016-05-10',
  registration_date: '2017-08-07',
  expiry_date: '2026-04-29',
  owner: '示例科技有限公司',
  status: 'registered',
  note: '',
  file_count: 1,
  expiry_status: 'expiring',
  days_left: 45,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
};
const SW: IpRow = {
  ...TM,
  id: 6,
  kind: 'software',
  number: '2021SR0456789',
  name: '示例专利管理系统 V2.0',
  nice_class: 0,
  expiry_date: null,
  expiry_status: 'valid',
  days_left: null,
};
const DETAIL: IpDetail = {
  ...TM,
  files: [{ id: 21, name: '商标注册证.png', mime: 'image/png', size: 1000, url: '/v1/common/file/21?expires=1&sig=x' }],
};

function server() {
  return mockNetwork((c) => {
    const data =
      c.url === '/v1/frontend/ip/index'
        ? { list: [TM, SW], total: 2, page: 1, page_size: 20 }
        : c.url === '/v1/frontend/ip/delete'
          ? null
          : DETAIL;
    return { data: { code: 1, msg: 'ok', data } };
  });
}
const lastBody = (net: ReturnType<typeof mockNetwork>, url: string) => net.calls.filter((c) => c.url === url).at(-1)?.body;

describe('NonPatentPanel', () => {
  it('lists trademarks and copyrights, filters by kind and keyword, and links to the detail', async () => {
    const net = server();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<NonPatentPanel />, ['/patent']);
    const link = await screen.findByRole('link', { name: '示例科技' });
    expect(link.getAttribute('href')).toBe('/NotpatentDetails?id=5');
    expect(screen.getByText('第 9 类')).toBeTruthy();
    expect(screen.getByText('剩余 45 天')).toBeTruthy();
    await user.click(screen.getByLabelText('按类型筛选'));
    await user.click((await screen.findAllByTitle('软件著作权')).at(-1)!);
    await waitFor(() => expect(lastBody(net, '/v1/frontend/ip/index')).toMatchObject({ kind: 'software', page: 1 }));
    await user.type(screen.getByLabelText('搜索非专利知识产权'), 'V2{Enter}');
    await waitFor(() => expect(lastBody(net, '/v1/frontend/ip/index')).toMatchObject({ kind: 'software', keyword: 'V2' }));
  });

  it('a trademark needs its class; the form sends a whole record', { timeout: 120_000 }, async () => {
    const net = server();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<NonPatentPanel />, ['/patent']);
    await user.click(await screen.findByRole('button', { name: /新增非专利/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('商标名称'));
    await user.paste('示例新标');
    await user.click(within(dialog).getByLabelText('注册号/申请号'));
    await user.paste('80000001');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请填写商标类别（1–45）')).toBeTruthy();
    expect(net.calls.some((c) => c.url === '/v1/frontend/ip/create')).toBe(false);
    await user.type(within(dialog).getByLabelText('商标类别（尼斯分类）'), '42');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(lastBody(net, '/v1/frontend/ip/create')).toEqual({
        kind: 'trademark',
        number: '80000001',
        name: '示例新标',
        nice_class: 42,
        application_date: null,
        registration_date: null,
        expiry_date: null,
        owner: '',
        status: 'registered',
        note: '',
        file_ids: [],
      }),
    );
  });

  it('asks before deleting', async () => {
    const net = server();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<NonPatentPanel />, ['/patent']);
    await user.click(await screen.findByLabelText('删除 示例专利管理系统 V2.0'));
    const pop = (await screen.findByText('确定删除「示例专利管理系统 V2.0」吗？')).closest('.ant-popover') as HTMLElement;
    expect(net.calls.some((c) => c.url === '/v1/frontend/ip/delete')).toBe(false);
    await user.click(within(pop).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(lastBody(net, '/v1/frontend/ip/delete')).toEqual({ id: 6 }));
  });
});

describe('/NotpatentDetails', () => {
  it('shows one record with its image previewed; deleting returns to the list', async () => {
    const net = server();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <>
        <NonPatentDetailsPage />
        <LocationProbe />
      </>,
      ['/NotpatentDetails?id=5'],
    );
    expect(await screen.findByText('23456781')).toBeTruthy();
    expect(lastBody(net, '/v1/frontend/ip/detail')).toEqual({ id: 5 });
    expect((screen.getByAltText('商标注册证.png') as HTMLImageElement).getAttribute('src')).toBe(DETAIL.files[0].url);
    await user.click(screen.getByRole('button', { name: /删\s*除/ }));
    const pop = (await screen.findByText('确定删除「示例科技」吗？')).closest('.ant-popover') as HTMLElement;
    await user.click(within(pop).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/NotpatentDetails'));
  });

  it('without an id shows the list', async () => {
    server();
    renderWithProviders(<NonPatentDetailsPage />, ['/NotpatentDetails']);
    expect(await screen.findByRole('link', { name: '示例科技' })).toBeTruthy();
  });
});
