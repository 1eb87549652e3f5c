import { useState } from 'react';
import { Button, Card, Col, Descriptions, Form, Input, Row, Tag } from 'antd';
import { AvatarUploader } from '../components/avatar-uploader';
import { VerificationSection } from '../components/verification-section';
import { updateProfileCall } from '../api';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { personNameRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { patchSessionUser } from '../../../lib/session-actions';
import { useSessionUser } from '../../../lib/session-store';

interface Values {
  name: string;
  introduction: string;
}

/** /userCenter and /newUserCenter: the profile of the session user, editing, avatar, and verification for trial users. */
export default function UserCenterPage() {
  const user = useSessionUser();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  if (!user) return null;
  const trial = user.type === '1';

  const handleFinish = async (v: Values) => {
    setSaving(true);
    try {
      const body = { name: v.name.trim(), introduction: v.introduction ?? '', avatar: user.avatar };
      await updateProfileCall(body);
      patchSessionUser({ name: body.name, introduction: body.introduction });
      notify.success('资料已保存');
    } catch (err) {
      markServerFieldErrors(form, err, ['name', 'introduction']);
    } finally {
      setSaving(false);
    }
  };

  const handleAvatar = async (url: string) => {
    await updateProfileCall({ name: user.name, introduction: user.introduction, avatar: url });
    patchSessionUser({ avatar: url });
    notify.success('头像已更新');
  };

  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title="个人资料">
            <div style={{ display: 'flex', justifyContent: 'center', marginBottom: 16 }}>
              <AvatarUploader src={user.avatar} onUploaded={handleAvatar} />
            </div>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label="姓名">{user.name || '—'}</Descriptions.Item>
              <Descriptions.Item label="手机号">{user.mobile || '—'}</Descriptions.Item>
              <Descriptions.Item label="公司名称">{user.company_name || '—'}</Descriptions.Item>
              <Descriptions.Item label="账号类型">
                {trial ? <Tag color="orange">试用</Tag> : <Tag color="green">已认证</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label="所属街道">{user.street_name || '—'}</Descriptions.Item>
              <Descriptions.Item label="简介">{user.introduction || '—'}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title="编辑资料">
            <Form
              form={form}
              layout="vertical"
              initialValues={{ name: user.name, introduction: user.introduction }}
              onFinish={handleFinish}
              requiredMark={false}
              name="profile"
            >
              <Form.Item label="姓名" name="name" rules={personNameRules('姓名')}>
                <Input autoComplete="name" placeholder="请输入姓名" />
              </Form.Item>
              <Form.Item label="简介" name="introduction" rules={[{ max: 500, message: '简介不能超过 500 个字' }]}>
                <Input.TextArea rows={4} showCount maxLength={500} placeholder="介绍一下您和您的工作" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={saving}>
                保存资料
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
      {trial && <VerificationSection defaultCompany={user.company_name} />}
    </>
  );
}
