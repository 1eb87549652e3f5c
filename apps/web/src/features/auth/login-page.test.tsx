import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { STORAGE_KEYS, TOKEN_COOKIE, type SmsPurpose } from '@ip/contract';
import LoginPage from './pages/login-page';
import VisitorLoginPage from './pages/visitor-login-page';
import { readCookie } from '../../lib/storage';
import { UiProvider } from '../../lib/ui-provider';
import { LocationProbe, mockNetwork } from '../../test/fixtures';

function renderLogin() {
  return render(
    <UiProvider>
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
        <LocationProbe />
      </MemoryRouter>
    </UiProvider>,
  );
}

let net: ReturnType<typeof mockNetwork> | undefined;

const PASSWORD = 'Secret123';

/** Types the mobile, presses 获取验证码, checks the code was sent for `purpose` and the countdown began, types the code. */
async function sendAndEnterCode(
  user: ReturnType<typeof userEvent.setup>,
  scope: ReturnType<typeof within>,
  { mobile, purpose, code }: { mobile: string; purpose: SmsPurpose; code: string },
) {
  await user.type(scope.getByLabelText('手机号'), mobile);
  await user.click(scope.getByRole('button', { name: '获取验证码' }));
  await waitFor(() => expect(net!.calls[0]).toMatchObject({ url: '/v1/user/send-code', body: { mobile, purpose } }));
  expect(await scope.findByRole('button', { name: '60 秒后重发' })).toBeTruthy();
  await user.type(scope.getByLabelText('验证码'), code);
}

describe('/login', () => {
  it('logs in with a trimmed mobile, stores the token, remembers only the mobile', async () => {
    net = mockNetwork(() => ({ data: { code: 1, msg: 'ok', data: { token: 'tok-1', newtype: 1 } } }));
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('手机号'), ' 138 0000 0000 ');
    await user.type(screen.getByLabelText('密码'), PASSWORD);
    await user.click(screen.getByRole('checkbox', { name: '记住我' }));
    await user.click(screen.getByRole('button', { name: '登录' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(net.calls).toHaveLength(1);
    expect(net.calls[0]).toMatchObject({ url: '/v1/user/login', body: { mobile: '13800000000', password: PASSWORD, type: '0' } });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.newtype)).toBe('1');
    // The token cookie is the server's (HttpOnly); script writes none, and notes that this browser has a session.
    expect(readCookie(TOKEN_COOKIE)).toBeUndefined();
    expect(window.localStorage.getItem(STORAGE_KEYS.sessionHint)).toBe('1');
    expect(window.localStorage.getItem(STORAGE_KEYS.rememberMobile)).toBe('13800000000');
    // The password is never kept anywhere.
    for (const store of [window.localStorage, window.sessionStorage]) {
      for (let i = 0; i < store.length; i++) expect(store.getItem(store.key(i)!)).not.toContain(PASSWORD);
    }
    expect(document.cookie).not.toContain(PASSWORD);
  });

  it('prefills a remembered mobile; unchecking 记住我 forgets it', async () => {
    window.localStorage.setItem(STORAGE_KEYS.rememberMobile, '13900000000');
    net = mockNetwork(() => ({ data: { code: 1, msg: 'ok', data: { token: 'tok-2', newtype: 1 } } }));
    const user = userEvent.setup();
    renderLogin();
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('13900000000');
    const remember = screen.getByRole('checkbox', { name: '记住我' }) as HTMLInputElement;
    expect(remember.checked).toBe(true);
    await user.click(remember);
    await user.type(screen.getByLabelText('密码'), PASSWORD);
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(net!.calls).toHaveLength(1));
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.rememberMobile)).toBeNull());
  });

  it('validates in the browser before calling the server', async () => {
    net = mockNetwork(() => ({ data: { code: 1, msg: 'ok', data: null } }));
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('手机号'), '12345');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入 11 位中国大陆手机号')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(net.calls).toHaveLength(0);
  });

  it('a failed login shows the server message and stays on /login', async () => {
    net = mockNetwork(() => ({ status: 401, data: { code: 0, msg: '手机号或密码错误' } }));
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('手机号'), '13800000000');
    await user.type(screen.getByLabelText('密码'), 'wrong-pass1');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('手机号或密码错误')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('marks the fields a server validation error names', async () => {
    net = mockNetwork(() => ({
      status: 400,
      data: { code: 0, msg: '手机号未注册', fields: [{ path: 'mobile', msg: '手机号未注册' }] },
    }));
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('手机号'), '13800000001');
    await user.type(screen.getByLabelText('密码'), 'whatever1');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.getAllByText('手机号未注册').length).toBeGreaterThanOrEqual(2));
  });

  it('注册试用账号: sends a code (60 s countdown), registers and logs in', async () => {
    net = mockNetwork((c) =>
      c.url === '/v1/user/register'
        ? { data: { code: 1, msg: 'ok', data: { token: 'tok-new', newtype: 1 } } }
        : { data: { code: 1, msg: 'ok', data: null } },
    );
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: '注册试用账号' }));
    const dialog = await screen.findByRole('dialog', { name: '注册试用账号' });
    const inDialog = within(dialog);
    await sendAndEnterCode(user, inDialog, { mobile: '13700000000', purpose: 'register', code: '123456' });
    await user.type(inDialog.getByLabelText('姓名'), '新用户');
    await user.type(inDialog.getByLabelText('公司名称'), '新公司有限公司');
    await user.type(inDialog.getByLabelText('密码'), 'abc12345');
    await user.type(inDialog.getByLabelText('确认密码'), 'abc12345');
    await user.click(inDialog.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(net.calls[1]).toMatchObject({
      url: '/v1/user/register',
      body: { mobile: '13700000000', code: '123456', password: 'abc12345', name: '新用户', company_name: '新公司有限公司' },
    });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe('tok-new');
  });

  it('忘记密码 resets with a code and weak passwords are refused in the browser', async () => {
    net = mockNetwork(() => ({ data: { code: 1, msg: 'ok', data: null } }));
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: '忘记密码' }));
    const dialog = within(await screen.findByRole('dialog', { name: '忘记密码' }));
    await user.type(dialog.getByLabelText('手机号'), '13700000000');
    await user.type(dialog.getByLabelText('验证码'), '654321');
    await user.type(dialog.getByLabelText('新密码'), 'abcdefgh');
    await user.type(dialog.getByLabelText('确认新密码'), 'abcdefgh');
    await user.click(dialog.getByRole('button', { name: '重置密码' }));
    expect(await dialog.findByText('密码须同时包含字母和数字')).toBeTruthy();
    expect(net.calls).toHaveLength(0);
    await user.clear(dialog.getByLabelText('新密码'));
    await user.type(dialog.getByLabelText('新密码'), 'abcd1234');
    await user.clear(dialog.getByLabelText('确认新密码'));
    await user.type(dialog.getByLabelText('确认新密码'), 'abcd1234');
    await user.click(dialog.getByRole('button', { name: '重置密码' }));
    await waitFor(() => expect(net!.calls).toHaveLength(1));
    expect(net.calls[0]).toMatchObject({
      url: '/v1/user/forget',
      body: { mobile: '13700000000', code: '654321', password: 'abcd1234' },
    });
    expect(await screen.findByText('密码已重置，请使用新密码登录')).toBeTruthy();
  });
});

describe('/web/small/login (visitor)', () => {
  it.each([
    ['field', '/web/small/Waitvisit'],
    ['visitor', '/web/index'],
  ])('sends a code, logs in with it, keeps the token apart; a %s token opens %s', async (kind, landing) => {
    net = mockNetwork((c) =>
      c.url === '/v1/visitor/login'
        ? { data: { code: 1, msg: 'ok', data: { token: 'visitor-tok', kind } } }
        : { data: { code: 1, msg: 'ok', data: null } },
    );
    const user = userEvent.setup();
    render(
      <UiProvider>
        <MemoryRouter initialEntries={['/web/small/login']}>
          <VisitorLoginPage />
          <LocationProbe />
        </MemoryRouter>
      </UiProvider>,
    );
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    expect(net.calls).toHaveLength(0);
    await sendAndEnterCode(user, within(document.body), { mobile: '13600000000', purpose: 'visitor', code: '112233' });
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(landing));
    expect(net.calls[1]).toMatchObject({ url: '/v1/visitor/login', body: { mobile: '13600000000', code: '112233' } });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.visitorToken)).toBe('visitor-tok');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
