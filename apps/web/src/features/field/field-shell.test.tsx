import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@ip/contract';
import { FieldShell } from './components/field-shell';
import { LocationProbe, makeUser, mockNetwork, ok } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

// ADR 0044: the frame of the mobile visit pages lets in a field token (or a staff/main login) and nothing else.

function renderShell() {
  // The http client sends the field token only on the mobile pages' addresses.
  window.history.replaceState(null, '', '/web/small/Waitvisit');
  return renderWithProviders(
    <>
      <FieldShell title="待走访">{(u) => <p>你好，{u.name}</p>}</FieldShell>
      <LocationProbe />
    </>,
    ['/web/small/Waitvisit'],
  );
}

afterEach(() => {
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('FieldShell', () => {
  it('sends a phone without a token back to the field login', async () => {
    const net = mockNetwork(() => ok(null));
    renderShell();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/web/small/login'));
    expect(net.calls).toHaveLength(0);
  });

  it('lets a field token of a staff member in, with the tab bar, and logs out', async () => {
    window.sessionStorage.setItem(STORAGE_KEYS.visitorToken, 'field-tok');
    const net = mockNetwork((c) =>
      c.url === '/v1/user/info' ? ok(makeUser({ name: '外勤小王', is_news: 1, com_id: 3 })) : ok(null),
    );
    renderShell();
    expect(await screen.findByText('你好，外勤小王')).toBeTruthy();
    expect(net.calls[0].headers.Authorization).toBe('Bearer field-tok');
    const nav = screen.getByRole('navigation', { name: '走访导航' });
    for (const name of ['待走访', '走访记录', '发起']) expect(within(nav).getByRole('link', { name })).toBeTruthy();
    expect(screen.getByRole('link', { name: '待走访' }).className).toContain('active');
    await userEvent.setup().click(screen.getByRole('button', { name: '退出' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/web/small/login'));
    expect(net.calls.map((c) => c.url)).toContain('/v1/user/logout');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.visitorToken)).toBeNull();
  });

  it('refuses a token whose account is no enterprise-service account', async () => {
    window.sessionStorage.setItem(STORAGE_KEYS.visitorToken, 'other-tok');
    mockNetwork(() => ok(makeUser({ name: '企业用户', is_news: 0 })));
    renderShell();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/web/small/login'));
    expect(screen.queryByText(/你好/)).toBeNull();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.visitorToken)).toBeNull();
  });

  it('refuses an expired field token (401)', async () => {
    window.sessionStorage.setItem(STORAGE_KEYS.visitorToken, 'old-tok');
    mockNetwork(() => ({ status: 401, data: { code: 0, msg: '登录已失效，请重新登录' } }));
    renderShell();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/web/small/login'));
  });
});
