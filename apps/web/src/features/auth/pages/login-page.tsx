import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Checkbox, Form, Input, Typography } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { PRODUCT_TITLE, STORAGE_KEYS, trimMobile } from '@ip/contract';
import { loginCall, type TokenReply } from '../api';
import { mobileRules } from '../form-rules';
import { ForgetPasswordModal } from '../components/forget-password-modal';
import { RegisterModal } from '../components/register-modal';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { saveLogin } from '../../../lib/session-actions';
import { local } from '../../../lib/storage';

interface LoginValues {
  mobile: string;
  password: string;
  remember: boolean;
}

/** /login: mobile + password. 记住我 keeps only the mobile on this device — never the password. */
export default function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [registerOpen, setRegisterOpen] = useState(false);
  const [forgetOpen, setForgetOpen] = useState(false);
  const [initial] = useState(() => {
    const remembered = local.get(STORAGE_KEYS.rememberMobile) ?? '';
    return { mobile: remembered, password: '', remember: !!remembered };
  });

  const enter = (reply: TokenReply) => {
    saveLogin(reply);
    navigate('/', { replace: true });
  };

  const handleFinish = async (v: LoginValues) => {
    const mobile = trimMobile(v.mobile);
    setSubmitting(true);
    try {
      const reply = await loginCall({ mobile, password: v.password, type: '0' });
      if (v.remember) local.set(STORAGE_KEYS.rememberMobile, mobile);
      else local.remove(STORAGE_KEYS.rememberMobile);
      enter(reply);
    } catch (err) {
      markServerFieldErrors(form, err, ['mobile', 'password']);
      form.setFieldValue('password', '');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="auth-page">
      <Card className="auth-card">
        <Typography.Title level={1} style={{ textAlign: 'center', marginBottom: 4, fontSize: 'clamp(18px, 5.2vw, 24px)' }}>
          {PRODUCT_TITLE}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          账号登录
        </Typography.Paragraph>
        <Form form={form} name="login" initialValues={initial} onFinish={handleFinish} size="large" requiredMark={false}>
          <Form.Item name="mobile" rules={mobileRules}>
            <Input
              prefix={<MobileOutlined aria-hidden />}
              placeholder="请输入手机号"
              aria-label="手机号"
              autoComplete="username"
              inputMode="numeric"
              maxLength={20}
            />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password
              prefix={<LockOutlined aria-hidden />}
              placeholder="请输入密码"
              aria-label="密码"
              autoComplete="current-password"
            />
          </Form.Item>
          <Form.Item name="remember" valuePropName="checked">
            <Checkbox>记住我</Checkbox>
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              登录
            </Button>
          </Form.Item>
        </Form>
        <div className="auth-links">
          <Button type="link" onClick={() => setRegisterOpen(true)} style={{ paddingInline: 0 }}>
            注册试用账号
          </Button>
          <Button type="link" onClick={() => setForgetOpen(true)} style={{ paddingInline: 0 }}>
            忘记密码
          </Button>
        </div>
        <div style={{ textAlign: 'center', marginTop: 8 }}>
          <Button type="link" onClick={() => navigate('/web/index')}>
            返回首页
          </Button>
        </div>
      </Card>
      <RegisterModal
        open={registerOpen}
        onClose={() => setRegisterOpen(false)}
        onRegistered={(r) => {
          setRegisterOpen(false);
          enter(r);
        }}
      />
      <ForgetPasswordModal
        open={forgetOpen}
        onClose={() => setForgetOpen(false)}
        onDone={(mobile) => {
          setForgetOpen(false);
          form.setFieldsValue({ mobile, password: '' });
        }}
      />
    </div>
  );
}
