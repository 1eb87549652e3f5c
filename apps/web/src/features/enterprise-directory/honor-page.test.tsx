import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HonorRow, StreetRow } from '@ip/contract';
import { setToken } from '../../lib/storage';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// /honor (企业荣誉, ADR 0041): the office's honours with filters in the address, add, edit, delete, export.

const MAIN = makeUser({ is_news: 1, com_id: 0, is_admin: 0, name: '企业服务中心' });
const STREETS: StreetRow[] = [
  { id: 1, name: '高新街道', region: '示例高新区', sort: 1, company_count: 40 },
  { id: 8, name: '梅林街道', region: '示例高新区', sort: 8, company_count: 30 },
];
const honor = (id: number, extra: Partial<HonorRow> = {}): HonorRow => ({
  id,
  company_id: 11,
  company_name: '华芯半导体科技有限公司',
  street_name: '梅林街道',
  name: '国家高新技术企业',
  level: '国家级',
  year: 2024,
  issuer: '科学技术部',
  file_id: 0,
  file: null,
  created_at: '2026-05-01T02:00:00.000Z',
  updated_at: '2026-05-01T02:00:00.000Z',
  ...extra,
});
const HONORS = [
  honor(1),
  honor(2, { company_id: 12, company_name: '绿源新能源科技有限公司', name: '市级瞪羚企业', level: '市级', year: 2022 }),
];

function serve(extra: (c: RecordedCall) => ReturnType<typeof ok> | undefined = () => undefined) {
  setToken('tok');
  return mockNetwork((c) => {
    const answer = extra(c);
    if (answer) return answer;
    if (c.url === '/v1/user/info') return ok(MAIN);
    if (c.url === '/v1/company/street') return ok(STREETS);
    if (c.url === '/v1/company/honorlist') return ok({ list: HONORS, total: 2, page: 1, page_size: 20, years: [2024, 2022] });
    if (c.url === '/v1/company/seachCompany') return ok([{ id: 13, company_name: '示例科技有限公司', num: 5 }]);
    return ok(null);
  });
}

beforeAll(async () => {
  await import('./pages/honor-page');
}, 120_000);

const calls = (net: ReturnType<typeof mockNetwork>, url: string) => net.calls.filter((c) => c.url === url);

async function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen.getAllByRole('dialog').find((d) => within(d).queryByText(title));
    if (!dialog) throw new Error(`no dialog titled ${title}`);
    return dialog;
  });
}

describe('/honor', () => {
  it('lists honours with links to the enterprise page and keeps the filters in the address', async () => {
    const net = serve();
    const user = userEvent.setup();
    const router = renderApp('/honor?level=国家级');
    const link = await screen.findByRole('link', { name: '华芯半导体科技有限公司' }, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe(
      `/workEnterprisevisit?company_id=11&company_name=${encodeURIComponent('华芯半导体科技有限公司')}`,
    );
    expect(screen.getByText('市级瞪羚企业')).toBeTruthy();
    await waitFor(() => expect(calls(net, '/v1/company/honorlist').at(-1)?.config.params).toMatchObject({ level: '国家级' }));
    await user.type(screen.getByRole('searchbox', { name: '搜索荣誉' }), '瞪羚{Enter}');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('瞪羚'));
    await waitFor(() =>
      expect(calls(net, '/v1/company/honorlist').at(-1)?.config.params).toMatchObject({ level: '国家级', keyword: '瞪羚' }),
    );
  });

  it('adds an honour after checking the form', async () => {
    const net = serve((c) =>
      c.url === '/v1/company/honorAdd'
        ? ok(honor(3, { company_id: 13, company_name: '示例科技有限公司', name: '区级创新型企业', level: '区级' }))
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/honor');
    await screen.findByText('市级瞪羚企业', undefined, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: /新增荣誉/ }));
    const dialog = await dialogTitled('新增荣誉');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请选择企业')).toBeTruthy();
    expect(within(dialog).getByText('请输入荣誉名称')).toBeTruthy();
    expect(calls(net, '/v1/company/honorAdd')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('企业'), '示例');
    fireEvent.click(await screen.findByTitle('示例科技有限公司', undefined, { timeout: 5000 }));
    fireEvent.change(within(dialog).getByLabelText('荣誉名称'), { target: { value: '区级创新型企业' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('级别'));
    fireEvent.click(await screen.findByTitle('区级'));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls(net, '/v1/company/honorAdd'), dialog.textContent ?? '').toHaveLength(1));
    expect(calls(net, '/v1/company/honorAdd')[0].body).toMatchObject({
      company_id: 13,
      name: '区级创新型企业',
      level: '区级',
      issuer: '',
      file_id: 0,
    });
    expect(await screen.findByText('已为「示例科技有限公司」新增荣誉')).toBeTruthy();
  }, 120_000);

  it('deletes an honour only after confirmation', async () => {
    const net = serve((c) => (c.url === '/v1/company/honorDel' ? ok({ id: 1 }) : undefined));
    renderApp('/honor');
    await screen.findByText('市级瞪羚企业', undefined, { timeout: 15_000 });

    // By its aria-label: getByRole would compute the accessible name of every element of the table (14 s here).
    fireEvent.click(screen.getByLabelText('删除 华芯半导体科技有限公司 国家高新技术企业'));
    expect(await screen.findByText('确定删除「国家高新技术企业」吗？')).toBeTruthy();
    expect(calls(net, '/v1/company/honorDel')).toHaveLength(0);
    fireEvent.click(within(document.querySelector('.ant-popconfirm') as HTMLElement).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(calls(net, '/v1/company/honorDel')).toHaveLength(1));
    expect(calls(net, '/v1/company/honorDel')[0].body).toEqual({ id: 1 });
  }, 120_000);

  it('exports the current filters', async () => {
    const net = serve((c) =>
      c.url === '/v1/company/honorExport'
        ? ok({ url: '/v1/common/file/9?sig=x', name: '企业荣誉_20260501.xlsx', rows: 2, truncated: false })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/honor?street_id=8');
    await screen.findByText('市级瞪羚企业', undefined, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: /导出 Excel/ }));
    await waitFor(() => expect(calls(net, '/v1/company/honorExport')).toHaveLength(1));
    expect(calls(net, '/v1/company/honorExport')[0].body).toEqual({ street_id: 8 });
    expect(await screen.findByText('已导出 2 条')).toBeTruthy();
  });
});
