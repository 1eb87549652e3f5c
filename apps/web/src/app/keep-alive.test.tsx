import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockNetwork, ok } from '../test/fixtures';
import { renderApp } from '../test/render-app';

const PATENT = {
  id: 7,
  an: 'CN202223220665.2',
  pn: 'CN218751475U',
  title: '一种无人机机载多功能盒',
  type: '实用新型',
  legal_status: '有权',
  applicants: ['中科大数据研究院'],
  claims: [{ num: 1, text: '一种无人机机载多功能盒。', independent: true }],
  legal_events: [
    { date: '2022-12-02', code: 'FILED', text: '申请受理' },
    { date: '2023-03-28', code: 'GR01', text: '授权公告' },
  ],
};

const selected = (label: string) => screen.getByText(label).closest('.ant-segmented-item')?.className.includes('selected');

let net: ReturnType<typeof mockNetwork> | undefined;

describe('keep-alive of /law (spec §2)', () => {
  // Load the lazy page chunks first: on a loaded machine their first transform alone can outlast a findBy wait.
  beforeAll(async () => {
    await Promise.all([import('../features/patent/pages/law-page'), import('../features/patent/pages/power-page')]);
  }, 60000);

  it('keeps its state and scroll position while the user moves among the detail tabs of the same patent', async () => {
    net = mockNetwork((c) => ok(c.url === '/v1/patents/detail' ? { ...PATENT, id: (c.body as { id: number }).id } : null));
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const router = renderApp('/law?id=7');
    await user.click(await screen.findByText('最早在前'));
    expect(selected('最早在前')).toBe(true);
    Object.defineProperty(window, 'scrollY', { value: 250, configurable: true });
    window.dispatchEvent(new Event('scroll'));

    await router.navigate('/power?id=7', { replace: true });
    expect(await screen.findByText('共 1 项，其中独立权利要求 1 项')).toBeTruthy();
    // Still mounted, hidden.
    expect(document.querySelector('[data-keep-alive="hidden"]')).not.toBeNull();

    await router.navigate('/law?id=7', { replace: true });
    await waitFor(() => expect(document.querySelector('[data-keep-alive="shown"]')).not.toBeNull());
    expect(selected('最早在前')).toBe(true);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 250);
    expect(net.calls.filter((c) => c.url === '/v1/patents/detail')).toHaveLength(1);

    // Another patent starts afresh.
    await router.navigate('/law?id=8');
    await waitFor(() => expect(net!.calls.filter((c) => c.url === '/v1/patents/detail')).toHaveLength(2));
    await screen.findByText('最早在前');
    expect(selected('最新在前')).toBe(true);

    // Leaving the detail pages drops it.
    await router.navigate('/web/search');
    await waitFor(() => expect(document.querySelector('[data-keep-alive]')).toBeNull());
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});
