import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetCookieProbe } from '../lib/session-actions';
import { sessionStore } from '../lib/session-store';
import { restoreNetwork } from './fixtures';

// Tests wait for conditions (findBy*, waitFor), never for fixed times. Lazy pages load their chunk on first use and
// a loaded 2-core machine can take seconds to transform one, so the default wait is generous: passing tests end as
// soon as the condition holds; only a failing one waits this long (well inside the 60 s test timeout).
configure({ asyncUtilTimeout: 15000 });

// jsdom lacks a few browser APIs antd relies on.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
// antd measures scrollbars through getComputedStyle with a pseudo element, which jsdom does not implement.
const realGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element, pseudo?: string | null) => realGetComputedStyle(elt, pseudo ? undefined : pseudo);

// Each test starts afresh: nothing mounted, the real network adapter, no session user, no spies, empty storage.
afterEach(() => {
  // Unmount first: a mounted guard would react to the state reset below.
  cleanup();
  restoreNetwork();
  sessionStore.setUser(null);
  resetCookieProbe();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});
