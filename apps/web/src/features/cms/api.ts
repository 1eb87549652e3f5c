import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  ArticleAdminListBody,
  ArticleDetail,
  ArticlePage,
  ArticleRevision,
  ArticleSaveBody,
  PortalSettings,
  PortalSettingsBody,
  PublicArticleDetail,
} from '@ip/contract';
import { post } from '../../api/http';

// The administrator's content calls (ADR 0045, 0053): /v1/portal/admin/*.

export const CMS_KEY = ['cms'] as const;

export const adminArticlesQuery = (body: ArticleAdminListBody) =>
  queryOptions({
    queryKey: [...CMS_KEY, 'articles', body],
    queryFn: () => post<ArticlePage>('/v1/portal/admin/articles', body, { background: true }),
    placeholderData: keepPreviousData,
  });
export const adminArticleQuery = (id: number) =>
  queryOptions({
    queryKey: [...CMS_KEY, 'article', id],
    queryFn: () => post<ArticleDetail>('/v1/portal/admin/article', { id }),
    enabled: id > 0,
  });
export const adminReadQuery = (id: number) =>
  queryOptions({
    queryKey: [...CMS_KEY, 'read', id],
    queryFn: () => post<PublicArticleDetail>('/v1/portal/admin/article/read', { id }),
    enabled: id > 0,
  });
export const revisionsQuery = (id: number) =>
  queryOptions({
    queryKey: [...CMS_KEY, 'revisions', id],
    queryFn: () => post<ArticleRevision[]>('/v1/portal/admin/article/revisions', { id }),
    enabled: id > 0,
  });
export const adminSettingsQuery = () =>
  queryOptions({
    queryKey: [...CMS_KEY, 'settings'],
    queryFn: () => post<PortalSettings>('/v1/portal/admin/settings'),
  });

export const saveArticleCall = (body: ArticleSaveBody) => post<ArticleDetail>('/v1/portal/admin/article/save', body);
export const publishArticleCall = (id: number, publishAt = '') =>
  post<ArticleDetail>('/v1/portal/admin/article/publish', publishAt ? { id, publish_at: publishAt } : { id });
export const withdrawArticleCall = (id: number) => post<ArticleDetail>('/v1/portal/admin/article/withdraw', { id });
export const deleteArticleCall = (id: number) => post<{ id: number }>('/v1/portal/admin/article/delete', { id });
export const restoreRevisionCall = (id: number, revisionId: number) =>
  post<ArticleDetail>('/v1/portal/admin/article/restore', { id, revision_id: revisionId });
export const saveSettingsCall = (body: PortalSettingsBody) => post<PortalSettings>('/v1/portal/admin/settings/save', body);

/** A time as 'YYYY-MM-DD HH:mm' in Asia/Shanghai. */
export const shanghaiTime = (iso: string | null | undefined) =>
  iso ? new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ') : '';

export const REVISION_ACTIONS: Record<string, string> = {
  create: '新建',
  save: '保存',
  publish: '发布',
  withdraw: '撤回',
  restore: '恢复版本',
};
