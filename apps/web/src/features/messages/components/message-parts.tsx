import { Typography } from 'antd';
import { chinaMinute } from '../../../lib/china-time';

export function MessageTime({ at }: { at: string }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      <time dateTime={at}>{chinaMinute(at)}</time>
    </Typography.Text>
  );
}
