import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { sessionStore } from '../../lib/session-store';
import { LocationProbe, makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import type { SearchResult } from './api';
import { safeHighlightHtml } from './components/highlight-html';
import DockingPage from './pages/docking-page';
import PublicResultsPage from './pages/public-results-page';
import { cacheKey } from './search-state';

const HIT = {
  id: 11,
  an: 'CN202223220665.2',
  pn: 'CN218751475U',
  title: '一种<em>锂电池</em>正极 &lt;script&gt;alert(1)&lt;/script&gt;',
  abstract: '本发明公开了一种<em>锂电池</em>……',
  type: '实用新型',
  ad: '2022-12-02',
  pd: '2023-03-28',
  gd: '2023-03-28',
  applicants: ['中科大数据研究院', '某某大学'],
  ipc_main: 'H01M10/0525',
  legal_status: '有权',
};

function result(patch: Partial<SearchResult> = {}): SearchResult {
  return {
    total: 42,
    list: [HIT, { ...HIT, id: 12, pn: 'CN1A', title: '另一件', legal_status: '审中', type: '发明' }],
    facets: {
      type: [
        { value: '发明', count: 30 },
        { value: '实用新型', count: 12 },
      ],
      legal_status: [
        { value: '有权', count: 20 },
        { value: '审中', count: 22 },
      ],
      app_year: [{ value: '2022', count: 42 }],
    },
    took_ms: 7,
    expression: 'TX=锂电池',
    ...patch,
  };
}

function renderAt(path: string, page: React.ReactNode = <DockingPage />) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/docking" element={page} />
        <Route path="/web/search/list" element={page} />
        <Route path="/detail" element={<p>详情页</p>} />
      </Routes>
      <LocationProbe />
    </>,
    [path],
  );
}

const location = () => screen.getByTestId('location').textContent ?? '';
// Label and text queries: role queries over a whole result page are slow in jsdom.
const hits = () => within(screen.getByLabelText('检索结果')).getAllByRole('listitem');
const button = (text: string) => screen.queryByText(text, { selector: 'button span' })?.closest('button') ?? null;
const searchCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url === '/v1/search/expression');

let net: ReturnType<typeof mockNetwork> | undefined;

describe('highlighted HTML', () => {
  it('keeps only <em> as markup', () => {
    expect(safeHighlightHtml('<em>a</em><script>x</script><img src=x onerror=alert(1)><em class="x">')).toBe(
      '<em>a</em>&lt;script>x&lt;/script>&lt;img src=x onerror=alert(1)>&lt;em class="x">',
    );
  });
});

describe('/docking results', () => {
  it('shows the exact total, highlighted titles as safe HTML, tags and applicants', async () => {
    sessionStore.setUser(makeUser());
    net = mockNetwork(() =>
      ok(result({ list: [HIT, { ...HIT, id: 13, title: '<script>window.__x=1</script>原始', abstract: '' }] })),
    );
    const { container } = renderAt('/docking?val=锂电池');
    expect(await screen.findByText('42')).toBeTruthy();
    expect(screen.getByText(/用时 7 ms/)).toBeTruthy();
    expect(searchCalls(net.calls)[0].body).toEqual({ val: '锂电池', sort: 'relevance', page: 1, page_size: 10, facets: true });

    const first = hits()[0];
    const link = within(first).getByRole('link');
    expect(link.getAttribute('href')).toBe('/detail?id=11');
    expect(link.querySelector('em')?.textContent).toBe('锂电池');
    expect(link.textContent).toContain('<script>alert(1)</script>');
    // A raw <script> that slipped through upstream is still shown as text, never as an element.
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByText(/<script>window.__x=1<\/script>原始/)).toBeTruthy();
    expect((window as unknown as { __x?: number }).__x).toBeUndefined();
    expect(within(first).getByLabelText('法律状态：有权')).toBeTruthy();
    expect(within(first).getByText('中科大数据研究院；某某大学')).toBeTruthy();
    expect(button('导出')).toBeTruthy();
  });

  it('a facet click narrows the search through the URL, and its chip removes it', async () => {
    sessionStore.setUser(makeUser());
    net = mockNetwork(() => ok(result()));
    renderAt('/docking?val=锂电池&page=3');
    // jsdom is a narrow screen: the facet panels start folded, as on a phone.
    fireEvent.click(await screen.findByText('专利类型'));
    fireEvent.click(
      within(await screen.findByLabelText('专利类型'))
        .getByText('发明')
        .closest('button')!,
    );
    await waitFor(() =>
      expect(location()).toBe(`/docking?val=${encodeURIComponent('锂电池')}&type=${encodeURIComponent('发明')}`),
    );
    await waitFor(() => expect(searchCalls(net!.calls).at(-1)?.body).toMatchObject({ filters: { type: '发明' }, page: 1 }));
    expect(screen.getByText('专利类型：发明')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('移除筛选 专利类型'));
    await waitFor(() => expect(location()).toBe(`/docking?val=${encodeURIComponent('锂电池')}`));
  });

  it('pagination and sort update the URL and the call', async () => {
    sessionStore.setUser(makeUser());
    net = mockNetwork(() => ok(result()));
    renderAt('/docking?expr=TI%3D锂电池');
    fireEvent.click(await screen.findByTitle('2'));
    await waitFor(() => expect(location()).toContain('page=2'));
    await waitFor(() =>
      expect(searchCalls(net!.calls).at(-1)?.body).toEqual({
        expression: 'TI=锂电池',
        sort: 'relevance',
        page: 2,
        page_size: 10,
        facets: true,
      }),
    );
    fireEvent.mouseDown(screen.getByLabelText('排序'));
    fireEvent.click(await screen.findByText('公开日（新→旧）'));
    await waitFor(() => expect(location()).toContain('sort=date_desc'));
    expect(location()).not.toContain('page=');
  });

  it('shows the empty state with tips', async () => {
    net = mockNetwork(() => ok(result({ total: 0, list: [], facets: {} })));
    renderAt('/docking?val=不存在的词');
    expect(await screen.findByText('未检索到相关专利')).toBeTruthy();
    expect(screen.getByText('去掉部分筛选条件')).toBeTruthy();
  });

  it('shows a syntax error of the expression with its position marked', async () => {
    net = mockNetwork(() => ({ status: 400, data: { code: 0, msg: '第 4 个字符处缺少右括号', position: 4 } }));
    renderAt(`/docking?expr=${encodeURIComponent('TI=(锂电池')}`);
    expect(await screen.findByText('第 4 个字符处缺少右括号')).toBeTruthy();
    expect(screen.getByTestId('expr-error-mark').textContent).toBe('(');
  });

  it('shows how the keyword box was read: the canonical expression from the server', async () => {
    sessionStore.setUser(makeUser());
    net = mockNetwork(() => ok(result({ expression: '(锂电池 OR 钠电池) AND 正极' })));
    renderAt(`/docking?val=${encodeURIComponent('锂电池 OR 钠电池 正极')}`);
    expect(await screen.findByText('(锂电池 OR 钠电池) AND 正极')).toBeTruthy();
    expect(screen.getByText('按检索式：')).toBeTruthy();
    // 修改 opens the editor with that expression, not the raw words.
    const href = screen.getByText('修改').closest('a')?.getAttribute('href') ?? '';
    expect(new URLSearchParams(href.split('?')[1]).get('expr')).toBe('(锂电池 OR 钠电池) AND 正极');
  });

  it('marks a mistake in the keyword box in the text the user typed', async () => {
    net = mockNetwork(() => ({ status: 400, data: { code: 0, msg: '第 5 个字符处的“OR”后面缺少检索词', position: 5 } }));
    renderAt(`/docking?val=${encodeURIComponent('锂电池 OR')}`);
    expect(await screen.findByText('第 5 个字符处的“OR”后面缺少检索词')).toBeTruthy();
    expect(screen.getByTestId('expr-error-mark').textContent).toBe('O');
  });

  it('returns to the remembered scroll position when coming back', async () => {
    const url = '/docking?val=x';
    window.sessionStorage.setItem(cacheKey('scroll', url), '480');
    window.sessionStorage.setItem(cacheKey('result', url), JSON.stringify({ data: result(), at: Date.now() }));
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    net = mockNetwork(() => ok(result()));
    renderAt(url);
    // The cached page renders at once (no call needed while it is fresh) and the position is restored.
    expect(hits()).toHaveLength(2);
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 480));
  });

  it('remembers the scroll position when a result opens', async () => {
    net = mockNetwork(() => ok(result()));
    renderAt('/docking?val=x');
    Object.defineProperty(window, 'scrollY', { value: 321, configurable: true });
    await screen.findByText('42');
    fireEvent.click(within(hits()[1]).getByRole('link'));
    expect(await screen.findByText('详情页')).toBeTruthy();
    expect(window.sessionStorage.getItem(cacheKey('scroll', '/docking?val=x'))).toBe('321');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});

describe('export', () => {
  it('starts a job and follows its progress to the download link', async () => {
    sessionStore.setUser(makeUser());
    let polls = 0;
    net = mockNetwork((c) => {
      if (c.url === '/v1/frontend/user/patent_export') return ok({ job_id: 9 });
      if (c.url === '/v1/jobs/status') {
        polls += 1;
        return ok(
          polls < 2 ? { status: 'running', percent: 40 } : { status: 'done', percent: 100, result: { url: '/files/e.xlsx' } },
        );
      }
      return ok(result());
    });
    renderAt('/docking?val=x&type=%E5%8F%91%E6%98%8E');
    await screen.findByText('42');
    fireEvent.click(button('导出')!);
    expect(await screen.findByText(/将导出 42 条检索结果/)).toBeTruthy();
    expect(net.calls.find((c) => c.url === '/v1/frontend/user/patent_export')?.body).toEqual({
      val: 'x',
      sort: 'relevance',
      filters: { type: '发明' },
    });
    await waitFor(() => expect(screen.getByLabelText('导出进度').getAttribute('aria-valuenow')).toBe('40'));
    const download = (await screen.findByText('下载 Excel')).closest('a')!;
    expect(download.getAttribute('href')).toBe('/files/e.xlsx');
    expect(net.calls.filter((c) => c.url === '/v1/jobs/status').every((c) => (c.body as { id: number }).id === 9)).toBe(true);
  });

  it('shows the server refusal in the modal', async () => {
    sessionStore.setUser(makeUser({ type: '1' }));
    net = mockNetwork((c) =>
      c.url === '/v1/frontend/user/patent_export'
        ? { status: 403, data: { code: 0, msg: '试用用户不能导出，请先完成企业认证' } }
        : ok(result()),
    );
    renderAt('/docking?val=x');
    await screen.findByText('42');
    fireEvent.click(button('导出')!);
    expect(await screen.findByText('试用用户不能导出，请先完成企业认证')).toBeTruthy();
    expect(net.calls.some((c) => c.url === '/v1/jobs/status')).toBe(false);
  });
});

describe('/web/search/list (visitors)', () => {
  it('has no export; 分析 opens the analysis drawer', async () => {
    net = mockNetwork((c) => (c.url.startsWith('/v1/frontend/trend/') ? ok([]) : ok(result())));
    renderAt('/web/search/list?val=x', <PublicResultsPage />);
    expect(await screen.findByText('42')).toBeTruthy();
    expect(button('导出')).toBeNull();
    fireEvent.click(button('分析')!);
    expect(await screen.findByText('检索结果分析')).toBeTruthy();
  });
});
