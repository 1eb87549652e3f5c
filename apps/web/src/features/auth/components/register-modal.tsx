import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { trimMobile } from '@ip/contract';
import { registerCall, type TokenReply } from '../api';
import { companyNameRules, personNameRules } from '../../../lib/form-rules';
import { confirmRules, newPasswordRules } from '../form-rules';
import { SmsCodeFields } from './sms-code-fields';
import { markServerFieldErrors } from '../../../lib/form-errors';

interface RegisterValues {
  mobile: string;
  code: string;
  name: string;
  company_name: string;
  password: string;
  confirm: string;
}

const FIELDS = ['mobile', 'code', 'name', 'company_name', 'password'];

/** 注册试用账号: SMS-verified trial registration; on success the new account is logged in. */
export function RegisterModal({
  open,
  onClose,
  onRegistered,
}: {
  open: boolean;
  onClose: () => void;
  onRegistered: (r: TokenReply) => void;
}) {
  const [form] = Form.useForm<RegisterValues>();
  const [submitting, setSubmitting] = useState(false);

  const handleFinish = async (v: RegisterValues) => {
    setSubmitting(true);
    try {
      const reply = await registerCall({
        mobile: trimMobile(v.mobile),
        code: v.code.trim(),
        password: v.password,
        name: v.name.trim(),
        company_name: v.company_name.trim(),
      });
      form.resetFields();
      onRegistered(reply);
    } catch (err) {
      markServerFieldErrors(form, err, FIELDS);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title="注册试用账号"
      open={open}
      onCancel={onClose}
      okText="注册"
      cancelText="取消"
      confirmLoading={submitting}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={handleFinish} requiredMark={false} name="register">
        <SmsCodeFields form={form} purpose="register" />
        <Form.Item label="姓名" name="name" rules={personNameRules('姓名')}>
          <Input autoComplete="name" placeholder="请输入姓名" />
        </Form.Item>
        <Form.Item label="公司名称" name="company_name" rules={companyNameRules}>
          <Input autoComplete="organization" placeholder="请输入公司全称" />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={newPasswordRules} extra="至少 8 位，须同时包含字母和数字">
          <Input.Password autoComplete="new-password" placeholder="请设置登录密码" />
        </Form.Item>
        <Form.Item label="确认密码" name="confirm" dependencies={['password']} rules={confirmRules('password')}>
          <Input.Password autoComplete="new-password" placeholder="请再次输入密码" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
