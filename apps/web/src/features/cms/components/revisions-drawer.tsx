import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, List, Modal, Popconfirm, Skeleton, Typography } from 'antd';
import type { ArticleRevision } from '@ip/contract';
import { notify } from '../../../lib/notify';
import { CMS_KEY, REVISION_ACTIONS, restoreRevisionCall, revisionsQuery, shanghaiTime } from '../api';
import '../../../portal/portal.css';

/** 历史版本: every save, publish, withdraw and restore of an article; a version can be viewed and restored. */
export function RevisionsDrawer({ id, title, onClose }: { id: number; title: string; onClose: () => void }) {
  const q = useQuery(revisionsQuery(id));
  const client = useQueryClient();
  const [viewing, setViewing] = useState<ArticleRevision | null>(null);
  const restore = async (r: ArticleRevision) => {
    try {
      await restoreRevisionCall(id, r.id);
      notify.success('已恢复到所选版本');
      await client.invalidateQueries({ queryKey: CMS_KEY });
    } catch {
      // Shown by the http layer.
    }
  };
  return (
    <Drawer open title={`历史版本：${title}`} size="min(560px, 100vw)" onClose={onClose} destroyOnHidden>
      {q.isPending ? (
        <Skeleton active />
      ) : !q.data?.length ? (
        <Empty description="暂无历史版本" />
      ) : (
        <List
          dataSource={q.data}
          renderItem={(r, i) => (
            <List.Item
              actions={[
                <Button key="view" type="link" onClick={() => setViewing(r)}>
                  查看
                </Button>,
                i === 0 ? (
                  <Typography.Text key="current" type="secondary">
                    当前版本
                  </Typography.Text>
                ) : (
                  <Popconfirm
                    key="restore"
                    title="恢复到此版本？"
                    description="标题、摘要、正文、封面和附件将恢复为此版本的内容，发布状态不变。"
                    okText="恢复"
                    cancelText="取消"
                    onConfirm={() => restore(r)}
                  >
                    <Button type="link">恢复</Button>
                  </Popconfirm>
                ),
              ]}
            >
              <List.Item.Meta
                title={`${REVISION_ACTIONS[r.action] ?? r.action} · ${shanghaiTime(r.created_at)}`}
                description={`${r.editor_name || '管理员'}：${r.title}`}
              />
            </List.Item>
          )}
        />
      )}
      <Modal
        open={!!viewing}
        title={viewing ? `${REVISION_ACTIONS[viewing.action] ?? viewing.action}于 ${shanghaiTime(viewing.created_at)}` : ''}
        footer={null}
        width="min(800px, 100vw)"
        onCancel={() => setViewing(null)}
      >
        {viewing && (
          <article className="portal-article">
            <Typography.Title level={2} className="portal-h1">
              {viewing.title}
            </Typography.Title>
            <div className="portal-body" dangerouslySetInnerHTML={{ __html: viewing.body }} />
          </article>
        )}
      </Modal>
    </Drawer>
  );
}
