import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, Modal, Popconfirm, Skeleton, Space, Tree, TreeSelect, type TreeDataNode } from 'antd';
import { DeleteOutlined, EditOutlined, FolderAddOutlined } from '@ant-design/icons';
import { CATEGORY_NAME_MAX } from '@ip/contract';
import { ApiError } from '../../../api/http';
import { markServerFieldErrors } from '../../../lib/form-errors';
import {
  categoryOptions,
  createCategory,
  deleteCategory,
  invalidatePortfolio,
  updateCategory,
  type CategoryNode,
  type CategoryTreeReply,
} from '../../../lib/portfolio';

/** The tree's keys: 'all' (全部), '0' (未分类) or a category id. */
export type CategoryKey = string;

function findNode(nodes: CategoryNode[], id: number): CategoryNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findNode(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}

function countAll(n: CategoryNode): number {
  return 1 + n.children.reduce((s, k) => s + countAll(k), 0);
}

type Editing = { mode: 'create'; parentId: number } | { mode: 'edit'; node: CategoryNode };

function CategoryDialog({ editing, tree, onClose }: { editing: Editing; tree: CategoryNode[]; onClose: () => void }) {
  const client = useQueryClient();
  const [form] = Form.useForm<{ name: string; parent_id: number }>();
  const save = useMutation({
    mutationFn: (v: { name: string; parent_id: number }) =>
      editing.mode === 'create'
        ? createCategory({ name: v.name, parent_id: v.parent_id || 0 })
        : updateCategory({ id: editing.node.id, name: v.name, parent_id: v.parent_id || 0 }),
    onSuccess: async () => {
      await invalidatePortfolio(client);
      onClose();
    },
    onError: (err) => {
      // A duplicate sibling name (409) belongs to the name field too.
      if (!markServerFieldErrors(form, err, ['name', 'parent_id']) && err instanceof ApiError && err.status === 409)
        form.setFields([{ name: 'name', errors: [err.message] }]);
    },
  });
  const initial =
    editing.mode === 'create'
      ? { name: '', parent_id: editing.parentId }
      : { name: editing.node.name, parent_id: editing.node.parent_id };
  return (
    <Modal
      open
      title={editing.mode === 'create' ? '新建分类' : '编辑分类'}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="name"
          label="分类名称"
          rules={[
            { required: true, whitespace: true, message: '请输入分类名称' },
            { max: CATEGORY_NAME_MAX, message: `分类名称不能超过 ${CATEGORY_NAME_MAX} 个字` },
          ]}
        >
          {/* Enter saves: the dialog's buttons sit outside the form, so the browser would not submit it. */}
          <Input autoFocus maxLength={CATEGORY_NAME_MAX} placeholder="如：正极材料" onPressEnter={() => form.submit()} />
        </Form.Item>
        <Form.Item name="parent_id" label="上级分类">
          <TreeSelect
            treeDefaultExpandAll
            treeData={[{ value: 0, key: 0, title: '（顶级分类）' }, ...categoryOptions(tree)]}
            aria-label="上级分类"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The category tree of /patent: 全部, the company's categories with counts, 未分类. Selecting a node filters the
 * list; the buttons below create, edit (rename, move) and delete (after confirmation; its patents go to 未分类). The
 * tree is antd's: arrow keys move, Enter selects.
 */
export function CategoryTree({
  data,
  loading,
  selected,
  onSelect,
}: {
  data: CategoryTreeReply | undefined;
  loading: boolean;
  selected: CategoryKey;
  onSelect: (key: CategoryKey) => void;
}) {
  const client = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => deleteCategory(id),
    onSuccess: async () => {
      onSelect('all');
      await invalidatePortfolio(client);
    },
  });
  if (loading || !data) {
    return (
      <Card size="small" title="专利分类">
        <Skeleton active />
      </Card>
    );
  }
  const toNodes = (nodes: CategoryNode[]): TreeDataNode[] =>
    nodes.map((n) => ({ key: String(n.id), title: `${n.name}（${n.total}）`, children: toNodes(n.children) }));
  const treeData: TreeDataNode[] = [
    { key: 'all', title: `全部（${data.all}）` },
    ...toNodes(data.tree),
    { key: '0', title: `未分类（${data.uncategorized}）` },
  ];
  const node = /^\d+$/.test(selected) && selected !== '0' ? findNode(data.tree, Number(selected)) : undefined;
  return (
    <Card size="small" title="专利分类" className="portfolio-tree-card">
      <Tree
        aria-label="专利分类"
        blockNode
        defaultExpandAll
        showLine
        treeData={treeData}
        selectedKeys={[selected]}
        onSelect={(keys) => keys[0] !== undefined && onSelect(String(keys[0]))}
      />
      {data.tree.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有分类，新建一个吧" />}
      <Space wrap style={{ marginTop: 12 }}>
        <Button
          size="small"
          icon={<FolderAddOutlined aria-hidden />}
          onClick={() => setEditing({ mode: 'create', parentId: node?.id ?? 0 })}
        >
          {node ? '新建子分类' : '新建分类'}
        </Button>
        <Button
          size="small"
          icon={<EditOutlined aria-hidden />}
          disabled={!node}
          onClick={() => node && setEditing({ mode: 'edit', node })}
        >
          编辑
        </Button>
        <Popconfirm
          title={node ? `删除分类“${node.name}”？` : ''}
          description={
            node
              ? `${countAll(node) > 1 ? `其 ${countAll(node) - 1} 个子分类一并删除，` : ''}其中 ${node.total} 件专利将移到未分类。`
              : ''
          }
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          disabled={!node}
          onConfirm={() => node && remove.mutate(node.id)}
        >
          <Button size="small" danger icon={<DeleteOutlined aria-hidden />} disabled={!node} loading={remove.isPending}>
            删除
          </Button>
        </Popconfirm>
      </Space>
      {editing && <CategoryDialog editing={editing} tree={data.tree} onClose={() => setEditing(null)} />}
    </Card>
  );
}
