import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { PRODUCT_TITLE } from '@ip/contract';
import { getToken } from '../lib/storage';

const YEAR = new Date().getFullYear();

const NAV = [
  { to: '/web/index', label: '首页' },
  { to: '/web/search', label: '专利检索' },
];

/** The frame of the public pages (/web/*, detail, search, visitor pages): header, nav, footer. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  const loggedIn = !!getToken();
  return (
    <div className="public-shell">
      <header className="public-header">
        <Link to="/web/index" className="public-brand">
          {PRODUCT_TITLE}
        </Link>
        <nav className="public-nav" aria-label="主导航">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} end>
              {n.label}
            </NavLink>
          ))}
          {loggedIn ? <NavLink to="/">工作台</NavLink> : <NavLink to="/login">登录</NavLink>}
        </nav>
      </header>
      <main className="public-main">{children}</main>
      <footer className="public-footer">
        © {YEAR} {PRODUCT_TITLE} · 专利数据仅供检索参考
      </footer>
    </div>
  );
}
