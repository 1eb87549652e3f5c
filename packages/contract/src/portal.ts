import { z } from 'zod';
import { isIsoDate } from './ip-records';

// The public portal and its content (issue 14, ADR 0045): a fixed list of channels matching the portal's sections,
// articles (draft → published → withdrawn) with revisions, and the portal settings (home banners, footer links,
// share card). Admin calls under /v1/portal/admin/*, public calls under /v1/portal/*.

export interface PortalChannel {
  key: string;
  name: string;
  /** The public list page; '' for channels not shown on the portal (内部通知). */
  list: string;
  /** The public detail page (with ?id=). */
  detail: string;
  /** Policies carry an issuing body and an effective date. */
  policy?: boolean;
}

export const PORTAL_CHANNELS: PortalChannel[] = [
  { key: 'news', name: '新闻资讯', list: '/web/news', detail: '/web/news/details' },
  { key: 'activities', name: '活动信息', list: '/web/activities', detail: '/web/activities/details' },
  { key: 'engineering', name: '知识产权工程', list: '/web/engineering', detail: '/web/engineering/details' },
  { key: 'protection', name: '知识产权保护', list: '/web/protection', detail: '/web/protection/details' },
  { key: 'manufacturing', name: '先进制造', list: '/web/manufacturing', detail: '/web/facturing/details' },
  { key: 'honor', name: '专利荣誉', list: '/web/honor', detail: '/web/news/details' },
  { key: 'service_dynamic', name: '服务动态', list: '/web/services/dynamic', detail: '/web/central/details' },
  { key: 'service_story', name: '创新故事', list: '/web/services/InnovationStory', detail: '/web/central/details' },
  { key: 'service_intro', name: '服务介绍', list: '/web/services/introduce', detail: '/web/central/details' },
  { key: 'finance', name: '知识产权金融', list: '/web/finance', detail: '/web/news/details' },
  { key: 'enterprise', name: '企业风采', list: '/web/enterprise', detail: '/web/leader/details' },
  { key: 'leader', name: '领军企业', list: '/web/enterprise/leader', detail: '/web/leader/details' },
  { key: 'overseas_warning', name: '海外预警', list: '/web/overseas/warning', detail: '/assistance/details' },
  { key: 'overseas_assistance', name: '海外维权援助', list: '/web/overseas/assistance', detail: '/assistance/details' },
  { key: 'overseas_association', name: '海外协会', list: '/web/overseas/association', detail: '/association/details' },
  { key: 'policy', name: '政策法规', list: '/web/policies', detail: '/web/policies/details', policy: true },
  { key: 'policy_reading', name: '政策解读', list: '/web/policies', detail: '/web/policy/details' },
  { key: 'patent_award', name: '专利奖', list: '/web/patentaward', detail: '/web/news/details' },
  { key: 'notice', name: '内部通知', list: '', detail: '' },
];

export const PORTAL_CHANNEL_KEYS = PORTAL_CHANNELS.map((c) => c.key) as [string, ...string[]];
export const PUBLIC_CHANNEL_KEYS = PORTAL_CHANNELS.filter((c) => c.list).map((c) => c.key);
export const channelOf = (key: string): PortalChannel | undefined => PORTAL_CHANNELS.find((c) => c.key === key);
/** Every public detail page path (the server answers them with the article's share meta). */
export const PORTAL_DETAIL_PATHS = [...new Set(PORTAL_CHANNELS.map((c) => c.detail).filter(Boolean))];

export const ARTICLE_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const ARTICLE_STATUS_TEXT: Record<ArticleStatus, string> = { draft: '草稿', published: '已发布', withdrawn: '已撤回' };

export const ARTICLE_TITLE_MAX = 100;
export const ARTICLE_SUMMARY_MAX = 300;
export const ARTICLE_BODY_MAX = 200_000;
export const ARTICLE_ATTACHMENTS_MAX = 10;
export const PORTAL_BANNERS_MAX = 8;
export const PORTAL_LINKS_MAX = 30;

/** The share card's defaults (spec §7 Sharing): the product's administration name and an invitation. */
export const DEFAULT_SHARE = {
  title: '知识产权管理与专利检索平台',
  description: '邀请您一起查看知识产权资讯与政策服务',
  link: '/web/index',
  image: '',
} as const;

const articleId = z.coerce
  .number({ error: '请选择文章' })
  .int('文章编号不正确')
  .positive('请选择文章')
  .max(2147483647, '文章编号不正确');
const Channel = z.enum(PORTAL_CHANNEL_KEYS, { error: '栏目不正确' });
const text = (label: string, max: number) =>
  z
    .string({ error: `${label}须为文字` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字`)
    .default('');
const fileId = z
  .number({ error: '文件编号不正确' })
  .int('文件编号不正确')
  .min(0, '文件编号不正确')
  .max(2147483647, '文件编号不正确');
const day = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .refine((v) => v === '' || isIsoDate(v), `${label}格式不正确，应为有效日期 YYYY-MM-DD`)
    .default('');
const Page = z.coerce
  .number({ error: '页码不正确' })
  .int('页码不正确')
  .min(1, '页码不正确')
  .max(100_000, '页码不正确')
  .default(1);
const PageSize = z.coerce
  .number({ error: '每页条数不正确' })
  .int('每页条数不正确')
  .min(1, '每页条数不正确')
  .max(100, '每页最多 100 条')
  .default(10);
const Keyword = z.string({ error: '关键词须为文字' }).trim().max(50, '关键词不能超过 50 个字').default('');

/** POST /v1/portal/admin/article/save: a new article (no id) is a draft; an existing one keeps its status. */
export const ArticleSaveBody = z.object({
  id: articleId.optional(),
  channel: Channel,
  title: z
    .string({ error: '请输入标题' })
    .trim()
    .min(1, '请输入标题')
    .max(ARTICLE_TITLE_MAX, `标题不能超过 ${ARTICLE_TITLE_MAX} 个字`),
  summary: text('摘要', ARTICLE_SUMMARY_MAX),
  source: text('来源', 50),
  author: text('作者', 50),
  body: z.string({ error: '正文须为文字' }).max(ARTICLE_BODY_MAX, '正文过长').default(''),
  cover_file_id: fileId.default(0),
  attachments: z
    .array(fileId.positive('附件编号不正确'), { error: '附件格式不正确' })
    .max(ARTICLE_ATTACHMENTS_MAX, `附件最多 ${ARTICLE_ATTACHMENTS_MAX} 个`)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  pinned: z.boolean({ error: '置顶须为是或否' }).default(false),
  issuer: text('发布机关', 50),
  effective_date: day('生效日期'),
});
export type ArticleSaveBody = z.input<typeof ArticleSaveBody>;

export const ArticleIdBody = z.object({ id: articleId });
/** POST /v1/portal/admin/article/publish: publish_at (ISO time) defaults to now; a later time schedules it. */
export const ArticlePublishBody = z.object({
  id: articleId,
  publish_at: z
    .string({ error: '发布时间格式不正确' })
    .trim()
    .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), '发布时间格式不正确')
    .default(''),
});
export const ArticleAdminListBody = z.object({
  channel: z.union([Channel, z.literal('')]).default(''),
  status: z.union([z.enum(ARTICLE_STATUSES, { error: '状态不正确' }), z.literal('')]).default(''),
  /** 'public': the portal's channels only (/web); 'all' adds 内部通知 (/news). */
  scope: z.enum(['public', 'all'], { error: '范围不正确' }).default('all'),
  keyword: Keyword,
  page: Page,
  page_size: PageSize,
});
export type ArticleAdminListBody = z.input<typeof ArticleAdminListBody>;

/** GET /v1/portal/articles?channel=&keyword=&from=&to=&page=&page_size= */
export const PublicArticleQuery = z.object({
  channel: z.enum(PUBLIC_CHANNEL_KEYS as [string, ...string[]], { error: '栏目不正确' }),
  keyword: Keyword,
  from: day('开始日期'),
  to: day('结束日期'),
  page: Page,
  page_size: PageSize,
});
export const PublicArticleIdQuery = z.object({ id: articleId });

const Link = z
  .string({ error: '链接须为文字' })
  .trim()
  .max(300, '链接不能超过 300 个字')
  .refine((v) => v === '' || /^(https?:\/\/|\/)/i.test(v), '链接须以 http://、https:// 或 / 开头')
  .default('');
export const PortalSettingsBody = z.object({
  banners: z
    .array(z.object({ title: text('横幅标题', 50), image_file_id: fileId, link: Link }), { error: '横幅格式不正确' })
    .max(PORTAL_BANNERS_MAX, `横幅最多 ${PORTAL_BANNERS_MAX} 个`)
    .optional(),
  footer_links: z
    .array(
      z.object({
        title: z.string({ error: '请输入链接名称' }).trim().min(1, '请输入链接名称').max(30, '链接名称不能超过 30 个字'),
        link: Link,
      }),
      { error: '页脚链接格式不正确' },
    )
    .max(PORTAL_LINKS_MAX, `页脚链接最多 ${PORTAL_LINKS_MAX} 个`)
    .optional(),
  footer_text: text('页脚文字', 300).optional(),
  share: z
    .object({ title: text('分享标题', 50), description: text('分享描述', 120), link: Link, image_file_id: fileId.default(0) })
    .optional(),
});
export type PortalSettingsBody = z.input<typeof PortalSettingsBody>;

export interface ArticleFile {
  id: number;
  name: string;
  url: string;
}

export interface ArticleRow {
  id: number;
  channel: string;
  title: string;
  summary: string;
  source: string;
  author: string;
  cover_file_id: number;
  cover_url: string;
  /** The cover's 480 px WebP thumbnail (ADR 0053); the original for covers uploaded before thumbnails. */
  cover_thumb_url?: string;
  pinned: boolean;
  status: ArticleStatus;
  publish_at: string | null;
  issuer: string;
  effective_date: string;
  updated_at: string;
}

export interface ArticleDetail extends ArticleRow {
  body: string;
  attachments: ArticleFile[];
  created_at: string;
}

export interface ArticleNeighbour {
  id: number;
  title: string;
}

export interface PublicArticleDetail {
  article: ArticleDetail;
  prev: ArticleNeighbour | null;
  next: ArticleNeighbour | null;
}

export interface ArticleRevision {
  id: number;
  action: string;
  editor_name: string;
  title: string;
  body: string;
  created_at: string;
}

export interface ArticlePage {
  list: ArticleRow[];
  total: number;
  page: number;
  page_size: number;
}

export interface PortalSettings {
  banners: { title: string; image_file_id: number; image_url: string; link: string }[];
  footer_links: { title: string; link: string }[];
  footer_text: string;
  share: { title: string; description: string; link: string; image_file_id: number; image_url: string };
}

export interface PortalHome {
  settings: PortalSettings;
  channels: { key: string; name: string; list: string; detail: string; items: ArticleRow[] }[];
}
