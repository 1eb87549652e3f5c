import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT, SIDEBAR_COOKIE, chooseRouteSet, type RouteSet, type SessionUser } from '@ip/contract';
import { readCookie, writeCookie } from './storage';

export type Device = 'desktop' | 'mobile';

export interface SessionState {
  user: SessionUser | null;
  sidebarOpen: boolean;
  device: Device;
}

/** Spec §4/§9: mobile when the window is narrower than 992 px. */
export function deviceForWidth(width: number): Device {
  return width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
}

/** The sidebar starts as the cookie says ('1' open, '0' closed; open when unset), and always closed on mobile. */
export function initialSidebarOpen(cookie: string | undefined, device: Device): boolean {
  if (device === 'mobile') return false;
  return cookie === undefined || cookie === '' ? true : cookie !== '0';
}

function initialState(): SessionState {
  const width = typeof window === 'undefined' ? 1280 : window.innerWidth;
  const device = deviceForWidth(width);
  return { user: null, device, sidebarOpen: initialSidebarOpen(readCookie(SIDEBAR_COOKIE), device) };
}

let state: SessionState = initialState();
const listeners = new Set<() => void>();

function setState(patch: Partial<SessionState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

/** The one small session store (ARCHITECTURE rule 8): session user, sidebar open, device. */
export const sessionStore = {
  getState: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setUser(user: SessionUser | null): void {
    setState({ user });
  },
  /** Opens or closes the sidebar and remembers it in the cookie as 1/0. */
  setSidebarOpen(open: boolean): void {
    writeCookie(SIDEBAR_COOKIE, open ? '1' : '0');
    setState({ sidebarOpen: open });
  },
  toggleSidebar(): void {
    sessionStore.setSidebarOpen(!state.sidebarOpen);
  },
  /** Called on resize: entering mobile closes the sidebar (and remembers it closed). */
  setWidth(width: number): void {
    const device = deviceForWidth(width);
    if (device === state.device) return;
    if (device === 'mobile') {
      writeCookie(SIDEBAR_COOKIE, '0');
      setState({ device, sidebarOpen: false });
    } else {
      setState({ device });
    }
  },
  /** Tests start from a known state. */
  reset(): void {
    state = initialState();
    for (const l of listeners) l();
  },
};

export function useSession<T>(select: (s: SessionState) => T): T {
  return useSyncExternalStore(
    sessionStore.subscribe,
    () => select(state),
    () => select(state),
  );
}

export function useSessionUser(): SessionUser | null {
  return useSession((s) => s.user);
}

/** The route set of a loaded user. */
export function routeSetOf(user: SessionUser | null): RouteSet | undefined {
  return user ? chooseRouteSet(user) : undefined;
}

/** Spec §4: admin view is on when the session user has is_admin_view 1. */
export function isAdminView(user: Pick<SessionUser, 'is_admin_view'> | null): boolean {
  return user?.is_admin_view === 1;
}
