import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { setToken } from '../lib/storage';
import { makeUser, mockNetwork, ok } from '../test/fixtures';
import { renderApp } from '../test/render-app';

describe('company pages for a trial user', () => {
  it.each([
    ['/patent', '专利管理需要企业认证'],
    ['/certificateData', '证书管理需要企业认证'],
    ['/litigation', '诉讼管理需要企业认证'],
  ])('%s explains that verification opens it and calls nothing the server refuses', async (path, title) => {
    setToken('tok');
    const net = mockNetwork((c) => (c.url === '/v1/user/info' ? ok(makeUser({ type: '1' })) : ok(null)));
    renderApp(path);
    expect(await screen.findByText(title, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '去认证' }).length).toBeGreaterThan(0);
    // The bell's unread count is allowed to trial users (ADR 0028); nothing company-scoped is called.
    const company = net.calls
      .map((c) => c.url)
      .filter((u) => u.startsWith('/v1/frontend/') && !u.startsWith('/v1/frontend/message/'));
    expect(company).toEqual([]);
  });
});
