import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, TOKEN_COOKIE } from '@ip/contract';
import UserListPage from './pages/user-list-page';
import * as navigation from '../../lib/navigation';
import { readCookie, setToken } from '../../lib/storage';
import { mockNetwork } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

const ROWS = [
  {
    id: 3,
    mobile: '13900000003',
    name: '赵六',
    company_name: '甲公司',
    type: '0',
    is_admin: 0,
    is_news: 0,
    com_id: 0,
    status: 1,
    created_at: '2025-01-02',
  },
  {
    id: 4,
    mobile: '13900000004',
    name: '钱七',
    company_name: '',
    type: '0',
    is_admin: 1,
    is_news: 0,
    com_id: 0,
    status: 1,
    created_at: '2025-01-03',
  },
  {
    id: 5,
    mobile: '13900000005',
    name: '孙八',
    company_name: '乙公司',
    type: '1',
    is_admin: 0,
    is_news: 0,
    com_id: 0,
    status: 0,
    created_at: '2025-01-04',
  },
];

const renderList = (path = '/user') => renderWithProviders(<UserListPage />, [path]);

let net: ReturnType<typeof mockNetwork> | undefined;

describe('/user (administrator)', () => {
  it('lists users with kinds, and filters by keyword and kind through the URL', async () => {
    net = mockNetwork((c) => ({
      data: { code: 1, msg: 'ok', data: c.url === '/v1/news/user/index' ? { list: ROWS, total: 3 } : null },
    }));
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByText('赵六')).toBeTruthy();
    expect(screen.getByText('管理员')).toBeTruthy();
    expect(screen.getAllByText('试用用户').length).toBeGreaterThan(0);
    expect(screen.getByText('共 3 条')).toBeTruthy();
    // Admins cannot be entered; enterprise users can.
    expect(screen.queryByLabelText('以 钱七 身份进入企业端')).toBeNull();
    expect(screen.getByLabelText('以 赵六 身份进入企业端')).toBeTruthy();

    await user.type(screen.getByLabelText('搜索用户'), '赵{Enter}');
    await waitFor(() => expect(net!.calls.at(-1)?.body).toEqual({ page: 1, page_size: 20, keyword: '赵' }));
  });

  it('进入企业端 keeps the admin token aside, switches token and reloads at /', async () => {
    const hard = vi.spyOn(navigation, 'hardNavigate').mockImplementation(() => undefined);
    setToken('admin-tok');
    net = mockNetwork((c) => ({
      data: {
        code: 1,
        msg: 'ok',
        data:
          c.url === '/v1/news/user/index'
            ? { list: ROWS, total: 3 }
            : c.url === '/v1/user/admin-view'
              ? { token: 'view-tok' }
              : null,
      },
    }));
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByLabelText('以 赵六 身份进入企业端'));
    await waitFor(() => expect(hard).toHaveBeenCalledWith('/'));
    expect(net.calls.find((c) => c.url === '/v1/user/admin-view')?.body).toEqual({ user_id: 3 });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.adminToken)).toBe('admin-tok');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe('view-tok');
    // The server's HttpOnly cookie keeps the admin's session; the tab's Authorization header carries the view token.
    expect(readCookie(TOKEN_COOKIE)).toBeUndefined();
  });

  it('启用 a disabled account after confirmation', async () => {
    net = mockNetwork((c) => ({
      data: { code: 1, msg: 'ok', data: c.url === '/v1/news/user/index' ? { list: ROWS, total: 3 } : null },
    }));
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByLabelText('启用 孙八'));
    await user.click((await screen.findByText('确定')).closest('button')!);
    await waitFor(() => expect(net!.calls.find((c) => c.url === '/v1/news/user/state')?.body).toEqual({ id: 5, status: 1 }));
    expect(await screen.findByText('账号已启用')).toBeTruthy();
  });
});
