import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, ConfigProvider } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { PRODUCT_TITLE } from '@ip/contract';
import { getToken } from '../lib/storage';
import { portalSettingsQuery } from './portal-api';
import './portal.css';

// The public portal's navigation bar and footer (ADR 0045): the channels in the bar (a drawer menu below 768 px),
// a 长辈版 (large type) switch kept in localStorage, and the footer links the administrator sets on /web.

export const ELDER_KEY = 'portalElder';

// The drawer (antd Drawer and its motion) loads when the menu first opens: /web/index does not need it (ADR 0056).
const PortalDrawer = lazy(() => import('./portal-drawer'));

const NAV = [
  { to: '/web/index', label: '首页' },
  { to: '/web/news', label: '新闻资讯' },
  { to: '/web/activities', label: '活动信息' },
  { to: '/web/policies', label: '政策法规' },
  { to: '/web/protection', label: '知识产权保护' },
  { to: '/web/engineering', label: '知识产权工程' },
  { to: '/web/services/central', label: '服务中心' },
  { to: '/web/finance', label: '知识产权金融' },
  { to: '/web/enterprise', label: '企业风采' },
  { to: '/web/enterprise/leader', label: '领军企业' },
  { to: '/web/manufacturing', label: '先进制造' },
  { to: '/web/honor', label: '专利荣誉' },
  { to: '/web/overseas/warning', label: '海外预警' },
  { to: '/web/overseas/assistance', label: '海外维权援助' },
  { to: '/web/overseas/association', label: '海外协会' },
  { to: '/web/patentaward', label: '专利奖' },
  { to: '/web/search', label: '专利检索' },
];

function readElder(): boolean {
  try {
    return localStorage.getItem(ELDER_KEY) === '1';
  } catch {
    return false;
  }
}

/** The frame of the public pages: header with navigation, 长辈版 switch, footer. */
export function PortalFrame({ children }: { children: ReactNode }) {
  const loggedIn = !!getToken();
  const [elder, setElder] = useState(readElder);
  const [open, setOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const settings = useQuery(portalSettingsQuery());
  useEffect(() => {
    try {
      localStorage.setItem(ELDER_KEY, elder ? '1' : '0');
    } catch {
      /* private mode: the switch still works for this visit */
    }
  }, [elder]);
  const links = NAV.map((n) => (
    <NavLink key={n.to} to={n.to} end onClick={() => setOpen(false)}>
      {n.label}
    </NavLink>
  ));
  const account = loggedIn ? <NavLink to="/">工作台</NavLink> : <NavLink to="/login">登录</NavLink>;

  return (
    <ConfigProvider theme={elder ? { token: { fontSize: 20 } } : undefined}>
      <div className={`public-shell${elder ? ' portal-elder' : ''}`}>
        <a className="portal-skip" href="#portal-main">
          跳到正文
        </a>
        <header className="public-header">
          <Link to="/web/index" className="public-brand">
            {PRODUCT_TITLE}
          </Link>
          <div className="portal-tools">
            <Button size="small" aria-pressed={elder} onClick={() => setElder((v) => !v)} className="portal-elder-switch">
              {elder ? '标准版' : '长辈版'}
            </Button>
            <Button
              size="small"
              className="portal-menu-button"
              icon={<MenuOutlined />}
              aria-label="打开栏目菜单"
              aria-expanded={open}
              onClick={() => {
                setDrawerLoaded(true);
                setOpen(true);
              }}
            />
          </div>
          <nav className="public-nav portal-nav" aria-label="主导航">
            {links}
            {account}
          </nav>
        </header>
        {drawerLoaded && (
          <Suspense fallback={null}>
            <PortalDrawer open={open} onClose={() => setOpen(false)}>
              {links}
              {account}
            </PortalDrawer>
          </Suspense>
        )}
        <main className="public-main" id="portal-main" tabIndex={-1}>
          {children}
        </main>
        <footer className="public-footer">
          {!!settings.data?.footer_links.length && (
            <nav aria-label="友情链接" className="portal-footer-links">
              {settings.data.footer_links.map((l) =>
                /^https?:/.test(l.link) ? (
                  <a key={l.title} href={l.link} target="_blank" rel="noopener noreferrer">
                    {l.title}
                  </a>
                ) : (
                  <Link key={l.title} to={l.link || '/web/index'}>
                    {l.title}
                  </Link>
                ),
              )}
            </nav>
          )}
          {settings.data?.footer_text && <p>{settings.data.footer_text}</p>}
          <p>
            © {new Date().getFullYear()} {PRODUCT_TITLE} · 专利数据仅供检索参考
          </p>
        </footer>
      </div>
    </ConfigProvider>
  );
}
