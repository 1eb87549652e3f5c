import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@ip/contract';
import ChangePasswordPage from './pages/change-password-page';
import UserCenterPage from './pages/user-center-page';
import * as navigation from '../../lib/navigation';
import { sessionStore } from '../../lib/session-store';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

const renderPage = (page: React.ReactNode) => renderWithProviders(page);

let net: ReturnType<typeof mockNetwork> | undefined;

describe('修改密码', () => {
  it('checks the rules in the browser, then changes the password and logs out', async () => {
    const hard = vi.spyOn(navigation, 'hardNavigate').mockImplementation(() => undefined);
    window.sessionStorage.setItem(STORAGE_KEYS.token, 'tok');
    net = mockNetwork(() => ok(null));
    const user = userEvent.setup();
    renderPage(<ChangePasswordPage />);
    await user.type(screen.getByLabelText('原密码'), 'old-pass1');
    await user.type(screen.getByLabelText('新密码'), 'short1');
    await user.type(screen.getByLabelText('确认新密码'), 'other123');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('密码至少 8 位')).toBeTruthy();
    expect(await screen.findByText('两次输入的新密码不一致')).toBeTruthy();
    expect(net.calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('新密码'));
    await user.type(screen.getByLabelText('新密码'), 'newpass123');
    await user.clear(screen.getByLabelText('确认新密码'));
    await user.type(screen.getByLabelText('确认新密码'), 'newpass123');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    await waitFor(() => expect(net!.calls).toHaveLength(1));
    expect(net.calls[0]).toMatchObject({
      url: '/v1/user/change-password',
      body: { old_password: 'old-pass1', password: 'newpass123', password_confirm: 'newpass123' },
    });
    expect(await screen.findByText('密码已修改，请重新登录')).toBeTruthy();
    await waitFor(() => expect(hard).toHaveBeenCalledWith('/login'));
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('个人中心', () => {
  function server(extra: (c: RecordedCall) => unknown = () => null) {
    return mockNetwork((c) => {
      if (c.url === '/v1/verification/status') return ok({ status: null, remark: null, created_at: null });
      if (c.url === '/v1/common/file') return ok({ url: '/uploads/avatar.png', name: 'a.png', size: 3, id: 1 });
      return ok(extra(c));
    });
  }

  it('shows the profile and saves name and introduction', async () => {
    sessionStore.setUser(makeUser({ name: '张三', introduction: '专利工程师', street_name: '科技街道' }));
    net = server();
    const user = userEvent.setup();
    renderPage(<UserCenterPage />);
    expect(screen.getByText('科技街道')).toBeTruthy();
    expect(screen.getByText('已认证')).toBeTruthy();
    expect(screen.queryByText('企业认证')).toBeNull();
    const name = screen.getByLabelText('姓名');
    await user.clear(name);
    await user.type(name, '张三丰');
    await user.click(screen.getByRole('button', { name: '保存资料' }));
    await waitFor(() => expect(net!.calls.some((c) => c.url === '/v1/user/profile')).toBe(true));
    expect(net.calls.find((c) => c.url === '/v1/user/profile')?.body).toEqual({
      name: '张三丰',
      introduction: '专利工程师',
      avatar: '',
    });
    await waitFor(() => expect(sessionStore.getState().user?.name).toBe('张三丰'));
  });

  it('refuses a non-image avatar in the browser, uploads an image and saves its URL', async () => {
    sessionStore.setUser(makeUser());
    net = server();
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderPage(<UserCenterPage />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('.png,.jpg,.jpeg,.gif,.webp');
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(/仅支持上传图片/)).toBeTruthy();
    expect(net.calls.some((c) => c.url === '/v1/common/file')).toBe(false);

    // rc-upload renders a fresh file input after each pick.
    const input2 = container.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input2, new File(['png'], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(net!.calls.some((c) => c.url === '/v1/user/profile')).toBe(true));
    const upload = net.calls.find((c) => c.url === '/v1/common/file')!;
    expect((upload.body as FormData).get('type')).toBe('image');
    expect((upload.body as FormData).get('purpose')).toBe('avatar');
    expect(net.calls.find((c) => c.url === '/v1/user/profile')?.body).toMatchObject({ avatar: '/uploads/avatar.png' });
    await waitFor(() => expect(sessionStore.getState().user?.avatar).toBe('/uploads/avatar.png'));
  });

  it('a trial user sees 企业认证 and can apply', async () => {
    sessionStore.setUser(makeUser({ type: '1', company_name: '试用公司' }));
    net = server();
    const user = userEvent.setup();
    renderPage(<UserCenterPage />);
    expect(await screen.findByText('企业认证')).toBeTruthy();
    expect(screen.getByText('试用')).toBeTruthy();
    await user.type(await screen.findByLabelText('统一社会信用代码'), '91350100m000100y43');
    await user.type(screen.getByLabelText('联系人'), '李四');
    await user.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await screen.findByText('请上传营业执照')).toBeTruthy();
    expect(net.calls.some((c) => c.url === '/v1/verification')).toBe(false);
  });
});
