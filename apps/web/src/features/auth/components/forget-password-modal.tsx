import { useState } from 'react';
import { Form, Input, Modal, Space } from 'antd';
import { trimMobile } from '@ip/contract';
import { forgetCall } from '../api';
import { codeRules, confirmRules, mobileRules, newPasswordRules } from '../form-rules';
import { SmsCodeButton } from './sms-code-button';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';

interface ForgetValues {
  mobile: string;
  code: string;
  password: string;
  confirm: string;
}

/** 忘记密码: reset with an SMS code, then log in with the new password. */
export function ForgetPasswordModal({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (mobile: string) => void;
}) {
  const [form] = Form.useForm<ForgetValues>();
  const [submitting, setSubmitting] = useState(false);

  const handleFinish = async (v: ForgetValues) => {
    setSubmitting(true);
    try {
      const mobile = trimMobile(v.mobile);
      await forgetCall({ mobile, code: v.code.trim(), password: v.password });
      notify.success('密码已重置，请使用新密码登录');
      form.resetFields();
      onDone(mobile);
    } catch (err) {
      markServerFieldErrors(form, err, ['mobile', 'code', 'password']);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title="忘记密码"
      open={open}
      onCancel={onClose}
      okText="重置密码"
      cancelText="取消"
      confirmLoading={submitting}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={handleFinish} requiredMark={false} name="forget">
        <Form.Item label="手机号" name="mobile" rules={mobileRules}>
          <Input autoComplete="username" inputMode="numeric" maxLength={20} placeholder="请输入注册手机号" />
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
            <SmsCodeButton form={form} purpose="forget" />
          </Space.Compact>
        </Form.Item>
        <Form.Item label="新密码" name="password" rules={newPasswordRules} extra="至少 8 位，须同时包含字母和数字">
          <Input.Password autoComplete="new-password" placeholder="请输入新密码" />
        </Form.Item>
        <Form.Item label="确认新密码" name="confirm" dependencies={['password']} rules={confirmRules('password')}>
          <Input.Password autoComplete="new-password" placeholder="请再次输入新密码" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
