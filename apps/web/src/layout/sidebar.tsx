import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Layout, Menu } from 'antd';
import { SafetyCertificateFilled } from '@ant-design/icons';
import { PRODUCT_TITLE, SIDEBAR_WIDTH } from '@ip/contract';
import { sessionStore, useSession } from '../lib/session-store';
import { filterMenu, groupKeysFor, toAntdItems } from './menu';

/** The left menu: from the server's user.menu, 260 px, collapsible (0 px on mobile, 64 px on desktop). */
export function Sidebar() {
  const user = useSession((s) => s.user);
  const open = useSession((s) => s.sidebarOpen);
  const mobile = useSession((s) => s.device === 'mobile');
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const menu = useMemo(() => (user ? filterMenu(user.menu ?? [], user) : []), [user]);
  const items = useMemo(() => toAntdItems(menu), [menu]);
  const openKeys = useMemo(() => groupKeysFor(menu, pathname), [menu, pathname]);

  const handleClick = ({ key }: { key: string }) => {
    if (key.startsWith('group:')) return;
    navigate(key);
    if (mobile) sessionStore.setSidebarOpen(false);
  };

  return (
    <>
      <Layout.Sider
        className={mobile ? 'app-sider is-mobile' : 'app-sider'}
        width={SIDEBAR_WIDTH}
        collapsedWidth={mobile ? 0 : 64}
        collapsed={!open}
        collapsible
        trigger={null}
        aria-label="侧边菜单"
      >
        <a
          className="app-logo"
          href="/"
          onClick={(e) => {
            e.preventDefault();
            navigate('/');
          }}
          aria-label={`${PRODUCT_TITLE} 工作台`}
        >
          <SafetyCertificateFilled className="app-logo-mark" aria-hidden />
          {open && <span>{PRODUCT_TITLE}</span>}
        </a>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={[pathname]}
          // A collapsed menu shows groups as popups: mounting it with open keys would leave the current group's
          // popup floating over the page, so it mounts closed, and again (with the group open) when expanded.
          defaultOpenKeys={open ? openKeys : []}
          key={`${openKeys.join(',')}|${open ? 'open' : 'collapsed'}`}
          onClick={handleClick}
        />
      </Layout.Sider>
      {mobile && open && (
        <button
          type="button"
          className="app-sider-mask"
          aria-label="关闭菜单"
          onClick={() => sessionStore.setSidebarOpen(false)}
        />
      )}
    </>
  );
}
