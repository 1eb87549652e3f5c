import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type FormRule,
  type TableProps,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PERSON_NAME_MAX, isMainlandMobile, passwordProblem, trimMobile, type SubAccountRow } from '@ip/contract';
import {
  SUB_ACCOUNTS_KEY,
  addSubAccountCall,
  deleteSubAccountCall,
  editSubAccountCall,
  resetSubAccountPasswordCall,
  subAccountListQuery,
} from '../company-api';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { chinaSecond } from '../../../lib/china-time';

const DEFAULT_PAGE_SIZE = 10;
/** White text on these: 5.7:1 and 5.4:1. */
const TAG_GREEN = '#237804';
const TAG_ORANGE = '#ad4e00';

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

const passwordRules: FormRule[] = [
  {
    validator: async (_r, value: string | undefined) => {
      if (!value) throw new Error('请输入密码');
      const problem = passwordProblem(value);
      if (problem) throw new Error(problem);
    },
  },
];

const confirmRules: FormRule[] = [
  { required: true, message: '请再次输入密码' },
  ({ getFieldValue }) => ({
    validator: async (_r, value: string | undefined) => {
      if (value && value !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
    },
  }),
];

const STATUS_OPTIONS = [
  { value: '', label: '全部状态' },
  { value: '1', label: '正常' },
  { value: '0', label: '已停用' },
];

type Dialog = { kind: 'add' } | { kind: 'edit'; row: SubAccountRow } | { kind: 'reset'; row: SubAccountRow } | null;

interface AccountValues {
  mobile: string;
  name: string;
  password: string;
  password_confirm: string;
}

/** The two password fields of the add and reset dialogs. */
function PasswordFields({ label }: { label: string }) {
  return (
    <>
      <Form.Item
        label={label}
        name="password"
        rules={passwordRules}
        extra="至少 8 位，须同时包含字母和数字；子账号首次登录须修改"
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="确认密码" name="password_confirm" dependencies={['password']} rules={confirmRules}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** The add / edit / reset-password dialog; closes on success. */
function AccountDialog({ dialog, onClose }: { dialog: Exclude<Dialog, null>; onClose: () => void }) {
  const [form] = Form.useForm<AccountValues>();
  const queryClient = useQueryClient();
  const m = useMutation({
    mutationFn: async (v: AccountValues) => {
      if (dialog.kind === 'add') return addSubAccountCall({ mobile: v.mobile, name: v.name, password: v.password });
      if (dialog.kind === 'edit') return editSubAccountCall({ id: dialog.row.id, mobile: v.mobile, name: v.name });
      return resetSubAccountPasswordCall({ id: dialog.row.id, password: v.password });
    },
    onSuccess: async () => {
      notify.success(
        dialog.kind === 'add'
          ? '子账号已创建，请将初始密码告知使用人'
          : dialog.kind === 'edit'
            ? '子账号已修改'
            : '密码已重置，该账号已下线',
      );
      onClose();
      await queryClient.invalidateQueries({ queryKey: SUB_ACCOUNTS_KEY });
    },
    onError: (err) => markServerFieldErrors(form, err, ['mobile', 'name', 'password']),
  });
  const title = dialog.kind === 'add' ? '新建子账号' : dialog.kind === 'edit' ? '编辑子账号' : `重置「${dialog.row.name}」的密码`;
  return (
    <Modal
      open
      title={title}
      okText="保存"
      cancelText="取消"
      confirmLoading={m.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<AccountValues>
        form={form}
        layout="vertical"
        name={`sub-account-${dialog.kind}`}
        requiredMark={false}
        initialValues={dialog.kind === 'edit' ? { mobile: dialog.row.mobile, name: dialog.row.name } : undefined}
        onFinish={(v) => m.mutate({ ...v, mobile: trimMobile(v.mobile ?? ''), name: (v.name ?? '').trim() })}
      >
        {dialog.kind !== 'reset' && (
          <>
            <Form.Item label="姓名" name="name" rules={nameRules}>
              <Input autoComplete="off" maxLength={PERSON_NAME_MAX + 10} />
            </Form.Item>
            <Form.Item
              label="手机号"
              name="mobile"
              rules={mobileRules}
              extra={dialog.kind === 'edit' ? '修改手机号后，该账号需用新手机号重新登录' : '子账号用此手机号登录'}
            >
              <Input autoComplete="off" inputMode="numeric" />
            </Form.Item>
          </>
        )}
        {dialog.kind !== 'edit' && <PasswordFields label={dialog.kind === 'add' ? '初始密码' : '新密码'} />}
        {/* Enter in a field submits the dialog. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/** 子账号: the company main user's list of sub-accounts, with filters in the URL, and its dialogs. */
export function SubAccountsPanel() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = [10, 20, 50].includes(Number(params.get('page_size'))) ? Number(params.get('page_size')) : DEFAULT_PAGE_SIZE;
  const keyword = params.get('keyword') ?? '';
  const statusParam = params.get('status');
  const status = statusParam === '0' || statusParam === '1' ? (Number(statusParam) as 0 | 1) : undefined;

  const listParams = useMemo(
    () => ({ page, page_size: pageSize, ...(keyword ? { keyword } : {}), ...(status !== undefined ? { status } : {}) }),
    [page, pageSize, keyword, status],
  );
  const list = useQuery(subAccountListQuery(listParams));

  const update = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next);
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: SUB_ACCOUNTS_KEY });
  const toggle = useMutation({
    mutationFn: (row: SubAccountRow) => editSubAccountCall({ id: row.id, status: row.status === 1 ? 0 : 1 }),
    onSuccess: (_d, row) => {
      notify.success(row.status === 1 ? '子账号已停用' : '子账号已启用');
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (row: SubAccountRow) => deleteSubAccountCall({ id: row.id }),
    onSuccess: () => {
      notify.success('子账号已删除');
      // The last row of a later page: go back one page.
      if (page > 1 && list.data?.list.length === 1) update({ page: page - 1 === 1 ? undefined : page - 1 });
      return refresh();
    },
  });

  const columns: TableProps<SubAccountRow>['columns'] = [
    { title: '姓名', dataIndex: 'name', ellipsis: true },
    { title: '手机号', dataIndex: 'mobile', width: 130 },
    {
      title: '状态',
      key: 'status',
      width: 170,
      render: (_v, r) => (
        <Space size={4} wrap>
          {/* Solid tags in dark shades: antd's light status tags fall below 4.5:1 contrast (WCAG 1.4.3). */}
          {r.status === 1 ? <Tag color={TAG_GREEN}>正常</Tag> : <Tag>已停用</Tag>}
          {r.must_change_password === 1 && (
            <Tooltip title="该账号登录后须先修改初始密码">
              <Tag color={TAG_ORANGE}>待改初始密码</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: '创建人', dataIndex: 'created_by_name', width: 110, ellipsis: true },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: chinaSecond },
    {
      title: '操作',
      key: 'actions',
      width: 250,
      render: (_v, r) => {
        const enabled = r.status === 1;
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" aria-label={`编辑 ${r.name}`} onClick={() => setDialog({ kind: 'edit', row: r })}>
              编辑
            </Button>
            <Button
              type="link"
              size="small"
              aria-label={`重置密码：${r.name}`}
              onClick={() => setDialog({ kind: 'reset', row: r })}
            >
              重置密码
            </Button>
            <Popconfirm
              title={enabled ? `确定停用「${r.name}」吗？` : `确定启用「${r.name}」吗？`}
              description={enabled ? '停用后该账号立即下线，且无法登录。' : undefined}
              okText="确定"
              cancelText="取消"
              onConfirm={() => toggle.mutateAsync(r).catch(() => undefined)}
            >
              <Button type="link" size="small" aria-label={`${enabled ? '停用' : '启用'} ${r.name}`}>
                {enabled ? '停用' : '启用'}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={`确定删除「${r.name}」吗？`}
              description="删除后该账号立即下线且无法恢复；其操作记录仍保留。"
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => remove.mutateAsync(r).catch(() => undefined)}
            >
              <Button type="link" size="small" danger aria-label={`删除 ${r.name}`}>
                删除
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  const remaining = list.data?.remaining;
  return (
    <div>
      <Typography.Paragraph type="secondary">
        子账号可查看和管理本企业的知识产权，但不能管理账号和修改企业信息；其操作记录在子账号名下。
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          placeholder="姓名或手机号"
          aria-label="搜索子账号"
          allowClear
          enterButton="查询"
          style={{ width: 280, maxWidth: '100%' }}
          onSearch={(v) => update({ keyword: v.trim(), page: undefined })}
        />
        <Select
          aria-label="账号状态"
          style={{ width: 130 }}
          value={status === undefined ? '' : String(status)}
          options={STATUS_OPTIONS}
          onChange={(v) => update({ status: v, page: undefined })}
        />
        <Tooltip title={remaining === 0 ? '子账号数量已达上限，请先删除不再使用的子账号' : undefined}>
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            disabled={remaining === 0}
            onClick={() => setDialog({ kind: 'add' })}
          >
            新建子账号
          </Button>
        </Tooltip>
      </Space>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="子账号列表加载失败"
          description={list.error instanceof Error ? list.error.message : '请稍后再试'}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <Table<SubAccountRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 900 }}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          showTotal: (t) => `共 ${t} 个子账号`,
          onChange: (p, s) => update({ page: p === 1 ? undefined : p, page_size: s === DEFAULT_PAGE_SIZE ? undefined : s }),
        }}
        locale={{
          emptyText: list.isError
            ? '加载失败'
            : keyword || status !== undefined
              ? '没有符合条件的子账号'
              : '暂无子账号，点击「新建子账号」添加',
        }}
      />
      {dialog && <AccountDialog key={dialog.kind} dialog={dialog} onClose={() => setDialog(null)} />}
    </div>
  );
}
