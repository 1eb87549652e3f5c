import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, Card, Input, Popconfirm, Select, Space, Table, type TableProps } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { HONOR_LEVELS, type HonorLevel, type HonorRow } from '@ip/contract';
import { ToneTag, download, type Tone } from '../../../components/record-files';
import { useUrlList } from '../../../components/use-url-list';
import { enterpriseVisitUrl } from '../../../layout/company-search';
import { notify } from '../../../lib/notify';
import { serviceStreetsQuery } from '../../enterprise-service/api';
import { DIRECTORY_KEY, addHonorCall, deleteHonorCall, editHonorCall, exportHonorsCall, honorListQuery } from '../api';
import { HonorFormModal, type HonorFormBody } from '../components/honor-form';
import { chinaYear } from '../../../lib/china-time';

export const LEVEL_TONES: Record<HonorLevel, Tone> = { 国家级: 'red', 省级: 'purple', 市级: 'blue', 区级: 'green' };

/** The honours mutations shared by /honor and the enterprise page. */
export function useHonorWrites(editing: HonorRow | null | undefined, done: () => void) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...DIRECTORY_KEY, 'honors'] });
  const save = useMutation({
    mutationFn: (b: HonorFormBody) =>
      editing
        ? editHonorCall({
            id: editing.id,
            name: b.name,
            level: b.level,
            year: b.year,
            issuer: b.issuer,
            file_id: editing.file_id,
          })
        : addHonorCall({ ...b, file_id: 0 }),
    onSuccess: async (h) => {
      notify.success(editing ? '荣誉已保存' : `已为「${h.company_name}」新增荣誉`);
      done();
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (h: HonorRow) => deleteHonorCall(h.id),
    onSuccess: async (_d, h) => {
      notify.success(`已删除「${h.name}」`);
      await refresh();
    },
  });
  return { save, remove };
}

/** The 操作 column: 编辑 and 删除 (after confirmation). */
export function honorActions(onEdit: (h: HonorRow) => void, onDelete: (h: HonorRow) => Promise<unknown>) {
  return {
    title: '操作',
    key: 'actions',
    width: 120,
    render: (_v: unknown, h: HonorRow) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => onEdit(h)} aria-label={`编辑 ${h.company_name} ${h.name}`}>
          编辑
        </Button>
        <Popconfirm
          title={`确定删除「${h.name}」吗？`}
          description={`${h.company_name} 的这项荣誉将被删除，不可恢复。`}
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => onDelete(h).catch(() => undefined)}
        >
          <Button type="link" size="small" danger aria-label={`删除 ${h.company_name} ${h.name}`}>
            删除
          </Button>
        </Popconfirm>
      </Space>
    ),
  };
}

function pickLevel(v: string | null): HonorLevel | undefined {
  return v && (HONOR_LEVELS as readonly string[]).includes(v) ? (v as HonorLevel) : undefined;
}
const positive = (v: string | null) => (Number(v) > 0 && Number.isInteger(Number(v)) ? Number(v) : undefined);

/** /honor (企业荣誉, set C): every honour of the office's enterprises; filters and paging live in the address. */
export default function HonorPage() {
  const { params, page, pageSize, update, pagination } = useUrlList();
  const keyword = params.get('keyword') ?? '';
  const level = pickLevel(params.get('level'));
  const year = positive(params.get('year'));
  const streetId = positive(params.get('street_id'));
  const filters = useMemo(
    () => ({
      ...(level ? { level } : {}),
      ...(year ? { year } : {}),
      ...(streetId ? { street_id: streetId } : {}),
      ...(keyword ? { keyword } : {}),
    }),
    [level, year, streetId, keyword],
  );
  const list = useQuery(honorListQuery({ page, page_size: pageSize, ...filters }));
  const streets = useQuery(serviceStreetsQuery());
  const [editing, setEditing] = useState<HonorRow | null | undefined>(undefined);
  const { save, remove } = useHonorWrites(editing, () => setEditing(undefined));
  const exporting = useMutation({
    mutationFn: () => exportHonorsCall(filters),
    onSuccess: (r) => {
      if (r.rows === 0) notify.warning('当前筛选条件下没有荣誉可导出');
      else {
        download(r.url, r.name);
        notify.success(r.truncated ? `已导出前 ${r.rows} 条` : `已导出 ${r.rows} 条`);
      }
    },
  });

  const columns: TableProps<HonorRow>['columns'] = [
    {
      title: '企业名称',
      dataIndex: 'company_name',
      width: 240,
      render: (name: string, h) => <Link to={enterpriseVisitUrl({ id: h.company_id, company_name: name })}>{name}</Link>,
    },
    { title: '所属街道', dataIndex: 'street_name', width: 110, render: (v: string) => v || '—' },
    { title: '荣誉名称', dataIndex: 'name', width: 220 },
    {
      title: '级别',
      dataIndex: 'level',
      width: 90,
      render: (l: HonorLevel) => <ToneTag tone={LEVEL_TONES[l]}>{l}</ToneTag>,
    },
    { title: '获得年份', dataIndex: 'year', width: 100 },
    { title: '颁发单位', dataIndex: 'issuer', width: 220, ellipsis: true, render: (v: string) => v || '—' },
    honorActions(setEditing, (h) => remove.mutateAsync(h)),
  ];

  const years = list.data?.years ?? [];
  const filtered = Boolean(keyword || level || year || streetId);
  return (
    <Card
      title="企业荣誉"
      extra={
        <Space wrap>
          <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
            导出 Excel
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            新增荣誉
          </Button>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          placeholder="荣誉名称、企业名称或颁发单位"
          aria-label="搜索荣誉"
          allowClear
          enterButton="查询"
          style={{ width: 320, maxWidth: '100%' }}
          onSearch={(v) => update({ keyword: v.trim(), page: undefined })}
        />
        <Select
          aria-label="按级别筛选"
          style={{ width: 130 }}
          value={level ?? ''}
          options={[{ value: '', label: '全部级别' }, ...HONOR_LEVELS.map((l) => ({ value: l, label: l }))]}
          onChange={(v) => update({ level: v, page: undefined })}
        />
        <Select
          aria-label="按获得年份筛选"
          style={{ width: 130 }}
          value={year ?? ''}
          options={[
            { value: '', label: '全部年份' },
            ...[...new Set([...(year ? [year] : []), ...years])].map((y) => ({ value: y, label: `${y} 年` })),
          ]}
          onChange={(v) => update({ year: v || undefined, page: undefined })}
        />
        <Select
          aria-label="按街道筛选"
          style={{ width: 150 }}
          value={streetId ?? ''}
          loading={streets.isPending}
          options={[{ value: '', label: '全部街道' }, ...(streets.data ?? []).map((s) => ({ value: s.id, label: s.name }))]}
          onChange={(v) => update({ street_id: v || undefined, page: undefined })}
        />
      </Space>
      <Table<HonorRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1100 }}
        pagination={pagination(list.data?.total, '项')}
        locale={{
          emptyText: list.isError ? (
            <span>
              荣誉加载失败，
              <Button type="link" onClick={() => void list.refetch()}>
                重试
              </Button>
            </span>
          ) : filtered ? (
            '没有符合条件的荣誉'
          ) : (
            '暂无企业荣誉，点击右上角「新增荣誉」添加'
          ),
        }}
      />
      <HonorFormModal
        open={editing !== undefined}
        initial={editing}
        thisYear={chinaYear()}
        onCancel={() => setEditing(undefined)}
        onSubmit={(b) => save.mutateAsync(b)}
      />
    </Card>
  );
}
