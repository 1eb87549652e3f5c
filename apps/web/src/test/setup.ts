import { afterAll, afterEach, vi } from 'vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { Modal } from 'antd';
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

// Each test starts afresh: nothing mounted, the real network adapter, no session user, no spies or stubbed globals,
// real timers, empty storage.
afterEach(() => {
  // Unmount first: a mounted guard would react to the state reset below.
  cleanup();
  restoreNetwork();
  sessionStore.setUser(null);
  resetCookieProbe();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.sessionStorage.clear();
  window.localStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});

/**
 * Before jsdom is torn down, React finishes what the file's last test left queued. A commit (an antd dialog closing
 * after its test, say) schedules its passive effects through Node's setImmediate, which outlives jsdom: run after the
 * teardown they read `window` and fail the whole run with "window is not defined" (CI, stop 17). So: close every
 * static dialog, then let React flush and the event loop turn until a turn commits nothing new (the DOM stops changing).
 */
afterAll(async () => {
  Modal.destroyAll();
  cleanup();
  const turn = () => act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  let before = '';
  for (let i = 0; i < 50; i += 1) {
    await turn();
    const now = document.body.innerHTML;
    if (i > 1 && now === before) break;
    before = now;
  }
  await new Promise<void>((resolve) => setImmediate(resolve));
  // The next file of this worker shares this document (vitest.config.ts: isolate false): it starts with an empty body,
  // as it would in a jsdom of its own, not with this file's closed dialogs and toasts.
  document.body.replaceChildren();
});
