import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ArticleRow, PortalSettings } from '@ip/contract';
import { mockNetwork, ok } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { ELDER_KEY } from './portal-frame';

// The public portal's list and detail templates, navigation, footer and 长辈版 switch (issue 14, ADR 0045).

const SETTINGS: PortalSettings = {
  banners: [],
  footer_links: [{ title: '国家知识产权局', link: 'https://www.cnipa.gov.cn' }],
  footer_text: '主办：示范区知识产权局',
  share: { title: '平台', description: '邀请', link: '/web/index', image_file_id: 0, image_url: '' },
};
const row = (id: number, patch: Partial<ArticleRow> = {}): ArticleRow => ({
  id,
  channel: 'news',
  title: `新闻${id}`,
  summary: `摘要${id}`,
  source: '区局',
  author: '',
  cover_file_id: 0,
  cover_url: '',
  pinned: false,
  status: 'published',
  publish_at: '2026-11-19T02:00:00.000Z',
  issuer: '',
  effective_date: '',
  updated_at: '2026-11-19T02:00:00.000Z',
  ...patch,
});

describe('portal channel pages', () => {
  it('lists a channel’s articles, searches within it by keyword and dates, and links to the detail page', async () => {
    const net = mockNetwork((c) => {
      if (c.url === '/v1/portal/settings') return ok(SETTINGS);
      if (c.url === '/v1/portal/articles') {
        const p = c.config.params as { keyword: string };
        const list = p.keyword ? [row(2)] : [row(1, { pinned: true }), row(2)];
        return ok({ list, total: list.length, page: 1, page_size: 10 });
      }
      return ok(null);
    });
    const router = renderApp('/web/news');
    expect(await screen.findByRole('heading', { level: 1, name: '新闻资讯' }, { timeout: 45_000 })).toBeTruthy();
    const link = await screen.findByRole('link', { name: '新闻1' });
    expect(link.getAttribute('href')).toBe('/web/news/details?id=1');
    expect(screen.getByText('置顶')).toBeTruthy();
    expect(screen.getAllByText('2026-11-19')).toHaveLength(2);
    expect(screen.getByRole('link', { name: '国家知识产权局' })).toBeTruthy();
    expect(screen.getByText('主办：示范区知识产权局')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('关键词'), '新闻2');
    await userEvent.type(screen.getByLabelText('开始日期'), '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: /^搜\s?索$/ }));
    await waitFor(() => expect(router.state.location.search).toContain('keyword='));
    expect(router.state.location.search).toContain('from=2026-11-01');
    await waitFor(() => expect(screen.queryByRole('link', { name: '新闻1' })).toBeNull());
    const last = net.calls.filter((c) => c.url === '/v1/portal/articles').at(-1)!;
    expect(last.config.params).toMatchObject({ channel: 'news', keyword: '新闻2', from: '2026-11-01', page: 1 });
  }, 120_000);

  it('shows 政策法规 and 政策解读 as tabs with the issuing body and effective date', async () => {
    const net = mockNetwork((c) => {
      if (c.url === '/v1/portal/articles') {
        const p = c.config.params as { channel: string };
        const list =
          p.channel === 'policy'
            ? [row(5, { channel: 'policy', title: '专项资金管理办法', issuer: '区知识产权局', effective_date: '2026-01-01' })]
            : [row(6, { channel: 'policy_reading', title: '一图读懂' })];
        return ok({ list, total: 1, page: 1, page_size: 10 });
      }
      return ok(null);
    });
    renderApp('/web/policies');
    expect((await screen.findByRole('link', { name: '专项资金管理办法' }, { timeout: 45_000 })).getAttribute('href')).toBe(
      '/web/policies/details?id=5',
    );
    expect(screen.getByText('发布机关：区知识产权局')).toBeTruthy();
    expect(screen.getByText('生效日期：2026-01-01')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: '政策解读' }));
    expect((await screen.findByRole('link', { name: '一图读懂' })).getAttribute('href')).toBe('/web/policy/details?id=6');
    expect(net.calls.some((c) => (c.config.params as { channel?: string })?.channel === 'policy_reading')).toBe(true);
  }, 120_000);

  it('shows an article with its body, attachments and previous/next; the 长辈版 switch persists', async () => {
    localStorage.removeItem(ELDER_KEY);
    mockNetwork((c) => {
      if (c.url === '/v1/portal/article')
        return ok({
          article: {
            ...row(7, { title: '专利拥有量突破一万件' }),
            body: '<p>正文第一段</p><table><tbody><tr><td>格</td></tr></tbody></table>',
            attachments: [{ id: 3, name: '统计表.pdf', url: '/uploads/a.pdf' }],
            created_at: '2026-11-19T02:00:00.000Z',
          },
          prev: { id: 8, title: '较新的一篇' },
          next: null,
        });
      return ok(null);
    });
    renderApp('/web/news/details?id=7');
    expect(await screen.findByRole('heading', { level: 1, name: '专利拥有量突破一万件' }, { timeout: 45_000 })).toBeTruthy();
    expect(screen.getByText('正文第一段')).toBeTruthy();
    expect(screen.getByRole('link', { name: '统计表.pdf' }).getAttribute('href')).toBe('/uploads/a.pdf');
    const neighbours = screen.getByRole('navigation', { name: '上一篇和下一篇' });
    expect(within(neighbours).getByRole('link', { name: '较新的一篇' }).getAttribute('href')).toBe('/web/news/details?id=8');
    expect(within(neighbours).getByText('没有了')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: '新闻资讯' }).some((l) => l.closest('.ant-breadcrumb'))).toBe(true);

    const elder = screen.getByRole('button', { name: '长辈版' });
    await userEvent.click(elder);
    expect(screen.getByRole('button', { name: '标准版' }).getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(ELDER_KEY)).toBe('1');
    expect(document.querySelector('.portal-elder')).toBeTruthy();
    localStorage.removeItem(ELDER_KEY);
  }, 120_000);

  it('shows the latest items of every channel on /web/home', async () => {
    mockNetwork((c) => {
      if (c.url === '/v1/portal/home')
        return ok({
          settings: SETTINGS,
          channels: [
            { key: 'news', name: '新闻资讯', list: '/web/news', detail: '/web/news/details', items: [row(1)] },
            { key: 'finance', name: '知识产权金融', list: '/web/finance', detail: '/web/news/details', items: [] },
          ],
        });
      return ok(null);
    });
    renderApp('/web/home');
    expect((await screen.findByRole('link', { name: '新闻1' }, { timeout: 45_000 })).getAttribute('href')).toBe(
      '/web/news/details?id=1',
    );
    expect(screen.getByRole('link', { name: '知识产权金融：更多' }).getAttribute('href')).toBe('/web/finance');
    expect(screen.getByText('暂无文章')).toBeTruthy();
  }, 120_000);

  it('opens the channel menu (its drawer loads on the first click) and closes it after a choice', async () => {
    mockNetwork((c) => (c.url === '/v1/portal/settings' ? ok(SETTINGS) : ok(null)));
    const router = renderApp('/web/news/details?id=1');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: '打开栏目菜单' }, { timeout: 45_000 });
    expect(screen.queryByRole('navigation', { name: '栏目菜单' })).toBeNull();
    await user.click(button);
    const menu = await screen.findByRole('navigation', { name: '栏目菜单' }, { timeout: 45_000 });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(within(menu).getByRole('link', { name: '政策法规' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/web/policies'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  }, 120_000);
});
