import type { RequestConfig } from '../../api/http';
import type {
  SessionUser,
  VisitCalendarEntry,
  VisitCreateBody,
  VisitCreated,
  VisitDetail,
  VisitEditBody,
  VisitList,
  VisitListQuery,
  VisitPrefill,
} from '@ip/contract';
import { get, post } from '../../api/http';

/** POST /v1/user/info with whichever token the page carries (a field token on the mobile visit pages). */
export function fetchFieldUser(): Promise<SessionUser | null> {
  return post<SessionUser | null>('/v1/user/info', {}, { silent: true });
}

/** POST /v1/user/logout: ends the token the page carries. */
export function fieldLogoutCall(): Promise<unknown> {
  return post('/v1/user/logout', {}, { silent: true });
}

/** Today in Asia/Shanghai as YYYY-MM-DD (DOMAIN: days are Shanghai days). */
export function shanghaiToday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** A day `n` days after `day` (YYYY-MM-DD). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** GET /v1/visit/calendar: plans and records between two days, optionally of one staff member. */
export function fetchCalendar(q: { from: string; to: string; staff_id?: number }): Promise<VisitCalendarEntry[]> {
  return get<VisitCalendarEntry[]>('/v1/visit/calendar', q, { background: true });
}

/** GET /v1/visit/index: a page of visits (the user's recent records). */
export function fetchVisits(q: VisitListQuery): Promise<VisitList> {
  return get<VisitList>('/v1/visit/index', q as Record<string, unknown>, { background: true });
}

/** GET /v1/visit/visitDetailtwo: the record form's prefill of a to-visit. */
export function fetchPrefill(id: number): Promise<VisitPrefill> {
  return get<VisitPrefill>('/v1/visit/visitDetailtwo', { id });
}

/** GET /v1/visit/visitDetail: one visit. */
export function fetchVisit(id: number, config?: RequestConfig): Promise<VisitDetail> {
  return get<VisitDetail>('/v1/visit/visitDetail', { id }, config);
}

/** POST /v1/visit/createVisit: a to-visit or a record made directly (request_key: sent twice, saved once). */
export function createVisitCall(body: VisitCreateBody, config?: RequestConfig): Promise<VisitCreated> {
  return post<VisitCreated>('/v1/visit/createVisit', body, config);
}

/** POST /v1/visit/editVisit: here, recording a to-visit (action 'record'). */
export function editVisitCall(body: VisitEditBody, config?: RequestConfig): Promise<VisitCreated> {
  return post<VisitCreated>('/v1/visit/editVisit', body, config);
}

export interface CompanyHit {
  id: number;
  company_name: string;
  num: number;
}

/** POST /v1/company/seachCompany: enterprises by name. */
export function searchCompanies(keword: string): Promise<CompanyHit[]> {
  return post<CompanyHit[]>('/v1/company/seachCompany', { keword }, { background: true, silent: true });
}

/** GET /v1/visit/deamdLabel: the office's demand labels, for the demands raised with a record (on the field allow-list). */
export function fetchDemandLabels(): Promise<{ id: number; name: string; color: string }[]> {
  return get<{ id: number; name: string; color: string }[]>('/v1/visit/deamdLabel', undefined, {
    background: true,
    silent: true,
  });
}
