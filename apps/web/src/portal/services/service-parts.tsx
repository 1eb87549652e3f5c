import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Input, List, Pagination, Skeleton, Space, Tag, Typography } from 'antd';
import { PORTAL_REQUEST_TEXT_MAX, type PortalRequestBody, type PortalRequestKind } from '@ip/contract';
import { markServerFieldErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { portalArticlesQuery, shanghaiDay } from '../portal-api';
import { myRequestsQuery, portalSender, REQUESTS_KEY, sendRequestCall } from './services-api';

const CONTENT_LABEL: Record<PortalRequestKind, string> = { question: '咨询内容', topic: '议题内容', appointment: '办理事项' };
const SENT: Record<PortalRequestKind, string> = {
  question: '咨询已提交，答复后可在本页「我的提问」查看',
  topic: '议题已提交，感谢您的参与',
  appointment: '预约已提交，工作人员会按您留的手机号联系您',
};

/** Asks a visitor to log in first: by SMS code (back to this page afterwards) or as a company user. */
export function LoginFirst({ what }: { what: string }) {
  const { pathname } = useLocation();
  return (
    <Alert
      type="info"
      showIcon
      title={`${what}前请先登录`}
      description={
        <Space wrap>
          <Link to={`/web/small/login?back=${encodeURIComponent(pathname)}`}>手机验证码登录</Link>
          <Link to="/login">企业用户登录</Link>
        </Space>
      }
    />
  );
}

interface FormValues {
  name: string;
  company: string;
  mobile: string;
  content: string;
  preferred_date: string;
}

/** The form of a question, topic or appointment (name, company, mobile, content; an appointment's preferred day). */
export function RequestForm({ kind, submitText }: { kind: PortalRequestKind; submitText: string }) {
  const [form] = Form.useForm<FormValues>();
  const client = useQueryClient();
  const [sending, setSending] = useState(false);
  if (!portalSender()) return <LoginFirst what={submitText} />;
  const appointment = kind === 'appointment';
  const submit = async (v: FormValues) => {
    const body: PortalRequestBody = {
      kind,
      name: v.name,
      company: v.company ?? '',
      mobile: v.mobile,
      content: v.content,
      preferred_date: appointment ? v.preferred_date : null,
    };
    setSending(true);
    try {
      await sendRequestCall(body);
      notify.success(SENT[kind]);
      form.resetFields();
      await client.invalidateQueries({ queryKey: REQUESTS_KEY });
    } catch (err) {
      markServerFieldErrors(form, err, ['name', 'company', 'mobile', 'content', 'preferred_date']);
    } finally {
      setSending(false);
    }
  };
  return (
    <Form<FormValues> form={form} layout="vertical" onFinish={(v) => void submit(v)} className="portal-request-form">
      <Form.Item name="name" label="姓名" rules={[{ required: true, whitespace: true, message: '请填写姓名' }]}>
        <Input maxLength={30} autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="company"
        label="单位名称"
        rules={appointment ? [{ required: true, whitespace: true, message: '请填写单位名称' }] : []}
      >
        <Input maxLength={100} autoComplete="organization" />
      </Form.Item>
      <Form.Item
        name="mobile"
        label="手机号"
        rules={[
          { required: true, message: '请填写手机号' },
          { pattern: /^\s*1[3-9]\d(\s*\d){8}\s*$/, message: '请填写正确的 11 位手机号' },
        ]}
      >
        <Input maxLength={13} inputMode="tel" autoComplete="tel" />
      </Form.Item>
      {appointment && (
        <Form.Item name="preferred_date" label="期望办理日期" rules={[{ required: true, message: '请选择期望办理日期' }]}>
          <Input type="date" />
        </Form.Item>
      )}
      <Form.Item
        name="content"
        label={CONTENT_LABEL[kind]}
        rules={[{ required: true, whitespace: true, message: `请填写${CONTENT_LABEL[kind]}` }]}
      >
        <Input.TextArea rows={4} maxLength={PORTAL_REQUEST_TEXT_MAX} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending}>
        {submitText}
      </Button>
    </Form>
  );
}

/** The sender's own questions, topics or appointments, with the office's answer. */
export function MyRequests({ kind, title }: { kind: PortalRequestKind; title: string }) {
  const [page, setPage] = useState(1);
  const sender = portalSender();
  const q = useQuery({ ...myRequestsQuery(kind, page), enabled: !!sender });
  if (!sender) return null;
  return (
    <section aria-labelledby={`mine-${kind}`} className="portal-section">
      <Typography.Title level={2} id={`mine-${kind}`} className="portal-h2">
        {title}
      </Typography.Title>
      {q.isPending ? (
        <Skeleton active />
      ) : (
        <List
          dataSource={q.data?.list ?? []}
          locale={{ emptyText: <Empty description="暂无记录" /> }}
          renderItem={(r) => (
            <List.Item key={r.id}>
              <div style={{ width: '100%' }}>
                <Space wrap size={8}>
                  <Tag color={r.status === 'handled' ? 'green' : 'orange'}>{r.status_label}</Tag>
                  <span>{shanghaiDay(r.created_at)}</span>
                  {r.preferred_date && <span>期望办理：{r.preferred_date}</span>}
                </Space>
                <p style={{ margin: '8px 0', whiteSpace: 'pre-wrap' }}>{r.content}</p>
                {r.reply && (
                  <p className="portal-reply">
                    <strong>答复：</strong>
                    {r.reply}
                  </p>
                )}
              </div>
            </List.Item>
          )}
        />
      )}
      {(q.data?.total ?? 0) > 10 && (
        <Pagination current={page} pageSize={10} total={q.data?.total ?? 0} onChange={setPage} showSizeChanger={false} />
      )}
    </section>
  );
}

/** The latest published articles of a channel, each linking to its detail page. */
export function ChannelArticles({ channel, detail, more }: { channel: string; detail: string; more?: string }) {
  const q = useQuery(portalArticlesQuery({ channel, keyword: '', from: '', to: '', page: 1, page_size: 6 }));
  if (q.isPending) return <Skeleton active />;
  const list = q.data?.list ?? [];
  if (!list.length) return <Empty description="暂无文章" />;
  return (
    <>
      <ul className="portal-latest">
        {list.map((a) => (
          <li key={a.id}>
            <Link to={`${detail}?id=${a.id}`}>{a.title}</Link>
            <time dateTime={shanghaiDay(a.publish_at)}>{shanghaiDay(a.publish_at)}</time>
          </li>
        ))}
      </ul>
      {more && <Link to={more}>查看更多</Link>}
    </>
  );
}
