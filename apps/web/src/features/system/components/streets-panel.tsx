import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Typography, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { STREET_NAME_MAX, type StreetRow } from '@ip/contract';
import { STREETS_KEY, SERVICE_KEY, adminStreetsQuery, deleteStreetCall, saveStreetCall } from '../../enterprise-service/api';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';

interface Values {
  name: string;
  region: string;
  sort: number;
}

/** 街道管理 (/system, administrator, ADR 0038): the district's streets the enterprise service files enterprises under. */
export function StreetsPanel() {
  const q = useQuery(adminStreetsQuery());
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<StreetRow | null | undefined>(undefined);
  const [form] = Form.useForm<Values>();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: STREETS_KEY });
    await queryClient.invalidateQueries({ queryKey: SERVICE_KEY });
  };
  const save = useMutation({
    mutationFn: (v: Values) =>
      saveStreetCall({
        ...(editing ? { id: editing.id } : {}),
        name: v.name.trim(),
        region: (v.region ?? '').trim(),
        sort: v.sort ?? 0,
      }),
    onSuccess: async (r) => {
      notify.success(`街道「${r.name}」已保存`);
      setEditing(undefined);
      await refresh();
    },
    onError: (err) => markServerFieldErrors(form, err, ['name', 'region', 'sort']),
  });
  const remove = useMutation({
    mutationFn: (r: StreetRow) => deleteStreetCall(r.id),
    onSuccess: async (_d, r) => {
      notify.success(`已删除「${r.name}」`);
      await refresh();
    },
  });
  const open = (row: StreetRow | null) => {
    setEditing(row);
    const last = q.data?.at(-1);
    form.setFieldsValue(
      row
        ? { name: row.name, region: row.region, sort: row.sort }
        : { name: '', region: last?.region ?? '', sort: (last?.sort ?? 0) + 1 },
    );
  };
  const columns: TableProps<StreetRow>['columns'] = [
    { title: '街道', dataIndex: 'name' },
    { title: '所属区域', dataIndex: 'region', render: (v: string) => v || '—' },
    { title: '排序', dataIndex: 'sort', width: 80, align: 'right' },
    {
      title: '企业数',
      dataIndex: 'company_count',
      width: 90,
      align: 'right',
      sorter: (a, b) => a.company_count - b.company_count,
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" aria-label={`编辑 ${r.name}`} onClick={() => open(r)}>
            编辑
          </Button>
          <Popconfirm
            title={`确定删除「${r.name}」吗？`}
            description={
              r.company_count
                ? `该街道下还有 ${r.company_count} 家企业，需先调整其所属街道。`
                : '删除后员工对该街道的分配一并取消。'
            }
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
      <Typography.Paragraph type="secondary">企业服务按街道划分企业；企业服务主账号可把街道分配给员工。</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => open(null)}>
          新增街道
        </Button>
      </Space>
      {q.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="街道列表加载失败"
          description={q.error instanceof Error ? q.error.message : '请稍后再试'}
          action={
            <Button size="small" onClick={() => void q.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <Table<StreetRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={q.data ?? []}
        loading={q.isFetching}
        scroll={{ x: 560 }}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (t) => `共 ${t} 个街道` }}
        locale={{ emptyText: '暂无街道，点击「新增街道」添加' }}
      />
      <Modal
        open={editing !== undefined}
        title={editing ? '编辑街道' : '新增街道'}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(undefined)}
        destroyOnHidden
        forceRender
      >
        <Form<Values> form={form} layout="vertical" name="street" requiredMark={false} onFinish={(v) => save.mutate(v)}>
          <Form.Item
            label="街道名称"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '请输入街道名称' },
              { max: STREET_NAME_MAX, message: `街道名称不能超过 ${STREET_NAME_MAX} 个字` },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="所属区域"
            name="region"
            rules={[{ max: STREET_NAME_MAX, message: `所属区域不能超过 ${STREET_NAME_MAX} 个字` }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label="排序" name="sort" extra="数字小的排在前面">
            <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </Modal>
    </div>
  );
}
