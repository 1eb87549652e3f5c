import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ReportDetail, ReportGenerateReply, ReportListReply } from '@ip/contract';
import { http, post } from '../../api/http';

const BASE = '/v1/frontend/report';

/** POST /v1/frontend/report/index: the company's reports, newest month first. */
export const reportListQuery = (page: number, page_size: number) =>
  queryOptions({
    queryKey: ['reports', 'list', page, page_size],
    queryFn: () => post<ReportListReply>(`${BASE}/index`, { page, page_size }, { background: true }),
    placeholderData: keepPreviousData,
  });

/** POST /v1/frontend/report/detail: one report's figures. */
export const reportDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['reports', 'detail', id],
    queryFn: () => post<ReportDetail>(`${BASE}/detail`, { id }),
  });

export const generateReportCall = (month: string) => post<ReportGenerateReply>(`${BASE}/generate`, { month });

/** POST /v1/frontend/report/download: the PDF, saved under the server's Chinese file name. */
export async function downloadReport(id: number): Promise<void> {
  const res = await http.post<Blob>(`${BASE}/download`, { id }, { responseType: 'blob' });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const name = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name ? decodeURIComponent(name) : '月度专利报告.pdf';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
