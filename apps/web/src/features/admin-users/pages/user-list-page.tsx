import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Select, Space, Table, Tag, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { adminViewCall, setUserStateCall, userListQuery, type AdminUserRow, type UserKind } from '../api';
import { notify } from '../../../lib/notify';
import { enterAdminView } from '../../../lib/session-actions';
import { useSessionUser } from '../../../lib/session-store';
import { CreateUserDialog, EditUserDialog, PasswordDialog } from '../components/account-dialogs';
import { UserDetailDrawer } from '../components/user-detail-drawer';
import { useActionsFixed } from '../../../lib/table-columns';

const KIND_OPTIONS: { value: '' | UserKind; label: string }[] = [
  { value: '', label: '全部' },
  { value: 'company', label: '企业用户' },
  { value: 'trial', label: '试用用户' },
  { value: 'admin', label: '管理员' },
  { value: 'main', label: '企业服务主账号' },
  { value: 'staff', label: '企业服务员工' },
];
const KINDS = KIND_OPTIONS.map((o) => o.value).filter(Boolean) as UserKind[];
const DEFAULT_PAGE_SIZE = 20;

function kindOf(u: AdminUserRow): UserKind {
  if (u.is_news === 1) return u.com_id === 0 ? 'main' : 'staff';
  if (u.is_admin === 1) return 'admin';
  return u.type === '1' ? 'trial' : 'company';
}

const KIND_TAG: Record<UserKind, { color: string; label: string }> = {
  company: { color: 'blue', label: '企业用户' },
  trial: { color: 'orange', label: '试用用户' },
  admin: { color: 'purple', label: '管理员' },
  main: { color: 'cyan', label: '企业服务主账号' },
  staff: { color: 'geekblue', label: '企业服务员工' },
};

/** /user: the administrator's account list; filters live in the URL so a view can be shared and reloaded. */
export default function UserListPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = [10, 20, 50, 100].includes(Number(params.get('page_size')))
    ? Number(params.get('page_size'))
    : DEFAULT_PAGE_SIZE;
  const keyword = params.get('keyword') ?? '';
  const kindParam = params.get('kind') ?? '';
  const kind = (KINDS as string[]).includes(kindParam) ? (kindParam as UserKind) : undefined;

  const listParams = useMemo(
    () => ({ page, page_size: pageSize, ...(keyword ? { keyword } : {}), ...(kind ? { kind } : {}) }),
    [page, pageSize, keyword, kind],
  );
  const list = useQuery(userListQuery(listParams));
  const me = useSessionUser();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [passwordFor, setPasswordFor] = useState<{ id: number; name: string } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin-users'] });

  const update = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next);
  };

  const stateMutation = useMutation({
    mutationFn: setUserStateCall,
    onSuccess: (_d, vars) => {
      notify.success(vars.status === 1 ? '账号已启用' : '账号已停用');
      return queryClient.invalidateQueries({ queryKey: ['admin-users', 'list'] });
    },
  });

  const viewMutation = useMutation({
    mutationFn: adminViewCall,
    onSuccess: ({ token }) => enterAdminView(token),
  });

  const actionsFixed = useActionsFixed();
  const columns: TableProps<AdminUserRow>['columns'] = [
    { title: 'ID', dataIndex: 'id', width: 72 },
    { title: '姓名', dataIndex: 'name', ellipsis: true },
    { title: '手机号', dataIndex: 'mobile', width: 130 },
    { title: '公司名称', dataIndex: 'company_name', ellipsis: true },
    {
      title: '类型',
      key: 'kind',
      width: 140,
      render: (_v, u) => {
        const t = KIND_TAG[kindOf(u)];
        return <Tag color={t.color}>{t.label}</Tag>;
      },
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: number) => (s === 1 ? <Tag color="success">正常</Tag> : <Tag color="default">已停用</Tag>),
    },
    { title: '注册时间', dataIndex: 'created_at', width: 120, render: (v: string) => (v ? v.slice(0, 10) : '—') },
    {
      title: '操作',
      key: 'actions',
      width: 300,
      fixed: actionsFixed,
      render: (_v, u) => {
        const k = kindOf(u);
        const enabled = u.status === 1;
        return (
          <Space size={4} wrap>
            <Button type="link" size="small" onClick={() => setViewing(u.id)} aria-label={`查看 ${u.name} 的详情`}>
              详情
            </Button>
            <Button type="link" size="small" onClick={() => setEditing(u.id)} aria-label={`编辑 ${u.name}`}>
              编辑
            </Button>
            {u.id !== me?.id && (
              <Button
                type="link"
                size="small"
                onClick={() => setPasswordFor({ id: u.id, name: u.name })}
                aria-label={`设置 ${u.name} 的密码`}
              >
                设置密码
              </Button>
            )}
            {(k === 'company' || k === 'trial') && (
              <Button
                type="link"
                size="small"
                disabled={!enabled}
                loading={viewMutation.isPending && viewMutation.variables?.user_id === u.id}
                onClick={() => viewMutation.mutate({ user_id: u.id })}
                aria-label={`以 ${u.name} 身份进入企业端`}
              >
                进入企业端
              </Button>
            )}
            {k !== 'admin' && (
              <Popconfirm
                title={enabled ? `确定停用「${u.name}」吗？` : `确定启用「${u.name}」吗？`}
                description={enabled ? '停用后该账号将无法登录。' : undefined}
                okText="确定"
                cancelText="取消"
                onConfirm={() => stateMutation.mutateAsync({ id: u.id, status: enabled ? 0 : 1 }).catch(() => undefined)}
              >
                <Button type="link" size="small" danger={enabled} aria-label={`${enabled ? '停用' : '启用'} ${u.name}`}>
                  {enabled ? '停用' : '启用'}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card
      title="用户管理"
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
          新建用户
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          placeholder="姓名、手机号或公司名称"
          aria-label="搜索用户"
          allowClear
          enterButton="查询"
          style={{ width: 320, maxWidth: '100%' }}
          onSearch={(v) => update({ keyword: v.trim(), page: undefined })}
        />
        <Select
          aria-label="用户类型"
          style={{ width: 180 }}
          value={kind ?? ''}
          options={KIND_OPTIONS}
          onChange={(v) => update({ kind: v, page: undefined })}
        />
      </Space>
      <Table<AdminUserRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1060 }}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (t) => `共 ${t} 条`,
          onChange: (p, s) => update({ page: p === 1 ? undefined : p, page_size: s === DEFAULT_PAGE_SIZE ? undefined : s }),
        }}
        locale={{ emptyText: list.isError ? '加载失败，请稍后重试' : '暂无用户' }}
      />
      {creating && <CreateUserDialog open onClose={() => setCreating(false)} onDone={refresh} />}
      {editing !== null && <EditUserDialog userId={editing} onClose={() => setEditing(null)} onDone={refresh} />}
      {passwordFor && <PasswordDialog user={passwordFor} onClose={() => setPasswordFor(null)} />}
      {viewing !== null && <UserDetailDrawer userId={viewing} onClose={() => setViewing(null)} />}
    </Card>
  );
}
