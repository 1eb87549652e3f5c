import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  LabelAddBody,
  LabelEditBody,
  LabelKind,
  LabelRow,
  ServiceCompanyList,
  ServiceCompanyListBody,
  ServiceLimits,
  ServiceLimitsBody,
  StaffAddBody,
  StaffAssignBody,
  StaffAssignment,
  StaffEditBody,
  StaffList,
  StaffListBody,
  StaffPasswordBody,
  StaffRow,
  StreetRow,
  StreetSaveBody,
} from '@ip/contract';
import { get, post } from '../../api/http';

// The enterprise-service foundation (issue 12, ADR 0038): /newsystem (main account) and 街道管理 (administrator).

export const SERVICE_KEY = ['service'] as const;
export const STREETS_KEY = ['streets'] as const;

/** POST /v1/visit/staff: one page of the office's staff. */
export const staffListQuery = (params: StaffListBody) =>
  queryOptions({
    queryKey: [...SERVICE_KEY, 'staff', params],
    queryFn: () => post<StaffList>('/v1/visit/staff', params, { background: true }),
    placeholderData: keepPreviousData,
  });
export const addStaffCall = (body: StaffAddBody) => post<StaffRow>('/v1/service/staff/add', body);
export const editStaffCall = (body: StaffEditBody) => post<{ id: number }>('/v1/service/staff/edit', body);
export const resetStaffPasswordCall = (body: StaffPasswordBody) => post<{ id: number }>('/v1/service/staff/password', body);
export const staffAssignmentQuery = (id: number) =>
  queryOptions({
    queryKey: [...SERVICE_KEY, 'assignment', id],
    queryFn: () => post<StaffAssignment>('/v1/service/staff/assignment', { id }, { silent: true }),
  });
export const assignStaffCall = (body: StaffAssignBody) => post<StaffAssignment>('/v1/service/staff/assign', body);

/** POST /v1/service/companies: one page of the enterprises in scope. */
export const serviceCompaniesQuery = (params: ServiceCompanyListBody) =>
  queryOptions({
    queryKey: [...SERVICE_KEY, 'companies', params],
    queryFn: () => post<ServiceCompanyList>('/v1/service/companies', params, { background: true }),
    placeholderData: keepPreviousData,
  });

const LABEL_PREFIX: Record<LabelKind, string> = { company: 'companyLabel', demand: 'demandLabel' };
export const labelListQuery = (kind: LabelKind, keyword = '') =>
  queryOptions({
    queryKey: [...SERVICE_KEY, 'labels', kind, keyword],
    queryFn: () => post<LabelRow[]>(`/v1/company/${LABEL_PREFIX[kind]}Index`, keyword ? { keyword } : {}, { background: true }),
    placeholderData: keepPreviousData,
  });
export const addLabelCall = (kind: LabelKind, body: LabelAddBody) => post<LabelRow>(`/v1/company/${LABEL_PREFIX[kind]}Add`, body);
export const editLabelCall = (kind: LabelKind, body: LabelEditBody) =>
  post<LabelRow>(`/v1/company/${LABEL_PREFIX[kind]}Edit`, body);
export const deleteLabelCall = (kind: LabelKind, id: number) =>
  post<{ id: number; removed: number }>(`/v1/company/${LABEL_PREFIX[kind]}Del`, { id });

export const limitsQuery = () =>
  queryOptions({
    queryKey: [...SERVICE_KEY, 'limits'],
    queryFn: () => post<ServiceLimits>('/v1/service/limits', {}, { silent: true }),
  });
export const saveLimitsCall = (body: ServiceLimitsBody) => post<ServiceLimits>('/v1/service/limits/save', body);

/** GET /v1/company/street: streets with the enterprise count in the caller's scope. */
export const serviceStreetsQuery = () =>
  queryOptions({
    queryKey: [...SERVICE_KEY, 'streets'],
    queryFn: () => get<StreetRow[]>('/v1/company/street', undefined, { silent: true }),
  });

/** POST /v1/system/street/index (administrator). */
export const adminStreetsQuery = () =>
  queryOptions({
    queryKey: [...STREETS_KEY, 'admin'],
    queryFn: () => post<StreetRow[]>('/v1/system/street/index', {}, { background: true }),
  });
export const saveStreetCall = (body: StreetSaveBody) => post<StreetRow>('/v1/system/street/save', body);
export const deleteStreetCall = (id: number) => post<{ id: number }>('/v1/system/street/delete', { id });

/** Dark shades of the label colours: white text on each is above 4.5:1 (WCAG 1.4.3). */
export const LABEL_HEX: Record<string, string> = {
  blue: '#0958d9',
  green: '#237804',
  orange: '#ad4e00',
  red: '#a8071a',
  purple: '#531dab',
  cyan: '#006d75',
  gold: '#874d00',
  magenta: '#9e1068',
};
export const LABEL_COLOR_NAMES: Record<string, string> = {
  blue: '蓝',
  green: '绿',
  orange: '橙',
  red: '红',
  purple: '紫',
  cyan: '青',
  gold: '金',
  magenta: '品红',
};
