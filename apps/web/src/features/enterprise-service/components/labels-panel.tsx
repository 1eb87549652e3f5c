import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Typography,
  type TableProps,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { LABEL_COLORS, SERVICE_LABEL_NAME_MAX, type LabelKind, type LabelRow } from '@ip/contract';
import { LABEL_COLOR_NAMES, SERVICE_KEY, addLabelCall, deleteLabelCall, editLabelCall, labelListQuery } from '../api';
import { LabelTag } from './label-tag';
import { markServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';

interface Values {
  name: string;
  color: string;
  sort: number;
}

const WHAT: Record<LabelKind, string> = { company: '企业标签', demand: '需求标签' };
const INTRO: Record<LabelKind, string> = {
  company: '企业标签用于给服务的企业分类（如高新技术企业、专精特新），员工在企业名录和走访时为企业打标签。',
  demand: '需求标签用于给企业提出的需求分类（如融资、人才、知识产权），员工登记需求时选择。',
};

/** 企业标签 / 需求标签 (/newsystem): the main account's labels of one kind. */
export function LabelsPanel({ kind }: { kind: LabelKind }) {
  const what = WHAT[kind];
  const [keyword, setKeyword] = useState('');
  const q = useQuery(labelListQuery(kind, keyword));
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<LabelRow | null | undefined>(undefined);
  const [form] = Form.useForm<Values>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: SERVICE_KEY });

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = { name: v.name.trim(), color: v.color as (typeof LABEL_COLORS)[number], sort: v.sort ?? 0 };
      return editing ? editLabelCall(kind, { id: editing.id, ...body }) : addLabelCall(kind, body);
    },
    onSuccess: async (r) => {
      notify.success(`${what}「${r.name}」已保存`);
      setEditing(undefined);
      await refresh();
    },
    onError: (err) => markServerFieldErrors(form, err, ['name', 'color', 'sort']),
  });
  const remove = useMutation({
    mutationFn: (r: LabelRow) => deleteLabelCall(kind, r.id),
    onSuccess: async (d, r) => {
      notify.success(d.removed ? `已删除「${r.name}」，并从 ${d.removed} 家企业上移除` : `已删除「${r.name}」`);
      await refresh();
    },
  });

  const open = (row: LabelRow | null) => {
    setEditing(row);
    form.setFieldsValue(
      row ? { name: row.name, color: row.color, sort: row.sort } : { name: '', color: 'blue', sort: (q.data?.length ?? 0) + 1 },
    );
  };

  const columns: TableProps<LabelRow>['columns'] = [
    { title: '标签', dataIndex: 'name', render: (_v, r) => <LabelTag name={r.name} color={r.color} /> },
    { title: '颜色', dataIndex: 'color', width: 80, render: (c: string) => LABEL_COLOR_NAMES[c] ?? c },
    { title: '排序', dataIndex: 'sort', width: 80, align: 'right', sorter: (a, b) => a.sort - b.sort },
    ...(kind === 'company'
      ? [
          {
            title: '企业数',
            dataIndex: 'use_count',
            width: 90,
            align: 'right' as const,
            sorter: (a: LabelRow, b: LabelRow) => a.use_count - b.use_count,
          },
        ]
      : []),
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" aria-label={`编辑 ${r.name}`} onClick={() => open(r)}>
            编辑
          </Button>
          <Popconfirm
            title={`确定删除「${r.name}」吗？`}
            description={r.use_count ? `该标签将同时从 ${r.use_count} 家企业上移除。` : undefined}
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
      <Typography.Paragraph type="secondary">{INTRO[kind]}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="标签名称"
          aria-label={`搜索${what}`}
          allowClear
          enterButton="查询"
          style={{ width: 260, maxWidth: '100%' }}
          onSearch={(v) => setKeyword(v.trim())}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => open(null)}>
          新增{what}
        </Button>
      </Space>
      {q.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${what}加载失败`}
          description={q.error instanceof Error ? q.error.message : '请稍后再试'}
          action={
            <Button size="small" onClick={() => void q.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <Table<LabelRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={q.data ?? []}
        loading={q.isFetching}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (t) => `共 ${t} 个标签` }}
        scroll={{ x: 480 }}
        locale={{ emptyText: keyword ? '没有符合条件的标签' : `暂无${what}，点击「新增${what}」添加` }}
      />
      <Modal
        open={editing !== undefined}
        title={editing ? `编辑${what}` : `新增${what}`}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(undefined)}
        destroyOnHidden
        forceRender
      >
        <Form<Values> form={form} layout="vertical" name={`label-${kind}`} requiredMark={false} onFinish={(v) => save.mutate(v)}>
          <Form.Item
            label="标签名称"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '请输入标签名称' },
              { max: SERVICE_LABEL_NAME_MAX, message: `标签名称不能超过 ${SERVICE_LABEL_NAME_MAX} 个字` },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label="颜色" name="color">
            <Select
              aria-label="标签颜色"
              options={LABEL_COLORS.map((c) => ({ value: c, label: <LabelTag name={LABEL_COLOR_NAMES[c]} color={c} /> }))}
            />
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
