import { PORTAL_DETAIL_PATHS } from '@ip/contract';
import type { Deps } from '../../deps';
import { portalSettings, publicArticle } from './portal.service';
import { htmlText } from './sanitize';

// SEO and share cards (issue 14, ADR 0045): the server answers a public page with its <title>, description and
// og: tags already in index.html, so a link pasted in a chat shows its card before any script runs. A detail page
// (?id=) of a published article gets the article's; every other /web page gets the share settings.
// og:image and og:url are absolute (the Open Graph protocol asks for it: a chat's crawler does not resolve a path)
// when the request's origin is known. An article without a cover shares the first image of its body (ADR 0057).

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface ShareMeta {
  title: string;
  description: string;
  image: string;
  url: string;
}

/** The share meta of a page, or null for pages that keep index.html as it is (internal pages). */
export async function shareMetaFor(deps: Deps, pathname: string, search: URLSearchParams): Promise<ShareMeta | null> {
  const isPortal = pathname.startsWith('/web') || pathname === '/assistance/details' || pathname === '/association/details';
  if (!isPortal) return null;
  const settings = await portalSettings(deps.db.db);
  const share: ShareMeta = {
    title: settings.share.title,
    description: settings.share.description,
    image: settings.share.image_url,
    url: pathname + (search.size ? `?${search.toString()}` : ''),
  };
  const id = Number(search.get('id'));
  if (PORTAL_DETAIL_PATHS.includes(pathname) && Number.isInteger(id) && id > 0 && id < 2 ** 31) {
    const a = await publicArticle(deps, id);
    if (a) {
      let image = firstImage(a.body) ?? share.image;
      if (a.cover_file_id > 0) {
        const f = await deps.db.db
          .selectFrom('files')
          .select(['stored_name', 'visibility'])
          .where('id', '=', a.cover_file_id)
          .executeTakeFirst();
        if (f?.visibility === 'public') image = `/uploads/${f.stored_name}`;
      }
      return {
        title: `${a.title} - ${settings.share.title}`,
        description: (a.summary || htmlText(a.body)).slice(0, 120),
        image,
        url: share.url,
      };
    }
  }
  return share;
}

/** The source of the first image of sanitised article HTML (a site path or an http(s) URL), if any. */
function firstImage(html: string): string | undefined {
  const src = /<img\b[^>]*?\ssrc="([^"]+)"/i.exec(html)?.[1];
  const url = src?.replace(/&amp;/g, '&');
  return url && (/^\/(?!\/)/.test(url) || /^https?:\/\//i.test(url)) ? url : undefined;
}

/** The origin of a request (`http://host:port`), or undefined when its Host is not a plain host name. */
export function requestOrigin(protocol: string, host: string): string | undefined {
  return /^(https?)$/.test(protocol) && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)
    ? `${protocol}://${host}`
    : undefined;
}

const absolute = (url: string, origin: string | undefined) => (origin && url.startsWith('/') ? origin + url : url);

/** index.html with the page's title and meta tags (an existing <title> is replaced); URLs made absolute on `origin`. */
export function withShareMeta(html: string, meta: ShareMeta, origin?: string): string {
  const tags = [
    `<title>${esc(meta.title)}</title>`,
    `<meta name="description" content="${esc(meta.description)}">`,
    `<meta property="og:type" content="article">`,
    `<meta property="og:title" content="${esc(meta.title)}">`,
    `<meta property="og:description" content="${esc(meta.description)}">`,
    `<meta property="og:url" content="${esc(absolute(meta.url, origin))}">`,
    meta.image ? `<meta property="og:image" content="${esc(absolute(meta.image, origin))}">` : '',
  ]
    .filter(Boolean)
    .join('');
  const stripped = html.replace(/<title>[\s\S]*?<\/title>/i, '').replace(/<meta name="description"[^>]*>/i, '');
  return /<head[^>]*>/i.test(stripped) ? stripped.replace(/<head[^>]*>/i, (h) => h + tags) : tags + stripped;
}
