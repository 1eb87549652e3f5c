import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { makeUser, mockNetwork, ok } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { clearToken, setToken } from '../lib/storage';
import { sessionStore } from '../lib/session-store';
import { passwordChangePage } from './route-shell';

// ADR 0019: after an administrator set the password, the user changes it before anything else.

afterEach(() => {
  clearToken();
  sessionStore.setUser(null);
});

describe('must change the password', () => {
  it('sends a company user to /upPwd from any page, with the reason on the page', async () => {
    setToken('tok');
    mockNetwork((c) => (c.url === '/v1/user/info' ? ok(makeUser({ must_change_password: 1 })) : ok(null)));
    const router = renderApp('/docking?val=电池');
    await waitFor(() => expect(router.state.location.pathname).toBe('/upPwd'));
    expect(
      await screen.findByText('您的密码由管理员或企业主账号设置，请先修改密码后再继续使用。', {}, { timeout: 30_000 }),
    ).toBeTruthy();
    await router.navigate('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/upPwd'));
  });

  it('picks /NewupPwd for enterprise-service accounts and leaves admin view and unmarked users alone', () => {
    expect(passwordChangePage(makeUser({ must_change_password: 1, is_news: 1, com_id: 3 }), '/work')).toBe('/NewupPwd');
    expect(passwordChangePage(makeUser({ must_change_password: 1, is_news: 1, com_id: 3 }), '/NewupPwd')).toBeNull();
    expect(passwordChangePage(makeUser({ must_change_password: 1, is_admin: 1 }), '/user')).toBe('/upPwd');
    expect(passwordChangePage(makeUser({ must_change_password: 1, is_admin_view: 1 }), '/home')).toBeNull();
    expect(passwordChangePage(makeUser({ must_change_password: 0 }), '/home')).toBeNull();
    expect(passwordChangePage(null, '/home')).toBeNull();
  });
});
