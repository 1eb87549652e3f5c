import { describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { STORAGE_KEYS, type SessionUser } from '@ip/contract';
import { TopBar } from './top-bar';
import { topBarModel } from './top-bar-rules';
import { sessionStore } from '../lib/session-store';
import { UiProvider } from '../lib/ui-provider';
import * as navigation from '../lib/navigation';
import { LocationProbe, makeUser, mockNetwork } from '../test/fixtures';

function renderTopBar(user: SessionUser, path = '/home') {
  sessionStore.setUser(user);
  return render(
    <UiProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>
          <TopBar />
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
}

const btn = (name: string) => screen.queryByRole('button', { name });
const location = () => screen.getByTestId('location').textContent;

describe('top bar visibility rules (spec §2 Layout, §6)', () => {
  it('company main user (set A, rid 0): personal centre, change password, system, 配置员工 → sub-accounts', () => {
    const m = topBarModel(makeUser());
    expect(m).toMatchObject({
      set: 'A',
      userCenterPath: '/userCenter',
      changePasswordPath: '/upPwd',
      systemPath: '/system',
      configStaffPath: '/system?tab=accounts',
      showBackToAdmin: false,
      showVerify: false,
      advancedSearchPath: '/AdvancedSearch',
    });
  });

  it('enterprise main account (set C, com_id 0, is_news 1) may configure staff', () => {
    const m = topBarModel(makeUser({ is_news: 1, com_id: 0 }));
    expect(m).toMatchObject({
      set: 'C',
      userCenterPath: '/newUserCenter',
      changePasswordPath: '/NewupPwd',
      configStaffPath: '/newsystem',
      systemPath: '/newsystem',
    });
  });

  it('employee (set D, com_id ≠ 0) may not configure staff and has no system page', () => {
    const m = topBarModel(makeUser({ is_news: 1, com_id: 5 }));
    expect(m).toMatchObject({
      set: 'D',
      configStaffPath: null,
      systemPath: null,
      userCenterPath: null,
      changePasswordPath: '/NewupPwd',
    });
  });

  it('configure staff: not for a sub-account (rid > 0), a trial user or an administrator', () => {
    expect(topBarModel(makeUser({ rid: 1 })).configStaffPath).toBeNull();
    expect(topBarModel(makeUser({ type: '1' })).configStaffPath).toBeNull();
    expect(topBarModel(makeUser({ is_admin: 1 })).configStaffPath).toBeNull();
    // The enterprise-service main account keeps /newsystem.
    expect(topBarModel(makeUser({ is_news: 1, com_id: 0, rid: 0 })).configStaffPath).toBe('/newsystem');
  });

  it('admin view hides the personal centre, shows 返回管理端 and prefixes the admin name', () => {
    const m = topBarModel(makeUser({ is_admin_view: 1, admin_name: '李管理' }));
    expect(m).toMatchObject({
      userCenterPath: null,
      changePasswordPath: null,
      showBackToAdmin: true,
      displayName: '李管理 张三',
    });
  });

  it('renders the icons with Chinese accessible names for a company user', () => {
    renderTopBar(makeUser());
    for (const name of ['个人中心', '修改密码', '系统管理', '退出登录', '搜索', '高级搜索', '工作台', '展开/收起菜单']) {
      expect(btn(name), name).not.toBeNull();
    }
    expect(btn('配置员工')).not.toBeNull();
    expect(btn('返回管理端')).toBeNull();
    expect(btn('去认证')).toBeNull();
    expect(screen.getByPlaceholderText('请输入专利关键词')).toBeTruthy();
  });

  it('shows 配置员工 to the enterprise main account and a company main user, not to a sub-account', async () => {
    renderTopBar(makeUser({ is_news: 1, com_id: 0 }), '/work');
    expect(btn('配置员工')).not.toBeNull();
    cleanup();
    renderTopBar(makeUser({ rid: 1 }));
    expect(btn('系统管理')).not.toBeNull();
    expect(btn('配置员工')).toBeNull();
    cleanup();
    renderTopBar(makeUser());
    await userEvent.click(btn('配置员工')!);
    expect(location()).toBe('/system?tab=accounts');
  });

  it('hides 配置员工 from an employee', () => {
    renderTopBar(makeUser({ is_news: 1, com_id: 9 }), '/work');
    expect(btn('配置员工')).toBeNull();
    expect(btn('修改密码')).not.toBeNull();
  });

  it('in admin view: no 个人中心, a 返回管理端 button that restores the admin token', async () => {
    const hard = vi.spyOn(navigation, 'hardNavigate').mockImplementation(() => undefined);
    window.sessionStorage.setItem(STORAGE_KEYS.token, 'view-token');
    window.sessionStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token');
    renderTopBar(makeUser({ is_admin_view: 1, admin_name: '李管理' }));
    expect(btn('个人中心')).toBeNull();
    expect(btn('修改密码')).toBeNull();
    expect(btn('退出登录')).not.toBeNull();
    expect(screen.getByText('李管理 张三')).toBeTruthy();
    await userEvent.click(btn('返回管理端')!);
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe('admin-token');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    expect(hard).toHaveBeenCalledWith('/user');
  });

  it('a trial user sees the red 去认证 button leading to /userCenter', async () => {
    renderTopBar(makeUser({ type: '1' }));
    const verify = btn('去认证')!;
    expect(verify.className).toContain('dangerous');
    await userEvent.click(verify);
    expect(location()).toBe('/userCenter');
  });

  it('搜索 goes to /docking?val=…, and on /docking only replaces the query', async () => {
    renderTopBar(makeUser());
    const input = screen.getByPlaceholderText('请输入专利关键词');
    await userEvent.type(input, '锂电池 正极');
    await userEvent.click(btn('搜索')!);
    expect(location()).toBe('/docking?val=%E9%94%82%E7%94%B5%E6%B1%A0+%E6%AD%A3%E6%9E%81');
    await userEvent.clear(input);
    await userEvent.type(input, '电机{Enter}');
    expect(location()).toBe('/docking?val=%E7%94%B5%E6%9C%BA');
  });

  it('高级搜索 goes to /AdvancedSearch?val=…', async () => {
    renderTopBar(makeUser());
    await userEvent.type(screen.getByPlaceholderText('请输入专利关键词'), '电池');
    await userEvent.click(btn('高级搜索')!);
    expect(location()).toBe('/AdvancedSearch?val=%E7%94%B5%E6%B1%A0');
  });

  it('icons navigate per route set', async () => {
    renderTopBar(makeUser({ is_news: 1, com_id: 0 }), '/work');
    await userEvent.click(btn('修改密码')!);
    expect(location()).toBe('/NewupPwd');
    await userEvent.click(btn('个人中心')!);
    expect(location()).toBe('/newUserCenter');
    await userEvent.click(btn('配置员工')!);
    expect(location()).toBe('/newsystem');
  });

  it('退出登录 calls logout, clears the session and reloads', async () => {
    const hard = vi.spyOn(navigation, 'hardNavigate').mockImplementation(() => undefined);
    window.sessionStorage.setItem(STORAGE_KEYS.token, 'tok');
    window.sessionStorage.setItem(STORAGE_KEYS.newtoken, 'n');
    window.sessionStorage.setItem(STORAGE_KEYS.roles, '["0"]');
    window.sessionStorage.setItem(STORAGE_KEYS.avatar, '/a.png');
    const net = mockNetwork(() => ({ data: { code: 1, msg: 'ok', data: null } }));
    renderTopBar(makeUser());
    await userEvent.click(btn('退出登录')!);
    await vi.waitFor(() => expect(hard).toHaveBeenCalledWith('/web/index'));
    // The bell's unread count (ADR 0028) may be asked for too.
    const own = net.calls.filter((c) => !c.url.startsWith('/v1/frontend/message/'));
    expect(own.map((c) => c.url)).toEqual(['/v1/user/logout']);
    expect(own[0].headers.Authorization).toBe('Bearer tok');
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.newtoken, STORAGE_KEYS.roles, STORAGE_KEYS.avatar]) {
      expect(window.sessionStorage.getItem(key), key).toBeNull();
    }
    net.restore();
  });

  it('the bell with the unread count leads to /center, for company users and enterprise-service accounts (ADR 0028, 0033)', async () => {
    mockNetwork((c) =>
      c.url === '/v1/frontend/message/unread_count'
        ? { data: { code: 1, msg: 'ok', data: { total: 3, by_kind: {} } } }
        : { data: { code: 1, msg: 'ok', data: null } },
    );
    expect(topBarModel(makeUser({ type: '1' })).messageCenterPath).toBe('/center');
    expect(topBarModel(makeUser({ is_news: 1, com_id: 0 })).messageCenterPath).toBe('/center');
    expect(topBarModel(makeUser({ is_news: 1, com_id: 5 })).messageCenterPath).toBe('/center');
    expect(topBarModel(makeUser({ is_admin: 1 })).messageCenterPath).toBeNull();
    renderTopBar(makeUser());
    const bell = await screen.findByRole('button', { name: '消息中心，3 条未读' });
    await userEvent.click(bell);
    expect(location()).toBe('/center');
    // The enterprise-service main account (set C) and its staff member (set D) have the bell too.
    for (const user of [makeUser({ is_news: 1, com_id: 0 }), makeUser({ is_news: 1, com_id: 5 })]) {
      cleanup();
      renderTopBar(user, '/work');
      await userEvent.click(await screen.findByRole('button', { name: '消息中心，3 条未读' }));
      expect(location()).toBe('/center');
    }
    cleanup();
    renderTopBar(makeUser({ is_admin: 1 }), '/user');
    expect(screen.queryByRole('button', { name: /^消息中心/ })).toBeNull();
  });

  it('the hamburger toggles the sidebar', async () => {
    renderTopBar(makeUser());
    const before = sessionStore.getState().sidebarOpen;
    await userEvent.click(btn('展开/收起菜单')!);
    expect(sessionStore.getState().sidebarOpen).toBe(!before);
  });

  it('the mobile menu lists the same actions', async () => {
    renderTopBar(makeUser({ type: '1' }));
    await userEvent.click(btn('更多操作')!);
    const menu = await screen.findByRole('menu');
    for (const name of ['工作台', '高级搜索', '去认证', '个人中心', '修改密码', '系统管理', '退出登录']) {
      expect(within(menu).getByText(name)).toBeTruthy();
    }
  });
});
