import { useEffect, useState } from 'react';
import { Button, type FormInstance } from 'antd';
import { isMainlandMobile, trimMobile, type SmsPurpose } from '@ip/contract';
import { sendCodeCall } from '../api';
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
      // The axios layer has shown the reason.
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
