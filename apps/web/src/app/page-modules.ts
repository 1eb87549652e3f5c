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

// Every page is its own lazy chunk (spec §2: all pages load on demand).
const WipPage = lazy(() => import('../components/wip-page'));
const NotFoundPage = lazy(() => import('../components/not-found-page'));
const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const VisitorLoginPage = lazy(() => import('../features/auth/pages/visitor-login-page'));
const FieldWaitvisitPage = lazy(() => import('../features/field/pages/waitvisit-page'));
const FieldWorkVisitPage = lazy(() => import('../features/field/pages/work-visit-page'));
const FieldAddWaitvisitPage = lazy(() => import('../features/field/pages/add-waitvisit-page'));
const LandingPage = lazy(() => import('../portal/landing-page'));
const UserCenterPage = lazy(() => import('../features/account/pages/user-center-page'));
const ChangePasswordPage = lazy(() => import('../features/account/pages/change-password-page'));
const UserListPage = lazy(() => import('../features/admin-users/pages/user-list-page'));
const ApplyPage = lazy(() => import('../features/admin-users/pages/apply-page'));
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
const NewSystemPage = lazy(() => import('../features/enterprise-service/pages/newsystem-page'));
const DemandsPage = lazy(() => import('../features/enterprise-service/demands/demands-page'));
const DemandFollowPage = lazy(() => import('../features/enterprise-service/demands/follow-page'));
const VisitsNeedsPage = lazy(() => import('../features/enterprise-service/demands/visits-needs-page'));
const WorkPage = lazy(() => import('../features/enterprise-service/visits/pages/work-page'));
const AddVisitPage = lazy(() => import('../features/enterprise-service/visits/pages/add-visit-page'));
const WorkWaitvisitPage = lazy(() => import('../features/enterprise-service/visits/pages/visit-calendar-page'));
const WorkCalendarPage = lazy(() => import('../features/enterprise-service/visits/pages/work-calendar-page'));
const WorkWaitvisit2Page = lazy(() => import('../features/enterprise-service/visits/pages/visit-list-page'));
const WorkVisitPage = lazy(() => import('../features/enterprise-service/visits/pages/work-visit-page'));
const VisitDetailPage = lazy(() => import('../features/enterprise-service/visits/pages/visit-detail-page'));
const RankingPage = lazy(() => import('../features/grading/pages/ranking-page'));
const GradingPage = lazy(() => import('../features/grading/pages/grading-page'));
const WarningsPage = lazy(() => import('../features/enterprise-service/warnings/warnings-page'));
const SystemPage = lazy(() => import('../features/system/pages/system-page'));
const HomePage = lazy(() => import('../features/home/pages/home-page'));
const CertificatePage = companyOnly(() => import('../features/certificates/pages/certificate-page'), '证书管理');
const NonPatentDetailsPage = companyOnly(() => import('../features/ip/pages/non-patent-details-page'), '非专利管理');
const PortfolioPage = companyOnly(() => import('../features/portfolio/pages/portfolio-page'), '专利管理');
const PatentDetailsPage = companyOnly(() => import('../features/patent/pages/patent-details-page'), '企业专利详情');
const LitigationListPage = companyOnly(() => import('../features/litigation/pages/litigation-list-page'), '诉讼管理');
const CertificateExpirePage = companyOnly(() => import('../features/warnings/pages/certificate-expire-page'), '证书到期预警');
const LitigationSearchPage = lazy(() => import('../features/litigation/pages/litigation-search-page'));
const LitigationDetailPage = lazy(() => import('../features/litigation/pages/litigation-detail-page'));
const CenterPage = lazy(() => import('../features/messages/pages/center-page'));
const CenterDetailPage = lazy(() => import('../features/messages/pages/center-detail-page'));
const EarlyPage = companyOnly(() => import('../features/monitoring/pages/early-page'), '专利监控');
const CompDetailPage = companyOnly(() => import('../features/monitoring/pages/compdetail-page'), '专利监控');
const CutDetailsPage = companyOnly(() => import('../features/monitoring/pages/cut-details-page'), '专利监控');
const ReportPage = companyOnly(() => import('../features/reports/pages/report-page'), '月度专利报告');
const ChannelListPage = lazy(() => import('../portal/channel-list-page'));
const ArticleDetailPage = lazy(() => import('../portal/article-detail-page'));
const PortalHomePage = lazy(() => import('../portal/portal-home-page'));
const FeePage = companyOnly(() => import('../features/fees/pages/fee-page'), '年费预警');
const ConsultingPage = lazy(() => import('../features/consulting/pages/consulting-page'));
const UserConsultingPage = companyOnly(() => import('../features/consulting/pages/user-consulting-page'), '业务咨询');

const DataShowPage = lazy(() => import('../features/dashboards/pages/data-show-page'));
const DataShowListPage = lazy(() => import('../features/dashboards/pages/data-show-list-page'));
const VisualizationPage = lazy(() => import('../features/visualization/pages/visualization-page'));
const PatentVisualizationPage = lazy(() => import('../features/visualization/pages/patent-page'));
const HonorPage = lazy(() => import('../features/enterprise-directory/pages/honor-page'));
const NewHomePage = lazy(() => import('../features/service-dashboards/pages/new-home-page'));
const VisitVisualPage = lazy(() => import('../features/service-dashboards/pages/visit-visual-page'));
const ServiceDataPage = lazy(() => import('../features/service-dashboards/pages/data-page'));
const EnterprisePage = lazy(() => import('../features/enterprise-directory/pages/enterprise-page'));
const WebAdminPage = lazy(() => import('../features/cms/pages/web-admin-page'));
const NewsPage = lazy(() => import('../features/cms/pages/news-page'));
const NewsDetailsPage = lazy(() => import('../features/cms/pages/news-details-page'));
const AdminReportsPage = lazy(() => import('../features/industry-reports/admin-reports-page'));
const IndustryPage = lazy(() => import('../features/industry-reports/industry-page'));
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
