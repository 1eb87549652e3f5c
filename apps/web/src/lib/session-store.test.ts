import { afterEach, describe, expect, it } from 'vitest';
import { SIDEBAR_COOKIE } from '@ip/contract';
import { deviceForWidth, initialSidebarOpen, sessionStore } from './session-store';
import { readCookie } from './storage';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

describe('device and sidebar state (spec §4, §9)', () => {
  afterEach(() => {
    setWidth(1024);
    sessionStore.reset();
  });

  it.each([
    [375, 'mobile'],
    [991, 'mobile'],
    [992, 'desktop'],
    [1440, 'desktop'],
  ] as const)('width %i is %s', (width, device) => {
    expect(deviceForWidth(width)).toBe(device);
  });

  it.each([
    [undefined, 'desktop', true],
    ['1', 'desktop', true],
    ['0', 'desktop', false],
    ['1', 'mobile', false],
    [undefined, 'mobile', false],
  ] as const)('cookie %s on %s starts the sidebar open=%s', (cookie, device, open) => {
    expect(initialSidebarOpen(cookie, device)).toBe(open);
  });

  it('toggling remembers the state in the cookie as 1/0', () => {
    setWidth(1280);
    sessionStore.reset();
    expect(sessionStore.getState().sidebarOpen).toBe(true);
    sessionStore.toggleSidebar();
    expect(sessionStore.getState().sidebarOpen).toBe(false);
    expect(readCookie(SIDEBAR_COOKIE)).toBe('0');
    sessionStore.toggleSidebar();
    expect(sessionStore.getState().sidebarOpen).toBe(true);
    expect(readCookie(SIDEBAR_COOKIE)).toBe('1');
  });

  it('reads the cookie at start', () => {
    setWidth(1280);
    document.cookie = `${SIDEBAR_COOKIE}=0; path=/`;
    sessionStore.reset();
    expect(sessionStore.getState().sidebarOpen).toBe(false);
  });

  it('starts closed on a narrow screen and closes when the window shrinks under 992 px', () => {
    setWidth(375);
    sessionStore.reset();
    expect(sessionStore.getState()).toMatchObject({ device: 'mobile', sidebarOpen: false });

    setWidth(1280);
    sessionStore.reset();
    expect(sessionStore.getState()).toMatchObject({ device: 'desktop', sidebarOpen: true });
    sessionStore.setWidth(800);
    expect(sessionStore.getState()).toMatchObject({ device: 'mobile', sidebarOpen: false });
    expect(readCookie(SIDEBAR_COOKIE)).toBe('0');
    sessionStore.setWidth(1200);
    expect(sessionStore.getState().device).toBe('desktop');
  });
});
