import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Table, Tag, TreeSelect } from 'antd';
import { PORTFOLIO_INSERT_MAX, splitNumbers, type InsertLine } from '@ip/contract';
import { categoryOptions, insertNumbers, invalidatePortfolio, type CategoryNode, type InsertReply } from '../../../lib/portfolio';

const STATUS_TAG: Record<InsertLine['status'], { color: string; label: string }> = {
  added: { color: 'green', label: '已添加' },
  exists: { color: 'blue', label: '已在库中' },
  not_found: { color: 'orange', label: '未找到' },
  invalid: { color: 'red', label: '号码有误' },
};

/**
 * 按号码添加: application or publication numbers pasted one per line (with or without CN, the dot, spaces, the check
 * digit); the server reports each line, shown as a table (a wrong check digit names the right one).
 */
export function AddNumbersDialog({ tree, onClose }: { tree: CategoryNode[]; onClose: () => void }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [category, setCategory] = useState<number | undefined>();
  const [report, setReport] = useState<InsertReply | null>(null);
  const count = splitNumbers(text).length;
  const add = useMutation({
    mutationFn: () => insertNumbers(text, category),
    onSuccess: async (r) => {
      setReport(r);
      await invalidatePortfolio(client);
    },
  });
  return (
    <Modal
      open
      width={720}
      title="按号码添加专利"
      okText={report ? '继续添加' : '添加'}
      cancelText="关闭"
      okButtonProps={{ disabled: !report && (count === 0 || count > PORTFOLIO_INSERT_MAX) }}
      confirmLoading={add.isPending}
      onOk={() => {
        if (report) {
          setReport(null);
          setText('');
        } else add.mutate();
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      {report ? (
        <>
          <Alert
            type={report.invalid || report.not_found ? 'warning' : 'success'}
            showIcon
            style={{ marginBottom: 12 }}
            message={`已添加 ${report.added} 件，已在库中 ${report.exists} 件，未找到 ${report.not_found} 件，号码有误 ${report.invalid} 件`}
          />
          <Table<InsertLine & { key: number }>
            size="small"
            aria-label="添加结果"
            pagination={false}
            scroll={{ x: 560, y: 320 }}
            dataSource={report.lines.map((l, i) => ({ ...l, key: i }))}
            columns={[
              { title: '号码', dataIndex: 'input', width: 180 },
              {
                title: '结果',
                dataIndex: 'status',
                width: 100,
                render: (s: InsertLine['status']) => <Tag color={STATUS_TAG[s].color}>{STATUS_TAG[s].label}</Tag>,
              },
              { title: '说明', key: 'msg', render: (_v, l) => (l.title ? `${l.msg}：${l.title}` : l.msg) },
            ]}
          />
        </>
      ) : (
        <Form layout="vertical">
          <Form.Item
            label={`申请号或公开号（每行一个，最多 ${PORTFOLIO_INSERT_MAX} 个）`}
            htmlFor="insert-numbers"
            help={
              count ? `已识别 ${count} 个号码` : '可带或不带 CN、小数点和校验位，如 CN202223220665.2、202223220665、CN108472367A'
            }
            validateStatus={count > PORTFOLIO_INSERT_MAX ? 'error' : undefined}
          >
            <Input.TextArea
              id="insert-numbers"
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoSize={{ minRows: 6, maxRows: 12 }}
              placeholder={'CN202223220665.2\n202310123456\nCN108472367A'}
            />
          </Form.Item>
          <Form.Item label="放入分类（可不选，默认未分类）" htmlFor="insert-category">
            <TreeSelect
              id="insert-category"
              allowClear
              treeDefaultExpandAll
              placeholder="未分类"
              treeData={categoryOptions(tree)}
              value={category}
              onChange={(v) => setCategory(v ?? undefined)}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
