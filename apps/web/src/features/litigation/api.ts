import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  LitigationSort,
  LitigationDetail,
  LitigationFollowReply,
  LitigationIndexBody,
  LitigationIndexReply,
  LitigationSearchBody,
  LitigationSearchReply,
} from '@ip/contract';
import { post } from '../../api/http';
import { getToken } from '../../lib/storage';
import { notify } from '../../lib/notify';

// The calls keep the spec's spelling: /v1/frontend/Iitigation/… (capital I).
const BASE = '/v1/frontend/Iitigation';

export const SORT_LABELS: Record<LitigationSort, string> = {
  filing_desc: '立案日期（新→旧）',
  filing_asc: '立案日期（旧→新）',
  judgment_desc: '裁判日期（新→旧）',
  judgment_asc: '裁判日期（旧→新）',
};

/** Every query of this feature starts with this key, so a follow refreshes lists, searches and details at once. */
export const LITIGATION_KEY = ['litigation'] as const;

/** POST …/index: one page of the company's cases (followed, or it is a party). */
export const litigationIndexQuery = (body: LitigationIndexBody) =>
  queryOptions({
    queryKey: [...LITIGATION_KEY, 'index', body],
    queryFn: () => post<LitigationIndexReply>(`${BASE}/index`, body, { silent: true, background: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST …/search: one page of cases whose chosen field contains the keyword as written. */
export const litigationSearchQuery = (body: LitigationSearchBody) =>
  queryOptions({
    queryKey: [...LITIGATION_KEY, 'search', body],
    queryFn: () => post<LitigationSearchReply>(`${BASE}/search`, body, { silent: true, background: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST …/detail: one case. */
export const litigationDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...LITIGATION_KEY, 'detail', id],
    queryFn: () => post<LitigationDetail>(`${BASE}/detail`, { id }, { silent: true, background: true }),
    retry: false,
  });

/** POST …/shoucang: follow (true) or unfollow (false) a case for the company. */
export function followCall(body: { id: number; follow: boolean }): Promise<LitigationFollowReply> {
  return post<LitigationFollowReply>(`${BASE}/shoucang`, body);
}

/** The file name of a Content-Disposition header (the UTF-8 filename* form first). */
export function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall through */
    }
  }
  const plain = /filename="([^"]+)"/i.exec(header);
  return plain ? plain[1] : fallback;
}

/**
 * POST …/download: the judgment (or document n) as a Word file, saved under the server's Chinese file name. Sent
 * with fetch rather than the HTTP client of api/http.ts: a refusal comes back as the JSON envelope on a call that otherwise
 * answers a file, and reading it needs the body as text. The token goes in Authorization as everywhere.
 */
export async function downloadJudgment(id: number, document?: number): Promise<string> {
  const token = getToken();
  const res = await fetch(`${BASE}/download`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(document === undefined ? { id } : { id, document }),
  }).catch(() => null);
  if (!res) {
    notify.error('网络连接失败，请检查网络后重试');
    throw new Error('网络连接失败，请检查网络后重试');
  }
  if (!res.ok) {
    let msg = `下载失败（${res.status}）`;
    try {
      const body = (await res.json()) as { msg?: unknown };
      if (typeof body.msg === 'string' && body.msg) msg = body.msg;
    } catch {
      /* not JSON: keep the status text */
    }
    notify.error(msg);
    throw new Error(msg);
  }
  const name = fileNameOf(res.headers.get('content-disposition'), '裁判文书.docx');
  const url = URL.createObjectURL(await res.blob());
  const a = window.document.createElement('a');
  a.href = url;
  a.download = name;
  window.document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
