import type { RouteRegistry } from '../http/routes';
import { accountRoutes } from './account/account.routes';
import { purgeExpiredTask } from './account/purge';
import { fileRoutes } from './common/file.routes';
import { fileHousekeepingTask } from './common/file-housekeeping';
import { feeWarningTask } from './fees/fee-warnings';
import { certificateRoutes } from './certificates/certificates.routes';
import { companyRoutes } from './company/company.routes';
import { homeRoutes } from './company/home.routes';
import { ipAssetRoutes } from './ip-assets/ip-assets.routes';
import { auditRoutes } from './users/audit.routes';
import { companyProfileRoutes } from './company/company-profile.routes';
import { subAccountRoutes } from './company/sub-accounts.routes';
import { userAdminRoutes } from './users/users.routes';
import { searchRoutes } from './search/search.routes';
import { searchJobHandlers } from './search/search.export';
import { jobRoutes } from './jobs/jobs.routes';
import { litigationRoutes } from './litigation/litigation.routes';
import type { JobHandlers } from './jobs/jobs.service';
import { patentJobHandlers } from './patents/patents.jobs';
import { patentRoutes } from './patents/patents.routes';
import { portfolioRoutes } from './portfolio/portfolio.routes';
import type { ScheduledTask } from './scheduler/scheduler';
import { systemRoutes } from './system/system.routes';
import { messageRoutes } from './messages/messages.routes';
import { monthlyReportTask, reportJobHandlers } from './reports/reports.service';
import { reportRoutes } from './reports/reports.routes';
import { monitorJobHandlers, nightlyMonitoringTask } from './monitoring/monitoring.run';
import { monitoringRoutes } from './monitoring/monitoring.routes';
import { feeCallRoutes } from './fees/fee-calls.routes';
import { holidayRoutes, holidaySyncTask } from './calendar/holidays.routes';
import { warningSettingRoutes } from './warnings/warning-settings.routes';
import { certificateExpiryRoutes } from './warnings/certificate-expiry.routes';
import { certificateExpiryTask } from './warnings/certificate-expiry';
import { enterpriseRoutes } from './enterprise/enterprise.routes';
import { statsRoutes } from './stats/stats.routes';
import { demandRoutes } from './enterprise/demands.routes';
import { portalRoutes } from './portal/portal.routes';
import { consultingRoutes } from './consulting/consulting.routes';
import { pushRoutes } from './push/push';
import { directoryRoutes } from './enterprise/directory.routes';
import { visitRoutes } from './enterprise/visits.routes';
import { gradingRoutes } from './grading/grading.routes';
import { serviceStatsRoutes } from './service-stats/service-stats.routes';
import { companyFactsTask } from './grading/facts';
import { enterpriseWarningRoutes } from './enterprise/enterprise-warnings.routes';
import { enterpriseWarningTask } from './enterprise/enterprise-warnings-task';
import { regionRoutes } from './region/region.routes';
import { cmsRoutes } from './portal/cms.routes';
import { industryReportRoutes } from './industry-reports/industry-reports.routes';
import { portalRequestRoutes } from './portal-requests/portal-requests';

/** The whole API as one list: each module's routes, registered under /v1. */
export function allModules(): RouteRegistry {
  return [
    ...accountRoutes,
    ...userAdminRoutes,
    ...auditRoutes,
    ...companyRoutes,
    ...homeRoutes,
    ...certificateRoutes,
    ...ipAssetRoutes,
    ...companyProfileRoutes,
    ...subAccountRoutes,
    ...fileRoutes,
    ...jobRoutes,
    ...litigationRoutes,
    ...patentRoutes,
    ...portfolioRoutes,
    ...searchRoutes,
    ...systemRoutes,
    ...messageRoutes,
    ...reportRoutes,
    ...monitoringRoutes,
    ...feeCallRoutes,
    ...holidayRoutes,
    ...warningSettingRoutes,
    ...certificateExpiryRoutes,
    ...enterpriseRoutes,
    ...statsRoutes,
    ...demandRoutes,
    ...portalRoutes,
    ...consultingRoutes,
    ...pushRoutes,
    ...directoryRoutes,
    ...visitRoutes,
    ...gradingRoutes,
    ...serviceStatsRoutes,
    ...enterpriseWarningRoutes,
    ...regionRoutes,
    ...cmsRoutes,
    ...industryReportRoutes,
    ...portalRequestRoutes,
  ];
}

/** Every kind of background job and the function that runs it (modules/jobs runs them). */
export function allJobHandlers(): JobHandlers {
  return { ...patentJobHandlers, ...searchJobHandlers, ...reportJobHandlers, ...monitorJobHandlers };
}

/** Every timed task (modules/scheduler runs them on their croner patterns). */
export function allScheduledTasks(): ScheduledTask[] {
  return [
    purgeExpiredTask,
    fileHousekeepingTask,
    feeWarningTask,
    nightlyMonitoringTask,
    monthlyReportTask,
    holidaySyncTask,
    certificateExpiryTask,
    companyFactsTask,
    enterpriseWarningTask,
  ];
}
