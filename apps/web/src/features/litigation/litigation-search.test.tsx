import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { LitigationSearchHit, LitigationSearchReply } from '@ip/contract';
import { sessionStore } from '../../lib/session-store';
import { LocationProbe, makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { safeHighlightHtml } from './components/case-bits';
import LitigationSearchPage from './pages/litigation-search-page';

const HIT: LitigationSearchHit = {
  id: 7,
  case_no: '（2023）浙01民初1234号',
  court: '浙江省杭州市中级人民法院',
  cause: '侵害发明专利权纠纷',
  trial_level: '一审',
  status: '已判决',
  filing_date: '2023-03-15',
  judgment_date: '2023-11-20',
  parties: [
    { role: '原告', name: '示例科技有限公司', is_self: true },
    { role: '被告', name: '恒远电子有限公司', is_self: false },
  ],
  patents: ['CN202310605823.6', 'CN218751475U'],
  followed: false,
  own: true,
  own_roles: ['原告'],
  case_no_html: '（2023）浙01民初1234号',
  parties_html: '原告：<em>示例科技</em>有限公司；被告：恒远电子有限公司',
  snippet_html: '…原告<em>示例科技</em>有限公司 &lt;script&gt;alert(1)&lt;/script&gt;…',
  matched_patents: ['CN218751475U'],
};

function reply(patch: Partial<LitigationSearchReply> = {}): LitigationSearchReply {
  return {
    total: 23,
    page: 1,
    page_size: 10,
    list: [
      HIT,
      { ...HIT, id: 8, case_no: '（2024）最高法知民终9号', case_no_html: '（2024）最高法知民终9号', followed: true, own: false },
    ],
    can_follow: true,
    ...patch,
  };
}

const searchCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url === '/v1/frontend/Iitigation/search');
const location = () => screen.getByTestId('location').textContent ?? '';
const hits = () => within(screen.getByRole('list', { name: '诉讼检索结果' })).getAllByRole('listitem');

function renderAt(path: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/litigation/docking" element={<LitigationSearchPage />} />
        <Route path="/litigation/details" element={<p>案件详情页</p>} />
      </Routes>
      <LocationProbe />
    </>,
    [path],
  );
}

describe('/litigation/docking', () => {
  it('shows a hint and calls nothing before a keyword is given', async () => {
    sessionStore.setUser(makeUser());
    const net = mockNetwork(() => ok(reply()));
    renderAt('/litigation/docking');
    expect(await screen.findByText(/检索词按原样精确匹配/)).toBeTruthy();
    expect(searchCalls(net.calls)).toEqual([]);
  });

  it('searches the chosen field through the URL and shows the exact total, marked text as safe HTML', async () => {
    sessionStore.setUser(makeUser());
    const net = mockNetwork(() => ok(reply()));
    const { container } = renderAt('/litigation/docking');
    fireEvent.mouseDown(screen.getByLabelText('检索字段'));
    fireEvent.click(await screen.findByText('当事人'));
    fireEvent.change(screen.getByLabelText('检索词'), { target: { value: ' 示例科技 ' } });
    fireEvent.submit(screen.getByRole('search', { name: '诉讼检索' }));
    await waitFor(() => expect(location()).toBe(`/litigation/docking?q=${encodeURIComponent('示例科技')}&field=party`));
    await waitFor(() =>
      expect(searchCalls(net.calls).at(-1)?.body).toEqual({
        keyword: '示例科技',
        field: 'party',
        sort: 'filing_desc',
        page: 1,
        page_size: 10,
      }),
    );
    expect(await screen.findByText('共找到 23 件案件')).toBeTruthy();
    const first = hits()[0];
    expect(within(first).getByRole('link', { name: '（2023）浙01民初1234号' }).getAttribute('href')).toBe(
      '/litigation/details?id=7',
    );
    const marks = [...first.querySelectorAll('em')].map((e) => e.textContent);
    expect(marks).toEqual(['示例科技', 'CN218751475U ', '示例科技']);
    expect(first.textContent).toContain('<script>alert(1)</script>');
    expect(container.querySelector('script')).toBeNull();
    expect(within(first).getByText('本企业原告')).toBeTruthy();
    expect(within(first).getByLabelText('案件状态：已判决')).toBeTruthy();
  });

  it('pages and sorts on the server through the URL', async () => {
    sessionStore.setUser(makeUser());
    const net = mockNetwork(() => ok(reply()));
    renderAt(`/litigation/docking?q=${encodeURIComponent('恒远')}`);
    expect(await screen.findByText('共 23 条')).toBeTruthy();
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(location()).toContain('page=3'));
    await waitFor(() => expect(searchCalls(net.calls).at(-1)?.body).toMatchObject({ keyword: '恒远', field: 'all', page: 3 }));
    fireEvent.mouseDown(screen.getByLabelText('排序'));
    fireEvent.click(await screen.findByText('裁判日期（旧→新）'));
    await waitFor(() => expect(location()).toBe(`/litigation/docking?q=${encodeURIComponent('恒远')}&sort=judgment_asc`));
    await waitFor(() => expect(searchCalls(net.calls).at(-1)?.body).toMatchObject({ sort: 'judgment_asc', page: 1 }));
  });

  it('follows at once and asks before unfollowing', async () => {
    sessionStore.setUser(makeUser());
    const net = mockNetwork((c) =>
      c.url.endsWith('/shoucang')
        ? ok({ id: (c.body as { id: number }).id, followed: (c.body as { follow: boolean }).follow, changed: true })
        : ok(reply()),
    );
    renderAt(`/litigation/docking?q=${encodeURIComponent('恒远')}`);
    fireEvent.click(await screen.findByRole('button', { name: '收藏案件 （2023）浙01民初1234号' }));
    await waitFor(() =>
      expect(net.calls.filter((c) => c.url.endsWith('/shoucang')).map((c) => c.body)).toEqual([{ id: 7, follow: true }]),
    );
    fireEvent.click(screen.getByRole('button', { name: '已收藏 （2024）最高法知民终9号，点击取消收藏' }));
    // Nothing is sent until the confirmation.
    expect(net.calls.filter((c) => c.url.endsWith('/shoucang'))).toHaveLength(1);
    fireEvent.click(await screen.findByRole('button', { name: '取消收藏' }));
    await waitFor(() =>
      expect(net.calls.filter((c) => c.url.endsWith('/shoucang')).map((c) => c.body)).toEqual([
        { id: 7, follow: true },
        { id: 8, follow: false },
      ]),
    );
  });

  it('shows the server’s message (a wrong check digit) and an empty result apart', async () => {
    sessionStore.setUser(makeUser());
    mockNetwork((c) =>
      (c.body as { keyword: string }).keyword === 'CN202310605823.1'
        ? { status: 400, data: { code: 0, msg: '申请号“CN202310605823.1”的校验位错误：应为 6，不是 1' } }
        : ok(reply({ total: 0, list: [] })),
    );
    renderAt(`/litigation/docking?q=${encodeURIComponent('CN202310605823.1')}&field=patent`);
    expect(await screen.findByText('申请号“CN202310605823.1”的校验位错误：应为 6，不是 1')).toBeTruthy();
    renderAt(`/litigation/docking?q=${encodeURIComponent('不存在的公司')}`);
    expect(await screen.findByText('未找到包含“不存在的公司”的案件')).toBeTruthy();
  });

  it('hides follow buttons from a reader without a company', async () => {
    sessionStore.setUser(makeUser({ type: '1' }));
    mockNetwork(() => ok(reply({ can_follow: false })));
    renderAt(`/litigation/docking?q=${encodeURIComponent('恒远')}`);
    expect(await screen.findByText('共找到 23 件案件')).toBeTruthy();
    expect(hits()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /收藏案件/ })).toBeNull();
  });

  it('keeps only <em> as markup', () => {
    expect(safeHighlightHtml('<em>a</em><img src=x onerror=alert(1)>')).toBe('<em>a</em>&lt;img src=x onerror=alert(1)>');
  });
});
