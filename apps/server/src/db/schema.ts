import type { Generated } from 'kysely';

/** Tables as Kysely sees them. Dates are ISO text, booleans 0/1 integers, JSON as text (ARCHITECTURE rule 5). */
export interface UsersTable {
  id: Generated<number>;
  mobile: string;
  password_hash: string;
  name: string;
  avatar: string;
  /** '1' trial user, '0' verified. */
  type: string;
  is_admin: number;
  is_news: number;
  rid: number;
  com_id: number;
  pid: number;
  street_id: number;
  street_name: string;
  introduction: string;
  company_name: string;
  /** 1 enabled, 0 disabled. */
  status: number;
  newtype: number;
  created_at: string;
  updated_at: string;
  /** The company a set-A user (and its sub-accounts) belongs to; 0: none yet (trial users, migration 007). */
  company_id: number;
  /** 1: an administrator set the password; the user must change it before anything else (migration 007). */
  must_change_password: number;
}

export interface TokensTable {
  token_hash: string;
  /** 'user' | 'visitor' | 'ifon' (second authentication). */
  subject: string;
  subject_id: number;
  is_admin_view: number;
  admin_id: number | null;
  created_at: string;
  last_used_at: string;
  /** The administrator's own token hash, on admin-view tokens (migration 004). */
  parent_hash: string | null;
  /** 'field': a field token of the mobile visit pages, limited to the field allow-list (migration 031); '' otherwise. */
  scope: Generated<string>;
}

/** One fixed-window counter of modules/account/limits.ts (migration 004). */
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: string;
}

/** A hashed single-use WeChat secret: 'state' (value: redirect path), 'code' (offline provider) or 'ticket' (value: openid). */
export interface WechatGrantsTable {
  hash: string;
  kind: string;
  value: string;
  expires_at: string;
}

export interface SmsCodesTable {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  wrong_tries: number;
  /** 1 once used or voided. */
  consumed: number;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  mobile: string;
  content: string;
  created_at: string;
}

export interface VisitorsTable {
  id: Generated<number>;
  mobile: string;
  name: string;
  created_at: string;
  last_login_at: string;
}

export interface VerificationsTable {
  id: Generated<number>;
  user_id: number;
  company_name: string;
  credit_code: string;
  contact: string;
  license: string;
  /** 0 pending, 1 approved, 2 rejected. */
  status: number;
  remark: string;
  reviewer_id: number | null;
  created_at: string;
  reviewed_at: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  admin_id: number;
  user_id: number | null;
  action: string;
  detail: string;
  created_at: string;
}

export interface FilesTable {
  id: Generated<number>;
  owner_id: number;
  kind: string;
  name: string;
  stored_name: string;
  mime: string;
  size: number;
  created_at: string;
  /** 'public' (served at /uploads/<stored_name>) or 'private' (DATA_DIR/private, GET /v1/common/file/:id). */
  visibility: string;
  /** FilePurpose: avatar, portal, licence, document, export. */
  purpose: string;
  /** ISO time after which the housekeeping task deletes the file and the row (exports); null: kept. */
  expires_at: string | null;
  /** Portal images (migration 037, ADR 0053): the 480 px WebP thumbnail and the ≤1200 px display copy; '' if none. */
  thumb_name: Generated<string>;
  display_name: Generated<string>;
}

export interface CompaniesTable {
  id: Generated<number>;
  company_name: string;
  credit_code: string;
  street_id: number;
  street_name: string;
  /** Number of patents held, shown in company search results. */
  patent_num: number;
  created_at: string;
  /** Migration 007: the company's profile (shown on /system for its users). */
  address: Generated<string>;
  contact: Generated<string>;
  contact_phone: Generated<string>;
  industry: Generated<string>;
  size: Generated<string>;
  /** JSON array of former names, matched against patent applicants like the current name. */
  former_names: Generated<string>;
  /** 1: qualifies for the annual-fee reduction (费减). */
  fee_reduction: Generated<number>;
  updated_at: Generated<string>;
  /** Migration 017: the enterprise-service main account whose office serves the enterprise (0: none). */
  service_owner_id: Generated<number>;
  /** Migration 039: the latest visit_date of its 'done' visits (kept by triggers on visits); null: none. */
  last_visit_date: Generated<string | null>;
}

/** Every normalised name of a company (current and former): the join key against patent_applicants.name. */
export interface CompanyNamesTable {
  company_id: number;
  name: string;
}

/** A company's own tree of patent categories (parent_id 0: top level). */
export interface PatentCategoriesTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number;
  name: string;
  sort: number;
  created_at: string;
}

/**
 * A patent in a company's portfolio. source: 'auto' (an applicant matched one of the company's names), 'manual'
 * (added by number or from search), 'collect' (only collected: 收藏, not the company's own). removed 1: taken out of
 * the portfolio by the company (the row stays so automatic linking does not bring it back). category_id 0: 未分类.
 */
export interface CompanyPatentsTable {
  company_id: number;
  patent_id: number;
  source: Generated<string>;
  category_id: Generated<number>;
  is_core: Generated<number>;
  is_collected: Generated<number>;
  note: Generated<string>;
  removed: Generated<number>;
  created_by: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A 研判 (assessment) note of a company on one of its portfolio patents (migration 007, ADR 0020). */
export interface PatentNotesTable {
  id: Generated<number>;
  company_id: number;
  patent_id: number;
  user_id: number;
  /** The author's name when written (kept if the account is renamed or removed). */
  author: string;
  content: string;
  created_at: string;
}

export interface WechatBindingsTable {
  openid: string;
  user_id: number;
  created_at: string;
}

/** A company's certificate (migration 008, ADR 0021). */
export interface CertificatesTable {
  id: Generated<number>;
  company_id: number;
  /** CertificateKind: patent, hightech, iso, honor, qualification, other. */
  kind: string;
  number: Generated<string>;
  name: string;
  issuer: Generated<string>;
  /** YYYY-MM-DD */
  issue_date: string;
  /** YYYY-MM-DD; null: no expiry. Read by the certificate expiry warnings. */
  expiry_date: string | null;
  /** patents.id of a patent certificate (in the company's portfolio); 0 for other kinds. */
  patent_id: Generated<number>;
  note: Generated<string>;
  /** JSON number[]: files ids (private uploads of the company's users). */
  file_ids: Generated<string>;
  created_by: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A trademark, copyright or software copyright a company records by hand (migration 008). */
export interface IpAssetsTable {
  id: Generated<number>;
  company_id: number;
  /** IpKind: trademark, copyright, software. */
  kind: string;
  number: Generated<string>;
  name: string;
  /** Nice class 1–45 of a trademark; 0: none. */
  nice_class: Generated<number>;
  application_date: string | null;
  registration_date: string | null;
  expiry_date: string | null;
  owner: Generated<string>;
  /** IpStatus: pending, registered, rejected, invalid, … */
  status: string;
  note: Generated<string>;
  file_ids: Generated<string>;
  created_by: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One message of the message centre, to one user (migration 011, issue 10). */
export interface MessagesTable {
  id: Generated<number>;
  user_id: number;
  company_id: Generated<number>;
  /** MessageKind: fee, certificate, monitor, approval, report, push, system. */
  kind: string;
  title: string;
  body: Generated<string>;
  /** The web route of the message's object (e.g. /costdetails?patent=12); '' none. */
  link: Generated<string>;
  object_type: Generated<string>;
  object_id: Generated<number>;
  /** Unique: what makes a delivery happen once (e.g. fee:patent:year:threshold:u<user>). */
  delivery_key: string;
  created_at: string;
  read_at: string | null;
  /** Set when what the message warns about is dealt with (a fee paid, a certificate renewed). */
  handled_at: string | null;
  /** Set when the user deletes the message (migration 014): hidden, its delivery key kept. */
  deleted_at: string | null;
}

/** A company's monthly patent report (migration 016, ADR 0030); unique (company_id, month). */
export interface ReportsTable {
  id: Generated<number>;
  company_id: number;
  /** YYYY-MM (Asia/Shanghai). */
  month: string;
  /** queued | running | done | failed */
  status: string;
  /** JSON ReportData (the figures the page shows). */
  data: Generated<string>;
  /** The PDF in the files store; 0 none yet. */
  file_id: Generated<number>;
  job_id: Generated<number>;
  generated_at: string | null;
  created_by: Generated<number>;
  created_at: string;
  updated_at: string;
  error: Generated<string>;
}

/** The holiday table (migration 013, issue 10): exceptions to "Monday–Friday are working days". */
export interface HolidaysTable {
  /** YYYY-MM-DD */
  day: string;
  /** 1: adjusted working day (调休上班); 0: day off. */
  working: number;
  name: Generated<string>;
  /** 'package' (chinese-days) or 'admin' (edited on /system; never overwritten by a package import at start). */
  source: Generated<string>;
  updated_at: string;
}

/** A company's warning lead times (migration 013, issue 10); no row: the defaults. */
export interface WarningSettingsTable {
  company_id: number;
  /** JSON number[], largest first. */
  fee_days: string;
  fee_grace_monthly: Generated<number>;
  /** JSON number[], largest first. */
  certificate_days: string;
  updated_at: string;
}

export interface Database {
  messages: MessagesTable;
  reports: ReportsTable;
  users: UsersTable;
  tokens: TokensTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  rate_limits: RateLimitsTable;
  wechat_grants: WechatGrantsTable;
  visitors: VisitorsTable;
  verifications: VerificationsTable;
  audit_log: AuditLogTable;
  files: FilesTable;
  companies: CompaniesTable;
  company_names: CompanyNamesTable;
  patent_categories: PatentCategoriesTable;
  company_patents: CompanyPatentsTable;
  patent_notes: PatentNotesTable;
  wechat_bindings: WechatBindingsTable;
  certificates: CertificatesTable;
  ip_assets: IpAssetsTable;
  patents: PatentsTable;
  patent_pubs: PatentPubsTable;
  patent_ipc: PatentIpcTable;
  patent_applicants: PatentApplicantsTable;
  jobs: JobsTable;
  search_history: SearchHistoryTable;
  litigation_cases: LitigationCasesTable;
  litigation_parties: LitigationPartiesTable;
  litigation_patents: LitigationPatentsTable;
  litigation_follows: LitigationFollowsTable;
  litigation_search: LitigationSearchTable;
  fee_payments: FeePaymentsTable;
  monitor_rules: MonitorRulesTable;
  monitor_hits: MonitorHitsTable;
  holidays: HolidaysTable;
  warning_settings: WarningSettingsTable;
  streets: StreetsTable;
  service_labels: ServiceLabelsTable;
  company_labels: CompanyLabelsTable;
  staff_companies: StaffCompaniesTable;
  staff_streets: StaffStreetsTable;
  service_settings: ServiceSettingsTable;
  visits: VisitsTable;
  demands: DemandsTable;
  demand_steps: DemandStepsTable;
  activity_log: ActivityLogTable;
  articles: ArticlesTable;
  article_revisions: ArticleRevisionsTable;
  portal_settings: PortalSettingsTable;
  consult_questions: ConsultQuestionsTable;
  consult_replies: ConsultRepliesTable;
  pushes: PushesTable;
  company_honors: CompanyHonorsTable;
  service_score_settings: ServiceScoreSettingsTable;
  service_warning_deliveries: ServiceWarningDeliveriesTable;
  service_company_facts: ServiceCompanyFactsTable;
  service_facts_state: ServiceFactsStateTable;
  service_visit_days: ServiceVisitDaysTable;
  service_visit_windows: ServiceVisitWindowsTable;
  service_demand_registered: ServiceDemandRegisteredTable;
  service_demand_handled: ServiceDemandHandledTable;
  stats_days: StatsDaysTable;
  stats_company_days: StatsCompanyDaysTable;
  stats_company_months: StatsCompanyMonthsTable;
  stats_user_days: StatsUserDaysTable;
  region_patents: RegionPatentsTable;
  region_office_patents: RegionOfficePatentsTable;
  region_patent_cube: RegionPatentCubeTable;
  region_patent_days: RegionPatentDaysTable;
  company_patent_counts: CompanyPatentCountsTable;
  district_maps: DistrictMapsTable;
  industry_reports: IndustryReportsTable;
  portal_requests: PortalRequestsTable;
}

export interface PatentsTable {
  id: Generated<number>;
  doc_key: string;
  an: string | null;
  ad: string | null;
  pn: string | null;
  pd: string | null;
  gn: string | null;
  gd: string | null;
  /** JSON: [{pn, date, kind}] */
  publications: string;
  title: string;
  abstract: string;
  claims: string;
  description: string;
  /** JSON string[] */
  applicants: string;
  first_applicant: string;
  /** JSON string[] */
  inventors: string;
  address: string;
  agency: string;
  /** JSON string[], main first */
  ipc: string;
  ipc_main: string;
  /** 发明 | 实用新型 | 外观设计 | '' */
  type: string;
  /** 审中 | 有权 | 无权 | '' (derived from legal_events) */
  legal_status: string;
  /** JSON: [{date, code, text}] */
  legal_events: string;
  family: string;
  citations: string;
  drawings: string;
  pdf: string;
  country: string;
  lang: string;
  app_year: number | null;
  is_demo: number;
  source: string;
  extra: string;
  content_hash: string;
  term_adjustment_days: number;
  /** Migration 012: 0, 70 or 85 — the annual-fee reduction (费减) recorded on the patent (ADR 0025). */
  fee_reduction_pct: Generated<number>;
  /** Last day of the term (YYYY-MM-DD), null when the filing date is unknown. */
  expiry_date: string | null;
  created_at: string;
  updated_at: string;
}

export interface PatentPubsTable {
  pn: string;
  stem: string;
  patent_id: number;
}

export interface PatentIpcTable {
  patent_id: number;
  code: string;
  is_main: number;
}

export interface PatentApplicantsTable {
  patent_id: number;
  name: string;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  owner_id: number;
  /** queued | running | done | failed */
  status: string;
  params: string;
  total: number;
  done: number;
  result: string;
  error: string;
  /** JSON: where a resumed job continues. */
  checkpoint: string;
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
  updated_at: string;
  /** The server (INSTANCE_ID) running the job, while it runs (migration 006). */
  lease_owner: string | null;
  /** Until when (ISO) that server holds the job; its heartbeat moves this forward. */
  lease_until: string | null;
}

/** A logged-in user's recent searches (migration 003). */
export interface SearchHistoryTable {
  id: Generated<number>;
  user_id: number;
  expression: string;
  total: number;
  created_at: string;
}

/** A court case about patents (migration 009, ADR 0023). case_no is canonical (full-width brackets, no spaces). */
export interface LitigationCasesTable {
  id: Generated<number>;
  case_no: string;
  court: string;
  cause: string;
  /** 一审 | 二审 | 再审 */
  trial_level: string;
  /** 审理中 | 已判决 | 已调解 | 已撤诉 */
  status: string;
  filing_date: string;
  filing_year: number;
  judgment_date: string | null;
  summary: Generated<string>;
  judgment_text: Generated<string>;
  /** JSON: [{title, kind, date, text}] */
  documents: Generated<string>;
  source: Generated<string>;
  is_demo: Generated<number>;
  content_hash: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** A party of a case; name_key = normaliseCompanyName(name), matched against company_names.name. */
export interface LitigationPartiesTable {
  case_id: number;
  sort: number;
  /** 原告 | 被告 | 第三人 | 上诉人 | 被上诉人 */
  role: string;
  name: string;
  name_key: string;
}

/** A patent involved in a case: the number as given and its canonical application or publication number. */
export interface LitigationPatentsTable {
  case_id: number;
  sort: number;
  number: string;
  an: string | null;
  pn: string | null;
  pn_stem: string | null;
}

/** A case a company follows (收藏). */
export interface LitigationFollowsTable {
  company_id: number;
  case_id: number;
  user_id: number;
  created_at: string;
}

/** A payment of one patent year's annual fee recorded by a company (migration 012, ADR 0025). */
export interface FeePaymentsTable {
  id: Generated<number>;
  company_id: number;
  patent_id: number;
  /** Patent year (1-based) the payment is for; unique per company and patent. */
  year: number;
  /** YYYY-MM-DD */
  paid_on: string;
  /** Whole yuan. */
  amount: number;
  payer: Generated<string>;
  /** files.id of the receipt; 0 none. */
  file_id: Generated<number>;
  note: Generated<string>;
  created_by: Generated<number>;
  created_at: string;
}

/** A company's monitoring rule (migration 015, ADR 0029). */
export interface MonitorRulesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  /** applicant | expression | ipc | patents */
  kind: string;
  /** The applicant name, the canonical expression, the IPC prefix, or the canonical numbers one per line. */
  value: string;
  enabled: Generated<number>;
  created_by: Generated<number>;
  created_at: string;
  updated_at: string;
  watch_from: string;
  last_run_at: string | null;
}

/** What a rule's run found: one event of one patent (migration 015). */
export interface MonitorHitsTable {
  id: Generated<number>;
  rule_id: number;
  company_id: number;
  patent_id: number;
  /** publication | grant | status */
  event: string;
  event_date: string;
  detail: Generated<string>;
  found_at: string;
  read_at: string | null;
}

/** Which version of a case the litigation text index holds (migration 022, ADR 0037); PostgreSQL adds tsv. */
export interface LitigationSearchTable {
  case_id: number;
  content_hash: Generated<string>;
  updated_at: Generated<string>;
}

/** The district's streets (migration 017, issue 12), edited by the administrator. */
export interface StreetsTable {
  id: Generated<number>;
  region: string;
  name: string;
  sort: number;
  created_at: string;
  updated_at: string;
}

/** Company ('company') and demand ('demand') labels a main account defines (migration 017). */
export interface ServiceLabelsTable {
  id: Generated<number>;
  owner_id: number;
  kind: string;
  name: string;
  color: string;
  sort: number;
  created_at: string;
  updated_at: string;
}

/** A label applied to an enterprise (migration 017). */
export interface CompanyLabelsTable {
  owner_id: number;
  company_id: number;
  label_id: number;
  created_by: number;
  created_at: string;
}

/** An enterprise assigned to a staff member (migration 017). */
export interface StaffCompaniesTable {
  owner_id: number;
  staff_id: number;
  company_id: number;
  created_at: string;
}

/** A street assigned to a staff member: every enterprise of the street is in its scope (migration 017). */
export interface StaffStreetsTable {
  owner_id: number;
  staff_id: number;
  street_id: number;
  created_at: string;
}

/** A main account's demand time limits in working days (migration 017); no row: the defaults. */
export interface ServiceSettingsTable {
  owner_id: number;
  contact_days: number;
  reply_days: number;
  close_days: number;
  updated_at: string;
}

/** Own patents per office × street (migration 045, ADR 0062): kept by triggers; rows with n = 0 count nothing. */
export interface RegionPatentsTable {
  owner_id: number;
  street_id: number;
  patent_id: number;
  /** 1: 有权. */
  valid: number;
  /** 1: 有权 发明. */
  invention: number;
  /** The office's own links of that street to the patent. */
  n: number;
  /** The patent's attributes /region/patent groups by (migration 048): type, legal status, application year, IPC
   * section (first letter of ipc_main), grant date. */
  type: string;
  legal_status: string;
  app_year: number | null;
  ipc: string;
  gd: string | null;
  /** The application date (migration 049). */
  ad: string | null;
}

/** Own patents per office, any street (migration 045, ADR 0062); as region_patents without the street. */
export type RegionOfficePatentsTable = Omit<RegionPatentsTable, 'street_id'>;

/**
 * An office's patents counted per street × type × legal status × application year × IPC section (migration 049, ADR
 * 0062 §6), kept by triggers on region_patents / region_office_patents; street_id -1: the district (each patent once).
 * Unknown values: '' and app_year 0. Rows with n = 0 count nothing.
 */
export interface RegionPatentCubeTable {
  owner_id: number;
  street_id: number;
  type: string;
  legal_status: string;
  app_year: number;
  ipc: string;
  n: number;
}

/**
 * An office's patents per street (-1: the district) × kind (ad: application date, gd: grant date) × day (migration
 * 049), kept as the cube.
 */
export interface RegionPatentDaysTable {
  owner_id: number;
  street_id: number;
  kind: 'ad' | 'gd';
  day: string;
  n: number;
}

/** An enterprise's own patents (links not removed, not only collected, to patents that exist; migration 045). */
export interface CompanyPatentCountsTable {
  company_id: number;
  patents: number;
  /** 发明 */
  inventions: number;
  /** 有权 */
  valid: number;
  /** 有权 发明 */
  valid_inventions: number;
}

/** Visits per office × street × visitor × state × day, kept by triggers (migration 040, ADR 0059). */
export interface ServiceVisitDaysTable {
  owner_id: number;
  /** visit_date of a done visit, plan_date otherwise. */
  visit_day: string;
  street_id: number;
  staff_id: number;
  status: 'plan' | 'done' | 'cancelled';
  n: number;
}

/**
 * Done visits per office × 12-month window (from_month … from_month + 11, by the month of visit_date) × enterprise,
 * kept by triggers (migration 047, ADR 0059 §6).
 */
export interface ServiceVisitWindowsTable {
  owner_id: number;
  /** YYYY-MM: the window's first month. */
  from_month: string;
  company_id: number;
  n: number;
}

/** Demands per office × China day registered × street × state × label, kept by triggers (migration 040, ADR 0059). */
export interface ServiceDemandRegisteredTable {
  owner_id: number;
  registered_day: string;
  street_id: number;
  status: string;
  label_id: number;
  n: number;
}

/** Handled demands per office × China day handled × street × handler × on time, kept by triggers (migration 040). */
export interface ServiceDemandHandledTable {
  owner_id: number;
  handled_day: string;
  street_id: number;
  handler_id: number;
  /** 1 when the China day of handled_at is on or before close_due. */
  on_time: number;
  n: number;
}

/** A to-visit ('plan') or a visit record ('done'), or a cancelled plan (migration 023, issue 12). */
export interface VisitsTable {
  id: Generated<number>;
  owner_id: number;
  company_id: number;
  staff_id: number;
  status: 'plan' | 'done' | 'cancelled';
  plan_date: string;
  plan_time: Generated<string>;
  purpose: Generated<string>;
  visit_date: Generated<string>;
  people_met: Generated<string>;
  content: Generated<string>;
  /** JSON array of file ids. */
  photos: Generated<string>;
  follow_up: Generated<number>;
  follow_note: Generated<string>;
  follow_done_at: string | null;
  /** The client's idempotency key: a record sent twice (a retried upload) is saved once. */
  request_key: string | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}

/** An enterprise's demand and where it stands in the loop 登记 → 分派 → 办理 → 评价 → 回访 (migration 023). */
export interface DemandsTable {
  id: Generated<number>;
  owner_id: number;
  company_id: number;
  visit_id: Generated<number>;
  /** 'visit' (raised during a visit), 'staff' (registered by the office), 'company' (raised on /VisitsNeeds). */
  source: string;
  label_id: Generated<number>;
  title: string;
  content: Generated<string>;
  status: 'registered' | 'assigned' | 'handled' | 'evaluated' | 'closed';
  handler_id: Generated<number>;
  registered_at: string;
  contact_due: string;
  reply_due: string;
  close_due: string;
  assigned_at: string | null;
  contacted_at: string | null;
  replied_at: string | null;
  handled_at: string | null;
  result: Generated<string>;
  evaluated_at: string | null;
  rating: Generated<number>;
  evaluation: Generated<string>;
  closed_at: string | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}

/** One step of a demand's loop: who did what and when (migration 023). */
export interface DemandStepsTable {
  id: Generated<number>;
  demand_id: number;
  step: string;
  actor_id: number;
  actor_name: Generated<string>;
  note: Generated<string>;
  created_at: string;
}

/** One login of a user account or one export file written (migration 028, ADR 0047): what /dataShow counts. */
export interface ActivityLogTable {
  id: Generated<number>;
  kind: 'login' | 'export';
  user_id: number;
  created_at: string;
}

/** search_history and activity_log rows per kind ('search' | 'login' | 'export') × China day, kept by triggers (migration 046, ADR 0063). */
export interface StatsDaysTable {
  kind: string;
  day: string;
  n: number;
}

/**
 * Events per company (the event's user's company_id now, > 0) × China day: logins, searches, exports and all
 * (actions); kept by triggers (migration 046, ADR 0063).
 */
export interface StatsCompanyDaysTable {
  day: string;
  company_id: number;
  logins: number;
  searches: number;
  exports: number;
  actions: number;
}

/** The same per China month (YYYY-MM). */
export interface StatsCompanyMonthsTable {
  month: string;
  company_id: number;
  logins: number;
  searches: number;
  exports: number;
  actions: number;
}

/** Users per account kind × China day of created_at, kept by triggers (migration 046, ADR 0063). */
export interface StatsUserDaysTable {
  kind: string;
  day: string;
  n: number;
}

/** A portal article (migration 026, issue 14, ADR 0045). */
export interface ArticlesTable {
  id: Generated<number>;
  channel: string;
  title: string;
  summary: Generated<string>;
  source: Generated<string>;
  author: Generated<string>;
  /** Sanitised HTML. */
  body: Generated<string>;
  cover_file_id: Generated<number>;
  /** JSON array of file ids. */
  attachments: Generated<string>;
  issuer: Generated<string>;
  effective_date: Generated<string>;
  pinned: Generated<number>;
  /** 'draft' | 'published' | 'withdrawn'. */
  status: string;
  publish_at: string | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}

export interface ArticleRevisionsTable {
  id: Generated<number>;
  article_id: number;
  /** 'create' | 'save' | 'publish' | 'withdraw'. */
  action: string;
  editor_id: number;
  editor_name: Generated<string>;
  /** JSON of the article's fields after the action. */
  snapshot: string;
  created_at: string;
}

export interface PortalSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

/** A company user's question of business consulting (migration 027, issue 14). */
export interface ConsultQuestionsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  category: string;
  title: string;
  content: string;
  /** JSON array of private 'document' file ids. */
  file_ids: Generated<string>;
  status: 'open' | 'replied' | 'closed';
  public: Generated<number>;
  replies: Generated<number>;
  created_at: string;
  updated_at: string;
  last_reply_at: string | null;
  closed_at: string | null;
}

/** One message of a question's thread: the administrator's answer or the company's addition (migration 027). */
export interface ConsultRepliesTable {
  id: Generated<number>;
  question_id: number;
  author: 'admin' | 'company';
  author_id: number;
  content: string;
  file_ids: Generated<string>;
  created_at: string;
}

/** A message the administrator pushed to companies (migration 027); its deliveries are rows of messages. */
export interface PushesTable {
  id: Generated<number>;
  title: string;
  body: string;
  link: Generated<string>;
  target: string;
  target_value: Generated<string>;
  sms: Generated<number>;
  companies: Generated<number>;
  users: Generated<number>;
  sms_sent: Generated<number>;
  created_by: number;
  created_at: string;
}

/** An honour of an enterprise the office serves (migration 024, ADR 0041). */
export interface CompanyHonorsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  /** 国家级 | 省级 | 市级 | 区级 */
  level: string;
  year: number;
  issuer: Generated<string>;
  /** files.id of the attachment; 0: none. */
  file_id: Generated<number>;
  created_by: number;
  created_at: string;
  updated_at: string;
}

/** Score weights and grade thresholds of an office, JSON (migration 025, ADR 0043). */
export interface ServiceScoreSettingsTable {
  owner_id: number;
  weights: string;
  thresholds: string;
  updated_at: string;
}

/** A warning delivered to a staff member's message centre, once (migration 025, ADR 0043). */
export interface ServiceWarningDeliveriesTable {
  id: Generated<number>;
  owner_id: number;
  kind: string;
  ref_key: string;
  company_id: number;
  user_id: number;
  delivered_at: string;
}

/** The ranking's stored counts per enterprise (migration 034, ADR 0050). */
export interface ServiceCompanyFactsTable {
  company_id: number;
  invention: Generated<number>;
  utility: Generated<number>;
  design: Generated<number>;
  honour: Generated<number>;
  demand: Generated<number>;
  visit: Generated<number>;
  litigation: Generated<number>;
}

/** The day the stored windowed counts were taken on (one row, id 1; migration 034, ADR 0050). */
export interface ServiceFactsStateTable {
  id: number;
  as_of: string;
  built_at: string;
}

/** Migration 035: uploaded district boundaries (ADR 0051); the newest row is the map, none: the demo district. */
export interface DistrictMapsTable {
  id: Generated<number>;
  name: string;
  geojson: string;
  version: string;
  features: number;
  uploaded_by: number;
  created_at: string;
}

/** An industry report (migration 038, issue 14, ADR 0054): a PDF the administrator publishes for companies. */
export interface IndustryReportsTable {
  id: Generated<number>;
  title: string;
  industry: string;
  year: number;
  summary: Generated<string>;
  /** A private 'document' upload (application/pdf). */
  file_id: number;
  /** A public 'portal' image, 0 for none. */
  cover_file_id: Generated<number>;
  status: 'draft' | 'published' | 'withdrawn';
  downloads: Generated<number>;
  created_by: number;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

/** A question, dialogue topic or appointment sent from the portal's service pages (migration 038, ADR 0054). */
export interface PortalRequestsTable {
  id: Generated<number>;
  kind: 'question' | 'topic' | 'appointment';
  name: string;
  company: Generated<string>;
  mobile: string;
  content: string;
  preferred_date: string | null;
  status: 'open' | 'handled';
  reply: Generated<string>;
  handled_at: string | null;
  visitor_id: Generated<number>;
  user_id: Generated<number>;
  created_at: string;
}
