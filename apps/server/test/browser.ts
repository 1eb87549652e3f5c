// A browser's cookie jar over app.inject, for flows that depend on cookies (WeChat state, the session cookie).
import type { FastifyInstance } from 'fastify';
import { call, type CallOptions, type CallResult } from './helpers';

export interface SetCookie {
  name: string;
  value: string;
  /** Attribute names lower-cased, values as sent ('' for flags like HttpOnly). */
  attrs: Record<string, string>;
}

/** Parses the Set-Cookie headers of a reply. */
export function setCookies(res: Pick<CallResult, 'headers'>): SetCookie[] {
  const raw = res.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
  return lines.map((line) => {
    const [pair, ...rest] = line.split(';');
    const eq = pair.indexOf('=');
    const attrs: Record<string, string> = {};
    for (const a of rest) {
      const i = a.indexOf('=');
      const k = (i < 0 ? a : a.slice(0, i)).trim().toLowerCase();
      attrs[k] = i < 0 ? '' : a.slice(i + 1).trim();
    }
    return { name: pair.slice(0, eq).trim(), value: decodeURIComponent(pair.slice(eq + 1).trim()), attrs };
  });
}

export function setCookie(res: Pick<CallResult, 'headers'>, name: string): SetCookie | undefined {
  return setCookies(res).find((c) => c.name === name);
}

/** One browser: keeps the cookies the server sets (path is ignored: every cookie here is under /v1 or /). */
export class Browser {
  readonly jar = new Map<string, string>();
  constructor(private app: FastifyInstance) {}
  async call(method: 'GET' | 'POST', url: string, opts: CallOptions = {}): Promise<CallResult> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    const res = await call(this.app, method, url, { ...opts, headers: { ...(cookie ? { cookie } : {}), ...opts.headers } });
    for (const c of setCookies(res)) {
      const gone = c.attrs['max-age'] === '0' || (c.attrs.expires && new Date(c.attrs.expires).getTime() < Date.now());
      if (gone || c.value === '') this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }
}
