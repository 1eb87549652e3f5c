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
 * Chinese characters), so accessible names are '登录', '搜索', as tests and screen readers expect.
 */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={zhCN}
      button={{ autoInsertSpace: false }}
      theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}
    >
      <AntApp>
        <MessageBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
