import { Spin } from 'antd';

/** Placeholder while a lazy page or the session user loads. */
export function PageSpin({ label = '页面加载中…' }: { label?: string }) {
  return (
    <div
      role="status"
      style={{
        minHeight: 240,
        display: 'flex',
        flexDirection: 'column',
        gap: 12,
        alignItems: 'center',
        justifyContent: 'center',
        color: '#666',
      }}
    >
      <Spin />
      <span>{label}</span>
    </div>
  );
}
