import { parseFragment } from 'parse5';

// Stored article HTML is rebuilt from an allow-list (ADR 0045): the HTML is parsed with parse5 (the WHATWG
// parser jsdom uses; sanitize-html is not installed in this repository), and only listed elements and attributes
// are written back, every text and attribute value escaped. Scripts, styles, event handlers (on*), javascript:/data:
// links and anything unknown never survive; unknown elements keep their text.

const ALLOWED: Record<string, string[]> = {
  p: [],
  br: [],
  hr: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  sub: [],
  sup: [],
  span: [],
  div: [],
  blockquote: [],
  pre: [],
  code: [],
  ul: [],
  ol: [],
  li: [],
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'width', 'height'],
  figure: [],
  figcaption: [],
  table: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  caption: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};
/** Elements dropped together with their content. */
const DROP = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'noscript',
  'textarea',
  'select',
  'svg',
  'math',
  'head',
  'title',
]);
const VOID = new Set(['br', 'hr', 'img']);

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** A URL of a link or image that may stay: http(s), mailto (links), or a site path; nothing else. */
function safeUrl(value: string, img: boolean): string | null {
  // Browsers ignore control characters and spaces in schemes ("java\tscript:"): judge the URL without them.
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const v = value.replace(/[\u0000-\u0020\u007f]/g, '');
  if (/^https?:\/\//i.test(v)) return value.trim();
  if (!img && /^mailto:/i.test(v)) return value.trim();
  if (/^\/(?!\/)/.test(v) || /^#/.test(v)) return value.trim();
  return null;
}

interface Node {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  content?: Node;
}

function write(node: Node, out: string[]): void {
  if (node.nodeName === '#text') {
    out.push(escapeText(node.value ?? ''));
    return;
  }
  if (node.nodeName.startsWith('#')) return; // comments, doctype
  const tag = (node.tagName ?? node.nodeName).toLowerCase();
  if (DROP.has(tag)) return;
  const allowed = ALLOWED[tag];
  if (!allowed) {
    for (const child of node.childNodes ?? []) write(child, out);
    return;
  }
  const attrs: string[] = [];
  for (const { name, value } of node.attrs ?? []) {
    const n = name.toLowerCase();
    if (!allowed.includes(n)) continue;
    let v: string | null = value;
    if (n === 'href') v = safeUrl(value, false);
    else if (n === 'src') v = safeUrl(value, true);
    else if (n === 'target') v = value === '_blank' ? '_blank' : null;
    else if (['width', 'height', 'colspan', 'rowspan'].includes(n)) v = /^\d{1,4}$/.test(value.trim()) ? value.trim() : null;
    else if (n === 'scope') v = ['row', 'col'].includes(value) ? value : null;
    if (v === null) continue;
    attrs.push(` ${n}="${escapeAttr(v.slice(0, 2000))}"`);
  }
  if (tag === 'a' && attrs.some((a) => a.startsWith(' target='))) attrs.push(' rel="noopener noreferrer"');
  if (tag === 'img' && !attrs.some((a) => a.startsWith(' src='))) return;
  out.push(`<${tag}${attrs.join('')}>`);
  if (VOID.has(tag)) return;
  for (const child of node.childNodes ?? []) write(child, out);
  out.push(`</${tag}>`);
}

/** The article HTML with only allowed elements, attributes and URLs. */
export function sanitizeHtml(html: string): string {
  const fragment = parseFragment(html) as unknown as Node;
  const out: string[] = [];
  for (const child of fragment.childNodes ?? []) write(child, out);
  return out.join('');
}

/** The text of sanitised HTML (for a summary or a description). */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
