/** The response envelope of every call (spec §3): code 1 success, code 0 failure with a Chinese msg. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
  /** Validation errors: the field paths and their Chinese messages, for forms to mark. */
  fields?: { path: string; msg: string }[];
}

export const OK_MSG = 'ok';

/** What the web client does with a reply (spec §7): code 0 → error(msg), code 1 → data, other → whole reply. */
export type EnvelopeOutcome<T> = { kind: 'error'; msg: string } | { kind: 'data'; data: T } | { kind: 'whole'; body: unknown };

export function interpretEnvelope<T>(body: unknown): EnvelopeOutcome<T> {
  if (body && typeof body === 'object' && 'code' in body) {
    const code = (body as { code: unknown }).code;
    if (code === 0 || code === '0') {
      const msg = (body as { msg?: unknown }).msg;
      return { kind: 'error', msg: typeof msg === 'string' && msg ? msg : '请求失败' };
    }
    if (code === 1 || code === '1') return { kind: 'data', data: (body as unknown as { data: T }).data };
  }
  return { kind: 'whole', body };
}
