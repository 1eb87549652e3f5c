import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Form, Input, Space, Typography } from 'antd';
import { PRODUCT_TITLE, trimMobile } from '@ip/contract';
import { visitorLoginCall } from '../api';
import { codeRules, mobileRules } from '../form-rules';
import { SmsCodeButton } from '../components/sms-code-button';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { setVisitorToken } from '../../../lib/storage';

/** /web/small/login: visitor login with mobile + SMS code, then the to-visit list. */
export default function VisitorLoginPage() {
  const [form] = Form.useForm<{ mobile: string; code: string }>();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  const handleFinish = async (v: { mobile: string; code: string }) => {
    setSubmitting(true);
    try {
      const { token } = await visitorLoginCall({ mobile: trimMobile(v.mobile), code: v.code.trim() });
      setVisitorToken(token);
      navigate('/web/small/Waitvisit', { replace: true });
    } catch (err) {
      markServerFieldErrors(form, err, ['mobile', 'code']);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="auth-page">
      <Card className="auth-card">
        <Typography.Title level={1} style={{ textAlign: 'center', marginBottom: 4, fontSize: 24 }}>
          访客登录
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {PRODUCT_TITLE}
        </Typography.Paragraph>
        <Form form={form} name="visitor-login" layout="vertical" onFinish={handleFinish} requiredMark={false}>
          <Form.Item label="手机号" name="mobile" rules={mobileRules}>
            <Input autoComplete="tel" inputMode="numeric" maxLength={20} placeholder="请输入手机号" />
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
              <SmsCodeButton form={form} purpose="visitor" />
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
