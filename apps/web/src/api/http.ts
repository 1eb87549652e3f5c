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

/** Options of one call; the same names axios had, for the members this app uses. */
export interface RequestConfig {
  method?: 'GET' | 'POST';
  url?: string;
  /** Query parameters: null and undefined are left out, arrays go as `key[]=…` (as axios sent them). */
  params?: Record<string, unknown>;
  /** The body: an object is sent as JSON, FormData as multipart. */
  data?: unknown;
  headers?: Record<string, string>;
  /** 'blob' for downloads; otherwise the reply is parsed as JSON when it is JSON, else kept as text. */
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
  timeout?: number;
  onUploadProgress?: (e: { loaded: number; total?: number }) => void;
  /** A background call (debounced search, polling): no global loading overlay. */
  background?: boolean;
  /** The caller shows its own message: do not toast errors. */
  silent?: boolean;
  /** Send no Authorization header: the server's HttpOnly token cookie alone speaks for the browser. */
  cookieOnly?: boolean;
}

/** A reply: the status, the headers (lower-case names) and the body (after the envelope rules, for callers). */
export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  headers: Record<string, string>;
  config: RequestConfig;
}

/** What the transport hands to the network: the body serialized (JSON text or FormData), the headers final. */
export type TransportConfig = RequestConfig & { method: 'GET' | 'POST'; url: string; headers: Record<string, string> };
/** Sends one request; resolves with any status, rejects with a TransportFailure (or another Error). */
export type Transport = (config: TransportConfig) => Promise<{ status: number; data: unknown; headers?: Record<string, string> }>;

/** The network did not answer: timed out, failed, or the caller cancelled. */
export class TransportFailure extends Error {
  readonly code: 'timeout' | 'network' | 'cancel';
  constructor(code: TransportFailure['code'], message?: string) {
    super(message ?? code);
    this.name = 'TransportFailure';
    this.code = code;
  }
}

type TrackedConfig = TransportConfig & { _counted?: boolean; _tokenKind?: 'user' | 'visitor' };

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

/** Query string as axios built it: `a=1&b[]=x&b[]=y&c[d]=2`, dates as ISO, null/undefined left out. */
function encode(v: string): string {
  return encodeURIComponent(v)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+')
    .replace(/%5B/gi, '[')
    .replace(/%5D/gi, ']');
}
function appendParam(out: string[], key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) for (const v of value) appendParam(out, `${key}[]`, v);
  else if (value instanceof Date) out.push(`${encode(key)}=${encode(value.toISOString())}`);
  else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) appendParam(out, `${key}[${k}]`, v);
  else out.push(`${encode(key)}=${encode(String(value))}`);
}
export function buildUrl(url: string, params?: Record<string, unknown>): string {
  const out: string[] = [];
  for (const [k, v] of Object.entries(params ?? {})) appendParam(out, k, v);
  if (out.length === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${out.join('&')}`;
}

function parseHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

/** The browser transport: XMLHttpRequest (as axios used), for the timeout, upload progress and blob replies. */
const xhrTransport: Transport = (config) =>
  new Promise((resolve, reject) => {
    const { signal } = config;
    if (signal?.aborted) return reject(new TransportFailure('cancel'));
    const xhr = new XMLHttpRequest();
    xhr.open(config.method, buildUrl(config.url, config.params), true);
    xhr.timeout = config.timeout ?? REQUEST_TIMEOUT_MS;
    xhr.responseType = config.responseType === 'blob' ? 'blob' : 'text';
    for (const [k, v] of Object.entries(config.headers)) xhr.setRequestHeader(k, v);
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      let data: unknown = xhr.response;
      if (typeof data === 'string' && data !== '') {
        try {
          data = JSON.parse(data);
        } catch {
          // not JSON: the body stays text
        }
      }
      resolve({ status: xhr.status, data, headers: parseHeaders(xhr.getAllResponseHeaders()) });
    };
    xhr.onerror = () => (done(), reject(new TransportFailure('network', 'Network Error')));
    xhr.ontimeout = () => (done(), reject(new TransportFailure('timeout')));
    xhr.onabort = () => (done(), reject(new TransportFailure('cancel')));
    if (config.onUploadProgress) {
      const progress = config.onUploadProgress;
      xhr.upload.onprogress = (e) => progress({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined });
    }
    xhr.send((config.data as XMLHttpRequestBodyInit | undefined) ?? null);
  });

/** The request side (spec §7): JSON, the token in Authorization, the loading overlay. */
function prepare(config: RequestConfig & { method: 'GET' | 'POST'; url: string }): TrackedConfig {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let data = config.data;
  if (data !== undefined && !(data instanceof FormData) && !(data instanceof Blob) && typeof data !== 'string') {
    data = JSON.stringify(data);
  }
  // FormData: the browser writes the multipart Content-Type with its boundary.
  if (data !== undefined && !(data instanceof FormData)) headers['Content-Type'] = 'application/json';
  for (const [k, v] of Object.entries(config.headers ?? {})) {
    if (data instanceof FormData && k.toLowerCase() === 'content-type') continue;
    headers[k] = v;
  }
  const tracked: TrackedConfig = { ...config, data, headers, timeout: config.timeout ?? REQUEST_TIMEOUT_MS };
  const userToken = config.cookieOnly ? null : getToken();
  // The field token of /web/small/login goes only with the mobile visit pages' calls: it may make no other (ADR 0044).
  const token = config.cookieOnly ? null : (userToken ?? (onFieldPage() ? getVisitorToken() : null));
  if (token) {
    for (const k of Object.keys(headers)) if (k.toLowerCase() === 'authorization') delete headers[k];
    headers.Authorization = `Bearer ${token}`;
    tracked._tokenKind = userToken ? 'user' : 'visitor';
  }
  if (!config.background) {
    tracked._counted = true;
    loadingCounter.start();
  }
  return tracked;
}

/** Whether the browser is on one of the mobile visit pages (/web/small/*, /web/addWaitvisit). */
export function onFieldPage(): boolean {
  return typeof window !== 'undefined' && /^\/web\/(small\/|addWaitvisit)/.test(window.location.pathname);
}

function settle(c: TrackedConfig) {
  if (c._counted) {
    c._counted = false;
    loadingCounter.stop();
  }
}

function isEnvelope(body: unknown): boolean {
  return !!body && typeof body === 'object' && 'code' in body;
}

function transportError(text: string, config: RequestConfig | undefined, status?: number): ApiError {
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
async function envelopeFromBlob(data: unknown): Promise<unknown> {
  if (typeof Blob !== 'undefined' && data instanceof Blob && data.type.includes('json')) {
    try {
      return JSON.parse(await data.text());
    } catch {
      // not JSON after all: the rules below treat it as a non-envelope body
    }
  }
  return data;
}

/** The response side: the envelope decides; failures reject with an ApiError whose Chinese text was shown. */
async function request<T>(options: RequestConfig & { method: 'GET' | 'POST'; url: string }): Promise<HttpResponse<T>> {
  const config = prepare(options);
  let reply: Awaited<ReturnType<Transport>>;
  try {
    reply = await http.defaults.adapter(config);
  } catch (err) {
    settle(config);
    if (err instanceof TransportFailure) {
      if (err.code === 'cancel') throw new ApiError('请求已取消', { kind: 'cancel', notified: false });
      if (err.code === 'timeout') throw transportError('请求超时，请稍后再试', config);
      throw transportError('网络连接失败，请检查网络后重试', config);
    }
    throw transportError(err instanceof Error && err.message ? err.message : '请求失败，请稍后再试', config);
  }
  let body: unknown;
  try {
    body = await envelopeFromBlob(reply.data);
  } finally {
    settle(config);
  }
  const { status } = reply;
  if (status === 401) handleUnauthorized(config);
  if (!isEnvelope(body) && status >= 400) {
    const text = status >= 500 ? `服务器错误（${status}），请稍后再试` : `请求失败（${status}）`;
    throw transportError(text, config, status);
  }
  const outcome = interpretEnvelope<unknown>(body);
  if (outcome.kind === 'error') {
    if (!config.silent) notify.error(outcome.msg);
    const fields = (body as { fields?: FieldError[] }).fields;
    throw new ApiError(outcome.msg, { kind: 'business', status, fields, notified: !config.silent, body });
  }
  // Code 1 → data; any other code (or no envelope) → the whole body.
  const data = (outcome.kind === 'data' ? outcome.data : outcome.body) as T;
  return { data, status, headers: reply.headers ?? {}, config };
}

/**
 * The one HTTP client (spec §7): JSON, the token in Authorization, loading overlay, 100000 ms timeout. Same-site
 * calls also carry the server's HttpOnly token cookie; the Authorization header wins over it on the server.
 * Failures arrive as {code:0,msg} with a 4xx/5xx status; the envelope, not the status, decides. The tests replace
 * `defaults.adapter` (src/test/fixtures.ts).
 */
export const http = {
  defaults: { adapter: xhrTransport as Transport },
  get<T>(url: string, config?: RequestConfig): Promise<HttpResponse<T>> {
    return request<T>({ ...config, method: 'GET', url });
  },
  post<T>(url: string, data?: unknown, config?: RequestConfig): Promise<HttpResponse<T>> {
    return request<T>({ ...config, method: 'POST', url, data });
  },
};

/** POST JSON and get the reply's data (code 1) or the whole body (other codes). */
export async function post<T>(url: string, body?: unknown, config?: RequestConfig): Promise<T> {
  const res = await http.post<T>(url, body ?? {}, config);
  return res.data;
}

/** GET with query parameters; same response rules. */
export async function get<T>(url: string, params?: Record<string, unknown>, config?: RequestConfig): Promise<T> {
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
