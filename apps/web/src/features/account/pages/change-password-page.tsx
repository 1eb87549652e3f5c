import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { passwordProblem } from '@ip/contract';
import { changePasswordCall } from '../api';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { clearAndReload } from '../../../lib/session-actions';
import { useSessionUser } from '../../../lib/session-store';

interface Values {
  old_password: string;
  password: string;
  password_confirm: string;
}

/** /upPwd and /NewupPwd: change the password, then log in again (the server deletes every token). */
export default function ChangePasswordPage() {
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const mustChange = useSessionUser()?.must_change_password === 1;

  const handleFinish = async (v: Values) => {
    setSubmitting(true);
    try {
      await changePasswordCall(v);
      notify.success('密码已修改，请重新登录');
      // Give the message a moment before the reload to the login page.
      setTimeout(() => clearAndReload('/login'), 1200);
    } catch (err) {
      markServerFieldErrors(form, err, ['old_password', 'password', 'password_confirm']);
      setSubmitting(false);
    }
  };

  return (
    <Card title="修改密码" style={{ maxWidth: 560 }}>
      {mustChange && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="您的密码由管理员或企业主账号设置，请先修改密码后再继续使用。"
          description="原密码即设置人告知您的密码。"
        />
      )}
      <Form form={form} layout="vertical" onFinish={handleFinish} requiredMark={false} name="change-password">
        {/* A hidden username helps password managers pair the new password with the account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly />
        <Form.Item label="原密码" name="old_password" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" placeholder="请输入原密码" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="password"
          extra="至少 8 位，须同时包含字母和数字"
          rules={[
            {
              validator: async (_r, value: string | undefined) => {
                if (!value) throw new Error('请输入新密码');
                const problem = passwordProblem(value);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder="请输入新密码" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="password_confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: async (_r, value: string | undefined) => {
                if (value && value !== getFieldValue('password')) throw new Error('两次输入的新密码不一致');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder="请再次输入新密码" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting}>
          确认修改
        </Button>
      </Form>
    </Card>
  );
}
