import { Link, useNavigate } from 'react-router';
import { Button, Card, Col, Row, Space, Typography } from 'antd';
import { portalSender } from './services-api';

const FEATURES = [
  ['专利管理', '自动关联企业名下专利，分类管理、核心专利标记与导出。'],
  ['年费预警', '按缴费期限提醒年费，避免专利因欠费失效。'],
  ['证书管理', '集中保管各类知识产权证书，到期前提醒。'],
  ['监控预警', '监控竞争对手和技术领域的新公开专利与法律状态变化。'],
  ['产业报告', '在线阅读和下载区内发布的产业专利分析报告。'],
  ['业务咨询', '向服务中心提问，答复直接送达消息中心。'],
] as const;

/**
 * /web/guanjia 知识产权管家 (ADR 0054, reading): the company-side services a registered company gets in this
 * product, with the way in — log in, or register a trial account and apply for company verification.
 */
export default function GuanjiaPage() {
  const loggedIn = portalSender() === 'user';
  const navigate = useNavigate();
  return (
    <section aria-labelledby="guanjia-title" className="portal-section">
      <Typography.Title level={1} id="guanjia-title" className="portal-h1">
        知识产权管家
      </Typography.Title>
      <Typography.Paragraph>
        注册并完成企业认证后，企业即可免费使用以下知识产权管家服务，随时掌握自身知识产权状况。
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {FEATURES.map(([title, text]) => (
          <Col key={title} xs={24} sm={12} lg={8}>
            <Card title={<h2 className="portal-card-title">{title}</h2>} style={{ height: '100%' }}>
              {text}
            </Card>
          </Col>
        ))}
      </Row>
      <Space wrap style={{ marginTop: 24 }}>
        {loggedIn ? (
          <Button type="primary" onClick={() => navigate('/')}>
            进入工作台
          </Button>
        ) : (
          <>
            <Button type="primary" onClick={() => navigate('/login')}>
              登录 / 注册
            </Button>
            <Link to="/web/askAbout">先咨询了解</Link>
          </>
        )}
      </Space>
    </section>
  );
}
