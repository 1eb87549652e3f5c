import { useEffect, useState } from 'react';
import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { isMainlandMobile, trimMobile, type SmsPurpose } from '@ip/contract';
import { sendCodeCall } from '../api';
import { codeRules, mobileRules } from '../form-rules';
import { notify } from '../../../lib/notify';

const COUNTDOWN_SECONDS = 60;

/** 获取验证码 with a 60 s countdown; validates the form's mobile field first. */
export function SmsCodeButton({ form, purpose, field = 'mobile' }: { form: FormInstance; purpose: SmsPurpose; field?: string }) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);

  const handleClick = async () => {
    try {
      await form.validateFields([field]);
    } catch {
      return;
    }
    const mobile = trimMobile(String(form.getFieldValue(field) ?? ''));
    if (!isMainlandMobile(mobile)) return;
    setSending(true);
    try {
      await sendCodeCall({ mobile, purpose });
      notify.success('验证码已发送，请注意查收');
      setLeft(COUNTDOWN_SECONDS);
    } catch {
      // The HTTP client has shown the reason.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={handleClick} disabled={left > 0} loading={sending} style={{ minWidth: 112 }}>
      {left > 0 ? `${left} 秒后重发` : '获取验证码'}
    </Button>
  );
}

/**
 * The 手机号 and 验证码 fields (named `mobile` and `code`) of the register, reset and visitor forms, with the
 * 获取验证码 button that sends a code for `purpose` to the mobile entered.
 */
export function SmsCodeFields({
  form,
  purpose,
  mobileAutoComplete = 'tel',
  mobilePlaceholder = '请输入手机号',
}: {
  form: FormInstance;
  purpose: SmsPurpose;
  mobileAutoComplete?: string;
  mobilePlaceholder?: string;
}) {
  return (
    <>
      <Form.Item label="手机号" name="mobile" rules={mobileRules}>
        <Input autoComplete={mobileAutoComplete} inputMode="numeric" maxLength={20} placeholder={mobilePlaceholder} />
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" rules={codeRules} noStyle>
            <Input
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              placeholder="请输入短信验证码"
              aria-label="验证码"
            />
          </Form.Item>
          <SmsCodeButton form={form} purpose={purpose} />
        </Space.Compact>
      </Form.Item>
    </>
  );
}
