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
 * WCAG 2.1 AA (1.4.3, text contrast at least 4.5:1, checked by axe-core in the e2e specs): antd's default blue
 * #1677ff reaches 4.1:1 against white (white text on primary buttons and menu items, blue links and active tabs), so
 * the primary and link colour is the next shade, #0958d9 (6.2:1); secondary text (Typography type="secondary", form hints) is
 * darkened from 45 % to 62 % black (3.4:1 → 5.3:1).
 */
const THEME_TOKENS = {
  colorPrimary: '#0958d9',
  colorLink: '#0958d9',
  // Danger buttons, links and form errors: #ff4d4f is 3.3:1; #cf1322 is 5.9:1.
  colorError: '#cf1322',
  colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  // Typography type="secondary" and placeholders-as-hints: 45 % / 25 % black are 3.4:1 / 1.6:1.
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  borderRadius: 6,
};

/**
 * antd in Chinese with the product theme. Buttons keep their exact text (no space inserted between two
 * Chinese characters), so accessible names are '登录', '搜索', as tests and screen readers expect.
 */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={{ token: THEME_TOKENS }}>
      <AntApp>
        <MessageBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
