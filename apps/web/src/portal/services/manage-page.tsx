import { Link } from 'react-router';
import { Card, Col, Row, Typography } from 'antd';
import { ChannelArticles } from './service-parts';

const SERVICES = [
  ['专利导航与布局', '围绕产业链开展专利分析，帮助企业确定研发方向和布局重点。'],
  ['贯标辅导', '指导企业建立知识产权管理体系，对照国家标准完善制度和流程。'],
  ['知识产权金融', '对接专利质押融资、知识产权保险，盘活无形资产。'],
  ['维权援助', '提供侵权判定咨询、纠纷调解和海外维权援助。'],
] as const;

/**
 * /web/manage 知识产权管理服务 (ADR 0054, reading): what the district's service centre offers companies for managing
 * their IP — a short introduction, the 服务中心 · 服务介绍 channel's articles, and the way in: 马上办 and 咨询问答.
 */
export default function ManagePage() {
  return (
    <section aria-labelledby="manage-title" className="portal-section">
      <Typography.Title level={1} id="manage-title" className="portal-h1">
        知识产权管理服务
      </Typography.Title>
      <Typography.Paragraph>
        区知识产权服务中心为辖区企业提供从创造、运用、保护到管理的全链条服务。需要办理时可直接
        <Link to="/web/immediately" style={{ textDecoration: 'underline' }}>
          预约马上办
        </Link>
        ，有疑问可先到
        <Link to="/web/askAbout" style={{ textDecoration: 'underline' }}>
          咨询问答
        </Link>
        提问。
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {SERVICES.map(([title, text]) => (
          <Col key={title} xs={24} sm={12} lg={6}>
            <Card title={<h2 className="portal-card-title">{title}</h2>} style={{ height: '100%' }}>
              {text}
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={<h2 className="portal-card-title">服务介绍</h2>} style={{ marginTop: 24 }}>
        <ChannelArticles channel="service_intro" detail="/web/central/details" more="/web/services/introduce" />
      </Card>
    </section>
  );
}
