import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { followCall, LITIGATION_KEY } from '../api';
import { notify } from '../../../lib/notify';

/**
 * 收藏 / 已收藏 for one case. Following is one click; unfollowing asks first (the case leaves 我的诉讼 unless the
 * company is a party to it). Every litigation query is refreshed afterwards.
 */
export function FollowButton({
  id,
  caseNo,
  followed,
  size = 'small',
  type = 'link',
}: {
  id: number;
  caseNo: string;
  followed: boolean;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: followCall,
    onSuccess: (r) => {
      notify.success(r.followed ? '已收藏该案件' : '已取消收藏');
      return queryClient.invalidateQueries({ queryKey: LITIGATION_KEY });
    },
  });
  if (!followed) {
    return (
      <Button
        type={type}
        size={size}
        icon={<StarOutlined />}
        loading={mutation.isPending}
        onClick={() => mutation.mutate({ id, follow: true })}
        aria-label={`收藏案件 ${caseNo}`}
      >
        收藏
      </Button>
    );
  }
  return (
    <Popconfirm
      title="确定取消收藏该案件吗？"
      description={`${caseNo}`}
      okText="取消收藏"
      cancelText="保留"
      onConfirm={() => mutation.mutateAsync({ id, follow: false }).catch(() => undefined)}
    >
      <Button
        type={type}
        size={size}
        icon={<StarFilled />}
        loading={mutation.isPending}
        aria-label={`已收藏 ${caseNo}，点击取消收藏`}
      >
        已收藏
      </Button>
    </Popconfirm>
  );
}
