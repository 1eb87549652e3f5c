import { STORAGE_KEYS } from '@ip/contract';

/** Reads a cookie by name, or undefined. */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** Writes a site-wide cookie (path=/); maxAgeSeconds 0 deletes it. */
export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  if (typeof document === 'undefined') return;
  let cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
  if (maxAgeSeconds !== undefined) cookie += `; max-age=${maxAgeSeconds}`;
  document.cookie = cookie;
}

export function deleteCookie(name: string): void {
  writeCookie(name, '', 0);
}

function safeSession(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function safeLocal(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export const session = {
  get: (key: string): string | null => safeSession()?.getItem(key) ?? null,
  set: (key: string, value: string): void => safeSession()?.setItem(key, value),
  remove: (key: string): void => safeSession()?.removeItem(key),
  keys: (): string[] => {
    const s = safeSession();
    if (!s) return [];
    const out: string[] = [];
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i);
      if (k !== null) out.push(k);
    }
    return out;
  },
};

export const local = {
  get: (key: string): string | null => safeLocal()?.getItem(key) ?? null,
  set: (key: string, value: string): void => safeLocal()?.setItem(key, value),
  remove: (key: string): void => safeLocal()?.removeItem(key),
};

/**
 * The user token of this tab (session storage). The token cookie of spec §4 is the server's: HttpOnly, so scripts
 * neither read nor write it (ADR 0013); a new tab recovers the token through it (session-actions probeCookieSession).
 */
export function getToken(): string | null {
  return session.get(STORAGE_KEYS.token) || null;
}

/** Stores the user token in session storage, and notes in local storage that this browser has a session. */
export function setToken(token: string): void {
  session.set(STORAGE_KEYS.token, token);
  local.set(STORAGE_KEYS.sessionHint, '1');
}

/** Whether this browser logged in and has not logged out since (the token cookie may still hold a session). */
export function hasSessionHint(): boolean {
  return local.get(STORAGE_KEYS.sessionHint) === '1';
}

/** Spec §4: logout or token reset clears the token, the newtoken and the roles (and the stored avatar). */
export function clearToken(): void {
  session.remove(STORAGE_KEYS.token);
  session.remove(STORAGE_KEYS.newtoken);
  session.remove(STORAGE_KEYS.roles);
  session.remove(STORAGE_KEYS.avatar);
  local.remove(STORAGE_KEYS.avatar);
  local.remove(STORAGE_KEYS.sessionHint);
}

/** The visitor token of the /web/small pages, kept apart so it never looks like a user login. */
export function getVisitorToken(): string | null {
  return session.get(STORAGE_KEYS.visitorToken);
}

export function setVisitorToken(token: string): void {
  session.set(STORAGE_KEYS.visitorToken, token);
}

/** Removes every session-storage search cache (keys starting with the search cache prefix). */
export function clearSearchCaches(): void {
  for (const key of session.keys()) {
    if (key.startsWith(STORAGE_KEYS.searchCachePrefix)) session.remove(key);
  }
}
