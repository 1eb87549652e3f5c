import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StorageReport } from '@ip/contract';
import { WIP_TITLE } from '../../components/wip-page';
import { setToken } from '../../lib/storage';
import { makeUser, mockNetwork, ok } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { formatBytes } from './api';

const REPORT: StorageReport = {
  total: { count: 5, bytes: 3 * 1024 * 1024 + 512 },
  by_purpose: [
    { purpose: 'avatar', label: '头像', count: 2, bytes: 2048 },
    { purpose: 'portal', label: '门户图片', count: 0, bytes: 0 },
    { purpose: 'licence', label: '营业执照', count: 1, bytes: 1024 * 1024 },
    { purpose: 'document', label: '企业文档', count: 0, bytes: 0 },
    { purpose: 'export', label: '导出文件', count: 2, bytes: 2 * 1024 * 1024 - 1536 },
  ],
  by_visibility: [
    { visibility: 'public', count: 2, bytes: 2048 },
    { visibility: 'private', count: 3, bytes: 3 * 1024 * 1024 - 1536 },
  ],
  exports: { ttl_days: 7, expiring_24h: { count: 1, bytes: 1024 * 1024 }, next_expiry: '2026-05-02T04:00:00.000Z' },
  disk: { bytes: 3 * 1024 * 1024 + 600, files: 6, orphans: 0, missing: 0, partial: 1 },
  generated_at: '2026-05-01T04:00:00.000Z',
};

const admin = () => makeUser({ is_admin: 1, name: '系统管理员' });

// The page is loaded lazily by the router; loading it once here keeps each test's first wait short on a busy machine.
beforeAll(async () => {
  await import('./pages/system-page');
}, 120_000);

describe('/system (administrator): 存储空间', () => {
  it('shows the totals, each purpose with readable sizes, the expiring exports and a refresh', async () => {
    setToken('tok');
    let served = 0;
    const net = mockNetwork((c) => {
      if (c.url === '/v1/user/info') return ok(admin());
      if (c.url === '/v1/system/storage') {
        served++;
        return ok(REPORT);
      }
      return ok(null);
    });
    renderApp('/system');
    expect(await screen.findByRole('tab', { name: '存储空间' }, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByText('文件总占用')).toBeTruthy();
    // The total, the disk use and the table's sum.
    expect(screen.getAllByText('3.0 MB')).toHaveLength(3);
    const table = screen.getByRole('table');
    const licence = within(table).getByText('营业执照').closest('tr')!;
    expect(within(licence as HTMLElement).getByText('1.0 MB')).toBeTruthy();
    expect(within(licence as HTMLElement).getByText('私有')).toBeTruthy();
    expect(within(within(table).getByText('头像').closest('tr') as HTMLElement).getByText('公开')).toBeTruthy();
    expect(screen.getByText('1 个')).toBeTruthy();
    expect(screen.getByText(/导出文件保留 7 天后自动删除，下一个到期时间：2026-5-2 12:00:00/)).toBeTruthy();
    expect(screen.getByText(/未完成的临时文件 1 个/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: /刷新/ }));
    await waitFor(() => expect(served).toBe(2));
    expect(net.calls.find((c) => c.url === '/v1/system/storage')!.method).toBe('POST');
  });

  it('says so when nothing is stored, and offers a retry when loading fails', async () => {
    setToken('tok');
    let fail = true;
    mockNetwork((c) => {
      if (c.url === '/v1/user/info') return ok(admin());
      if (c.url === '/v1/system/storage') {
        if (fail) return { status: 500, data: { code: 0, msg: '服务器开小差了' } };
        const zero = { count: 0, bytes: 0 };
        return ok({
          ...REPORT,
          total: zero,
          by_purpose: REPORT.by_purpose.map((p) => ({ ...p, ...zero })),
          exports: { ttl_days: 7, expiring_24h: zero, next_expiry: null },
          disk: { bytes: 0, files: 0, orphans: 0, missing: 0, partial: 0 },
        });
      }
      return ok(null);
    });
    renderApp('/system');
    expect(await screen.findByText('存储空间加载失败', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('服务器开小差了')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('暂无上传或导出的文件')).toBeTruthy();
    expect(screen.getByText(/当前没有待到期的导出文件/)).toBeTruthy();
  });

  it('gives a company user (set A) the company page, never the administrator tabs', async () => {
    setToken('tok');
    const net = mockNetwork((c) => (c.url === '/v1/user/info' ? ok(makeUser()) : ok(null)));
    renderApp('/system');
    expect(await screen.findByRole('tab', { name: '企业信息' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText(WIP_TITLE)).toBeNull();
    expect(screen.queryByRole('tab', { name: '存储空间' })).toBeNull();
    expect(net.calls.some((c) => c.url === '/v1/system/storage')).toBe(false);
  });
});

describe('formatBytes', () => {
  it('reads like a file manager', () => {
    expect([0, 512, 1536, 10 * 1024, 5 * 1024 * 1024 + 1, 3 * 1024 ** 3].map(formatBytes)).toEqual([
      '0 B',
      '512 B',
      '1.5 KB',
      '10 KB',
      '5.0 MB',
      '3.0 GB',
    ]);
  });
});
