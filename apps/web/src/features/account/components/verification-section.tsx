import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Skeleton, Tag, Upload, type UploadProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { submitVerificationCall, verificationStatusQuery, type VerificationStatus } from '../api';
import { openPrivateFile, uploadFile } from '../../../api/http';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { companyNameRules, personNameRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { acceptFor, uploadProblem } from '../../../lib/upload-rules';

interface Values {
  company_name: string;
  credit_code: string;
  contact: string;
  license: string;
}

const CREDIT_CODE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

function StatusBanner({ status }: { status: VerificationStatus | null | undefined }) {
  if (!status || status.status === null || status.status === undefined) {
    return <Alert type="info" showIcon title="您当前为试用账号，提交企业认证并通过审核后即可使用全部功能。" />;
  }
  const when = status.created_at ? `（提交于 ${status.created_at.slice(0, 10)}）` : '';
  if (status.status === 0) {
    return (
      <Alert
        type="warning"
        showIcon
        title={
          <>
            认证状态：<Tag color="processing">审核中</Tag>
            {when}
          </>
        }
        description="管理员审核后将通知您，请耐心等待。"
      />
    );
  }
  if (status.status === 1) {
    // Shown to trial users only: an approved application of an account that is a trial account again (an
    // administrator changed it back) no longer counts, and a new application may be sent.
    return (
      <Alert
        type="warning"
        showIcon
        title={
          <>
            认证状态：<Tag color="default">已失效</Tag>
            {when}
          </>
        }
        description="您的账号已被管理员调整为试用账号，如需使用全部功能，请重新提交企业认证。"
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      title={
        <>
          认证状态：<Tag color="error">未通过</Tag>
          {when}
        </>
      }
      description={status.remark ? `审核意见：${status.remark}。请修改后重新提交。` : '请修改后重新提交。'}
    />
  );
}

/** 企业认证 for trial users: the application form and the state of the latest application. */
export function VerificationSection({ defaultCompany }: { defaultCompany: string }) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const status = useQuery(verificationStatusQuery());
  const [submitting, setSubmitting] = useState(false);
  const [licenseName, setLicenseName] = useState('');
  const [uploading, setUploading] = useState(false);

  // Pending blocks a new application; rejected may apply again, and so may an approved user made a trial user again.
  const canApply = !status.data || status.data.status !== 0;

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = uploadProblem(file, 'file');
    if (problem) {
      notify.error(problem);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    setUploading(true);
    try {
      const uploaded = await uploadFile(file as File, 'file', { purpose: 'licence' });
      form.setFieldValue('license', uploaded.url);
      void form.validateFields(['license']);
      setLicenseName(uploaded.name);
      onSuccess?.(uploaded);
    } catch (err) {
      onError?.(err as Error);
    } finally {
      setUploading(false);
    }
  };

  const handleFinish = async (v: Values) => {
    setSubmitting(true);
    try {
      await submitVerificationCall({
        ...v,
        company_name: v.company_name.trim(),
        credit_code: v.credit_code.trim().toUpperCase(),
        contact: v.contact.trim(),
      });
      notify.success('认证申请已提交，请等待审核');
      await queryClient.invalidateQueries({ queryKey: verificationStatusQuery().queryKey });
    } catch (err) {
      markServerFieldErrors(form, err, ['company_name', 'credit_code', 'contact', 'license']);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card title="企业认证" style={{ marginTop: 16 }}>
      {status.isPending ? <Skeleton active paragraph={{ rows: 1 }} /> : <StatusBanner status={status.data} />}
      {canApply && !status.isPending && (
        <Form
          form={form}
          layout="vertical"
          style={{ marginTop: 16, maxWidth: 560 }}
          initialValues={{ company_name: defaultCompany, credit_code: '', contact: '', license: '' }}
          onFinish={handleFinish}
          requiredMark={false}
          name="verification"
        >
          <Form.Item label="公司名称" name="company_name" rules={companyNameRules}>
            <Input autoComplete="organization" placeholder="与营业执照一致的公司全称" />
          </Form.Item>
          <Form.Item
            label="统一社会信用代码"
            name="credit_code"
            normalize={(v: string) => v.toUpperCase()}
            rules={[
              { required: true, message: '请输入统一社会信用代码' },
              {
                validator: async (_r, v: string) => {
                  if (v && !CREDIT_CODE.test(v.trim())) throw new Error('统一社会信用代码应为 18 位');
                },
              },
            ]}
          >
            <Input maxLength={18} placeholder="18 位统一社会信用代码" />
          </Form.Item>
          <Form.Item label="联系人" name="contact" rules={personNameRules('联系人')}>
            <Input autoComplete="name" placeholder="请输入联系人姓名" />
          </Form.Item>
          <Form.Item
            label="营业执照"
            name="license"
            rules={[{ required: true, message: '请上传营业执照' }]}
            extra="支持 PDF、图片、Word、Excel，不超过 5 MB"
          >
            <div>
              <Upload accept={acceptFor('file')} showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest}>
                <Button icon={<UploadOutlined aria-hidden />} loading={uploading}>
                  上传营业执照
                </Button>
              </Upload>
              {licenseName && (
                <span style={{ marginLeft: 12 }}>
                  已上传：{licenseName}
                  <Button
                    type="link"
                    size="small"
                    onClick={() => void openPrivateFile(form.getFieldValue('license') as string).catch(() => {})}
                  >
                    预览
                  </Button>
                </span>
              )}
            </div>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={submitting}>
            提交认证
          </Button>
        </Form>
      )}
    </Card>
  );
}
