import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Modal, Space, Tooltip, TreeSelect, Typography } from 'antd';
import { FolderAddOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { notify } from '../lib/notify';
import {
  categoryOptions,
  categoryTreeQuery,
  invalidatePortfolio,
  portfolioAccess,
  savePatent,
  setCollected,
  type PortfolioMark,
} from '../lib/portfolio';
import { useSessionUser } from '../lib/session-store';

/** 加入专利库: a small dialog choosing the category (optional), then /v1/frontend/user/save. */
function SaveDialog({ patentId, title, onClose }: { patentId: number; title: string; onClose: () => void }) {
  const client = useQueryClient();
  const tree = useQuery(categoryTreeQuery());
  const [category, setCategory] = useState<number | undefined>();
  const save = useMutation({
    mutationFn: () => savePatent(patentId, category),
    onSuccess: async (r) => {
      if (r.status === 'added') notify.success(r.msg);
      else notify.warning(r.msg);
      await invalidatePortfolio(client);
      onClose();
    },
  });
  return (
    <Modal
      open
      title="加入专利库"
      okText="加入"
      cancelText="取消"
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph ellipsis={{ rows: 2 }}>{title}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="放入分类（可不选，默认未分类）" htmlFor={`save-category-${patentId}`}>
          <TreeSelect
            id={`save-category-${patentId}`}
            allowClear
            treeDefaultExpandAll
            placeholder="未分类"
            loading={tree.isPending}
            treeData={categoryOptions(tree.data?.tree ?? [])}
            value={category}
            onChange={(v) => setCategory(v ?? undefined)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 收藏 and 加入专利库 on a patent, for company users (search hits, detail pages). A trial user sees why the actions
 * are not there yet; other accounts and visitors see nothing. `mark` (from …/marks) says what is already done.
 */
export function PortfolioActions({
  patentId,
  title,
  mark,
  size = 'small',
}: {
  patentId: number;
  title: string;
  mark?: PortfolioMark;
  size?: 'small' | 'middle';
}) {
  const user = useSessionUser();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const collected = !!mark?.collected;
  const collect = useMutation({
    mutationFn: () => setCollected([patentId], collected ? 0 : 1),
    onSuccess: async () => {
      notify.success(collected ? '已取消收藏' : '已收藏');
      await invalidatePortfolio(client);
    },
  });
  const access = portfolioAccess(user);
  if (access === 'no') return null;
  if (access === 'verify') {
    return (
      <Tooltip title="企业认证通过后可收藏专利、加入专利库">
        <Link to="/userCenter" className="portfolio-verify-hint">
          认证后可收藏
        </Link>
      </Tooltip>
    );
  }
  return (
    <Space size={4} wrap>
      <Button
        size={size}
        type="text"
        icon={collected ? <StarFilled aria-hidden style={{ color: '#faad14' }} /> : <StarOutlined aria-hidden />}
        aria-pressed={collected}
        aria-label={`${collected ? '取消收藏' : '收藏'}：${title}`}
        loading={collect.isPending}
        onClick={() => collect.mutate()}
      >
        {collected ? '已收藏' : '收藏'}
      </Button>
      {mark?.owned ? (
        <Link to={`/patentDetails?id=${patentId}`} aria-label={`已在专利库，查看：${title}`}>
          已在专利库
        </Link>
      ) : (
        <Button
          size={size}
          type="text"
          icon={<FolderAddOutlined aria-hidden />}
          aria-label={`加入专利库：${title}`}
          onClick={() => setSaving(true)}
        >
          加入专利库
        </Button>
      )}
      {saving && <SaveDialog patentId={patentId} title={title} onClose={() => setSaving(false)} />}
    </Space>
  );
}
