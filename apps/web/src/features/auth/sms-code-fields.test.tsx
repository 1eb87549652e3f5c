import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import type { SmsPurpose } from '@ip/contract';
import { SmsCodeFields } from './components/sms-code-fields';
import { UiProvider } from '../../lib/ui-provider';
import { mockNetwork } from '../../test/fixtures';

function Harness({ purpose, onFinish }: { purpose: SmsPurpose; onFinish?: (v: { mobile: string; code: string }) => void }) {
  const [form] = Form.useForm<{ mobile: string; code: string }>();
  return (
    <Form form={form} name="sms" onFinish={onFinish}>
      <SmsCodeFields form={form} purpose={purpose} />
      <Button htmlType="submit">提交</Button>
    </Form>
  );
}

function renderFields(purpose: SmsPurpose = 'register', onFinish?: (v: { mobile: string; code: string }) => void) {
  return render(
    <UiProvider>
      <Harness purpose={purpose} onFinish={onFinish} />
    </UiProvider>,
  );
}

const sendButton = () => screen.getByRole('button', { name: /获取验证码|秒后重发/ }) as HTMLButtonElement;

let net: ReturnType<typeof mockNetwork> | undefined;

afterEach(() => {
  // Unmount while the countdown's timer is still a fake one.
  cleanup();
  vi.useRealTimers();
});

describe('SmsCodeFields (手机号 + 验证码 of the register, reset and visitor forms)', () => {
  it('获取验证码 checks the mobile first and sends nothing when it is missing or not a mainland mobile', async () => {
    net = mockNetwork(() => ({ data: { code: 1, msg: 'ok', data: null } }));
    const user = userEvent.setup();
    renderFields();
    await user.click(sendButton());
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    await user.type(screen.getByLabelText('手机号'), '12345');
    await user.click(sendButton());
    expect(await screen.findByText('请输入 11 位中国大陆手机号')).toBeTruthy();
    expect(net.calls).toHaveLength(0);
    expect(sendButton().textContent).toBe('获取验证码');
    expect(sendButton().disabled).toBe(false);
  });

  it('sends a code for its purpose to the trimmed mobile, then counts down 60 s with the button disabled', async () => {
    vi.useFakeTimers();
    net = mockNetwork(() => ({ data: { code: 1, msg: 'ok', data: null } }));
    renderFields('visitor');
    const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: ' 137 0000 0000 ' } });
    fireEvent.click(sendButton());
    await tick(10);
    expect(net.calls).toHaveLength(1);
    expect(net.calls[0]).toMatchObject({ url: '/v1/user/send-code', body: { mobile: '13700000000', purpose: 'visitor' } });
    expect(screen.getByText('验证码已发送，请注意查收')).toBeTruthy();
    expect(sendButton().textContent).toBe('60 秒后重发');
    expect(sendButton().disabled).toBe(true);

    // A click while counting down sends nothing.
    fireEvent.click(sendButton());
    await tick(1000);
    expect(sendButton().textContent).toBe('59 秒后重发');
    expect(net.calls).toHaveLength(1);

    for (let i = 0; i < 58; i++) await tick(1000);
    expect(sendButton().textContent).toBe('1 秒后重发');
    expect(sendButton().disabled).toBe(true);
    await tick(1000);
    expect(sendButton().textContent).toBe('获取验证码');
    expect(sendButton().disabled).toBe(false);

    fireEvent.click(sendButton());
    await tick(10);
    expect(net.calls).toHaveLength(2);
    expect(sendButton().textContent).toBe('60 秒后重发');
  });

  it('a refused send shows the reason and starts no countdown', async () => {
    net = mockNetwork(() => ({ data: { code: 0, msg: '发送过于频繁，请稍后再试' } }));
    const user = userEvent.setup();
    renderFields('forget');
    await user.type(screen.getByLabelText('手机号'), '13700000000');
    await user.click(sendButton());
    expect(await screen.findByText('发送过于频繁，请稍后再试')).toBeTruthy();
    expect(net.calls[0]).toMatchObject({ body: { mobile: '13700000000', purpose: 'forget' } });
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    expect(sendButton().textContent).toBe('获取验证码');
  });

  it('the code is required and must be 6 digits', async () => {
    net = mockNetwork(() => ({ data: { code: 1, msg: 'ok', data: null } }));
    const onFinish = vi.fn();
    const user = userEvent.setup();
    renderFields('register', onFinish);
    await user.type(screen.getByLabelText('手机号'), '13700000000');
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    await user.type(screen.getByLabelText('验证码'), '12a45');
    expect(await screen.findByText('验证码为 6 位数字')).toBeTruthy();
    await user.clear(screen.getByLabelText('验证码'));
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ mobile: '13700000000', code: '123456' }));
    expect(net.calls).toHaveLength(0);
  });
});
