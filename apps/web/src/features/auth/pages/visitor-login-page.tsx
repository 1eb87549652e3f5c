import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Form, Typography } from 'antd';
import { PRODUCT_TITLE, trimMobile } from '@ip/contract';
import { visitorLoginCall } from '../api';
import { SmsCodeFields } from '../components/sms-code-fields';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { setVisitorToken } from '../../../lib/storage';

/** /web/small/login: the field login of enterprise-service staff (mobile + SMS code, ADR 0044), then the to-visit list. */
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
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          企业服务人员用本人手机号和短信验证码登录走访端
        </Typography.Paragraph>
        <Form form={form} name="visitor-login" layout="vertical" onFinish={handleFinish} requiredMark={false}>
          <SmsCodeFields form={form} purpose="visitor" />
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
