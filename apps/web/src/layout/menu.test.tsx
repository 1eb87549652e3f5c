import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { MenuItem } from '@ip/contract';
import { filterMenu, toAntdItems, MENU_ICONS } from './menu';
import { Sidebar } from './sidebar';
import { sessionStore } from '../lib/session-store';
import { makeUser } from '../test/fixtures';

const MENU: MenuItem[] = [
  { path: '/home', title: '首页', icon: 'Home' },
  {
    path: 'group:property',
    title: '知识产权',
    icon: 'SafetyCertificate',
    children: [
      { path: '/patent', title: '专利管理' },
      { path: '/secret', title: '隐藏子项', notForAdminView: true },
    ],
  },
  { path: 'group:only-hidden', title: '全隐藏分组', children: [{ path: '/x', title: 'X', notForAdminView: true }] },
  { path: '/userCenter', title: '个人中心', icon: 'User', notForAdminView: true },
  { path: '/system', title: '系统管理', icon: 'Setting', notForAdminView: true },
];

const paths = (items: MenuItem[]): string[] => items.flatMap((i) => [i.path, ...paths(i.children ?? [])]);

describe('sidebar menu filtering (spec §2: not-for-admin-view entries)', () => {
  it('keeps everything for a normal account', () => {
    expect(paths(filterMenu(MENU, { rid: 0, is_admin_view: 0 }))).toEqual(paths(MENU));
  });

  it.each([
    ['rid > 0', { rid: 3, is_admin_view: 0 }],
    ['admin view', { rid: 0, is_admin_view: 1 }],
  ])('hides flagged entries for %s and drops emptied groups', (_label, user) => {
    expect(paths(filterMenu(MENU, user))).toEqual(['/home', 'group:property', '/patent']);
  });

  it('maps every icon name the server uses', () => {
    for (const name of [
      'Home',
      'Setting',
      'User',
      'Team',
      'Audit',
      'Read',
      'Fund',
      'Global',
      'Bell',
      'FileText',
      'Solution',
      'Customer',
      'SafetyCertificate',
      'Alert',
      'BarChart',
      'Dashboard',
      'Appstore',
      'Trophy',
    ]) {
      expect(MENU_ICONS[name], name).toBeTruthy();
    }
    const items = toAntdItems(MENU);
    expect(items.map((i) => i && 'key' in i && i.key)).toEqual(MENU.map((m) => m.path));
  });

  it('renders the filtered menu in the sidebar', () => {
    sessionStore.setUser(makeUser({ is_admin_view: 1, admin_name: '管理员', menu: MENU }));
    render(
      <MemoryRouter initialEntries={['/home']}>
        <Sidebar />
      </MemoryRouter>,
    );
    expect(screen.getByRole('menuitem', { name: /首页/ })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /个人中心/ })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: /系统管理/ })).toBeNull();
    sessionStore.setUser(null);
  });
});
