import { useState } from 'react';
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
import {
  PERSON_NAME_MAX,
  isMainlandMobile,
  passwordProblem,
  trimMobile,
  type ServiceCompanyRow,
  type StaffRow,
} from '@ip/contract';
import {
  SERVICE_KEY,
  addStaffCall,
  assignStaffCall,
  editStaffCall,
  resetStaffPasswordCall,
  serviceCompaniesQuery,
  serviceStreetsQuery,
  staffAssignmentQuery,
  staffListQuery,
} from '../api';
import { LabelTag } from './label-tag';
import { useUrlList } from '../../../components/use-url-list';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';

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

type Dialog =
  { kind: 'add' } | { kind: 'edit'; row: StaffRow } | { kind: 'reset'; row: StaffRow } | { kind: 'assign'; row: StaffRow } | null;

interface AccountValues {
  mobile: string;
  name: string;
  password: string;
  password_confirm: string;
}

/** The add / edit / reset-password dialog of a staff member. */
function StaffDialog({ dialog, onClose }: { dialog: Exclude<Dialog, null | { kind: 'assign' }>; onClose: () => void }) {
  const [form] = Form.useForm<AccountValues>();
  const queryClient = useQueryClient();
  const m = useMutation({
    mutationFn: async (v: AccountValues): Promise<unknown> => {
      if (dialog.kind === 'add') return addStaffCall({ mobile: v.mobile, name: v.name, password: v.password });
      if (dialog.kind === 'edit') return editStaffCall({ id: dialog.row.id, mobile: v.mobile, name: v.name });
      return resetStaffPasswordCall({ id: dialog.row.id, password: v.password });
    },
    onSuccess: async () => {
      notify.success(
        dialog.kind === 'add'
          ? '员工已创建，请将初始密码告知本人'
          : dialog.kind === 'edit'
            ? '员工信息已修改'
            : '密码已重置，该员工已下线',
      );
      onClose();
      await queryClient.invalidateQueries({ queryKey: SERVICE_KEY });
    },
    onError: (err) => markServerFieldErrors(form, err, ['mobile', 'name', 'password']),
  });
  const title = dialog.kind === 'add' ? '新建员工' : dialog.kind === 'edit' ? '编辑员工' : `重置「${dialog.row.name}」的密码`;
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
        name={`staff-${dialog.kind}`}
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
              extra={dialog.kind === 'edit' ? '修改手机号后，该员工需用新手机号重新登录' : '员工用此手机号登录'}
            >
              <Input autoComplete="off" inputMode="numeric" />
            </Form.Item>
          </>
        )}
        {dialog.kind !== 'edit' && (
          <>
            <Form.Item
              label={dialog.kind === 'add' ? '初始密码' : '新密码'}
              name="password"
              rules={passwordRules}
              extra="至少 8 位，须同时包含字母和数字；员工首次登录须修改"
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item label="确认密码" name="password_confirm" dependencies={['password']} rules={confirmRules}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/** 分配: a staff member's streets (every enterprise of them) and enterprises picked one by one. */
function AssignDialog({ row, onClose }: { row: StaffRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const current = useQuery(staffAssignmentQuery(row.id));
  const streets = useQuery(serviceStreetsQuery());
  // null: not changed yet, so the loaded assignment shows.
  const [editedStreets, setStreetIds] = useState<number[] | null>(null);
  const [editedCompanies, setCompanyIds] = useState<number[] | null>(null);
  const streetIds = editedStreets ?? current.data?.street_ids ?? [];
  const companyIds = editedCompanies ?? current.data?.company_ids ?? [];
  const [keyword, setKeyword] = useState('');
  const [streetFilter, setStreetFilter] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const companies = useQuery(
    serviceCompaniesQuery({
      page,
      page_size: pageSize,
      ...(keyword ? { keyword } : {}),
      ...(streetFilter ? { street_id: streetFilter } : {}),
    }),
  );
  const save = useMutation({
    mutationFn: () => assignStaffCall({ id: row.id, company_ids: companyIds, street_ids: streetIds }),
    onSuccess: async () => {
      notify.success(`已更新「${row.name}」负责的企业和街道`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: SERVICE_KEY });
    },
  });
  const columns: TableProps<ServiceCompanyRow>['columns'] = [
    { title: '企业名称', dataIndex: 'company_name', ellipsis: true },
    { title: '街道', dataIndex: 'street_name', width: 100 },
    {
      title: '标签',
      key: 'labels',
      width: 180,
      render: (_v, r) => (
        <Space size={[0, 4]} wrap>
          {r.labels.map((l) => (
            <LabelTag key={l.id} name={l.name} color={l.color} />
          ))}
        </Space>
      ),
    },
  ];
  const streetOptions = (streets.data ?? []).map((s) => ({ value: s.id, label: `${s.name}（${s.company_count} 家）` }));
  return (
    <Modal
      open
      width={820}
      title={`分配企业和街道：${row.name}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: current.isPending }}
      onOk={() => save.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      {current.isError && <Alert type="error" showIcon title="分配情况加载失败" style={{ marginBottom: 12 }} />}
      <Typography.Paragraph type="secondary">
        员工负责所选街道的全部企业，以及下面逐一勾选的企业；员工只能查看和处理自己负责的企业。
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label="负责的街道" htmlFor="assign-streets">
          <Select
            id="assign-streets"
            mode="multiple"
            allowClear
            placeholder="选择街道"
            aria-label="负责的街道"
            loading={streets.isPending}
            value={streetIds}
            onChange={setStreetIds}
            options={streetOptions}
            optionFilterProp="label"
          />
        </Form.Item>
      </Form>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder="企业名称"
          aria-label="搜索企业"
          allowClear
          enterButton="查询"
          style={{ width: 240, maxWidth: '100%' }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <Select
          aria-label="按街道筛选企业"
          allowClear
          placeholder="全部街道"
          style={{ width: 160 }}
          value={streetFilter}
          onChange={(v) => {
            setStreetFilter(v);
            setPage(1);
          }}
          options={(streets.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
        <Typography.Text>已单独勾选 {companyIds.length} 家企业</Typography.Text>
      </Space>
      <Table<ServiceCompanyRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={companies.data?.list ?? []}
        loading={companies.isFetching}
        scroll={{ x: 560 }}
        rowSelection={{
          selectedRowKeys: companyIds,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setCompanyIds(keys.map(Number)),
          getCheckboxProps: (r) => ({ 'aria-label': `选择 ${r.company_name}` }),
        }}
        pagination={{
          current: page,
          pageSize,
          total: companies.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          showTotal: (t) => `共 ${t} 家`,
          onChange: (p, s) => {
            setPage(p);
            setPageSize(s);
          },
        }}
        locale={{ emptyText: keyword || streetFilter ? '没有符合条件的企业' : '本中心暂无服务企业' }}
      />
    </Modal>
  );
}

/** 员工管理 (/newsystem): the main account's staff, their dialogs, and their assignments. */
export function StaffPanel() {
  const list = useUrlList({ defaultPageSize: 10, pageSizes: [10, 20, 50] });
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const keyword = list.params.get('keyword') ?? '';
  const statusParam = list.params.get('status');
  const status = statusParam === '0' || statusParam === '1' ? (Number(statusParam) as 0 | 1) : undefined;
  const q = useQuery(
    staffListQuery({
      page: list.page,
      page_size: list.pageSize,
      ...(keyword ? { keyword } : {}),
      ...(status !== undefined ? { status } : {}),
    }),
  );
  const toggle = useMutation({
    mutationFn: (row: StaffRow) => editStaffCall({ id: row.id, status: row.status === 1 ? 0 : 1 }),
    onSuccess: async (_d, row) => {
      notify.success(row.status === 1 ? `「${row.name}」已停用` : `「${row.name}」已启用`);
      await queryClient.invalidateQueries({ queryKey: SERVICE_KEY });
    },
  });

  const columns: TableProps<StaffRow>['columns'] = [
    { title: '姓名', dataIndex: 'name', width: 110, ellipsis: true },
    { title: '手机号', dataIndex: 'mobile', width: 130 },
    {
      title: '状态',
      key: 'status',
      width: 160,
      render: (_v, r) => (
        <Space size={4} wrap>
          {r.status === 1 ? <Tag color={TAG_GREEN}>正常</Tag> : <Tag>已停用</Tag>}
          {r.must_change_password === 1 && (
            <Tooltip title="该员工登录后须先修改初始密码">
              <Tag color={TAG_ORANGE}>待改初始密码</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: '负责街道',
      key: 'streets',
      render: (_v, r) => (r.streets.length ? r.streets.map((s) => s.name).join('、') : '—'),
    },
    { title: '单独分配', dataIndex: 'company_count', width: 90, align: 'right', render: (n: number) => `${n} 家` },
    { title: '负责企业', dataIndex: 'scope_count', width: 90, align: 'right', render: (n: number) => `${n} 家` },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      render: (_v, r) => {
        const enabled = r.status === 1;
        return (
          <Space size={0} wrap>
            <Button
              type="link"
              size="small"
              aria-label={`分配企业和街道：${r.name}`}
              onClick={() => setDialog({ kind: 'assign', row: r })}
            >
              分配
            </Button>
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
              description={enabled ? '停用后该员工立即下线且无法登录；负责的企业保留，可重新分配。' : undefined}
              okText="确定"
              cancelText="取消"
              onConfirm={() => toggle.mutateAsync(r).catch(() => undefined)}
            >
              <Button type="link" size="small" danger={enabled} aria-label={`${enabled ? '停用' : '启用'} ${r.name}`}>
                {enabled ? '停用' : '启用'}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  return (
    <div>
      <Typography.Paragraph type="secondary">
        员工用手机号和密码登录，只能查看和处理分配给自己的企业（单独分配的企业和所负责街道的企业）；主账号可查看全部。
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          placeholder="姓名或手机号"
          aria-label="搜索员工"
          allowClear
          enterButton="查询"
          style={{ width: 280, maxWidth: '100%' }}
          onSearch={(v) => list.update({ keyword: v.trim(), page: undefined })}
        />
        <Select
          aria-label="员工状态"
          style={{ width: 130 }}
          value={status === undefined ? '' : String(status)}
          options={STATUS_OPTIONS}
          onChange={(v) => list.update({ status: v, page: undefined })}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ kind: 'add' })}>
          新建员工
        </Button>
      </Space>
      {q.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="员工列表加载失败"
          description={q.error instanceof Error ? q.error.message : '请稍后再试'}
          action={
            <Button size="small" onClick={() => void q.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <Table<StaffRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={q.data?.list ?? []}
        loading={q.isFetching}
        scroll={{ x: 1000 }}
        pagination={list.pagination(q.data?.total, '名员工')}
        locale={{
          emptyText: q.isError
            ? '加载失败'
            : keyword || status !== undefined
              ? '没有符合条件的员工'
              : '暂无员工，点击「新建员工」添加',
        }}
      />
      {dialog?.kind === 'assign' && <AssignDialog row={dialog.row} onClose={() => setDialog(null)} />}
      {dialog && dialog.kind !== 'assign' && <StaffDialog key={dialog.kind} dialog={dialog} onClose={() => setDialog(null)} />}
    </div>
  );
}
