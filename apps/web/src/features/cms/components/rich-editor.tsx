import { useEffect, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { NodeSelection, TextSelection, type Transaction } from '@tiptap/pm/state';
import { TableKit } from '@tiptap/extension-table';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import { uploadFile, type UploadedFile } from '../../../api/http';
import { notify } from '../../../lib/notify';
import '../cms.css';

// The article body's rich-text editor (tiptap 3): its own lazy chunk, loaded only by /web's article form.
// What it produces is sanitised again on the server (ADR 0045 §4), so the editor is not the safety boundary.

export interface RichEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** Label of the editable area for assistive technology. */
  label?: string;
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/**
 * When a block node is selected (an image just inserted, or one the user clicked), moves the cursor into a paragraph
 * right after it, adding an empty paragraph when no text block follows: an insertion (a table) then goes after the
 * node instead of replacing it. Selection.near is not enough: after the last node of the body (or of a table cell)
 * there is no text position, so it selects the image again and the table took its place (ADR 0057).
 */
function cursorAfterSelectedNode(tr: Transaction): void {
  if (!(tr.selection instanceof NodeSelection)) return;
  const pos = tr.selection.to;
  const $pos = tr.doc.resolve(pos);
  if ($pos.nodeAfter?.isTextblock) {
    tr.setSelection(TextSelection.create(tr.doc, pos + 1));
    return;
  }
  const paragraph = tr.doc.type.schema.nodes.paragraph;
  if (!paragraph || !$pos.parent.canReplaceWith($pos.index(), $pos.index(), paragraph)) return;
  tr.insert(pos, paragraph.create());
  tr.setSelection(TextSelection.create(tr.doc, pos + 1));
}

/** A toolbar button: its visible text is its whole label (the accessible name matches what is seen, WCAG 2.5.3). */
function Tool({
  label,
  active,
  disabled,
  onClick,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  /** A short form once shown; the label is shown now. */
  children?: string;
}) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'default'}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {label}
      </Button>
    </Tooltip>
  );
}

function LinkTool({ editor }: { editor: Editor }) {
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const apply = () => {
    const v = href.trim();
    if (!v) editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else if (!/^(https?:\/\/|\/|mailto:)/i.test(v)) {
      notify.error('链接须以 http://、https://、/ 或 mailto: 开头');
      return;
    } else editor.chain().focus().extendMarkRange('link').setLink({ href: v }).run();
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) setHref((editor.getAttributes('link').href as string | undefined) ?? '');
      }}
      trigger="click"
      content={
        <Space.Compact>
          <Input
            aria-label="链接地址"
            placeholder="https:// 或 /web/…"
            value={href}
            onChange={(e) => setHref(e.target.value)}
            onPressEnter={apply}
            style={{ width: 240 }}
          />
          <Button type="primary" onClick={apply}>
            确定
          </Button>
        </Space.Compact>
      }
    >
      <Button size="small" aria-label="链接" onMouseDown={(e) => e.preventDefault()}>
        链接
      </Button>
    </Popover>
  );
}

export default function RichEditor({ value = '', onChange, label = '正文' }: RichEditorProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: true } }),
      Image.configure({ inline: false }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: value,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', class: 'cms-editor-content' },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      inTable: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  // A value set from outside (a revision restored, another article opened) replaces the content.
  useEffect(() => {
    if (editor && value !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const insertImage = async (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) {
      notify.error('只能插入 PNG、JPG、GIF 或 WebP 图片');
      return;
    }
    setUploading(true);
    try {
      // The server keeps the original and answers a display copy at most 1200 px wide (ADR 0053): the body uses that.
      const up: UploadedFile & { display_url?: string } = await uploadFile(file, 'image', { purpose: 'portal' });
      editor
        .chain()
        .focus()
        .setImage({ src: up.display_url || up.url, alt: file.name.replace(/\.[^.]+$/, '') })
        // The new image is left selected; the cursor goes after it, so the next insertion (a table) does not replace it.
        .command(({ tr }) => {
          cursorAfterSelectedNode(tr);
          return true;
        })
        .run();
    } catch {
      // The upload's error was shown by the http layer.
    } finally {
      setUploading(false);
    }
  };

  const c = () => editor.chain().focus();
  return (
    <div className="cms-editor">
      <div className="cms-editor-toolbar" role="toolbar" aria-label="正文格式">
        <Tool label="加粗" active={state.bold} onClick={() => c().toggleBold().run()}>
          B
        </Tool>
        <Tool label="斜体" active={state.italic} onClick={() => c().toggleItalic().run()}>
          I
        </Tool>
        <Tool label="下划线" active={state.underline} onClick={() => c().toggleUnderline().run()}>
          U
        </Tool>
        <Tool label="二级标题" active={state.h2} onClick={() => c().toggleHeading({ level: 2 }).run()}>
          H2
        </Tool>
        <Tool label="三级标题" active={state.h3} onClick={() => c().toggleHeading({ level: 3 }).run()}>
          H3
        </Tool>
        <Tool label="无序列表" active={state.bullet} onClick={() => c().toggleBulletList().run()}>
          • 列表
        </Tool>
        <Tool label="有序列表" active={state.ordered} onClick={() => c().toggleOrderedList().run()}>
          1. 列表
        </Tool>
        <Tool label="引用" active={state.quote} onClick={() => c().toggleBlockquote().run()}>
          引用
        </Tool>
        <LinkTool editor={editor} />
        <Tool label="插入图片" disabled={uploading} onClick={() => fileInput.current?.click()}>
          {uploading ? '上传中…' : '图片'}
        </Tool>
        <Tool
          label="插入表格"
          onClick={() =>
            c()
              // A selected image stays: the table goes after it.
              .command(({ tr }) => {
                cursorAfterSelectedNode(tr);
                return true;
              })
              .insertTable({ rows: 3, cols: 3, withHeaderRow: true })
              .run()
          }
        >
          表格
        </Tool>
        {state.inTable && (
          <>
            <Tool label="表格后加一行" onClick={() => c().addRowAfter().run()}>
              +行
            </Tool>
            <Tool label="表格后加一列" onClick={() => c().addColumnAfter().run()}>
              +列
            </Tool>
            <Tool label="删除表格" onClick={() => c().deleteTable().run()}>
              删表格
            </Tool>
          </>
        )}
        <Tool label="撤销" disabled={!state.canUndo} onClick={() => c().undo().run()}>
          撤销
        </Tool>
        <Tool label="重做" disabled={!state.canRedo} onClick={() => c().redo().run()}>
          重做
        </Tool>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          hidden
          // antd's form reset shows file inputs (input[type='file'] { display: block }), which beats [hidden].
          style={{ display: 'none' }}
          aria-label="选择要插入的图片"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void insertImage(f);
          }}
        />
      </div>
      <EditorContent editor={editor} className="portal-body" />
    </div>
  );
}
