import { ApiError } from '../../api/http';

/** The pauses before each automatic retry of a record (backoff); tests shorten them. */
export const retryPolicy = { delaysMs: [1000, 2000, 4000] };

/** A failure worth sending again: the connection dropped, timed out, or the server failed (5xx). */
export function isRetryable(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'transport' && (err.status === undefined || err.status >= 500);
}

/**
 * Sends, and on a dropped connection sends again after each pause of retryPolicy (ADR 0044). Safe because every send
 * of one form carries the same request_key (createVisit stores it once) or, for a to-visit, `alreadyDone` asks the
 * server first whether the earlier send arrived. `onAttempt` tells the page which try is under way (1, 2, …).
 */
export async function sendWithRetry<T>(
  send: () => Promise<T>,
  opts: { onAttempt?: (attempt: number) => void; alreadyDone?: () => Promise<T | null> } = {},
): Promise<T> {
  let attempt = 0;
  for (;;) {
    attempt += 1;
    opts.onAttempt?.(attempt);
    try {
      if (attempt > 1 && opts.alreadyDone) {
        const done = await opts.alreadyDone();
        if (done !== null) return done;
      }
      return await send();
    } catch (err) {
      const pause = retryPolicy.delaysMs[attempt - 1];
      if (!isRetryable(err) || pause === undefined) throw err;
      await new Promise((r) => setTimeout(r, pause));
    }
  }
}

/** A request key for one opened form: a UUID (crypto.randomUUID where the browser has it). */
export function newRequestKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const h = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
