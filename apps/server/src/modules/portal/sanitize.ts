import sanitize from 'sanitize-html';

// Stored article HTML keeps only an allow-list (ADR 0045), through sanitize-html: listed elements and attributes
// survive, every text and attribute value is escaped. Scripts, styles, event handlers (on*), javascript:/data:
// links and anything unknown never survive; unknown elements keep their text, dangerous ones lose it too.

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
const DROP = [
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
];

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

const numeric = (v: string | undefined) => (v !== undefined && /^\d{1,4}$/.test(v.trim()) ? v.trim() : undefined);

/** Keeps only the attribute values of ALLOWED that are safe (URLs, numbers, target, scope). */
function cleanAttributes(tagName: string, attribs: sanitize.Attributes): sanitize.Attributes {
  const out: sanitize.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    let v: string | null | undefined = value;
    if (name === 'href') v = safeUrl(value, false);
    else if (name === 'src') v = safeUrl(value, true);
    else if (name === 'target') v = value === '_blank' ? '_blank' : null;
    else if (['width', 'height', 'colspan', 'rowspan'].includes(name)) v = numeric(value);
    else if (name === 'scope') v = ['row', 'col'].includes(value) ? value : null;
    if (v === null || v === undefined) continue;
    out[name] = v.slice(0, 2000);
  }
  if (tagName === 'a' && out.target) out.rel = 'noopener noreferrer';
  return out;
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: Object.keys(ALLOWED),
  allowedAttributes: { ...ALLOWED, a: [...ALLOWED.a, 'rel'] },
  // URLs are judged by safeUrl below (stricter than sanitize-html's scheme list: no data:, no protocol-relative).
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP,
  transformTags: {
    '*': (tagName, attribs) => ({ tagName, attribs: cleanAttributes(tagName, attribs) }),
  },
  // An image without a (safe) source is dropped.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The article HTML with only allowed elements, attributes and URLs. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
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
