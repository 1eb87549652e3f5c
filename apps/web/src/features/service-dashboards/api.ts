import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  ServiceCenter,
  ServiceCenterType,
  ServiceCompanyListQuery,
  ServiceMonths,
  ServiceStaffStats,
  ServiceStatsCompanyList,
  ServiceStatsQuery,
  ServiceStatTable,
  ServiceStreetOption,
  ServiceStreetRates,
  ServiceStreets,
} from '@ip/contract';
import { get, http } from '../../api/http';

// The enterprise-service dashboards (/newhome, /visualization/Visit, /datapage; ADR 0052).

export type StatsFilter = Pick<ServiceStatsQuery, 'date_from' | 'date_to'> & { street_id?: number; staff_id?: number };

const q = <T>(name: string, url: string, f: StatsFilter) =>
  queryOptions({
    queryKey: ['service-stats', name, f],
    queryFn: () => get<T>(url, f),
    placeholderData: keepPreviousData,
  });

export const centerQuery = (f: StatsFilter) => q<ServiceCenter>('center', '/v1/visit/center', f);
export const centerTypeQuery = (f: StatsFilter) => q<ServiceCenterType>('centertype', '/v1/visit/centertype', f);
export const monthsQuery = (f: StatsFilter) => q<ServiceMonths>('months', '/v1/visit/getleftlist', f);
export const staffQuery = (f: StatsFilter) => q<ServiceStaffStats>('staff', '/v1/visit/getrightlist', f);
export const streetsQuery = (f: StatsFilter) => q<ServiceStreets>('streets', '/v1/street/center', f);
export const streetRatesQuery = (f: StatsFilter) => q<ServiceStreetRates>('rates', '/v1/street/centerrat', f);
export const streetOptionsQuery = () => q<ServiceStreetOption[]>('street-options', '/v1/street/getleftlist', {});
export const companiesQuery = (f: StatsFilter & Pick<ServiceCompanyListQuery, 'page' | 'page_size' | 'sort'>) =>
  q<ServiceStatsCompanyList>('companies', '/v1/street/getrightlist', f);

/** GET /v1/visit/dataExport: one /datapage table as an .xlsx download. */
export async function downloadServiceTable(table: ServiceStatTable, f: StatsFilter, name: string): Promise<void> {
  const res = await http.get<Blob>('/v1/visit/dataExport', { params: { ...f, table }, responseType: 'blob' });
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The rate in words: 87.5% or — when nothing was handled. */
export const rateText = (v: number | null) => (v === null ? '—' : `${v}%`);
