import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { trimMobile } from '@ip/contract';
import { forgetCall } from '../api';
import { confirmRules, newPasswordRules } from '../form-rules';
import { SmsCodeFields } from './sms-code-fields';
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
        <SmsCodeFields form={form} purpose="forget" mobileAutoComplete="username" mobilePlaceholder="请输入注册手机号" />
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
