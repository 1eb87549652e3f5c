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
 * #1677ff (4.1:1 as link text and under white button text), red #ff4d4f (3.3:1), description grey (0.45 black, 3.4:1)
 * and placeholder grey (0.25 black) are too light; blue-7 #0958d9 (6.0:1), red-7 #cf1322 (5.4:1), 0.6–0.65 black
 * (5.7:1 and more) and 0.55 black (4.8:1) pass. The hover colours antd derives from blue-7 are lighter (#2e7ae6,
 * 4.2:1 as the text of a hovered default button): blue-8 #003eb3 (9.5:1) is used for hover instead.
 */
const THEME_TOKENS = {
  colorPrimary: '#0958d9',
  colorInfo: '#0958d9',
  colorLink: '#0958d9',
  colorPrimaryHover: '#003eb3',
  colorLinkHover: '#003eb3',
  colorError: '#cf1322',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
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
