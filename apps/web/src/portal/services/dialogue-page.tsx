import { Card, Col, Row, Typography } from 'antd';
import { ChannelArticles, MyRequests, RequestForm } from './service-parts';

/**
 * /web/dialogue 政企对话 (ADR 0054): the office's side — the 政策解读 channel's articles (the fixed channel list of
 * ADR 0045 has no 对话 channel) — and a form where a visitor or company proposes a topic or question for the next
 * dialogue, with their own topics and the office's answers.
 */
export default function DialoguePage() {
  return (
    <section aria-labelledby="dialogue-title" className="portal-section">
      <Typography.Title level={1} id="dialogue-title" className="portal-h1">
        政企对话
      </Typography.Title>
      <Typography.Paragraph>
        政企对话是区知识产权服务中心与企业面对面交流的渠道。您可以提出希望讨论的议题或问题，我们将在对话活动中集中回应。
      </Typography.Paragraph>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <Card title={<h2 className="portal-card-title">政策解读</h2>}>
            <ChannelArticles channel="policy_reading" detail="/web/policy/details" more="/web/policies?channel=policy_reading" />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={<h2 className="portal-card-title">提交议题</h2>}>
            <RequestForm kind="topic" submitText="提交议题" />
          </Card>
        </Col>
      </Row>
      <MyRequests kind="topic" title="我的议题" />
    </section>
  );
}
