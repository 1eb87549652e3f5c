import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { setMessageInstance } from './notify';

/** Hands antd's context-aware message API to code outside React (axios layer, session actions). */
function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setMessageInstance(message);
    return () => setMessageInstance(null);
  }, [message]);
  return null;
}

/**
 * antd in Chinese with the product theme. Buttons keep their exact text (no space inserted between two
 * Chinese characters), so accessible names are '登录', '搜索', as tests and screen readers expect. The primary blue
 * and the link colour are antd's blue-7 (#0958d9), not its default #1677ff: white on #1677ff and #1677ff links on white reach only
 * 4.1:1, below the 4.5:1 WCAG 2.1 AA asks of normal-size text (axe-core's color-contrast rule, ADR 0023).
 */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={zhCN}
      button={{ autoInsertSpace: false }}
      theme={{ token: { colorPrimary: '#0958d9', colorLink: '#0958d9', borderRadius: 6 } }}
    >
      <AntApp>
        <MessageBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
