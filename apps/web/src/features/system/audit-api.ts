import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http, post } from '../../api/http';

export interface AuditRow {
  id: number;
  admin_id: number;
  admin_name: string;
  admin_mobile: string;
  user_id: number | null;
  user_name: string;
  user_mobile: string;
  action: string;
  /** The server's Chinese reading (auditActionLabel). */
  action_label: string;
  detail: string;
  created_at: string;
}

export interface AuditFilters {
  admin_id?: number;
  user_keyword?: string;
  action?: string;
  date_from?: string;
  date_to?: string;
}

export interface AuditPage {
  list: AuditRow[];
  total: number;
  actions: string[];
  admins: { id: number; name: string; mobile: string }[];
}

/** POST /v1/system/audit-log: one page of the audit log, newest first. */
export const auditLogQuery = (params: AuditFilters & { page: number; page_size: number }) =>
  queryOptions({
    queryKey: ['system', 'audit-log', params],
    queryFn: () => post<AuditPage>('/v1/system/audit-log', params),
    placeholderData: keepPreviousData,
  });

/** POST /v1/system/audit-log/export: the filtered log as an .xlsx download. */
export async function downloadAuditLog(filters: AuditFilters): Promise<void> {
  const res = await http.post<Blob>('/v1/system/audit-log/export', filters, { responseType: 'blob' });
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = `审计日志-${new Date().toISOString().slice(0, 10)}.xlsx`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
