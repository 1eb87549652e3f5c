import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { AppFrame, UiProvider } from './ui-provider';
import { notify } from './notify';

// The app's frame (ADR 0056 §5) must draw what antd's App draws: same element, classes (theme hash included), in the
// default and the 长辈版 (larger font) theme.

function markup(ui: ReactNode, elder = false): string {
  const { container, unmount } = render(
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

describe('AppFrame', () => {
  it.each([false, true])('draws what antd App draws (larger font: %s)', (elder) => {
    const expected = markup(
      <AntApp>
        <p>正文</p>
      </AntApp>,
      elder,
    );
    expect(expected).toContain('ant-app');
    expect(
      markup(
        <AppFrame>
          <p>正文</p>
        </AppFrame>,
        elder,
      ),
    ).toBe(expected);
  });

  it('shows notify messages through its message holder', async () => {
    render(
      <UiProvider>
        <p>正文</p>
      </UiProvider>,
    );
    notify.success('已保存');
    expect((await screen.findByText('已保存')).textContent).toBe('已保存');
    expect(document.querySelector('.ant-message')).not.toBeNull();
  });
});
