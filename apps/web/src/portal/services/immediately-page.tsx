import { Card, Col, Row, Typography } from 'antd';
import { MyRequests, RequestForm } from './service-parts';

const STEPS = [
  '在线填写预约：姓名、单位、手机号、办理事项和期望日期',
  '工作人员一个工作日内电话确认',
  '按约定时间到服务窗口或线上办理',
  '办结后在本页查看处理结果',
];

/** /web/immediately 马上办 (ADR 0054): an appointment for a service, handled by the administrator on /consulting. */
export default function ImmediatelyPage() {
  return (
    <section aria-labelledby="now-title" className="portal-section">
      <Typography.Title level={1} id="now-title" className="portal-h1">
        马上办
      </Typography.Title>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={10}>
          <Card title={<h2 className="portal-card-title">办理流程</h2>}>
            <ol className="portal-steps">
              {STEPS.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
            <Typography.Paragraph>
              可预约事项：专利申请与费减备案指导、专利质押融资、知识产权纠纷调解、海外维权援助、商标与版权登记咨询等。
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={<h2 className="portal-card-title">预约办理</h2>}>
            <RequestForm kind="appointment" submitText="提交预约" />
          </Card>
        </Col>
      </Row>
      <MyRequests kind="appointment" title="我的预约" />
    </section>
  );
}
