import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IndustryReportAdminRow, IndustryReportList } from '@ip/contract';
import { setToken } from '../../lib/storage';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { buttonByText } from '../../test/queries';
import { renderApp } from '../../test/render-app';

// Industry reports (ADR 0054): /IndustryReport for the administrator (filters in the address, publish, delete after
// confirming) and /industry for a company (preview in the page, counted download), against a mocked network.

type Handler = (c: RecordedCall) => ReturnType<typeof ok> | undefined;
function serve(user = makeUser(), extra: Handler = () => undefined) {
  setToken('tok');
  return mockNetwork((c) => extra(c) ?? (c.url === '/v1/user/info' ? ok(user) : ok(null)));
}
const calls = (net: ReturnType<typeof mockNetwork>, url: string) => net.calls.filter((c) => c.url === url);

beforeAll(async () => {
  await import('./admin-reports-page');
  await import('./industry-page');
}, 120_000);

const ROW: IndustryReportAdminRow = {
  id: 3,
  title: '2025 年度新材料产业知识产权白皮书',
  industry: '新材料',
  year: 2025,
  summary: '新材料企业的专利情况。',
  cover_url: '',
  file_name: '白皮书.pdf',
  file_size: 2048,
  downloads: 7,
  published_at: null,
  status: 'draft',
  file_id: 11,
  cover_file_id: 0,
  created_at: '2026-03-01T02:00:00.000Z',
  updated_at: '2026-03-01T02:00:00.000Z',
};
const page = <R,>(list: R[]): IndustryReportList<R> => ({
  list,
  total: list.length,
  page: 1,
  page_size: 20,
  years: [2025, 2024],
});

describe('/IndustryReport (administrator)', () => {
  it('filters by industry, publishes a draft and deletes after confirming', { timeout: 300_000 }, async () => {
    let row = ROW;
    const net = serve(makeUser({ is_admin: 1, name: '系统管理员' }), (c) => {
      if (c.url === '/v1/report/industry/admin/index') return ok(page([row]));
      if (c.url === '/v1/report/industry/admin/publish') {
        row = { ...row, status: 'published', published_at: '2026-03-15T02:00:00.000Z' };
        return ok({ id: 3 });
      }
      if (c.url === '/v1/report/industry/admin/delete') return ok({ id: 3 });
      return undefined;
    });
    const user = userEvent.setup();
    const router = renderApp('/IndustryReport');
    expect(await screen.findByText(ROW.title, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('未发布')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: '所属行业' }));
    await user.click(await screen.findByTitle('新材料'));
    await waitFor(() => expect(router.state.location.search).toContain('industry='));
    await waitFor(() =>
      expect(
        calls(net, '/v1/report/industry/admin/index').some((c) => (c.body as { industry?: string }).industry === '新材料'),
      ).toBe(true),
    );

    await user.click(buttonByText(/^发\s*布$/));
    await waitFor(() => expect(calls(net, '/v1/report/industry/admin/publish')).toHaveLength(1));
    expect(await screen.findByText('已发布', {}, { timeout: 15_000 })).toBeTruthy();

    await user.click(buttonByText(/^删\s*除$/));
    const confirm = await screen.findByRole('tooltip');
    expect(calls(net, '/v1/report/industry/admin/delete')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(calls(net, '/v1/report/industry/admin/delete')).toHaveLength(1));
    expect(calls(net, '/v1/report/industry/admin/delete')[0].body).toEqual({ id: 3 });
  });

  it('the upload form asks for the title, industry, year and PDF before saving', { timeout: 300_000 }, async () => {
    const net = serve(makeUser({ is_admin: 1 }), (c) => (c.url === '/v1/report/industry/admin/index' ? ok(page([])) : undefined));
    const user = userEvent.setup();
    renderApp('/IndustryReport');
    expect(await screen.findByText('暂无产业报告，点击「上传报告」添加', {}, { timeout: 15_000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /上传报告/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请填写报告标题')).toBeTruthy();
    expect(within(dialog).getByText('请选择所属行业')).toBeTruthy();
    expect(within(dialog).getByText('请上传报告 PDF')).toBeTruthy();
    expect(calls(net, '/v1/report/industry/admin/save')).toHaveLength(0);
  });
});

describe('/industry (company)', () => {
  it('lists published reports, previews one in the page and counts a download', { timeout: 300_000 }, async () => {
    let downloads = 7;
    const net = serve(makeUser(), (c) => {
      if (c.url === '/v1/report/industry/index')
        return ok(page([{ ...ROW, status: undefined, published_at: '2026-03-01T02:00:00.000Z', downloads }]));
      if (c.url === '/v1/report/industry/preview')
        return ok({ url: '/v1/common/file/11?expires=1&sig=a', name: '白皮书.pdf', downloads });
      if (c.url === '/v1/report/industry/download') {
        downloads += 1;
        return ok({ url: '/v1/common/file/11?expires=1&sig=b', name: '白皮书.pdf', downloads });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/industry');
    expect(await screen.findByText(ROW.title, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('下载 7 次')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /在线预览/ }));
    const dialog = await screen.findByRole('dialog');
    const frame = await within(dialog).findByTitle('报告预览：白皮书.pdf');
    expect(frame.getAttribute('src')).toBe('/v1/common/file/11?expires=1&sig=a');
    await user.click(
      within(dialog)
        .getAllByRole('button', { name: /关\s*闭/ })
        .at(-1)!,
    );

    await user.click(screen.getByRole('button', { name: `下载 ${ROW.title}` }));
    await waitFor(() => expect(calls(net, '/v1/report/industry/download')).toHaveLength(1));
    expect(await screen.findByText('下载 8 次', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
