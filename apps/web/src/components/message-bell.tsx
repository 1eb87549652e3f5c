import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { unreadCountQuery } from '../lib/message-count';

/** What the bell says to a screen reader and in its tooltip. */
export function bellLabel(unread: number | undefined): string {
  if (!unread) return '消息中心，无未读消息';
  return `消息中心，${unread} 条未读`;
}

/**
 * The top bar's bell: the unread count as a badge, leading to /center. The count is asked for when the page changes
 * (unless it is younger than 10 s), every 60 s while the tab is visible, and at once after messages are read.
 */
export function MessageBell({ to }: { to: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const q = useQuery(unreadCountQuery());
  const { refetch, dataUpdatedAt } = q;
  useEffect(() => {
    if (Date.now() - dataUpdatedAt > 10_000) void refetch();
    // Only on navigation: the interval and the invalidations cover the rest.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  const unread = q.data?.total ?? 0;
  const label = bellLabel(unread);
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className="app-message-bell"
        aria-label={label}
        onClick={() => navigate(to)}
        icon={
          <Badge count={unread} size="small" overflowCount={99} offset={[4, -2]}>
            <BellOutlined aria-hidden style={{ fontSize: 16 }} />
          </Badge>
        }
      />
    </Tooltip>
  );
}
