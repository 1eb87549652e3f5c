import { useContext, useEffect, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
// antd's App, reduced to what the app uses (ADR 0056 §5): its root element with the `app` style hook (font, colour,
// line height under the theme) and the context-aware message API. antd's App also builds the modal and notification
// hooks, which nothing here uses: pages show messages through `notify`. ui-provider.test.tsx checks the markup against
// antd's App, so an antd upgrade that changes it fails there.
import useAppStyle from 'antd/es/app/style';
import useMessage from 'antd/es/message/useMessage';
import { setMessageInstance } from './notify';

/** antd's <App> root with the message holder; hands the message API to `notify` (HTTP client, pages, sessions). */
export function AppFrame({ children }: { children?: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [message, holder] = useMessage();
  useEffect(() => {
    setMessageInstance(message);
    return () => setMessageInstance(null);
  }, [message]);
  return (
    <div className={[hashId, prefixCls, cssVarCls].filter(Boolean).join(' ')}>
      {holder}
      {children}
    </div>
  );
}

/**
 * WCAG 2.1 AA (1.4.3, text contrast at least 4.5:1, checked by axe-core in the e2e specs): antd's default blue
 * #1677ff (4.1:1 as link text and under white button text), red #ff4d4f (3.3:1), description grey (0.45 black, 3.4:1)
 * and placeholder grey (0.25 black) are too light; blue-7 #0958d9 (6.0:1), red-7 #cf1322 (5.4:1), 0.6–0.65 black
 * (5.7:1 and more) and 0.55 black (4.8:1) pass. The hover colours antd derives from blue-7 are lighter (#2e7ae6,
 * 4.2:1 as the text of a hovered default button): blue-8 #003eb3 (9.5:1) is used for hover instead.
 */
export const THEME_TOKENS = {
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
      <AppFrame>{children}</AppFrame>
    </ConfigProvider>
  );
}
