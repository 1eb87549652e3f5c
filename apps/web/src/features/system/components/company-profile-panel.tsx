import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  AutoComplete,
  Button,
  Descriptions,
  Form,
  Input,
  Radio,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
  type FormRule,
} from 'antd';
import {
  COMPANY_ADDRESS_MAX,
  COMPANY_INDUSTRY_MAX,
  COMPANY_SIZES,
  CONTACT_PHONE_MAX,
  INDUSTRY_SUGGESTIONS,
  PERSON_NAME_MAX,
  isContactPhone,
  type CompanyProfile,
  type CompanyProfileSaveBody,
} from '@ip/contract';
import { companyProfileQuery, saveCompanyProfileCall } from '../company-api';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';

type Values = Required<CompanyProfileSaveBody>;
const FIELDS = ['address', 'contact', 'contact_phone', 'industry', 'size', 'fee_reduction'] as const;

const maxRule = (label: string, max: number): FormRule => ({ max, message: `${label}不能超过 ${max} 个字` });

const phoneRules: FormRule[] = [
  maxRule('联系电话', CONTACT_PHONE_MAX),
  {
    validator: async (_r, value: string | undefined) => {
      const v = (value ?? '').trim();
      if (v && !isContactPhone(v)) throw new Error('联系电话格式不正确，请填写手机号或带区号的固定电话');
    },
  },
];

const SIZE_OPTIONS = [{ value: '', label: '未填写' }, ...COMPANY_SIZES.map((s) => ({ value: s, label: s }))];

const or = (v: string) => v || '未填写';

function valuesOf(p: CompanyProfile): Values {
  return {
    address: p.address,
    contact: p.contact,
    contact_phone: p.contact_phone,
    industry: p.industry,
    size: (COMPANY_SIZES as readonly string[]).includes(p.size) ? (p.size as Values['size']) : '',
    fee_reduction: p.fee_reduction === 1 ? 1 : 0,
  };
}

/** What identifies the company: shown to everyone, changed only by an administrator. */
function Identity({ p }: { p: CompanyProfile }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      style={{ marginBottom: 24 }}
      items={[
        { key: 'name', label: '企业名称', children: p.company_name },
        { key: 'code', label: '统一社会信用代码', children: or(p.credit_code) },
        {
          key: 'former',
          label: '曾用名',
          span: { xs: 1, md: 2 },
          children: p.former_names.length ? (
            <Space size={[4, 4]} wrap>
              {p.former_names.map((n) => (
                <Tag key={n}>{n}</Tag>
              ))}
            </Space>
          ) : (
            '无'
          ),
        },
      ]}
    />
  );
}

/** 企业信息: the company's profile; the main user edits the contact fields, a sub-account only reads. */
export function CompanyProfilePanel() {
  const q = useQuery(companyProfileQuery());
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: saveCompanyProfileCall,
    onSuccess: (p) => {
      queryClient.setQueryData(companyProfileQuery().queryKey, p);
      notify.success('企业信息已保存');
    },
    onError: (err) => markServerFieldErrors(form, err, [...FIELDS]),
  });

  useEffect(() => {
    // The form exists for the main user only (a sub-account reads descriptions).
    if (q.data?.editable) form.setFieldsValue(valuesOf(q.data));
  }, [q.data, form]);

  if (q.isPending) return <Skeleton active paragraph={{ rows: 8 }} aria-label="正在加载企业信息" />;
  if (q.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="企业信息加载失败"
        description={q.error instanceof Error ? q.error.message : '请稍后再试'}
        action={
          <Button size="small" onClick={() => void q.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  const p = q.data;

  if (!p.editable) {
    return (
      <div>
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="子账号只能查看企业信息，如需修改请联系企业主账号" />
        <Identity p={p} />
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'address', label: '地址', span: { xs: 1, md: 2 }, children: or(p.address) },
            { key: 'contact', label: '联系人', children: or(p.contact) },
            { key: 'phone', label: '联系电话', children: or(p.contact_phone) },
            { key: 'industry', label: '所属行业', children: or(p.industry) },
            { key: 'size', label: '企业规模', children: or(p.size) },
            { key: 'fee', label: '费减资格', children: p.fee_reduction === 1 ? '符合' : '不符合' },
          ]}
        />
      </div>
    );
  }

  return (
    <div>
      <Identity p={p} />
      <Typography.Paragraph type="secondary">
        企业名称、统一社会信用代码和曾用名用于匹配本企业的专利，如需变更请联系管理员。
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        name="company-profile"
        requiredMark={false}
        style={{ maxWidth: 640 }}
        initialValues={valuesOf(p)}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item label="地址" name="address" rules={[maxRule('地址', COMPANY_ADDRESS_MAX)]}>
          <Input placeholder="企业经营地址" autoComplete="street-address" />
        </Form.Item>
        <Space wrap size={16} style={{ display: 'flex' }} align="start">
          <Form.Item label="联系人" name="contact" rules={[maxRule('联系人', PERSON_NAME_MAX)]}>
            <Input placeholder="知识产权联系人" autoComplete="name" style={{ width: 260, maxWidth: '100%' }} />
          </Form.Item>
          <Form.Item label="联系电话" name="contact_phone" rules={phoneRules}>
            <Input placeholder="如 0571-86000000 或手机号" autoComplete="tel" style={{ width: 260, maxWidth: '100%' }} />
          </Form.Item>
        </Space>
        <Space wrap size={16} style={{ display: 'flex' }} align="start">
          <Form.Item label="所属行业" name="industry" rules={[maxRule('所属行业', COMPANY_INDUSTRY_MAX)]}>
            <AutoComplete
              options={INDUSTRY_SUGGESTIONS.map((v) => ({ value: v }))}
              placeholder="可选择或输入"
              style={{ width: 300, maxWidth: '100%' }}
              filterOption={(input, option) => String(option?.value ?? '').includes(input)}
            />
          </Form.Item>
          <Form.Item label="企业规模" name="size">
            <Select options={SIZE_OPTIONS} style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.Item label="费减资格" name="fee_reduction" extra="企业上年度应纳税所得额低于 100 万元的，可请求减缴专利年费等费用">
          <Radio.Group
            options={[
              { value: 1, label: '符合' },
              { value: 0, label: '不符合' },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form>
    </div>
  );
}
