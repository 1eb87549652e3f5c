import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CertificateExpireBody,
  CertificateExpireExportBody,
  CertificateExpireList,
  HolidayList,
  HolidayRow,
  HolidaySaveBody,
  RecordExport,
  WarningSetting,
  WarningSettingBody,
} from '@ip/contract';
import { post } from '../../api/http';

// Issue 10 (ADR 0027): the holiday table (administrator), lead times and certificate expiry (company).

/** POST /v1/system/holiday/index: a year of the holiday table. */
export const holidayListQuery = (year: number) =>
  queryOptions({
    queryKey: ['system', 'holidays', year],
    queryFn: () => post<HolidayList>('/v1/system/holiday/index', { year }, { background: true }),
    placeholderData: keepPreviousData,
  });
export const HOLIDAYS_KEY = ['system', 'holidays'] as const;
export const saveHolidayCall = (body: HolidaySaveBody) => post<HolidayRow>('/v1/system/holiday/save', body);
export const deleteHolidayCall = (day: string) => post<null>('/v1/system/holiday/delete', { day });
export const reimportHolidaysCall = (year: number) => post<HolidayList>('/v1/system/holiday/reimport', { year });

/** POST /v1/frontend/warning/setting: the company's lead times. */
export const warningSettingQuery = () =>
  queryOptions({
    queryKey: ['warnings', 'setting'],
    queryFn: () => post<WarningSetting>('/v1/frontend/warning/setting', {}, { silent: true }),
  });
export const saveWarningSettingCall = (body: WarningSettingBody) => post<WarningSetting>('/v1/frontend/warning/save', body);

/** POST /v1/frontend/certificate/expire: one page of the company's expiring certificates and IP. */
export const certificateExpireQuery = (params: CertificateExpireBody) =>
  queryOptions({
    queryKey: ['warnings', 'certificate-expire', params],
    queryFn: () => post<CertificateExpireList>('/v1/frontend/certificate/expire', params, { background: true }),
    placeholderData: keepPreviousData,
  });
export const exportCertificateExpireCall = (body: CertificateExpireExportBody) =>
  post<RecordExport>('/v1/frontend/certificate/expire-export', body);
