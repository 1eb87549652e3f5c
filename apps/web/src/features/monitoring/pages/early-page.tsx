import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Popconfirm, Space, Table, Tag, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { MONITOR_RULE_KIND_LABELS, type MonitorRule } from '@ip/contract';
import { notify } from '../../../lib/notify';
import { createRuleCall, deleteRuleCall, ruleListQuery, runRuleCall, updateRuleCall } from '../api';
import { HitTable } from '../components/hit-table';
import { RuleFormModal, type RuleFormValues } from '../components/rule-form';
import { chinaMinute } from '../../../lib/china-time';

/** /early 监控预警: the company's monitoring rules (add, edit, delete, run now) and their hits, unread first. */
export default function EarlyPage() {
  const qc = useQueryClient();
  const rules = useQuery(ruleListQuery());
  const [editing, setEditing] = useState<MonitorRule | null>(null);
  const [open, setOpen] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: ['monitor'] });
  const save = useMutation({
    mutationFn: (v: RuleFormValues) => (editing ? updateRuleCall({ id: editing.id, ...v }) : createRuleCall(v)),
    onSuccess: () => {
      notify.success(editing ? '已保存' : '已新增监控规则，之后导入的数据会按规则检查');
      setOpen(false);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: deleteRuleCall,
    onSuccess: () => {
      notify.success('已删除');
      void refresh();
    },
  });
  const run = useMutation({
    mutationFn: runRuleCall,
    onSuccess: (r) => {
      notify.success(r.hits ? `发现 ${r.hits} 条新动态` : '运行完成，暂无新动态');
      void refresh();
    },
  });
  const list = rules.data?.list ?? [];
  const columns: TableProps<MonitorRule>['columns'] = [
    {
      title: '规则名称',
      dataIndex: 'name',
      render: (name: string, r) => <Link to={`/compdetail?id=${r.id}`}>{name}</Link>,
    },
    { title: '类型', dataIndex: 'kind', width: 150, render: (k: MonitorRule['kind']) => MONITOR_RULE_KIND_LABELS[k] },
    {
      title: '监控内容',
      dataIndex: 'value',
      ellipsis: true,
      render: (v: string) => v.split('\n').join('，'),
    },
    {
      title: '结果',
      width: 110,
      render: (_: unknown, r) => (
        <Space size={4}>
          <span>{r.hits}</span>
          {r.unread > 0 && <Badge count={r.unread} title={`${r.unread} 条未读`} />}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 80,
      render: (e: boolean) => (e ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    { title: '上次运行', dataIndex: 'last_run_at', width: 150, render: chinaMinute },
    {
      title: '操作',
      width: 250,
      render: (_: unknown, r) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            disabled={!r.enabled}
            loading={run.isPending && run.variables === r.id}
            onClick={() => run.mutate(r.id)}
          >
            立即运行
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => {
              setEditing(r);
              setOpen(true);
            }}
          >
            编辑
          </Button>
          {r.kind === 'applicant' && (
            <Link to={`/cutDetails?id=${r.id}`} style={{ padding: '0 7px' }}>
              对比
            </Link>
          )}
          <Popconfirm
            title="删除监控规则"
            description="规则及其监控结果都将删除，确定吗？"
            okText="删除"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(r.id)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="监控规则"
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!!rules.data && list.length >= rules.data.max}
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            新增规则
          </Button>
        }
      >
        <Table<MonitorRule>
          rowKey="id"
          size="middle"
          loading={rules.isLoading}
          columns={columns}
          dataSource={list}
          scroll={{ x: 900 }}
          pagination={list.length > 10 ? { pageSize: 10 } : false}
          locale={{ emptyText: '还没有监控规则：新增一条，监控竞争对手、技术领域（检索式 / IPC）或指定专利的新动态' }}
        />
      </Card>
      <Card title="监控结果">
        <HitTable rules={list} />
      </Card>
      <RuleFormModal
        open={open}
        rule={editing}
        saving={save.isPending}
        onCancel={() => setOpen(false)}
        onSubmit={(v) => save.mutate(v)}
      />
    </Space>
  );
}
