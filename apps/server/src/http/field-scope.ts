/**
 * The field token of the mobile visit pages (issue 12, ADR 0044): an enterprise-service account (main or staff) that
 * logs in on /web/small/login with its mobile and an SMS code gets a session stored with scope 'field'. Such a
 * session may make only the calls below (keys `METHOD /url` as in the route registry, without /v1); every other
 * call, public ones included, answers 403 with FIELD_DENIED. What it sees within those calls is the account's own
 * service scope (ADR 0038: a staff member only its enterprises and visits).
 */
export const FIELD_ALLOWED: ReadonlySet<string> = new Set([
  // the session itself
  'POST /user/info',
  'POST /user/logout',
  // logging in again on the same phone (a stale field token is still sent by the client)
  'POST /user/send-code',
  'POST /visitor/login',
  // photos of a visit
  'POST /common/file',
  'GET /common/file/:id',
  // the pickers of the visit forms
  'POST /company/seachCompany',
  'POST /visit/staff',
  'GET /visit/deamdLabel',
  // the visit calls (ADR 0040): plan, record, calendar, lists and details
  'POST /visit/createVisit',
  'POST /visit/editVisit',
  'GET /visit/calendar',
  'GET /visit/index',
  'GET /visit/visitDetail',
  'GET /visit/visitDetailtwo',
  'GET /visit/visitListnews',
]);

export const FIELD_DENIED = '走访端登录仅可使用走访相关功能，请在电脑端用账号密码登录后操作';

/** Whether a field token may make this call. */
export function fieldAllowed(method: string, url: string): boolean {
  return FIELD_ALLOWED.has(`${method} ${url}`);
}
