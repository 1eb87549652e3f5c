import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Collapse, Empty, Pagination, Row, Skeleton, Typography } from 'antd';
import { MyRequests, RequestForm } from './service-parts';
import { portalSender, publicQasQuery } from './services-api';

/**
 * /web/askAbout 咨询问答 (ADR 0054): the Q&As the administrator published from business consulting, and a question
 * form for a visitor logged in by SMS code or any logged-in user, with their own questions and the answers.
 */
export default function AskAboutPage() {
  const [page, setPage] = useState(1);
  const qas = useQuery(publicQasQuery(page));
  const company = portalSender() === 'user';
  return (
    <section aria-labelledby="ask-title" className="portal-section">
      <Typography.Title level={1} id="ask-title" className="portal-h1">
        咨询问答
      </Typography.Title>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <Typography.Title level={2} className="portal-h2">
            常见问答
          </Typography.Title>
          {qas.isPending ? (
            <Skeleton active />
          ) : qas.data?.list.length ? (
            <Collapse
              items={qas.data.list.map((qa) => ({
                key: qa.id,
                label: `【${qa.category_label}】${qa.title}`,
                children: (
                  <>
                    <p style={{ whiteSpace: 'pre-wrap' }}>{qa.content}</p>
                    {qa.answers.map((a, i) => (
                      <p key={i} className="portal-reply">
                        <strong>答复：</strong>
                        {a.content}
                      </p>
                    ))}
                  </>
                ),
              }))}
            />
          ) : (
            <Empty description="暂无公开的问答" />
          )}
          {(qas.data?.total ?? 0) > 10 && (
            <Pagination
              className="portal-pager"
              current={page}
              pageSize={10}
              total={qas.data?.total ?? 0}
              onChange={setPage}
              showSizeChanger={false}
            />
          )}
        </Col>
        <Col xs={24} lg={10}>
          <Card title={<h2 className="portal-card-title">我要提问</h2>}>
            {company && (
              <Typography.Paragraph>
                企业用户也可在 <Link to="/UserConsulting">业务咨询</Link> 中提问，答复会送达消息中心。
              </Typography.Paragraph>
            )}
            <RequestForm kind="question" submitText="提交咨询" />
          </Card>
        </Col>
      </Row>
      <MyRequests kind="question" title="我的提问" />
    </section>
  );
}
