import type { Deps } from '../deps';
import { seedDemoCertificates } from './seed-certificates';
import { seedPortfolioDemo } from './seed/portfolio';
import { seedDemoApplications } from './seed/applications';
import { seedDemoSubAccounts } from './seed/sub-accounts';
import { seedDemoLitigation } from './seed/litigation';
import { seedDemoMessages } from './seed-messages';
import { seedDemoMonitoring } from './seed-monitoring';
import { seedDemoReports } from './seed-reports';
import { seedDemoFees } from './seed-fees';
import { seedDemoCalendar } from './seed-calendar';
import { seedIssue9DemoExtra } from './seed/issue9-demo-extra';
import { seedDemoEnterpriseService } from './seed/enterprise-service';
import { seedDemoStats } from './seed/stats';
import { seedDemoDemands } from './seed/demands-demo';
import { seedPortalDemo } from './seed/portal-demo';
import { seedDemoConsulting } from './seed/consulting-demo';
import { seedDemoCompanyHonors } from './seed/company-honors';
import { seedDemoVisits } from './seed/visits-demo';
import { seedDemoFieldVisits } from './seed/field-visits';
import { rebuildCompanyFacts } from '../modules/grading/facts';
import { seedDemoEnterpriseWarnings } from './seed/enterprise-warnings-demo';
import { seedDemoIndustryReports } from './seed/industry-reports-demo';

/**
 * The demo data that needs the demo accounts and the demo patents (portfolio, applications, certificates,
 * litigation …): run once, on the fresh start that created the demo accounts, after the demo patents are in.
 * Deterministic: the same data on every fresh start. Each part of the product adds its own line.
 */
export async function seedDemoData(deps: Deps): Promise<void> {
  await seedDemoCertificates(deps);
  await seedPortfolioDemo(deps);
  await seedDemoFees(deps);
  await seedDemoApplications(deps);
  await seedDemoSubAccounts(deps);
  await seedDemoLitigation(deps);
  await seedDemoMessages(deps);
  await seedDemoMonitoring(deps);
  await seedDemoReports(deps);
  await seedDemoCalendar(deps);
  await seedIssue9DemoExtra(deps);
  await seedDemoEnterpriseService(deps);
  await seedDemoStats(deps);
  await seedDemoDemands(deps);
  await seedPortalDemo(deps);
  await seedDemoConsulting(deps);
  await seedDemoCompanyHonors(deps);
  await seedDemoVisits(deps);
  await seedDemoFieldVisits(deps);
  await rebuildCompanyFacts(deps); // the ranking's stored counts (ADR 0050), after every seed that adds facts
  await seedDemoEnterpriseWarnings(deps);
  await seedDemoIndustryReports(deps);
}
