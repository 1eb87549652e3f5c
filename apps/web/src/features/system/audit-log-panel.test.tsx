import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AuditLogPanel } from './components/audit-log-panel';
import { mockNetwork, ok } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

// /system 审计日志 (ADR 0019).

describe('审计日志', () => {
  it('lists actions in Chinese with both people, and filters by target user', async () => {
    const net = mockNetwork((c) =>
      c.url === '/v1/system/audit-log'
        ? ok({
            list: [
              {
                id: 2,
                admin_id: 1,
                admin_name: '系统管理员',
                admin_mobile: '13800000000',
                user_id: 5,
                user_name: '张经理',
                user_mobile: '13800000001',
                action: 'POST /user/profile',
                action_label: '管理端代操作：修改个人资料',
                detail: '修改个人资料',
                created_at: '2026-03-12T02:00:00.000Z',
              },
            ],
            total: 1,
            actions: ['admin_view', 'approve_verification'],
            admins: [{ id: 1, name: '系统管理员', mobile: '13800000000' }],
          })
        : ok(null),
    );
    renderWithProviders(<AuditLogPanel />);
    expect(await screen.findByText('管理端代操作：修改个人资料')).toBeTruthy();
    expect(screen.getByText('2026-03-12 10:00:00')).toBeTruthy();
    expect(screen.getByText('张经理')).toBeTruthy();
    expect(screen.getByText('共 1 条')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('目标用户'), { target: { value: '张经理' } });
    fireEvent.keyDown(screen.getByLabelText('目标用户'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(net.calls.at(-1)?.body).toEqual({ user_keyword: '张经理', page: 1, page_size: 20 }));
  });

  it('says so when there is nothing yet', async () => {
    mockNetwork(() => ok({ list: [], total: 0, actions: [], admins: [] }));
    renderWithProviders(<AuditLogPanel />);
    expect(await screen.findByText('暂无审计记录')).toBeTruthy();
    expect((screen.getByRole('button', { name: /导出 Excel/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
