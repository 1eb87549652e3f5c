import { Typography } from 'antd';

/** A time as China time, YYYY-MM-DD HH:mm. */
export function chinaTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

export function MessageTime({ at }: { at: string }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      <time dateTime={at}>{chinaTime(at)}</time>
    </Typography.Text>
  );
}
