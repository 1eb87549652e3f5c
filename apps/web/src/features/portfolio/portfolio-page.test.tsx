import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PortfolioPage, { PORTFOLIO_TABS } from './pages/portfolio-page';
import { PortfolioActions } from '../../components/portfolio-actions';
import { sessionStore } from '../../lib/session-store';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { buttonByText } from '../../test/queries';
import { renderWithProviders } from '../../test/render';

const TREE = {
  tree: [
    {
      id: 11,
      parent_id: 0,
      name: '电池技术',
      sort: 0,
      count: 3,
      total: 5,
      children: [{ id: 12, parent_id: 11, name: '正极材料', sort: 0, count: 2, total: 2, children: [] }],
    },
    { id: 13, parent_id: 0, name: '无人机', sort: 1, count: 4, total: 4, children: [] },
  ],
  uncategorized: 1,
  all: 10,
  core: 2,
  collected: 3,
  removed: 1,
};

const row = (id: number, patch: Record<string, unknown> = {}) => ({
  id,
  an: `CN2022100000${id}.1`,
  pn: `CN11500000${id}A`,
  title: `一种锂电池正极材料 ${id}`,
  type: '发明',
  legal_status: '有权',
  ad: '2022-01-0' + id,
  pd: null,
  gd: '2023-05-01',
  first_applicant: '示例科技有限公司',
  ipc_main: 'H01M4/525',
  category_id: 12,
  category_name: '电池技术 / 正极材料',
  is_core: 0,
  is_collected: 0,
  removed: 0,
  source: 'auto',
  note_count: 0,
  added_at: '2026-01-01',
  ...patch,
});

function network(extra: (c: RecordedCall) => unknown = () => undefined) {
  return mockNetwork((c) => {
    const answer = extra(c);
    if (answer !== undefined) return answer as never;
    if (c.url.endsWith('/cate')) return ok(TREE);
    if (c.url.endsWith('/list')) return ok({ total: 2, page: 1, page_size: 20, list: [row(1, { is_core: 1 }), row(2)] });
    return ok({ updated: 1 });
  });
}

/** The open antd dialog titled `title` (antd's test ids make aria-labelledby ambiguous in jsdom). */
async function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const d = screen.getAllByRole('dialog').find((el) => el.querySelector('.ant-modal-title')?.textContent === title);
    if (!d) throw new Error(`no dialog ${title}`);
    return d;
  });
}

const listBodies = (net: { calls: RecordedCall[] }) =>
  net.calls.filter((c) => c.url === '/v1/frontend/patent/list').map((c) => c.body as Record<string, unknown>);

describe('/patent (专利管理)', () => {
  it('builds its page body from PORTFOLIO_TABS, 专利 first', () => {
    expect(PORTFOLIO_TABS[0]).toMatchObject({ key: 'patent', label: '专利' });
  });

  it('shows the tree with counts; choosing a category filters the list by it', async () => {
    const net = network();
    const user = userEvent.setup();
    renderWithProviders(<PortfolioPage />, ['/patent']);
    expect(await screen.findByText('电池技术（5）')).toBeTruthy();
    expect(screen.getByText('正极材料（2）')).toBeTruthy();
    expect(screen.getByText('未分类（1）')).toBeTruthy();
    expect(screen.getByText('全部（10）')).toBeTruthy();
    expect(await screen.findByText('一种锂电池正极材料 1')).toBeTruthy();
    expect(screen.getByRole('img', { name: '核心专利' })).toBeTruthy();
    expect(screen.getByText('共 2 件')).toBeTruthy();
    await user.click(screen.getByText('无人机（4）'));
    await waitFor(() => expect(listBodies(net).at(-1)).toMatchObject({ category_id: 13, page: 1 }));
    await user.click(screen.getByText('未分类（1）'));
    await waitFor(() => expect(listBodies(net).at(-1)).toMatchObject({ category_id: 0 }));
  });

  it('creates a sub-category, marks the name when it is a duplicate, and deletes after confirmation', async () => {
    const net = network((c) =>
      c.url.endsWith('/create')
        ? { status: 409, data: { code: 0, msg: '“电池技术”下已有名为“正极材料”的分类，请换一个名称' } }
        : c.url.endsWith('/delete')
          ? ok({ categories: 2, moved: 5 })
          : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<PortfolioPage />, ['/patent?cat=11']);
    await user.click(await screen.findByRole('button', { name: /新建子分类/ }));
    const dialog = await dialogTitled('新建分类');
    await user.type(within(dialog).getByLabelText('分类名称'), '正极材料');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(net.calls.find((c) => c.url.endsWith('/create'))?.body).toEqual({ name: '正极材料', parent_id: 11 }),
    );
    expect(await within(dialog).findByText('“电池技术”下已有名为“正极材料”的分类，请换一个名称')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));

    await user.click(buttonByText(/^删\s*除$/));
    expect(await screen.findByText('删除分类“电池技术”？')).toBeTruthy();
    expect(screen.getByText('其 1 个子分类一并删除，其中 5 件专利将移到未分类。')).toBeTruthy();
    expect(net.calls.some((c) => c.url.endsWith('/delete'))).toBe(false);
    const pop = screen.getByText('删除分类“电池技术”？').closest('.ant-popover') as HTMLElement;
    const confirm = within(pop).getByRole('button', { name: /删\s*除/ });
    await user.click(confirm);
    await waitFor(() => expect(net.calls.find((c) => c.url.endsWith('/delete'))?.body).toEqual({ id: 11 }));
  });

  it('filters, sorts and pages through the server; bulk actions send the selected ids; removal asks first', async () => {
    const net = network();
    const user = userEvent.setup();
    renderWithProviders(<PortfolioPage />, ['/patent']);
    await screen.findByText('一种锂电池正极材料 2');
    await user.type(screen.getByLabelText('按名称或号码搜索'), '正极{Enter}');
    await waitFor(() => expect(listBodies(net).at(-1)).toMatchObject({ keyword: '正极', page: 1 }));
    await user.click(screen.getAllByRole('columnheader', { name: /申请日/ })[0]);
    await waitFor(() => expect(listBodies(net).at(-1)).toMatchObject({ sort: 'ad_asc' }));

    const rows = screen.getAllByRole('checkbox');
    await user.click(rows[1]);
    await user.click(rows[2]);
    const bar = await screen.findByRole('region', { name: '批量操作' });
    expect(within(bar).getByText('已选 2 件')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: '标为核心' }));
    await waitFor(() => expect(net.calls.find((c) => c.url.endsWith('/core'))?.body).toEqual({ patent_ids: [1, 2], is_core: 1 }));

    await user.click(screen.getAllByRole('checkbox')[1]);
    await user.click(within(await screen.findByRole('region', { name: '批量操作' })).getByRole('button', { name: '移出专利库' }));
    expect(await screen.findByText('把 1 件专利移出专利库？')).toBeTruthy();
    expect(net.calls.some((c) => c.url.endsWith('/remove'))).toBe(false);
    const pop = screen.getByText('把 1 件专利移出专利库？').closest('.ant-popover') as HTMLElement;
    await user.click(within(pop).getByRole('button', { name: /^移\s*出$/ }));
    await waitFor(() => expect(net.calls.find((c) => c.url.endsWith('/remove'))?.body).toEqual({ patent_ids: [1] }));
  });

  it('sends the grant-year and expiry-year filters of the URL (the /home links) and shows them', async () => {
    const net = network();
    renderWithProviders(<PortfolioPage />, [`/patent?status=${encodeURIComponent('有权')}&expiry_year=2026&grant_year=2025`]);
    await screen.findByText('一种锂电池正极材料 2');
    expect(listBodies(net).at(-1)).toMatchObject({ legal_status: ['有权'], expiry_year: 2026, grant_year: 2025 });
    expect(screen.getByText('2026 年届满')).toBeTruthy();
    expect(screen.getByText('2025 年授权')).toBeTruthy();
  });

  it('shows an empty state, and an error with 重试 when the list fails', async () => {
    let fail = true;
    mockNetwork((c) => {
      if (c.url.endsWith('/cate')) return ok({ ...TREE, tree: [], all: 0, uncategorized: 0 });
      if (fail) return { status: 500, data: { code: 0, msg: '服务器开小差了' } };
      return ok({ total: 0, page: 1, page_size: 20, list: [] });
    });
    const user = userEvent.setup();
    renderWithProviders(<PortfolioPage />, ['/patent']);
    expect(await screen.findByText('专利列表加载失败')).toBeTruthy();
    expect(screen.getByText('还没有分类，新建一个吧')).toBeTruthy();
    fail = false;
    await user.click(buttonByText(/^重\s*试$/));
    expect(await screen.findByText('没有符合条件的专利')).toBeTruthy();
  });

  it('按号码添加 reports every line', async () => {
    const net = network((c) =>
      c.url.endsWith('/insert')
        ? ok({
            lines: [
              { input: 'CN202223220665.2', status: 'added', msg: '已添加', patent_id: 5, title: '一种电池' },
              { input: '202223220665.3', status: 'invalid', msg: '申请号“202223220665.3”的校验位错误：应为 2，不是 3' },
            ],
            added: 1,
            exists: 0,
            not_found: 0,
            invalid: 1,
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<PortfolioPage />, ['/patent']);
    await user.click(await waitFor(() => buttonByText('按号码添加')));
    const dialog = await dialogTitled('按号码添加专利');
    await user.type(within(dialog).getByLabelText(/申请号或公开号/), 'CN202223220665.2{Enter}202223220665.3');
    expect(within(dialog).getByText('已识别 2 个号码')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /添\s*加/ }));
    await waitFor(() =>
      expect(net.calls.find((c) => c.url.endsWith('/insert'))?.body).toEqual({ numbers: 'CN202223220665.2\n202223220665.3' }),
    );
    expect(await within(dialog).findByText('已添加 1 件，已在库中 0 件，未找到 0 件，号码有误 1 件')).toBeTruthy();
    expect(within(dialog).getByText('申请号“202223220665.3”的校验位错误：应为 2，不是 3')).toBeTruthy();
  });
});

describe('收藏 / 加入专利库 on a hit', () => {
  it('a company user collects and saves; a trial user is told to get verified; others see nothing', async () => {
    sessionStore.setUser(makeUser());
    const net = network((c) => (c.url === '/v1/frontend/user/save' ? ok({ status: 'added', msg: '已加入专利库' }) : undefined));
    const user = userEvent.setup();
    const view = renderWithProviders(<PortfolioActions patentId={9} title="一种无人机" />);
    await user.click(screen.getByRole('button', { name: '收藏：一种无人机' }));
    await waitFor(() =>
      expect(net.calls.find((c) => c.url.endsWith('/collage'))?.body).toEqual({ patent_ids: [9], collected: 1 }),
    );
    await user.click(screen.getByRole('button', { name: '加入专利库：一种无人机' }));
    const dialog = await dialogTitled('加入专利库');
    await user.click(within(dialog).getByRole('button', { name: /加\s*入/ }));
    await waitFor(() => expect(net.calls.find((c) => c.url === '/v1/frontend/user/save')?.body).toEqual({ patent_id: 9 }));
    view.unmount();

    sessionStore.setUser(makeUser({ type: '1' }));
    const trial = renderWithProviders(<PortfolioActions patentId={9} title="一种无人机" />);
    expect(screen.getByRole('link', { name: '认证后可收藏' }).getAttribute('href')).toBe('/userCenter');
    trial.unmount();

    sessionStore.setUser(makeUser({ is_admin: 1 }));
    const admin = renderWithProviders(<PortfolioActions patentId={9} title="一种无人机" />);
    expect(admin.container.textContent).toBe('');
  });
});
