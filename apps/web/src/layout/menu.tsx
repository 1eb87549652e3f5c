import type { ReactNode } from 'react';
import {
  AlertOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FundOutlined,
  GlobalOutlined,
  HomeOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { MenuProps } from 'antd';
import type { MenuItem, SessionUser } from '@ip/contract';

/** Icon names the server's menu uses, mapped to @ant-design/icons. */
export const MENU_ICONS: Record<string, ReactNode> = {
  Home: <HomeOutlined aria-hidden />,
  Setting: <SettingOutlined aria-hidden />,
  User: <UserOutlined aria-hidden />,
  Team: <TeamOutlined aria-hidden />,
  Audit: <AuditOutlined aria-hidden />,
  Read: <ReadOutlined aria-hidden />,
  Fund: <FundOutlined aria-hidden />,
  Global: <GlobalOutlined aria-hidden />,
  Bell: <BellOutlined aria-hidden />,
  FileText: <FileTextOutlined aria-hidden />,
  Solution: <SolutionOutlined aria-hidden />,
  Customer: <CustomerServiceOutlined aria-hidden />,
  SafetyCertificate: <SafetyCertificateOutlined aria-hidden />,
  Alert: <AlertOutlined aria-hidden />,
  BarChart: <BarChartOutlined aria-hidden />,
  Dashboard: <DashboardOutlined aria-hidden />,
  Appstore: <AppstoreOutlined aria-hidden />,
  Trophy: <TrophyOutlined aria-hidden />,
};

/**
 * Spec §2: entries flagged not-for-admin-view are hidden when rid is above 0 or admin view is on.
 * Groups left without children disappear too.
 */
export function filterMenu(menu: MenuItem[], user: Pick<SessionUser, 'rid' | 'is_admin_view'>): MenuItem[] {
  const restricted = user.rid > 0 || user.is_admin_view === 1;
  const walk = (items: MenuItem[]): MenuItem[] =>
    items.flatMap((item) => {
      if (restricted && item.notForAdminView) return [];
      if (item.children) {
        const children = walk(item.children);
        return children.length ? [{ ...item, children }] : [];
      }
      return [item];
    });
  return walk(menu);
}

type AntdItem = Required<MenuProps>['items'][number];

/** antd Menu items keyed by path (groups by 'group:xxx'). */
export function toAntdItems(menu: MenuItem[], withIcons = true): AntdItem[] {
  return menu.map((item): AntdItem => {
    const icon = withIcons && item.icon ? MENU_ICONS[item.icon] : undefined;
    if (item.children) {
      return { key: item.path, label: item.title, icon, children: toAntdItems(item.children, false) };
    }
    return { key: item.path, label: item.title, icon };
  });
}

/** The keys of the groups containing `path`, so the current group starts open. */
export function groupKeysFor(menu: MenuItem[], path: string): string[] {
  for (const item of menu) {
    if (item.children?.some((c) => c.path === path)) return [item.path];
  }
  return [];
}
