import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import {
  DEFAULT_PAGE_TITLE,
  PRODUCT_TITLE,
  findPage,
  guard,
  shouldClearSearchCache,
  type PageDef,
  type SessionUser,
} from '@ip/contract';
import { ApiError } from '../api/http';
import { PageSpin } from '../components/page-spin';
import { setNavigator } from '../lib/navigation';
import { notify } from '../lib/notify';
import { loadSessionUser, probeCookieSession, resetSession, shouldProbeCookieSession } from '../lib/session-actions';
import { routeSetOf, useSessionUser } from '../lib/session-store';
import { clearSearchCaches, getToken } from '../lib/storage';
import { KeepAliveOutlet } from './keep-alive-outlet';

const AppLayout = lazy(() => import('../layout/app-layout'));
const PublicLayout = lazy(() => import('../layout/public-layout'));

type Frame = 'app' | 'public' | 'bare';

/**
 * Where a user whose password an administrator set must go first (/upPwd, or /NewupPwd for the enterprise-service
 * sets C and D), or null when they may stay (no such mark, admin view, already there, or leaving to log in).
 */
export function passwordChangePage(user: SessionUser | null, path: string): string | null {
  if (!user || user.must_change_password !== 1 || user.is_admin_view === 1) return null;
  const target = user.is_news === 1 ? '/NewupPwd' : '/upPwd';
  return path === target ? null : target;
}

/** Which frame a page is drawn in: internal pages in the sidebar layout, portal pages in the public one. */
export function frameFor(page: PageDef | undefined, loggedIn: boolean): Frame {
  if (!page) return loggedIn ? 'app' : 'public';
  // The mobile visit pages draw their own frame (features/field, ADR 0044).
  if (page.kind === 'login' || page.kind === 'small') return 'bare';
  if (page.kind === 'internal') return 'app';
  if (page.path.startsWith('/web') || (page.kind === 'public' && page.path !== '/404')) return 'public';
  // Detail, search and 404 pages belong to whichever side the visitor is on.
  return loggedIn ? 'app' : 'public';
}

function Framed({ frame, page, children }: { frame: Frame; page: PageDef | undefined; children: ReactNode }) {
  const content = <Suspense fallback={<PageSpin />}>{children}</Suspense>;
  if (frame === 'bare') return content;
  return (
    <Suspense fallback={<PageSpin />}>
      {frame === 'app' ? <AppLayout page={page}>{content}</AppLayout> : <PublicLayout>{content}</PublicLayout>}
    </Suspense>
  );
}

/**
 * The route guard of spec §4 around every page: redirects per the contract's guard(), loads the session user
 * when a token has none yet, sets the page title, clears search caches when leaving the search pages.
 */
export function RouteShell() {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useSessionUser();
  // A new tab of a logged-in browser: the HttpOnly token cookie may hold the session (ADR 0013); ask once first.
  const [probing, setProbing] = useState(shouldProbeCookieSession);
  useEffect(() => {
    if (!probing) return;
    void probeCookieSession().finally(() => setProbing(false));
  }, [probing]);
  const hasToken = !!getToken();
  const decision = guard(location.pathname, { hasToken, set: routeSetOf(user) });
  const page = findPage(location.pathname);

  useEffect(() => {
    setNavigator((to, opts) => void navigate(to, opts));
    return () => setNavigator(null);
  }, [navigate]);

  useEffect(() => {
    document.title = page ? `${page.title} - ${PRODUCT_TITLE}` : DEFAULT_PAGE_TITLE;
  }, [page]);

  const previousPath = useRef(location.pathname);
  useEffect(() => {
    if (shouldClearSearchCache(previousPath.current, location.pathname)) clearSearchCaches();
    previousPath.current = location.pathname;
  }, [location.pathname]);

  const mustLoadUser = decision.action === 'loadUser' && !probing;
  useEffect(() => {
    if (!mustLoadUser) return;
    let active = true;
    loadSessionUser().catch((err: unknown) => {
      if (!active) return;
      // Spec §4: on failure the token is reset, the error shown, and the user goes to /web/index.
      resetSession();
      if (!(err instanceof ApiError && err.notified))
        notify.error(err instanceof Error && err.message ? err.message : '获取用户信息失败');
      void navigate('/web/index', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [mustLoadUser, navigate]);

  if (probing) return <PageSpin label="正在验证登录信息…" />;
  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.action === 'loadUser') return <PageSpin label="正在验证登录信息…" />;
  // ADR 0019: a password an administrator set is changed before anything else (not in admin view: the administrator
  // may not change it there).
  const mustChange = passwordChangePage(user, location.pathname);
  if (mustChange) return <Navigate to={mustChange} replace />;
  return (
    <Framed frame={frameFor(page, !!user)} page={page}>
      <KeepAliveOutlet />
    </Framed>
  );
}
