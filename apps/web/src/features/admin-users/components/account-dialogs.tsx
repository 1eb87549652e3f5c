import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Radio, Select, Skeleton, Space, Tabs, Typography, type FormRule } from 'antd';
import {
  ADMIN_USER_KINDS,
  COMPANY_NAME_MAX,
  COMPANY_NAME_MIN,
  INTRODUCTION_MAX,
  PERSON_NAME_MAX,
  STREET_NAME_MAX,
  USER_KIND_LABELS,
  creditCodeProblem,
  isMainlandMobile,
  normaliseCreditCode,
  passwordProblem,
  trimMobile,
  type AdminUserKind,
} from '@ip/contract';
import {
  createUserCall,
  mainAccountsQuery,
  setPasswordCall,
  updateUserCall,
  updateUserInfoCall,
  userDetailQuery,
  type AccountFields,
  type UserDetail,
} from '../api';
import { CompanySelect } from './company-select';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';

// The administrator's dialogs on /user (ADR 0019): 新建用户, 编辑 (账号信息 and 个人资料 tabs) and 设置密码.

const mobileRules: FormRule[] = [
  {
    validator: async (_r, value: string | undefined) => {
      const m = trimMobile(value ?? '');
      if (!m) throw new Error('请输入手机号');
      if (!isMainlandMobile(m)) throw new Error('请输入 11 位中国大陆手机号');
    },
  },
];
const nameRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入姓名' },
  { max: PERSON_NAME_MAX, message: `姓名不能超过 ${PERSON_NAME_MAX} 个字` },
];
/** An optional password: empty means the server makes one up. */
const optionalPasswordRules: FormRule[] = [
  {
    validator: async (_r, value: string | undefined) => {
      if (!value) return;
      const problem = passwordProblem(value);
      if (problem) throw new Error(problem);
    },
  },
];
const companyNameRules: FormRule[] = [
  { whitespace: true, message: '请输入公司名称' },
  { min: COMPANY_NAME_MIN, message: `公司名称至少 ${COMPANY_NAME_MIN} 个字` },
  { max: COMPANY_NAME_MAX, message: `公司名称不能超过 ${COMPANY_NAME_MAX} 个字` },
];
const creditCodeRules: FormRule[] = [
  {
    validator: async (_r, value: string | undefined) => {
      const code = normaliseCreditCode(value ?? '');
      const problem = code ? creditCodeProblem(code) : null;
      if (problem) throw new Error(problem);
    },
  },
];

const KIND_OPTIONS = ADMIN_USER_KINDS.map((k) => ({ value: k, label: USER_KIND_LABELS[k] }));
const ACCOUNT_FIELDS = [
  'mobile',
  'name',
  'kind',
  'password',
  'company_id',
  'company_name',
  'credit_code',
  'main_id',
  'street_name',
];

interface AccountValues {
  mobile: string;
  name?: string;
  kind: AdminUserKind;
  password?: string;
  company_mode?: 'existing' | 'new';
  company_id?: number;
  company_name?: string;
  credit_code?: string;
  main_id?: number;
  street_name?: string;
}

/** The fields that depend on the kind: the company of a company user, the main account of staff, a name otherwise. */
function KindFields({ initialCompany }: { initialCompany?: string }) {
  const kind = Form.useWatch<AdminUserKind | undefined>('kind');
  const mode = Form.useWatch<'existing' | 'new' | undefined>('company_mode');
  const mains = useQuery({ ...mainAccountsQuery(), enabled: kind === 'staff' });
  if (kind === 'company') {
    return (
      <>
        <Form.Item label="所属企业" name="company_mode">
          <Radio.Group
            options={[
              { value: 'existing', label: '选择已有企业' },
              { value: 'new', label: '新建企业' },
            ]}
          />
        </Form.Item>
        {mode === 'new' ? (
          <>
            <Form.Item
              label="公司名称"
              name="company_name"
              rules={[{ required: true, message: '请输入公司名称' }, ...companyNameRules]}
              extra="名称或统一社会信用代码与已有企业相同时，将关联到该企业"
            >
              <Input autoComplete="organization" placeholder="与营业执照一致的公司全称" />
            </Form.Item>
            <Form.Item
              label="统一社会信用代码"
              name="credit_code"
              rules={creditCodeRules}
              normalize={(v: string) => v.toUpperCase()}
            >
              <Input maxLength={18} placeholder="18 位，选填" />
            </Form.Item>
          </>
        ) : (
          <Form.Item label="选择企业" name="company_id" rules={[{ required: true, message: '请选择所属企业' }]}>
            <CompanySelect aria-label="选择企业" initialLabel={initialCompany} />
          </Form.Item>
        )}
      </>
    );
  }
  if (kind === 'staff') {
    return (
      <>
        <Form.Item label="所属主账号" name="main_id" rules={[{ required: true, message: '请选择所属主账号' }]}>
          <Select
            aria-label="所属主账号"
            loading={mains.isFetching}
            placeholder="请选择企业服务主账号"
            options={(mains.data?.list ?? []).map((m) => ({ value: m.id, label: `${m.name}（${m.mobile}）` }))}
          />
        </Form.Item>
        <Form.Item
          label="所属街道"
          name="street_name"
          rules={[{ max: STREET_NAME_MAX, message: `街道名称不能超过 ${STREET_NAME_MAX} 个字` }]}
        >
          <Input placeholder="如：高新街道" />
        </Form.Item>
      </>
    );
  }
  return (
    <Form.Item label={kind === 'trial' ? '公司名称' : '单位名称'} name="company_name" rules={companyNameRules}>
      <Input autoComplete="organization" placeholder="选填" />
    </Form.Item>
  );
}

/** The body of create / update-user from the form's values: only the fields the kind uses. */
function accountBody(v: AccountValues): AccountFields {
  const body: AccountFields = { mobile: trimMobile(v.mobile), kind: v.kind };
  if (v.name !== undefined) body.name = v.name.trim();
  if (v.password) body.password = v.password;
  if (v.kind === 'company') {
    if (v.company_mode === 'new') {
      body.company_name = v.company_name?.trim();
      if (v.credit_code?.trim()) body.credit_code = normaliseCreditCode(v.credit_code);
    } else if (v.company_id) body.company_id = v.company_id;
  } else if (v.kind === 'staff') {
    body.main_id = v.main_id;
    if (v.street_name !== undefined) body.street_name = v.street_name.trim();
  } else if (v.company_name !== undefined) body.company_name = v.company_name.trim();
  return body;
}

/** Shows a password once, with a copy button, after the server made it up. */
export function showPasswordOnce(title: string, password: string) {
  Modal.success({
    title,
    content: (
      <div>
        <p>请把初始密码告知用户；关闭后将无法再次查看。用户首次登录后须修改密码。</p>
        <Typography.Paragraph copyable={{ text: password, tooltips: ['复制密码', '已复制'] }} strong style={{ fontSize: 18 }}>
          <span aria-label="新密码">{password}</span>
        </Typography.Paragraph>
      </div>
    ),
    okText: '我已记下',
  });
}

/** 新建用户: any kind; the password may be left empty (made up by the server and shown once). */
export function CreateUserDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<AccountValues>();
  const [saving, setSaving] = useState(false);
  const handleFinish = async (v: AccountValues) => {
    setSaving(true);
    try {
      const res = await createUserCall(accountBody(v));
      notify.success('用户已创建');
      form.resetFields();
      onDone();
      onClose();
      if (res.password) showPasswordOnce('用户已创建', res.password);
    } catch (err) {
      markServerFieldErrors(form, err, ACCOUNT_FIELDS);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title="新建用户"
      open={open}
      onCancel={onClose}
      destroyOnHidden
      okText="创建"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      width={560}
    >
      <Form
        form={form}
        layout="vertical"
        name="create-user"
        initialValues={{ kind: 'company', company_mode: 'existing' }}
        onFinish={handleFinish}
        requiredMark={false}
      >
        <Form.Item label="用户类型" name="kind" rules={[{ required: true, message: '请选择用户类型' }]}>
          <Select aria-label="用户类型" options={KIND_OPTIONS} />
        </Form.Item>
        <Form.Item label="手机号" name="mobile" rules={mobileRules}>
          <Input inputMode="tel" maxLength={20} autoComplete="off" placeholder="11 位手机号，用于登录" />
        </Form.Item>
        <Form.Item label="姓名" name="name" rules={nameRules}>
          <Input autoComplete="off" placeholder="请输入姓名" />
        </Form.Item>
        <Form.Item
          label="初始密码"
          name="password"
          rules={optionalPasswordRules}
          extra="留空则自动生成；用户首次登录后须修改密码"
        >
          <Input.Password autoComplete="new-password" placeholder="至少 8 位，含字母和数字" />
        </Form.Item>
        <KindFields />
      </Form>
    </Modal>
  );
}

function AccountTab({ detail, onDone }: { detail: UserDetail; onDone: () => void }) {
  const [form] = Form.useForm<AccountValues>();
  const [saving, setSaving] = useState(false);
  const u = detail.user;
  const handleFinish = async (v: AccountValues) => {
    setSaving(true);
    try {
      const body = accountBody({ ...v, name: undefined });
      // An unchanged company stays as it is.
      if (v.kind === 'company' && v.company_mode === 'existing' && v.company_id === u.company_id && u.kind === 'company') {
        delete body.company_id;
      }
      await updateUserCall({ id: u.id, ...body });
      notify.success('账号信息已保存');
      onDone();
    } catch (err) {
      markServerFieldErrors(form, err, ACCOUNT_FIELDS);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      name="edit-account"
      requiredMark={false}
      onFinish={handleFinish}
      initialValues={{
        mobile: u.mobile,
        kind: u.kind,
        company_mode: 'existing',
        company_id: u.company_id || undefined,
        company_name: u.company_name,
        main_id: u.kind === 'staff' ? u.com_id : undefined,
        street_name: u.street_name,
      }}
    >
      <Form.Item label="用户类型" name="kind" rules={[{ required: true, message: '请选择用户类型' }]}>
        <Select aria-label="用户类型" options={KIND_OPTIONS} />
      </Form.Item>
      <Form.Item label="手机号" name="mobile" rules={mobileRules}>
        <Input inputMode="tel" maxLength={20} autoComplete="off" />
      </Form.Item>
      <KindFields initialCompany={detail.company?.company_name} />
      <Button type="primary" htmlType="submit" loading={saving}>
        保存账号信息
      </Button>
    </Form>
  );
}

function ProfileTab({ detail, onDone }: { detail: UserDetail; onDone: () => void }) {
  const [form] = Form.useForm<{ name: string; introduction: string; street_name: string }>();
  const [saving, setSaving] = useState(false);
  const u = detail.user;
  return (
    <Form
      form={form}
      layout="vertical"
      name="edit-profile"
      requiredMark={false}
      initialValues={{ name: u.name, introduction: u.introduction, street_name: u.street_name }}
      onFinish={async (v) => {
        setSaving(true);
        try {
          await updateUserInfoCall({
            id: u.id,
            name: v.name.trim(),
            introduction: v.introduction ?? '',
            street_name: (v.street_name ?? '').trim(),
          });
          notify.success('个人资料已保存');
          onDone();
        } catch (err) {
          markServerFieldErrors(form, err, ['name', 'introduction', 'street_name']);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form.Item label="姓名" name="name" rules={nameRules}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="所属街道"
        name="street_name"
        rules={[{ max: STREET_NAME_MAX, message: `街道名称不能超过 ${STREET_NAME_MAX} 个字` }]}
      >
        <Input placeholder="选填" />
      </Form.Item>
      <Form.Item
        label="简介"
        name="introduction"
        rules={[{ max: INTRODUCTION_MAX, message: `简介不能超过 ${INTRODUCTION_MAX} 个字` }]}
      >
        <Input.TextArea rows={3} showCount maxLength={INTRODUCTION_MAX} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        保存个人资料
      </Button>
    </Form>
  );
}

/** 编辑用户: the account fields (update-user) and the profile (update-user-info), read fresh through newsinfo. */
export function EditUserDialog({ userId, onClose, onDone }: { userId: number | null; onClose: () => void; onDone: () => void }) {
  const detail = useQuery({ ...userDetailQuery(userId ?? 0), enabled: userId !== null });
  const done = () => {
    void detail.refetch();
    onDone();
  };
  return (
    <Modal title="编辑用户" open={userId !== null} onCancel={onClose} footer={null} destroyOnHidden width={560}>
      {detail.isPending ? (
        <Skeleton active aria-label="正在加载用户信息" />
      ) : detail.isError ? (
        <Alert type="error" showIcon title="用户信息加载失败" description={detail.error.message} />
      ) : (
        <Tabs
          items={[
            { key: 'account', label: '账号信息', children: <AccountTab detail={detail.data} onDone={done} /> },
            { key: 'profile', label: '个人资料', children: <ProfileTab detail={detail.data} onDone={done} /> },
          ]}
        />
      )}
    </Modal>
  );
}

/** 设置密码: the administrator types one or lets the server make one up (shown once); the user changes it at login. */
export function PasswordDialog({ user, onClose }: { user: { id: number; name: string } | null; onClose: () => void }) {
  const [form] = Form.useForm<{ mode: 'random' | 'typed'; password?: string }>();
  const [saving, setSaving] = useState(false);
  const mode = Form.useWatch('mode', form);
  return (
    <Modal
      title={user ? `设置「${user.name}」的密码` : '设置密码'}
      open={user !== null}
      onCancel={onClose}
      destroyOnHidden
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="设置后该用户的所有登录立即失效，下次登录须先修改密码。"
      />
      <Form
        form={form}
        layout="vertical"
        name="set-password"
        initialValues={{ mode: 'random' }}
        requiredMark={false}
        onFinish={async (v) => {
          if (!user) return;
          setSaving(true);
          try {
            const res = await setPasswordCall({ id: user.id, ...(v.mode === 'typed' ? { password: v.password } : {}) });
            onClose();
            if (res.password) showPasswordOnce('新密码已生成', res.password);
            else notify.success('密码已设置');
          } catch (err) {
            markServerFieldErrors(form, err, ['password']);
          } finally {
            setSaving(false);
          }
        }}
      >
        <Form.Item label="方式" name="mode">
          <Radio.Group>
            <Space direction="vertical">
              <Radio value="random">自动生成随机密码（仅显示一次）</Radio>
              <Radio value="typed">手动输入新密码</Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        {mode === 'typed' && (
          <Form.Item
            label="新密码"
            name="password"
            rules={[{ required: true, message: '请输入新密码' }, ...optionalPasswordRules]}
            extra="至少 8 位，须同时包含字母和数字"
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
