import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { ArticleDetail, ArticlePage, ArticleRevision, PortalSettings, PublicArticleDetail } from '@ip/contract';
import { setToken } from '../../lib/storage';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { buttonByText } from '../../test/queries';
import { renderWithProviders } from '../../test/render';

// /web 网站管理, /news 资讯中心, /newsDetails (ADR 0053) against a mocked network.

const ARTICLE: ArticleDetail = {
  id: 7,
  channel: 'news',
  title: '区知识产权局开展专利导航培训',
  summary: '培训覆盖 40 家企业。',
  source: '区知识产权局',
  author: '',
  cover_file_id: 0,
  cover_url: '',
  pinned: true,
  status: 'draft',
  publish_at: null,
  issuer: '',
  effective_date: '',
  updated_at: '2026-11-20T02:00:00.000Z',
  body: '<p>培训<strong>正文</strong></p><table><tbody><tr><td>表格单元</td></tr></tbody></table>',
  attachments: [{ id: 3, name: '培训材料.pdf', url: '/v1/common/file/3?expires=1&sig=a' }],
  created_at: '2026-11-20T02:00:00.000Z',
};
const PAGE: ArticlePage = { list: [ARTICLE], total: 1, page: 1, page_size: 10 };
const REVISIONS: ArticleRevision[] = [
  {
    id: 12,
    action: 'save',
    editor_name: '管理员',
    title: ARTICLE.title,
    body: ARTICLE.body,
    created_at: '2026-11-20T03:00:00.000Z',
  },
  {
    id: 11,
    action: 'create',
    editor_name: '管理员',
    title: '初稿标题',
    body: '<p>初稿</p>',
    created_at: '2026-11-20T02:00:00.000Z',
  },
];
const SETTINGS: PortalSettings = {
  banners: [],
  footer_links: [{ title: '区政府网', link: 'https://www.example.gov.cn' }],
  footer_text: '主办：区知识产权局',
  share: {
    title: '知识产权管理与专利检索平台',
    description: '邀请您一起查看知识产权资讯与政策服务',
    link: '/web/index',
    image_file_id: 0,
    image_url: '',
  },
};

function network(extra: (c: RecordedCall) => ReturnType<typeof ok> | undefined = () => undefined) {
  setToken('tok');
  return mockNetwork((c) => {
    const r = extra(c);
    if (r) return r;
    if (c.url === '/v1/user/info') return ok(makeUser({ is_admin: 1 }));
    if (c.url === '/v1/portal/admin/articles') return ok(PAGE);
    if (c.url === '/v1/portal/admin/article') return ok(ARTICLE);
    if (c.url === '/v1/portal/admin/article/revisions') return ok(REVISIONS);
    if (c.url === '/v1/portal/admin/settings') return ok(SETTINGS);
    if (c.url.startsWith('/v1/portal/admin/')) return ok(ARTICLE);
    return ok(null);
  });
}

let WebAdminPage: typeof import('./pages/web-admin-page').default;
let NewsPage: typeof import('./pages/news-page').default;
let NewsDetailsPage: typeof import('./pages/news-details-page').default;
beforeAll(async () => {
  WebAdminPage = (await import('./pages/web-admin-page')).default;
  NewsPage = (await import('./pages/news-page')).default;
  NewsDetailsPage = (await import('./pages/news-details-page')).default;
  await import('./components/rich-editor');
}, 180_000);

describe('/web 网站管理', () => {
  it('lists a channel’s articles, switches channel and filters by status in the address', { timeout: 120_000 }, async () => {
    const net = network();
    const user = userEvent.setup();
    renderWithProviders(<WebAdminPage />, ['/web']);
    expect(await screen.findByText(ARTICLE.title, {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('置顶')).toBeTruthy();
    expect(net.calls.find((c) => c.url === '/v1/portal/admin/articles')!.body).toMatchObject({
      channel: 'news',
      scope: 'public',
      page: 1,
    });
    // 内部通知 is not a portal channel: only /news shows it.
    expect(screen.queryByRole('menuitem', { name: '内部通知' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: '政策法规' }));
    await waitFor(() =>
      expect(net.calls.filter((c) => c.url === '/v1/portal/admin/articles').at(-1)!.body).toMatchObject({ channel: 'policy' }),
    );
  });

  it('writes a new article with the rich-text editor and publishes it', { timeout: 120_000 }, async () => {
    const net = network();
    const user = userEvent.setup();
    renderWithProviders(<WebAdminPage />, ['/web']);
    await user.click(await waitFor(() => buttonByText('新建文章'), { timeout: 20_000 }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByRole('toolbar', { name: '正文格式' }, { timeout: 20_000 })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: '插入表格' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: '插入图片' })).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: '保存并发布' }));
    expect(await within(drawer).findByText('请输入标题')).toBeTruthy();
    expect(net.calls.some((c) => c.url === '/v1/portal/admin/article/save')).toBe(false);
    await user.type(within(drawer).getByRole('textbox', { name: '标题' }), '新的专利资讯');
    await user.click(within(drawer).getByRole('button', { name: '保存并发布' }));
    await waitFor(() => expect(net.calls.some((c) => c.url === '/v1/portal/admin/article/publish')).toBe(true));
    expect(net.calls.find((c) => c.url === '/v1/portal/admin/article/save')!.body).toMatchObject({
      channel: 'news',
      title: '新的专利资讯',
      pinned: false,
      cover_file_id: 0,
      attachments: [],
    });
    expect(net.calls.find((c) => c.url === '/v1/portal/admin/article/publish')!.body).toEqual({ id: 7 });
  });

  it('previews the saved article as the public page renders it', { timeout: 120_000 }, async () => {
    network();
    const user = userEvent.setup();
    renderWithProviders(<WebAdminPage />, ['/web']);
    const row = (await screen.findByText(ARTICLE.title, {}, { timeout: 20_000 })).closest('tr')!;
    await user.click(within(row).getByText(/^预\s*览$/));
    const preview = (await screen.findByText(/访客尚不可见/, {}, { timeout: 20_000 })).closest('.ant-modal')! as HTMLElement;
    expect(await within(preview).findByText('表格单元', {}, { timeout: 20_000 })).toBeTruthy();
    expect(within(preview).getByText(/访客尚不可见/)).toBeTruthy();
    expect(within(preview).getByText('培训材料.pdf')).toBeTruthy();
  });

  it('restores a revision and deletes only after confirmation', { timeout: 120_000 }, async () => {
    const net = network();
    const user = userEvent.setup();
    renderWithProviders(<WebAdminPage />, ['/web']);
    const row = (await screen.findByText(ARTICLE.title, {}, { timeout: 20_000 })).closest('tr')!;
    await user.click(within(row).getByText('历史版本'));
    expect(await screen.findByText('当前版本', {}, { timeout: 20_000 })).toBeTruthy();
    await user.click(screen.getByText(/^恢\s*复$/));
    expect(await screen.findByText('恢复到此版本？')).toBeTruthy();
    await user.click(screen.getAllByText(/^恢\s*复$/).at(-1)!);
    await waitFor(() =>
      expect(net.calls.find((c) => c.url === '/v1/portal/admin/article/restore')?.body).toEqual({ id: 7, revision_id: 11 }),
    );

    await user.click(within(row).getByText(/^删\s*除$/));
    expect(await screen.findByText('文章及其历史版本将被删除，不能恢复。')).toBeTruthy();
    expect(net.calls.some((c) => c.url === '/v1/portal/admin/article/delete')).toBe(false);
    await user.click(screen.getAllByText(/^删\s*除$/).at(-1)!);
    await waitFor(() => expect(net.calls.find((c) => c.url === '/v1/portal/admin/article/delete')?.body).toEqual({ id: 7 }));
  });

  it('shows the share defaults and saves the share settings', { timeout: 120_000 }, async () => {
    const net = network();
    const user = userEvent.setup();
    renderWithProviders(<WebAdminPage />, ['/web?tab=share']);
    const title = await screen.findByRole('textbox', { name: '分享标题' }, { timeout: 20_000 });
    expect((title as HTMLInputElement).value).toBe('知识产权管理与专利检索平台');
    await user.clear(title);
    await user.type(title, '区知识产权公共服务平台');
    await user.click(buttonByText('保存分享设置'));
    await waitFor(() => expect(net.calls.some((c) => c.url === '/v1/portal/admin/settings/save')).toBe(true));
    expect(net.calls.find((c) => c.url === '/v1/portal/admin/settings/save')!.body).toEqual({
      share: { title: '区知识产权公共服务平台', description: SETTINGS.share.description, link: '/web/index', image_file_id: 0 },
    });
  });
});

describe('/news and /newsDetails', () => {
  it('lists every channel with internal notices and links titles to the read view', { timeout: 120_000 }, async () => {
    const net = network();
    const user = userEvent.setup();
    renderWithProviders(<NewsPage />, ['/news']);
    const link = (await screen.findByText(ARTICLE.title, {}, { timeout: 20_000 })).closest('a')!;
    expect(link.getAttribute('href')).toBe('/newsDetails?id=7');
    expect(net.calls.find((c) => c.url === '/v1/portal/admin/articles')!.body).toMatchObject({ channel: '', scope: 'all' });
    await user.click(screen.getByRole('menuitem', { name: '内部通知' }));
    await waitFor(() =>
      expect(net.calls.filter((c) => c.url === '/v1/portal/admin/articles').at(-1)!.body).toMatchObject({ channel: 'notice' }),
    );
  });

  it('reads an internal notice with previous and next', { timeout: 120_000 }, async () => {
    const read: PublicArticleDetail = {
      article: {
        ...ARTICLE,
        channel: 'notice',
        title: '关于年终考核的内部通知',
        status: 'published',
        publish_at: '2026-11-20T02:00:00.000Z',
      },
      prev: { id: 9, title: '较新的通知' },
      next: null,
    };
    const net = network((c) => (c.url === '/v1/portal/admin/article/read' ? ok(read) : undefined));
    renderWithProviders(
      <Routes>
        <Route path="/newsDetails" element={<NewsDetailsPage />} />
      </Routes>,
      ['/newsDetails?id=7'],
    );
    expect(await screen.findByRole('heading', { name: '关于年终考核的内部通知' }, { timeout: 20_000 })).toBeTruthy();
    expect(net.calls.find((c) => c.url === '/v1/portal/admin/article/read')!.body).toEqual({ id: 7 });
    expect(screen.getByText(/仅在资讯中心可见/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '较新的通知' }).getAttribute('href')).toBe('/newsDetails?id=9');
    expect(screen.getByText('没有了')).toBeTruthy();
    expect(screen.getByText('表格单元')).toBeTruthy();
  });
});
