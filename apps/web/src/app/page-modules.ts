import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { PAGES, type PageDef, type RouteSet } from '@ip/contract';
import { routeSetOf, useSessionUser } from '../lib/session-store';

type LazyPage = LazyExoticComponent<ComponentType>;

/**
 * A company page (trial users see TrialNotice instead, components/trial-notice). The notice (antd Result, Card) loads
 * with the page, not with the app's entry: the public portal does not need it (ADR 0056).
 */
function companyOnly(load: () => Promise<{ default: ComponentType }>, title: string): LazyPage {
  return lazy(() =>
    Promise.all([load(), import('../components/trial-notice')]).then(([m, t]) => ({
      default: t.requireCompany(m.default, title),
    })),
  );
}

type SignedInPage = keyof typeof import('./signed-in-pages').SIGNED_IN_PAGES;

/**
 * A page of the signed-in app (its route sets are not empty). Its import, with Vite's list of the chunks to preload
 * beside it, lives in signed-in-pages.ts, a chunk of its own that loads with the first such page: the public portal
 * does not carry those lists (ADR 0056 §5). The page and its chunks still load in parallel.
 */
function loadSignedIn(name: SignedInPage): Promise<{ default: ComponentType }> {
  return import('./signed-in-pages').then((m) => m.SIGNED_IN_PAGES[name]());
}
function signedIn(name: SignedInPage): LazyPage {
  return lazy(() => loadSignedIn(name));
}

// Every page is its own lazy chunk (spec §2: all pages load on demand).
const WipPage = lazy(() => import('../components/wip-page'));
const NotFoundPage = lazy(() => import('../components/not-found-page'));
const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const VisitorLoginPage = lazy(() => import('../features/auth/pages/visitor-login-page'));
const FieldWaitvisitPage = lazy(() => import('../features/field/pages/waitvisit-page'));
const FieldWorkVisitPage = lazy(() => import('../features/field/pages/work-visit-page'));
const FieldAddWaitvisitPage = lazy(() => import('../features/field/pages/add-waitvisit-page'));
const LandingPage = lazy(() => import('../portal/landing-page'));
const UserCenterPage = signedIn('UserCenterPage');
const ChangePasswordPage = signedIn('ChangePasswordPage');
const UserListPage = signedIn('UserListPage');
const ApplyPage = signedIn('ApplyPage');
const DockingPage = lazy(() => import('../features/search/pages/docking-page'));
const PublicResultsPage = lazy(() => import('../features/search/pages/public-results-page'));
const AdvancedSearchPage = signedIn('AdvancedSearchPage');
const PublicAdvancedPage = lazy(() => import('../features/search/pages/public-advanced-page'));
const SearchHomePage = lazy(() => import('../portal/search-home-page'));
const PatentAbstractPage = lazy(() => import('../features/patent/pages/detail-page'));
const PatentClaimsPage = lazy(() => import('../features/patent/pages/power-page'));
const PatentDescriptionPage = lazy(() => import('../features/patent/pages/instructions-page'));
const PatentDrawingsPage = lazy(() => import('../features/patent/pages/drawings-page'));
const PatentFullTextPage = lazy(() => import('../features/patent/pages/full-text-page'));
const PatentLawPage = lazy(() => import('../features/patent/pages/law-page'));
const PatentFamilyPage = lazy(() => import('../features/patent/pages/kindred-page'));
const NewSystemPage = signedIn('NewSystemPage');
const DemandsPage = signedIn('DemandsPage');
const DemandFollowPage = signedIn('DemandFollowPage');
const VisitsNeedsPage = signedIn('VisitsNeedsPage');
const WorkPage = signedIn('WorkPage');
const AddVisitPage = signedIn('AddVisitPage');
const WorkWaitvisitPage = signedIn('WorkWaitvisitPage');
const WorkCalendarPage = signedIn('WorkCalendarPage');
const WorkWaitvisit2Page = signedIn('WorkWaitvisit2Page');
const WorkVisitPage = signedIn('WorkVisitPage');
const VisitDetailPage = signedIn('VisitDetailPage');
const RankingPage = signedIn('RankingPage');
const GradingPage = signedIn('GradingPage');
const WarningsPage = signedIn('WarningsPage');
const SystemPage = signedIn('SystemPage');
const HomePage = signedIn('HomePage');
const CertificatePage = companyOnly(() => loadSignedIn('CertificatePage'), '证书管理');
const NonPatentDetailsPage = companyOnly(() => loadSignedIn('NonPatentDetailsPage'), '非专利管理');
const PortfolioPage = companyOnly(() => loadSignedIn('PortfolioPage'), '专利管理');
const PatentDetailsPage = companyOnly(() => loadSignedIn('PatentDetailsPage'), '企业专利详情');
const LitigationListPage = companyOnly(() => loadSignedIn('LitigationListPage'), '诉讼管理');
const CertificateExpirePage = companyOnly(() => loadSignedIn('CertificateExpirePage'), '证书到期预警');
const LitigationSearchPage = signedIn('LitigationSearchPage');
const LitigationDetailPage = signedIn('LitigationDetailPage');
const CenterPage = signedIn('CenterPage');
const CenterDetailPage = signedIn('CenterDetailPage');
const EarlyPage = companyOnly(() => loadSignedIn('EarlyPage'), '专利监控');
const CompDetailPage = companyOnly(() => loadSignedIn('CompDetailPage'), '专利监控');
const CutDetailsPage = companyOnly(() => loadSignedIn('CutDetailsPage'), '专利监控');
const ReportPage = companyOnly(() => loadSignedIn('ReportPage'), '月度专利报告');
const ChannelListPage = lazy(() => import('../portal/channel-list-page'));
const ArticleDetailPage = lazy(() => import('../portal/article-detail-page'));
const PortalHomePage = lazy(() => import('../portal/portal-home-page'));
const FeePage = companyOnly(() => loadSignedIn('FeePage'), '年费预警');
const ConsultingPage = signedIn('ConsultingPage');
const UserConsultingPage = companyOnly(() => loadSignedIn('UserConsultingPage'), '业务咨询');

const DataShowPage = signedIn('DataShowPage');
const DataShowListPage = signedIn('DataShowListPage');
const VisualizationPage = signedIn('VisualizationPage');
const PatentVisualizationPage = signedIn('PatentVisualizationPage');
const HonorPage = signedIn('HonorPage');
const NewHomePage = signedIn('NewHomePage');
const VisitVisualPage = signedIn('VisitVisualPage');
const ServiceDataPage = signedIn('ServiceDataPage');
const EnterprisePage = signedIn('EnterprisePage');
const WebAdminPage = signedIn('WebAdminPage');
const NewsPage = signedIn('NewsPage');
const NewsDetailsPage = signedIn('NewsDetailsPage');
const AdminReportsPage = signedIn('AdminReportsPage');
const IndustryPage = signedIn('IndustryPage');
const AskAboutPage = lazy(() => import('../portal/services/ask-about-page'));
const DialoguePage = lazy(() => import('../portal/services/dialogue-page'));
const ImmediatelyPage = lazy(() => import('../portal/services/immediately-page'));
const ManagePage = lazy(() => import('../portal/services/manage-page'));
const GuanjiaPage = lazy(() => import('../portal/services/guanjia-page'));

/** Pages built for real; every other page of the table shows the shared WipPage. */
export const REAL_PAGES: Record<string, LazyPage> = {
  '/login': LoginPage,
  '/web/small/login': VisitorLoginPage,
  '/web/small/Waitvisit': FieldWaitvisitPage,
  '/web/small/workVisit': FieldWorkVisitPage,
  '/web/addWaitvisit': FieldAddWaitvisitPage,
  '/404': NotFoundPage,
  '/web/index': LandingPage,
  '/userCenter': UserCenterPage,
  '/newUserCenter': UserCenterPage,
  '/upPwd': ChangePasswordPage,
  '/NewupPwd': ChangePasswordPage,
  '/user': UserListPage,
  '/apply': ApplyPage,
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
  '/certificateData': CertificatePage,
  '/NotpatentDetails': NonPatentDetailsPage,
  // Built for the administrator (set B); the company user's /system is still wip (the table's `wip: ['A']`).
  '/system': SystemPage,
  '/home': HomePage,
  '/patent': PortfolioPage,
  '/patentDetails': PatentDetailsPage,
  '/litigation': LitigationListPage,
  '/litigation/docking': LitigationSearchPage,
  '/litigation/details': LitigationDetailPage,
  '/center': CenterPage,
  '/centerDetail': CenterDetailPage,
  '/early': EarlyPage,
  '/compdetail': CompDetailPage,
  '/cutDetails': CutDetailsPage,
  '/report': ReportPage,
  '/costdetails': FeePage,
  '/certificateExpire': CertificateExpirePage,
  '/newsystem': NewSystemPage,
  '/dataShow': DataShowPage,
  '/dataShow/newList': DataShowListPage,
  '/workWaitvisit3': DemandsPage,
  '/workFollow': DemandFollowPage,
  '/VisitsNeeds': VisitsNeedsPage,
  // The public portal (issue 14, ADR 0045): one list and one detail template for every channel page.
  '/web/home': PortalHomePage,
  '/web/news': ChannelListPage,
  '/web/activities': ChannelListPage,
  '/web/engineering': ChannelListPage,
  '/web/protection': ChannelListPage,
  '/web/manufacturing': ChannelListPage,
  '/web/honor': ChannelListPage,
  '/web/services/central': ChannelListPage,
  '/web/services/dynamic': ChannelListPage,
  '/web/services/InnovationStory': ChannelListPage,
  '/web/services/introduce': ChannelListPage,
  '/web/finance': ChannelListPage,
  '/web/enterprise': ChannelListPage,
  '/web/enterprise/leader': ChannelListPage,
  '/web/overseas/warning': ChannelListPage,
  '/web/overseas/assistance': ChannelListPage,
  '/web/overseas/association': ChannelListPage,
  '/web/policies': ChannelListPage,
  '/web/patentaward': ChannelListPage,
  '/web/news/details': ArticleDetailPage,
  '/web/activities/details': ArticleDetailPage,
  '/web/engineering/details': ArticleDetailPage,
  '/web/protection/details': ArticleDetailPage,
  '/web/facturing/details': ArticleDetailPage,
  '/web/central/details': ArticleDetailPage,
  '/web/leader/details': ArticleDetailPage,
  '/assistance/details': ArticleDetailPage,
  '/association/details': ArticleDetailPage,
  '/web/policies/details': ArticleDetailPage,
  '/web/policy/details': ArticleDetailPage,
  '/consulting': ConsultingPage,
  '/UserConsulting': UserConsultingPage,
  '/honor': HonorPage,
  '/work': WorkPage,
  '/addWaitvisit': AddVisitPage,
  '/workWaitvisit': WorkWaitvisitPage,
  '/workCalendar': WorkCalendarPage,
  '/workWaitvisit2': WorkWaitvisit2Page,
  '/workVisit': WorkVisitPage,
  '/workVisit/details': VisitDetailPage,
  '/workCompany': RankingPage,
  '/workTobear': GradingPage,
  '/newhome': NewHomePage,
  '/visualization/Visit': VisitVisualPage,
  '/datapage': ServiceDataPage,
  '/workWarning': WarningsPage,
  '/workEnterprisevisit': EnterprisePage,
  '/visualization': VisualizationPage,
  '/visualization/Patent': PatentVisualizationPage,
  '/web': WebAdminPage,
  '/news': NewsPage,
  '/newsDetails': NewsDetailsPage,
  '/IndustryReport': AdminReportsPage,
  '/industry': IndustryPage,
  '/web/askAbout': AskAboutPage,
  '/web/dialogue': DialoguePage,
  '/web/immediately': ImmediatelyPage,
  '/web/manage': ManagePage,
  '/web/guanjia': GuanjiaPage,
};

export { NotFoundPage };

/** Whether the page is built for a route set (false: that set sees the shared WipPage). */
export function builtFor(page: PageDef, set: RouteSet | undefined): boolean {
  if (!REAL_PAGES[page.path]) return false;
  if (Array.isArray(page.wip)) return !!set && !page.wip.includes(set);
  return !page.wip;
}

const partlyBuilt = new Map<string, ComponentType>();

/**
 * The component a page of the table renders. Redirect-only pages never render (the guard redirects). A page built for
 * some route sets only renders WipPage for the others.
 */
export function componentFor(page: PageDef): ComponentType {
  const real = REAL_PAGES[page.path];
  if (!real) return WipPage;
  if (!Array.isArray(page.wip)) return real;
  let c = partlyBuilt.get(page.path);
  if (!c) {
    c = function PartlyBuiltPage() {
      const set = routeSetOf(useSessionUser());
      return createElement(builtFor(page, set) ? real : WipPage);
    };
    partlyBuilt.set(page.path, c);
  }
  return c;
}

/** The pages that render the shared WipPage for every route set. */
export function wipRoutes(): PageDef[] {
  return PAGES.filter((p) => !p.redirect && !REAL_PAGES[p.path]);
}

/** The pages built for some route sets and still WipPage for the others (`wip` lists those sets). */
export function partlyWipRoutes(): PageDef[] {
  return PAGES.filter((p) => !p.redirect && Array.isArray(p.wip));
}
