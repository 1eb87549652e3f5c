import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import {
  ERROR_MESSAGE_DURATION_MS,
  REQUEST_TIMEOUT_MS,
  STORAGE_KEYS,
  interpretEnvelope,
  type UploadKind,
  type UploadPurpose,
} from '@ip/contract';
import { notify } from '../lib/notify';
import { navigateTo } from '../lib/navigation';
import { sessionStore } from '../lib/session-store';
import { clearToken, getToken, getVisitorToken, session } from '../lib/storage';
import { loadingCounter } from './loading';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** A background call (debounced search, polling): no global loading overlay. */
    background?: boolean;
    /** The caller shows its own message: do not toast errors. */
    silent?: boolean;
    /** Send no Authorization header: the server's HttpOnly token cookie alone speaks for the browser. */
    cookieOnly?: boolean;
  }
}

type TrackedConfig = InternalAxiosRequestConfig & { _counted?: boolean; _tokenKind?: 'user' | 'visitor' };

export type FieldError = { path: string; msg: string };

/** Every failed call rejects with this: a Chinese message, and whether the user has already been shown it. */
export class ApiError extends Error {
  readonly kind: 'business' | 'transport' | 'cancel';
  readonly status?: number;
  readonly fields?: FieldError[];
  readonly notified: boolean;
  /** The whole failure envelope, for callers that read extra members (e.g. a search syntax error's `position`). */
  readonly body?: unknown;
  constructor(
    message: string,
    opts: { kind: ApiError['kind']; status?: number; fields?: FieldError[]; notified: boolean; body?: unknown },
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = opts.kind;
    this.status = opts.status;
    this.fields = opts.fields;
    this.notified = opts.notified;
    this.body = opts.body;
  }
}

/**
 * The one axios instance (spec §7): JSON, the token in Authorization, loading overlay, 100000 ms timeout. Same-site
 * calls also carry the server's HttpOnly token cookie; the Authorization header wins over it on the server.
 */
export const http = axios.create({
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  // Failures arrive as {code:0,msg} with a 4xx/5xx status; the envelope, not the status, decides.
  validateStatus: () => true,
});

http.interceptors.request.use((config: TrackedConfig) => {
  const userToken = config.cookieOnly ? null : getToken();
  // The field token of /web/small/login goes only with the mobile visit pages' calls: it may make no other (ADR 0044).
  const token = config.cookieOnly ? null : (userToken ?? (onFieldPage() ? getVisitorToken() : null));
  if (token) {
    config.headers.set('Authorization', `Bearer ${token}`);
    config._tokenKind = userToken ? 'user' : 'visitor';
  }
  if (!config.background) {
    config._counted = true;
    loadingCounter.start();
  }
  return config;
});

/** Whether the browser is on one of the mobile visit pages (/web/small/*, /web/addWaitvisit). */
export function onFieldPage(): boolean {
  return typeof window !== 'undefined' && /^\/web\/(small\/|addWaitvisit)/.test(window.location.pathname);
}

function settle(config: AxiosRequestConfig | undefined) {
  const c = config as TrackedConfig | undefined;
  if (c?._counted) {
    c._counted = false;
    loadingCounter.stop();
  }
}

function isEnvelope(body: unknown): boolean {
  return !!body && typeof body === 'object' && 'code' in body;
}

function transportError(text: string, config: AxiosRequestConfig | undefined, status?: number): ApiError {
  const silent = !!config?.silent;
  if (!silent) notify.error(text, ERROR_MESSAGE_DURATION_MS / 1000);
  return new ApiError(text, { kind: 'transport', status, notified: !silent });
}

/** A 401 on a call that carried a user token: the session is gone, so forget it and go to the landing page. */
function handleUnauthorized(config: TrackedConfig) {
  if (config._tokenKind === 'user') {
    clearToken();
    sessionStore.setUser(null);
    navigateTo('/web/index', { replace: true });
  } else if (config._tokenKind === 'visitor') {
    session.remove(STORAGE_KEYS.visitorToken);
  }
}

/** A download (responseType blob) answered with the JSON envelope instead: read it, so its Chinese msg is shown. */
async function envelopeFromBlob(res: AxiosResponse): Promise<AxiosResponse> {
  const data: unknown = res.data;
  if (typeof Blob !== 'undefined' && data instanceof Blob && data.type.includes('json')) {
    try {
      res.data = JSON.parse(await data.text());
    } catch {
      // not JSON after all: the rules below treat it as a non-envelope body
    }
  }
  return res;
}

http.interceptors.response.use(envelopeFromBlob);
http.interceptors.response.use(
  (res: AxiosResponse) => {
    settle(res.config);
    const config = res.config as TrackedConfig;
    if (res.status === 401) handleUnauthorized(config);
    const body: unknown = res.data;
    if (!isEnvelope(body) && res.status >= 400) {
      const text = res.status >= 500 ? `服务器错误（${res.status}），请稍后再试` : `请求失败（${res.status}）`;
      throw transportError(text, config, res.status);
    }
    const outcome = interpretEnvelope<unknown>(body);
    if (outcome.kind === 'error') {
      if (!config.silent) notify.error(outcome.msg);
      const fields = (body as { fields?: FieldError[] }).fields;
      throw new ApiError(outcome.msg, { kind: 'business', status: res.status, fields, notified: !config.silent, body });
    }
    // Code 1 → data; any other code (or no envelope) → the whole body.
    res.data = outcome.kind === 'data' ? outcome.data : outcome.body;
    return res;
  },
  (err: unknown) => {
    const config = err instanceof AxiosError ? err.config : undefined;
    settle(config);
    if (axios.isCancel(err)) throw new ApiError('请求已取消', { kind: 'cancel', notified: false });
    if (err instanceof AxiosError) {
      if (err.code === AxiosError.ECONNABORTED || err.code === AxiosError.ETIMEDOUT) {
        throw transportError('请求超时，请稍后再试', config);
      }
      if (err.code === AxiosError.ERR_NETWORK) throw transportError('网络连接失败，请检查网络后重试', config);
      throw transportError(err.message || '请求失败，请稍后再试', config, err.response?.status);
    }
    throw transportError(err instanceof Error ? err.message : '请求失败，请稍后再试', config);
  },
);

/** POST JSON and get the reply's data (code 1) or the whole body (other codes). */
export async function post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  const res = await http.post<T>(url, body ?? {}, config);
  return res.data;
}

/** GET with query parameters; same response rules. */
export async function get<T>(url: string, params?: Record<string, unknown>, config?: AxiosRequestConfig): Promise<T> {
  const res = await http.get<T>(url, { ...config, params });
  return res.data;
}

export interface UploadedFile {
  /** /uploads/<name> for public files (avatars), /v1/common/file/<id> for private ones. */
  url: string;
  name: string;
  size: number;
  id: number;
}

export type { UploadKind };

/**
 * Multipart POST /v1/common/file (fields: type, purpose, file) → {url,name,size,id}. Without a purpose the file is a
 * private document; `avatar` makes it public (ADR 0014).
 */
export async function uploadFile(
  file: Blob,
  type: UploadKind,
  opts: { onProgress?: (percent: number) => void; fileName?: string; purpose?: UploadPurpose } = {},
): Promise<UploadedFile> {
  const form = new FormData();
  // The type and purpose go first so a streaming multipart parser knows them before the file arrives.
  form.append('type', type);
  if (opts.purpose) form.append('purpose', opts.purpose);
  const name = opts.fileName ?? (file instanceof File ? file.name : 'upload');
  form.append('file', file, name);
  const res = await http.post<UploadedFile>('/v1/common/file', form, {
    headers: { 'Content-Type': 'multipart/form-data' },
    onUploadProgress: (e) => {
      if (opts.onProgress && e.total) opts.onProgress(Math.round((e.loaded / e.total) * 100));
    },
  });
  return res.data;
}

/**
 * Opens a private file (/v1/common/file/<id>) in a new tab: read with the session's Authorization header as a blob,
 * shown through an object URL (the tab is opened first, within the click, so no pop-up blocker stops it).
 */
export async function openPrivateFile(url: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const res = await http.get<Blob>(url, { responseType: 'blob' });
    const objectUrl = URL.createObjectURL(res.data);
    if (tab) tab.location.href = objectUrl;
    else window.location.assign(objectUrl);
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  } catch (err) {
    tab?.close();
    throw err;
  }
}
