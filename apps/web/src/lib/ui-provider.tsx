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
      theme={{
        // WCAG 2.1 AA (GB/T 37668): antd's default blue (#1677ff, 4.1:1 on white), red (#ff4d4f, 3.3:1) and its
        // secondary and tertiary text (45 % and 25 % black) fall under 4.5:1; these darker shades pass (≥ 5.5:1).
        token: {
          colorPrimary: '#0958d9',
          colorError: '#cf1322',
          colorLink: '#0958d9',
          colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
          colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
          colorTextDescription: 'rgba(0, 0, 0, 0.6)',
          borderRadius: 6,
        },
      }}
    >
      <AntApp>
        <MessageBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
