import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfigProvider, Card, Typography } from 'antd';
import { renderWithProviders } from '../test/render';
import { PortalCard, PortalParagraph, PortalTitle } from './portal-ui';

// The landing page's light cards and headings (ADR 0056) must draw what antd's Card and Typography draw for the same
// props: same elements, classes (theme hash included) and styles, in the default and the 长辈版 (larger font) theme.

function markup(ui: ReactNode, elder = false): string {
  const { container, unmount } = renderWithProviders(
    <ConfigProvider theme={elder ? { token: { fontSize: 20 } } : undefined}>{ui}</ConfigProvider>,
  );
  // The theme's CSS-variable class is named from React's useId, which counts renders: number them per markup instead.
  const ids = new Map<string, number>();
  const html = container.innerHTML.replace(/css-var-[\w-]+/g, (id) => {
    if (!ids.has(id)) ids.set(id, ids.size);
    return `css-var-${ids.get(id)}`;
  });
  unmount();
  return html;
}

describe('portal light components', () => {
  it.each([false, true])('PortalCard draws what antd Card draws (larger font: %s)', (elder) => {
    const onClick = vi.fn();
    const cases: [ReactNode, ReactNode][] = [
      [
        <Card hoverable onClick={onClick} style={{ height: '100%' }}>
          <p>正文</p>
        </Card>,
        <PortalCard hoverable onClick={onClick} style={{ height: '100%' }}>
          <p>正文</p>
        </PortalCard>,
      ],
      [
        <Card title={<h2>新闻资讯</h2>} extra={<a href="/web/news">更多</a>} style={{ height: '100%' }}>
          <ul />
        </Card>,
        <PortalCard title={<h2>新闻资讯</h2>} extra={<a href="/web/news">更多</a>} style={{ height: '100%' }}>
          <ul />
        </PortalCard>,
      ],
    ];
    for (const [antd, light] of cases) {
      const expected = markup(antd, elder);
      expect(expected).toContain('ant-card');
      expect(markup(light, elder)).toBe(expected);
    }
  });

  it.each([false, true])('PortalTitle and PortalParagraph draw what Typography draws (larger font: %s)', (elder) => {
    const title = markup(
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        <span>新闻资讯</span>
      </Typography.Title>,
      elder,
    );
    expect(title).toContain('<h4');
    expect(
      markup(
        <PortalTitle level={4} style={{ marginTop: 0 }}>
          <span>新闻资讯</span>
        </PortalTitle>,
        elder,
      ),
    ).toBe(title);
    const paragraph = markup(
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        说明
      </Typography.Paragraph>,
      elder,
    );
    expect(paragraph).toContain('ant-typography-secondary');
    expect(
      markup(
        <PortalParagraph type="secondary" style={{ marginBottom: 0 }}>
          说明
        </PortalParagraph>,
        elder,
      ),
    ).toBe(paragraph);
  });
});
