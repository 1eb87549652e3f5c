import { queryOptions } from '@tanstack/react-query';
import type { ArticlePage, PortalHome, PortalSettings, PublicArticleDetail } from '@ip/contract';
import { get } from '../api/http';

// The public portal's calls (ADR 0045). Answers are cached by the browser for 60 s (Cache-Control).

export const portalHomeQuery = () =>
  queryOptions({ queryKey: ['portal', 'home'], queryFn: () => get<PortalHome>('/v1/portal/home'), staleTime: 60_000 });

export const portalSettingsQuery = () =>
  queryOptions({
    queryKey: ['portal', 'settings'],
    queryFn: () => get<PortalSettings>('/v1/portal/settings', undefined, { silent: true }),
    staleTime: 60_000,
  });

export interface ArticleListParams {
  channel: string;
  keyword: string;
  from: string;
  to: string;
  page: number;
  page_size: number;
}

export const portalArticlesQuery = (p: ArticleListParams) =>
  queryOptions({
    queryKey: ['portal', 'articles', p],
    queryFn: () => get<ArticlePage>('/v1/portal/articles', { ...p }),
  });

export const portalArticleQuery = (id: number) =>
  queryOptions({
    queryKey: ['portal', 'article', id],
    queryFn: () => get<PublicArticleDetail>('/v1/portal/article', { id }),
    enabled: id > 0,
  });

/** The day (Asia/Shanghai) of an ISO time. */
export const shanghaiDay = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 10) : '';
