import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Input,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Table,
  Typography,
  type TableProps,
} from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CERTIFICATE_KINDS,
  CERTIFICATE_KIND_LABELS,
  EXPIRING_SOON_DAYS,
  EXPIRY_STATUSES,
  EXPIRY_STATUS_LABELS,
  type CertificateDetail,
  type CertificateKind,
  type CertificateRow,
  type ExpiryStatus,
  type SortOrder,
} from '@ip/contract';
import { ExpiryTag, FilePreviews, ToneTag, download, type Tone } from '../../../components/record-files';
import { notify } from '../../../lib/notify';
import {
  certificateDetailQuery,
  certificateListQuery,
  createCertificateCall,
  deleteCertificateCall,
  exportCertificatesCall,
  updateCertificateCall,
} from '../api';
import { CertificateFormModal } from '../components/certificate-form';
import { useUrlList } from '../../../components/use-url-list';
import { useActionsFixed } from '../../../lib/table-columns';

const SORT_FIELDS = ['expiry_date', 'issue_date'] as const;
type SortField = (typeof SORT_FIELDS)[number];

const KIND_TONES: Record<CertificateKind, Tone> = {
  patent: 'blue',
  hightech: 'red',
  iso: 'cyan',
  honor: 'gold',
  qualification: 'purple',
  other: 'gray',
};

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** The detail drawer: every field and the attachments previewed, with 编辑 and 删除. */
function CertificateDrawer({
  id,
  onClose,
  onEdit,
  onDelete,
}: {
  id: number | null;
  onClose(): void;
  onEdit(c: CertificateDetail): void;
  onDelete(c: CertificateRow): Promise<unknown>;
}) {
  const q = useQuery({ ...certificateDetailQuery(id ?? 0), enabled: id !== null });
  const c = q.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={c ? c.name : '证书详情'}
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
    >
      {q.isPending && <Skeleton active aria-label="正在加载证书" />}
      {q.isError && <Alert type="error" showIcon title="证书加载失败" description={q.error.message} />}
      {c && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="证书类型">
              <ToneTag tone={KIND_TONES[c.kind]}>{CERTIFICATE_KIND_LABELS[c.kind]}</ToneTag>
            </Descriptions.Item>
            <Descriptions.Item label="证书编号">{c.number}</Descriptions.Item>
            <Descriptions.Item label="发证机构">{c.issuer || '—'}</Descriptions.Item>
            <Descriptions.Item label="发证日期">{c.issue_date}</Descriptions.Item>
            <Descriptions.Item label="有效期至">
              {c.expiry_date ?? '—'} <ExpiryTag status={c.status} daysLeft={c.days_left} />
            </Descriptions.Item>
            {c.patent && (
              <Descriptions.Item label="所属专利">
                {c.patent.title}（{c.patent.an ?? '无申请号'}）
              </Descriptions.Item>
            )}
            <Descriptions.Item label="备注">{c.note || '—'}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            证书附件
          </Typography.Title>
          <FilePreviews files={c.files} />
          <Space style={{ marginTop: 24 }}>
            <Button type="primary" onClick={() => onEdit(c)}>
              编辑
            </Button>
            <Popconfirm
              title={`确定删除「${c.name}」吗？`}
              description="删除后不可恢复。"
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => onDelete(c).catch(() => undefined)}
            >
              <Button danger>删除</Button>
            </Popconfirm>
          </Space>
        </>
      )}
    </Drawer>
  );
}

/** /certificateData: the company's certificates; filters, sorting and paging live in the URL. */
export default function CertificatePage() {
  const { params, page, pageSize, update, pagination, onSortChange } = useUrlList();
  const queryClient = useQueryClient();
  const keyword = params.get('keyword') ?? '';
  const kind = pick(params.get('kind'), CERTIFICATE_KINDS);
  const status = pick(params.get('status'), EXPIRY_STATUSES);
  const sortField = pick(params.get('sort'), SORT_FIELDS) ?? 'expiry_date';
  const sortOrder: SortOrder = params.get('order') === 'descend' ? 'descend' : 'ascend';

  const filters = useMemo(
    () => ({
      ...(kind ? { kind } : {}),
      ...(status ? { status } : {}),
      ...(keyword ? { keyword } : {}),
      sort_field: sortField,
      sort_order: sortOrder,
    }),
    [kind, status, keyword, sortField, sortOrder],
  );
  const list = useQuery(certificateListQuery({ page, page_size: pageSize, ...filters }));

  // The open certificate is in the URL (?view=<id>), so another page (/patentDetails' 证书 tab) can link to it.
  const viewing = Number(params.get('view')) > 0 ? Number(params.get('view')) : null;
  const [editing, setEditing] = useState<CertificateDetail | null | undefined>(undefined);

  const setViewing = (id: number | null) => update({ view: id ?? undefined });

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['certificates'] });
  const save = useMutation({
    mutationFn: (body: Parameters<typeof createCertificateCall>[0]) =>
      editing ? updateCertificateCall({ ...body, id: editing.id }) : createCertificateCall(body),
    onSuccess: async () => {
      notify.success(editing ? '证书已保存' : '证书已添加');
      setEditing(undefined);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (c: CertificateRow) => deleteCertificateCall(c.id),
    onSuccess: async (_d, c) => {
      notify.success(`已删除「${c.name}」`);
      if (viewing === c.id) setViewing(null);
      queryClient.removeQueries({ queryKey: ['certificates', 'detail', c.id] });
      await queryClient.invalidateQueries({ queryKey: ['certificates', 'list'] });
    },
  });
  const exporting = useMutation({
    mutationFn: () => exportCertificatesCall(filters),
    onSuccess: (r) => {
      if (r.rows === 0) notify.warning('当前筛选条件下没有证书可导出');
      else {
        download(r.url, r.name);
        notify.success(r.truncated ? `已导出前 ${r.rows} 条` : `已导出 ${r.rows} 条`);
      }
    },
  });

  const openEdit = async (id: number) => {
    const detail = await queryClient.fetchQuery(certificateDetailQuery(id)).catch(() => null);
    if (detail) setEditing(detail);
  };

  const sorterOf = (field: SortField) => (sortField === field ? sortOrder : null);
  const actionsFixed = useActionsFixed();
  const columns: TableProps<CertificateRow>['columns'] = [
    {
      title: '证书名称',
      dataIndex: 'name',
      width: 260,
      render: (name: string, c) => (
        <Space orientation="vertical" size={2}>
          <Button
            type="link"
            style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
            onClick={() => setViewing(c.id)}
          >
            {name}
          </Button>
          <ToneTag tone={KIND_TONES[c.kind]}>{CERTIFICATE_KIND_LABELS[c.kind]}</ToneTag>
        </Space>
      ),
    },
    { title: '证书编号', dataIndex: 'number', width: 170, ellipsis: true },
    { title: '发证机构', dataIndex: 'issuer', width: 170, ellipsis: true, render: (v: string) => v || '—' },
    {
      title: '发证日期',
      dataIndex: 'issue_date',
      key: 'issue_date',
      width: 120,
      sorter: true,
      sortOrder: sorterOf('issue_date'),
    },
    {
      title: '有效期至',
      dataIndex: 'expiry_date',
      key: 'expiry_date',
      width: 190,
      sorter: true,
      sortOrder: sorterOf('expiry_date'),
      render: (v: string | null, c) => (
        <Space size={4} wrap>
          <span>{v ?? '—'}</span>
          <ExpiryTag status={c.status} daysLeft={c.days_left} />
        </Space>
      ),
    },
    {
      title: '所属专利',
      key: 'patent',
      width: 200,
      ellipsis: true,
      render: (_v, c) => (c.patent ? <span title={c.patent.title}>{c.patent.an ?? c.patent.title}</span> : '—'),
    },
    { title: '附件', dataIndex: 'file_count', width: 64, align: 'center', render: (n: number) => (n ? `${n} 个` : '—') },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: actionsFixed,
      render: (_v, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(c.id)} aria-label={`查看 ${c.name}`}>
            查看
          </Button>
          <Button type="link" size="small" onClick={() => void openEdit(c.id)} aria-label={`编辑 ${c.name}`}>
            编辑
          </Button>
          <Popconfirm
            title={`确定删除「${c.name}」吗？`}
            description="删除后不可恢复。"
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => remove.mutateAsync(c).catch(() => undefined)}
          >
            <Button type="link" size="small" danger aria-label={`删除 ${c.name}`}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const counts = list.data?.counts;
  const statusOptions = [
    { value: '', label: `全部状态${counts ? `（${counts.total}）` : ''}` },
    ...EXPIRY_STATUSES.map((s: ExpiryStatus) => ({
      value: s,
      label: `${EXPIRY_STATUS_LABELS[s]}${counts ? `（${counts[s]}）` : ''}`,
    })),
  ];

  return (
    <Card
      title="证书管理"
      extra={
        <Space wrap>
          <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
            导出 Excel
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            新增证书
          </Button>
        </Space>
      }
    >
      {counts && (counts.expiring > 0 || counts.expired > 0) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${counts.expiring} 个证书将在 ${EXPIRING_SOON_DAYS} 天内到期，${counts.expired} 个证书已过期`}
          action={
            <Button size="small" onClick={() => update({ status: 'expiring', page: undefined })}>
              查看即将到期
            </Button>
          }
        />
      )}
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          placeholder="证书名称、编号、发证机构或专利"
          aria-label="搜索证书"
          allowClear
          enterButton="查询"
          style={{ width: 320, maxWidth: '100%' }}
          onSearch={(v) => update({ keyword: v.trim(), page: undefined })}
        />
        <Select
          aria-label="按证书类型筛选"
          style={{ width: 180 }}
          value={kind ?? ''}
          options={[
            { value: '', label: '全部类型' },
            ...CERTIFICATE_KINDS.map((k) => ({ value: k, label: CERTIFICATE_KIND_LABELS[k] })),
          ]}
          onChange={(v) => update({ kind: v, page: undefined })}
        />
        <Select
          aria-label="按证书状态筛选"
          style={{ width: 160 }}
          value={status ?? ''}
          options={statusOptions}
          onChange={(v) => update({ status: v, page: undefined })}
        />
      </Space>
      <Table<CertificateRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1350 }}
        onChange={onSortChange('expiry_date')}
        pagination={pagination(list.data?.total)}
        locale={{
          emptyText: list.isError ? (
            <span>
              证书加载失败，
              <Button type="link" onClick={() => void list.refetch()}>
                重试
              </Button>
            </span>
          ) : keyword || kind || status ? (
            '没有符合条件的证书'
          ) : (
            '暂无证书，点击右上角「新增证书」添加'
          ),
        }}
      />
      <CertificateDrawer
        id={viewing}
        onClose={() => setViewing(null)}
        onEdit={(c) => setEditing(c)}
        onDelete={(c) => remove.mutateAsync(c)}
      />
      <CertificateFormModal
        open={editing !== undefined}
        initial={editing}
        onCancel={() => setEditing(undefined)}
        onSubmit={(b) => save.mutateAsync(b)}
      />
    </Card>
  );
}
