// Non-component code (the HTTP client on a 401) navigates through the router once it is mounted;
// before that, or in tests without a router, it falls back to a full page load.
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function setNavigator(fn: Navigate | null): void {
  navigator = fn;
}

/** Client-side navigation from outside React. */
export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  if (navigator) navigator(to, opts);
  else hardNavigate(to);
}

/** A full page load: used where the whole app state must start over (logout, switching tokens). */
export function hardNavigate(to: string): void {
  window.location.assign(to);
}
