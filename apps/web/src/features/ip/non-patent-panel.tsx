import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Select, Space, Table, type TableProps } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  IP_KINDS,
  IP_KIND_LABELS,
  IP_STATUSES,
  IP_STATUS_LABELS,
  type IpDetail,
  type IpKind,
  type IpRow,
  type IpStatus,
  type SortOrder,
} from '@ip/contract';
import { ExpiryTag, ToneTag, download, type Tone } from '../../components/record-files';
import { notify } from '../../lib/notify';
import { useSessionUser } from '../../lib/session-store';
import { createIpCall, deleteIpCall, exportIpCall, ipDetailQuery, ipListQuery, updateIpCall } from './api';
import { IpFormModal } from './components/ip-form';
import { useActionsFixed } from '../../lib/table-columns';

const PAGE_SIZES = [10, 20, 50, 100];
type SortField = 'application_date' | 'registration_date' | 'expiry_date' | 'created_at';

export const KIND_TONES: Record<IpKind, Tone> = { trademark: 'magenta', copyright: 'purple', software: 'cyan' };
export const STATUS_TONES: Record<IpStatus, Tone> = {
  pending: 'blue',
  registered: 'green',
  renewing: 'orange',
  rejected: 'red',
  invalid: 'gray',
};

/** The 新增/编辑 dialog and the delete call, shared by the panel and the detail page. */
export function useIpMutations(onDeleted?: (row: IpRow) => void) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<IpDetail | null | undefined>(undefined);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ip-assets'] });
  const save = useMutation({
    mutationFn: (body: Parameters<typeof createIpCall>[0]) =>
      editing ? updateIpCall({ ...body, id: editing.id }) : createIpCall(body),
    onSuccess: async () => {
      notify.success(editing ? '已保存' : '已添加');
      setEditing(undefined);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (row: IpRow) => deleteIpCall(row.id),
    onSuccess: async (_d, row) => {
      notify.success(`已删除「${row.name}」`);
      // The deleted record's detail is gone: drop it rather than fetch it again (a 404 toast).
      queryClient.removeQueries({ queryKey: ['ip-assets', 'detail', row.id] });
      onDeleted?.(row);
      await queryClient.invalidateQueries({ queryKey: ['ip-assets', 'list'] });
    },
  });
  const openEdit = async (id: number) => {
    const detail = await queryClient.fetchQuery(ipDetailQuery(id)).catch(() => null);
    if (detail) setEditing(detail);
  };
  return { editing, setEditing, save, remove, openEdit };
}

/**
 * 非专利: the company's trademarks, copyrights and software copyrights, with filters, sorting, paging, Excel export,
 * the add/edit dialog and delete (with confirmation). Names open /NotpatentDetails?id=. Filters are the panel's own
 * state: it also sits in a tab of /patent, whose URL belongs to the page.
 */
export function NonPatentPanel() {
  const user = useSessionUser();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<IpKind | ''>('');
  const [status, setStatus] = useState<IpStatus | ''>('');
  const [sort, setSort] = useState<{ field: SortField; order: SortOrder }>({ field: 'created_at', order: 'descend' });

  const filters = useMemo(
    () => ({
      ...(kind ? { kind } : {}),
      ...(status ? { status } : {}),
      ...(keyword ? { keyword } : {}),
      sort_field: sort.field,
      sort_order: sort.order,
    }),
    [kind, status, keyword, sort],
  );
  const list = useQuery(ipListQuery({ page, page_size: pageSize, ...filters }));
  const { editing, setEditing, save, remove, openEdit } = useIpMutations();
  const exporting = useMutation({
    mutationFn: () => exportIpCall(filters),
    onSuccess: (r) => {
      if (r.rows === 0) notify.warning('当前筛选条件下没有记录可导出');
      else {
        download(r.url, r.name);
        notify.success(`已导出 ${r.rows} 条`);
      }
    },
  });

  const sorterOf = (field: SortField) => (sort.field === field ? sort.order : null);
  const actionsFixed = useActionsFixed();
  const columns: TableProps<IpRow>['columns'] = [
    {
      title: '名称',
      dataIndex: 'name',
      width: 240,
      render: (name: string, r) => (
        <Space orientation="vertical" size={2}>
          <Link to={`/NotpatentDetails?id=${r.id}`}>{name}</Link>
          <ToneTag tone={KIND_TONES[r.kind]}>{IP_KIND_LABELS[r.kind]}</ToneTag>
        </Space>
      ),
    },
    { title: '注册号/登记号', dataIndex: 'number', width: 190, ellipsis: true },
    { title: '类别', dataIndex: 'nice_class', width: 80, render: (n: number) => (n ? `第 ${n} 类` : '—') },
    {
      title: '申请日期',
      dataIndex: 'application_date',
      key: 'application_date',
      width: 120,
      sorter: true,
      sortOrder: sorterOf('application_date'),
      render: (v: string | null) => v ?? '—',
    },
    {
      title: '注册/登记日期',
      dataIndex: 'registration_date',
      key: 'registration_date',
      width: 140,
      sorter: true,
      sortOrder: sorterOf('registration_date'),
      render: (v: string | null) => v ?? '—',
    },
    {
      title: '有效期至',
      dataIndex: 'expiry_date',
      key: 'expiry_date',
      width: 190,
      sorter: true,
      sortOrder: sorterOf('expiry_date'),
      render: (v: string | null, r) => (
        <Space size={4} wrap>
          <span>{v ?? '—'}</span>
          {v && <ExpiryTag status={r.expiry_status} daysLeft={r.days_left} />}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: IpStatus) => <ToneTag tone={STATUS_TONES[s]}>{IP_STATUS_LABELS[s]}</ToneTag>,
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: actionsFixed,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void openEdit(r.id)} aria-label={`编辑 ${r.name}`}>
            编辑
          </Button>
          <Popconfirm
            title={`确定删除「${r.name}」吗？`}
            description="删除后不可恢复。"
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
      ),
    },
  ];

  return (
    <div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', marginBottom: 16 }}>
        <Space wrap>
          <Input.Search
            placeholder="名称、注册号/登记号或权利人"
            aria-label="搜索非专利知识产权"
            allowClear
            enterButton="查询"
            style={{ width: 300, maxWidth: '100%' }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
          />
          <Select
            aria-label="按类型筛选"
            style={{ width: 150 }}
            value={kind}
            options={[{ value: '', label: '全部类型' }, ...IP_KINDS.map((k) => ({ value: k, label: IP_KIND_LABELS[k] }))]}
            onChange={(v) => {
              setKind(v);
              setPage(1);
            }}
          />
          <Select
            aria-label="按状态筛选"
            style={{ width: 130 }}
            value={status}
            options={[{ value: '', label: '全部状态' }, ...IP_STATUSES.map((s) => ({ value: s, label: IP_STATUS_LABELS[s] }))]}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
          />
        </Space>
        <Space wrap>
          <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
            导出 Excel
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            新增非专利
          </Button>
        </Space>
      </div>
      <Table<IpRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1250 }}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          setSort(s?.order ? { field: s.columnKey as SortField, order: s.order } : { field: 'created_at', order: 'descend' });
          setPage(1);
        }}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (p, s) => {
            setPage(s === pageSize ? p : 1);
            setPageSize(s);
          },
        }}
        locale={{
          emptyText: list.isError ? (
            <span>
              加载失败，
              <Button type="link" onClick={() => void list.refetch()}>
                重试
              </Button>
            </span>
          ) : keyword || kind || status ? (
            '没有符合条件的记录'
          ) : (
            '暂无商标、著作权或软件著作权，点击「新增非专利」添加'
          ),
        }}
      />
      <IpFormModal
        open={editing !== undefined}
        initial={editing}
        defaultOwner={user?.company_name}
        onCancel={() => setEditing(undefined)}
        onSubmit={(b) => save.mutateAsync(b)}
      />
    </div>
  );
}
