import type { ElementType } from 'react';

/**
 * The server sends titles and snippets HTML-escaped with only <em>…</em> added. Anything else that looks like a tag
 * is turned back into text here as well, so a bug upstream can never inject markup: only a bare `<em>` or `</em>`
 * survives as a tag.
 */
export function safeHighlightHtml(html: string): string {
  return (html ?? '').replace(/<(?!\/?em>)/gi, '&lt;');
}

/** Renders a highlighted field (the only place dangerouslySetInnerHTML is used). */
export function HighlightHtml({ html, as: Tag = 'span', className }: { html: string; as?: ElementType; className?: string }) {
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: safeHighlightHtml(html) }} />;
}
