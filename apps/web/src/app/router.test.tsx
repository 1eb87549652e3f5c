import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRODUCT_TITLE, STORAGE_KEYS, TOKEN_COOKIE, type SessionUser } from '@ip/contract';
import { readCookie, setToken } from '../lib/storage';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../test/fixtures';
import { renderApp } from '../test/render-app';

function serverWith(user: SessionUser | null, extra: (c: RecordedCall) => unknown = () => null) {
  return mockNetwork((c) => (c.url === '/v1/user/info' ? ok(user) : ok(extra(c))));
}

let net: ReturnType<typeof mockNetwork> | undefined;

describe('router and guard (spec §2, §4)', () => {
  it('without a token, internal pages go to /web/index (the landing page)', async () => {
    const router = renderApp('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/web/index'));
    expect(await screen.findByRole('heading', { name: PRODUCT_TITLE })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`首页 - ${PRODUCT_TITLE}`));
  });

  it('without a token, public and detail pages are allowed', async () => {
    const router = renderApp('/detail');
    // No id: the detail page's own empty state, in the public layout.
    expect(await screen.findByText('专利不存在')).toBeTruthy();
    expect(screen.getByRole('link', { name: '专利检索' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/detail');
  });

  it('with a token, / loads the user and lands on the set home with the sidebar menu', async () => {
    setToken('tok');
    net = serverWith(makeUser({ name: '王五' }));
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByText('王五')).toBeTruthy();
    expect(await screen.findByLabelText('专利快速检索')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: '首页' })).toBeTruthy();
    expect(net.calls[0].headers.Authorization).toBe('Bearer tok');
    await waitFor(() => expect(document.title).toBe(`首页 - ${PRODUCT_TITLE}`));
  });

  it('with a token, /web/index and /login go to the home of the set', async () => {
    setToken('tok');
    net = serverWith(makeUser({ is_news: 1, com_id: 0 }));
    const router = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/work'));
  });

  it('a page outside the user set goes to /404', async () => {
    setToken('tok');
    net = serverWith(makeUser());
    const router = renderApp('/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
  });

  it('an unknown path goes to /404 for a logged-in user', async () => {
    setToken('tok');
    net = serverWith(makeUser());
    const router = renderApp('/no-such-page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('an empty user info reply: 验证失败，请重新登录。, token reset, back to /web/index', async () => {
    setToken('tok');
    window.sessionStorage.setItem(STORAGE_KEYS.roles, '["0"]');
    net = serverWith(null);
    const router = renderApp('/home');
    expect(await screen.findByText('验证失败，请重新登录。')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/web/index'));
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.roles)).toBeNull();
    expect(readCookie(TOKEN_COOKIE)).toBeUndefined();
  });

  it('a new tab of a logged-in browser finds the session through the server’s cookie, once', async () => {
    window.localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
    net = serverWith(makeUser({ name: '王五', token: 'from-cookie' }));
    const router = renderApp('/home');
    expect(await screen.findByText('王五')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    // First call on the cookie alone, then the usual one with the recovered token.
    expect(net.calls[0].headers.Authorization).toBeUndefined();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe('from-cookie');
    expect(net.calls.slice(1).every((c) => c.headers.Authorization === 'Bearer from-cookie')).toBe(true);
  });

  it('a new tab whose cookie session is gone goes to /web/index and forgets the hint', async () => {
    window.localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
    net = mockNetwork(() => ({ status: 401, data: { code: 0, msg: '请先登录' } }));
    const router = renderApp('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/web/index'));
    expect(net.calls).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.sessionHint)).toBeNull();
    expect(screen.queryByText('请先登录')).toBeNull();
  });

  it('a failing user info call: the error is shown once, token reset, back to /web/index', async () => {
    setToken('tok');
    net = mockNetwork(() => ({ status: 500, data: { code: 0, msg: '服务器开小差了' } }));
    const router = renderApp('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/web/index'));
    expect(await screen.findAllByText('服务器开小差了')).toHaveLength(1);
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('group parents redirect to their first child', async () => {
    setToken('tok');
    net = serverWith(makeUser());
    const router = renderApp('/property');
    await waitFor(() => expect(router.state.location.pathname).toBe('/patent'));
  });

  it('leaving the search pages clears the search caches', async () => {
    setToken('tok');
    net = serverWith(makeUser());
    window.sessionStorage.setItem(`${STORAGE_KEYS.searchCachePrefix}docking`, '[]');
    window.sessionStorage.setItem('keep-me', '1');
    const router = renderApp('/docking?val=x');
    expect(await screen.findByText('未检索到相关专利')).toBeTruthy();
    await router.navigate('/detail');
    expect(window.sessionStorage.getItem(`${STORAGE_KEYS.searchCachePrefix}docking`)).toBe('[]');
    await router.navigate('/home');
    await waitFor(() => expect(window.sessionStorage.getItem(`${STORAGE_KEYS.searchCachePrefix}docking`)).toBeNull());
    expect(window.sessionStorage.getItem('keep-me')).toBe('1');
  });

  it('the breadcrumb of a detail page has 返回; /work pages have the company search', async () => {
    setToken('tok');
    net = serverWith(makeUser({ is_news: 1, com_id: 0 }));
    const router = renderApp('/workCompany');
    expect(await screen.findByPlaceholderText('请输入公司名称')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull();
    await router.navigate('/workVisit/details');
    expect(await screen.findByRole('button', { name: '返回' })).toBeTruthy();
    await router.navigate('/newhome');
    await waitFor(() => expect(screen.queryByPlaceholderText('请输入公司名称')).toBeNull());
  });

  it('the admin user list is a real page for set B', async () => {
    setToken('tok');
    net = serverWith(makeUser({ is_admin: 1, name: '管理员' }), (c) =>
      c.url === '/v1/news/user/index'
        ? {
            list: [
              {
                id: 3,
                mobile: '13900000000',
                name: '赵六',
                company_name: '甲公司',
                type: '0',
                is_admin: 0,
                is_news: 0,
                com_id: 0,
                status: 1,
                created_at: '2025-01-02T00:00:00Z',
              },
            ],
            total: 1,
          }
        : null,
    );
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user'));
    expect(await screen.findByText('赵六')).toBeTruthy();
    // Label queries: role queries over the whole layout are very slow in jsdom.
    expect(screen.getByLabelText('以 赵六 身份进入企业端').tagName).toBe('BUTTON');
    const listCall = net.calls.find((c) => c.url === '/v1/news/user/index');
    expect(listCall?.body).toEqual({ page: 1, page_size: 20 });
    await userEvent.click(screen.getByLabelText('停用 赵六'));
    await userEvent.click((await screen.findByText('确定')).closest('button')!);
    await waitFor(() => expect(net!.calls.some((c) => c.url === '/v1/news/user/state')).toBe(true));
    expect(net.calls.find((c) => c.url === '/v1/news/user/state')?.body).toEqual({ id: 3, status: 0 });
  });
});
