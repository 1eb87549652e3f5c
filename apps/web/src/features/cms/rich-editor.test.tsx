import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockNetwork, ok } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import RichEditor from './components/rich-editor';

// The article editor (tiptap 3): an uploaded image and a table inserted one after the other both reach the HTML the
// form saves, in either order (ADR 0057: the table used to replace the image just inserted).

const UPLOADED = {
  id: 41,
  url: '/uploads/original.png',
  display_url: '/uploads/display.webp',
  thumb_url: '/uploads/thumb.webp',
  name: '示意图.png',
  size: 70,
  purpose: 'portal',
  visibility: 'public',
};

// ProseMirror scrolls the selection into view through Range rectangles, which jsdom does not implement.
beforeAll(() => {
  const none = () => Object.assign([] as unknown as DOMRectList, { item: () => null });
  const zero = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects ??= none;
  Range.prototype.getBoundingClientRect ??= zero;
});

function setup(value = '') {
  const net = mockNetwork((c) => (c.url === '/v1/common/file' ? ok(UPLOADED) : ok(null)));
  const onChange = vi.fn<(html: string) => void>();
  renderWithProviders(<RichEditor value={value} onChange={onChange} />);
  const last = () => onChange.mock.calls.at(-1)?.[0] ?? '';
  return { net, onChange, last };
}

async function insertImage(uploads: () => number) {
  const before = uploads();
  const input = screen.getByLabelText('选择要插入的图片');
  fireEvent.change(input, {
    target: { files: [new File([new Uint8Array([137, 80, 78, 71])], '示意图.png', { type: 'image/png' })] },
  });
  await waitFor(() => expect(uploads()).toBe(before + 1));
  await waitFor(() => expect(screen.getByRole('textbox', { name: '正文' }).querySelector('img')).not.toBeNull());
}

describe('RichEditor: image and table', () => {
  it('keeps the image when a table is inserted right after it', { timeout: 60_000 }, async () => {
    const { net, last } = setup();
    const user = userEvent.setup();
    await insertImage(() => net.calls.filter((c) => c.url === '/v1/common/file').length);
    expect(last()).toContain('<img src="/uploads/display.webp" alt="示意图">');
    await user.click(screen.getByRole('button', { name: '插入表格' }));
    await waitFor(() => expect(last()).toContain('<table'));
    expect(last()).toContain('<img src="/uploads/display.webp" alt="示意图">');
    expect(last().indexOf('<img')).toBeLessThan(last().indexOf('<table'));
  });

  it('puts the table between the image and the paragraph that follows it', { timeout: 60_000 }, async () => {
    // The cursor is at the start of the body (jsdom places no caret): the image goes before the paragraph.
    const { net, last } = setup('<p>第一段</p>');
    const user = userEvent.setup();
    await insertImage(() => net.calls.filter((c) => c.url === '/v1/common/file').length);
    await user.click(screen.getByRole('button', { name: '插入表格' }));
    await waitFor(() => expect(last()).toContain('<table'));
    expect(last()).toMatch(/^<img src="\/uploads\/display.webp" alt="示意图"><table.*<\/table><p>第一段<\/p>$/);
  });

  it('keeps both when the table comes first and the image goes into it', { timeout: 60_000 }, async () => {
    const { net, last } = setup();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '插入表格' }));
    // The cursor is in the table (its row and column tools show); an empty table alone is an empty body ('').
    await screen.findByRole('button', { name: '删除表格' });
    await insertImage(() => net.calls.filter((c) => c.url === '/v1/common/file').length);
    expect(last()).toMatch(/^<table.*<th><img src="\/uploads\/display.webp" alt="示意图">(<p><\/p>)?<\/th>.*<\/table>/);
    expect(last()).toContain('<img src="/uploads/display.webp" alt="示意图">');
  });
});
