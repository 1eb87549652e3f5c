import { useContext, type CSSProperties, type MouseEventHandler, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// antd's own style hooks (theme tokens, hashed class names) of Card and Typography, without the components' optional
// parts (see below). portal-ui.test.tsx checks the markup against antd's components, so an antd upgrade that changes
// it fails there.
import useCardStyle from 'antd/es/card/style';
import InternalTypography from 'antd/es/typography/Typography';

// The landing page's cards and headings, drawn exactly as antd's Card and Typography.Title / Paragraph draw them for
// the props used here, but without what those components import for features the portal does not use: Card loads
// Tabs (with its Dropdown, Menu and Trigger) for `tabList`, Typography loads Tooltip, the editor (TextArea) and the
// copy button. That is about a tenth of /web/index's JavaScript (ADR 0056).

/** antd's Card (bordered, medium size) with an optional head (title, extra) and a body. */
export function PortalCard({
  title,
  extra,
  hoverable,
  onClick,
  style,
  children,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  hoverable?: boolean;
  onClick?: MouseEventHandler<HTMLDivElement>;
  style?: CSSProperties;
  children?: ReactNode;
}) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('card');
  const [hashId, cssVarCls] = useCardStyle(prefixCls);
  const className = [prefixCls, `${prefixCls}-bordered`, hoverable && `${prefixCls}-hoverable`, hashId, cssVarCls]
    .filter(Boolean)
    .join(' ');
  const hasHead = title != null || extra != null;
  return (
    <div className={className} style={style} onClick={onClick}>
      {hasHead && (
        <div className={`${prefixCls}-head`} style={{}}>
          <div className={`${prefixCls}-head-wrapper`}>
            {title != null && <div className={`${prefixCls}-head-title`}>{title}</div>}
            {extra != null && <div className={`${prefixCls}-extra`}>{extra}</div>}
          </div>
        </div>
      )}
      {children != null && (
        <div className={`${prefixCls}-body`} style={{}}>
          {children}
        </div>
      )}
    </div>
  );
}

/** Typography.Title of the given level. */
export function PortalTitle({
  level,
  style,
  children,
}: {
  level: 1 | 2 | 3 | 4 | 5;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  return (
    <InternalTypography prefixCls={getPrefixCls('typography')} component={`h${level}`} style={style}>
      {children}
    </InternalTypography>
  );
}

/** Typography.Paragraph, optionally of a type (secondary, …). */
export function PortalParagraph({
  type,
  style,
  children,
}: {
  type?: 'secondary' | 'success' | 'warning' | 'danger';
  style?: CSSProperties;
  children: ReactNode;
}) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('typography');
  return (
    <InternalTypography prefixCls={prefixCls} component="div" className={type ? `${prefixCls}-${type}` : undefined} style={style}>
      {children}
    </InternalTypography>
  );
}
