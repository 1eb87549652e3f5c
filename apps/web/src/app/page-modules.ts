import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { PAGES, type PageDef } from '@ip/contract';

type LazyPage = LazyExoticComponent<ComponentType>;

// Every page is its own lazy chunk (spec §2: all pages load on demand).
const WipPage = lazy(() => import('../components/wip-page'));
const NotFoundPage = lazy(() => import('../components/not-found-page'));
const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const VisitorLoginPage = lazy(() => import('../features/auth/pages/visitor-login-page'));
const LandingPage = lazy(() => import('../portal/landing-page'));
const UserCenterPage = lazy(() => import('../features/account/pages/user-center-page'));
const ChangePasswordPage = lazy(() => import('../features/account/pages/change-password-page'));
const UserListPage = lazy(() => import('../features/admin-users/pages/user-list-page'));
const DockingPage = lazy(() => import('../features/search/pages/docking-page'));
const PublicResultsPage = lazy(() => import('../features/search/pages/public-results-page'));
const AdvancedSearchPage = lazy(() => import('../features/search/pages/advanced-search-page'));
const PublicAdvancedPage = lazy(() => import('../features/search/pages/public-advanced-page'));
const SearchHomePage = lazy(() => import('../portal/search-home-page'));
const PatentAbstractPage = lazy(() => import('../features/patent/pages/detail-page'));
const PatentClaimsPage = lazy(() => import('../features/patent/pages/power-page'));
const PatentDescriptionPage = lazy(() => import('../features/patent/pages/instructions-page'));
const PatentDrawingsPage = lazy(() => import('../features/patent/pages/drawings-page'));
const PatentFullTextPage = lazy(() => import('../features/patent/pages/full-text-page'));
const PatentLawPage = lazy(() => import('../features/patent/pages/law-page'));
const PatentFamilyPage = lazy(() => import('../features/patent/pages/kindred-page'));

/** Pages built for real; every other page of the table shows the shared WipPage. */
export const REAL_PAGES: Record<string, LazyPage> = {
  '/login': LoginPage,
  '/web/small/login': VisitorLoginPage,
  '/404': NotFoundPage,
  '/web/index': LandingPage,
  '/userCenter': UserCenterPage,
  '/newUserCenter': UserCenterPage,
  '/upPwd': ChangePasswordPage,
  '/NewupPwd': ChangePasswordPage,
  '/user': UserListPage,
  '/docking': DockingPage,
  '/AdvancedSearch': AdvancedSearchPage,
  '/web/search': SearchHomePage,
  '/web/search/list': PublicResultsPage,
  '/web/seniorSearch': PublicAdvancedPage,
  '/detail': PatentAbstractPage,
  '/power': PatentClaimsPage,
  '/instructions': PatentDescriptionPage,
  '/drawings': PatentDrawingsPage,
  '/fullText': PatentFullTextPage,
  '/law': PatentLawPage,
  '/kindred': PatentFamilyPage,
};

export { NotFoundPage };

/** The component a page of the table renders. Redirect-only pages never render (the guard redirects). */
export function componentFor(page: PageDef): LazyPage {
  return REAL_PAGES[page.path] ?? WipPage;
}

/** The pages that render the shared WipPage. */
export function wipRoutes(): PageDef[] {
  return PAGES.filter((p) => !p.redirect && !REAL_PAGES[p.path]);
}
