import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Form, Typography } from 'antd';
import { PRODUCT_TITLE, trimMobile } from '@ip/contract';
import { visitorLoginCall } from '../api';
import { SmsCodeFields } from '../components/sms-code-fields';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { setVisitorToken } from '../../../lib/storage';

/** /web/small/login: mobile + SMS code; enterprise-service staff then see their to-visits (ADR 0044), visitors the portal. */
export default function VisitorLoginPage() {
  const [form] = Form.useForm<{ mobile: string; code: string }>();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  const handleFinish = async (v: { mobile: string; code: string }) => {
    setSubmitting(true);
    try {
      const { token, kind } = await visitorLoginCall({ mobile: trimMobile(v.mobile), code: v.code.trim() });
      setVisitorToken(token);
      // Enterprise-service staff go to their to-visits; any other visitor back to the portal (ADR 0044).
      // A portal page that asked for the login (/web/askAbout …) gets the visitor back (ADR 0054).
      const back = new URLSearchParams(window.location.search).get('back') ?? '';
      const portalBack = /^\/web\/[A-Za-z/]+$/.test(back) ? back : '/web/index';
      navigate(kind === 'field' ? '/web/small/Waitvisit' : portalBack, { replace: true });
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
          企业服务人员登录后进入走访端，其他访客登录后返回门户首页
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
