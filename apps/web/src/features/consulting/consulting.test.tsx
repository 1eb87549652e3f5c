import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsultList, ConsultThread } from '@ip/contract';
import { setToken } from '../../lib/storage';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// Business consulting (ADR 0046): /UserConsulting (a company asks and reads its thread) and /consulting for the
// administrator (answers, closes after confirming), against a mocked network.

type Handler = (c: RecordedCall) => ReturnType<typeof ok> | { status: number; data: unknown } | undefined;

function serve(user = makeUser(), extra: Handler = () => undefined) {
  setToken('tok');
  return mockNetwork((c) => {
    const answer = extra(c);
    if (answer) return answer;
    if (c.url === '/v1/user/info') return ok(user);
    return ok(null);
  });
}
const calls = (net: ReturnType<typeof mockNetwork>, url: string) => net.calls.filter((c) => c.url === url);

beforeAll(async () => {
  await import('./pages/user-consulting-page');
  await import('./pages/admin-consulting-page');
}, 120_000);

const ROW = {
  id: 5,
  company_id: 1,
  company_name: '示例科技有限公司',
  asker_name: '张三',
  category: 'patent' as const,
  category_label: '专利',
  title: '发明专利年费减缴如何申请？',
  status: 'open' as const,
  status_label: '待回复',
  public: false,
  replies: 0,
  created_at: '2026-03-15T02:00:00.000Z',
  last_reply_at: null,
};
const LIST: ConsultList = { list: [ROW], total: 1, page: 1, page_size: 20, counts: { open: 1, replied: 0, closed: 0 } };
const THREAD: ConsultThread = {
  ...ROW,
  content: '我司为小微企业，想了解年费减缴的条件。',
  files: [],
  messages: [],
  closed_at: null,
};

describe('/UserConsulting', () => {
  it('lists the company’s questions, asks a new one and opens its thread', { timeout: 120_000 }, async () => {
    const net = serve(makeUser(), (c) => {
      if (c.url === '/v1/frontend/ask/index') return ok(LIST);
      if (c.url === '/v1/frontend/ask/content') return ok({ ...THREAD, id: 6, title: (c.body as { title: string }).title });
      if (c.url === '/v1/frontend/ask/detail') return ok(THREAD);
      return undefined;
    });
    const user = userEvent.setup();
    const router = renderApp('/UserConsulting');
    expect(await screen.findByText('发明专利年费减缴如何申请？', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('待回复')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /我要咨询/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByText('请选择咨询类别')).toBeTruthy();
    expect(within(dialog).getByText('请填写咨询内容')).toBeTruthy();
    expect(calls(net, '/v1/frontend/ask/content')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: '咨询类别' }));
    await user.click(await screen.findByTitle('商标'));
    await user.type(within(dialog).getByRole('textbox', { name: '咨询标题' }), '商标续展时间');
    await user.type(within(dialog).getByRole('textbox', { name: '咨询内容' }), '注册商标到期前多久可以续展？');
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(calls(net, '/v1/frontend/ask/content')).toHaveLength(1));
    expect(calls(net, '/v1/frontend/ask/content')[0].body).toEqual({
      category: 'trademark',
      title: '商标续展时间',
      content: '注册商标到期前多久可以续展？',
      file_ids: [],
    });
    await waitFor(() => expect(router.state.location.search).toContain('id=6'));
    expect(await screen.findByText('暂无回复，服务中心将尽快答复', {}, { timeout: 15_000 })).toBeTruthy();
  });
});

describe('/consulting (administrator)', () => {
  it('filters by state, answers a question and closes it after confirming', { timeout: 120_000 }, async () => {
    let thread: ConsultThread = THREAD;
    const net = serve(makeUser({ is_admin: 1, name: '系统管理员' }), (c) => {
      if (c.url === '/v1/consult/index') return ok(LIST);
      if (c.url === '/v1/consult/detail') return ok(thread);
      if (c.url === '/v1/consult/reply') {
        thread = {
          ...thread,
          status: 'replied',
          status_label: '已回复',
          messages: [
            {
              id: 1,
              author: 'admin',
              author_name: '知识产权服务中心',
              content: (c.body as { content: string }).content,
              files: [],
              created_at: '2026-03-15T03:00:00.000Z',
            },
          ],
        };
        return ok(thread);
      }
      if (c.url === '/v1/consult/close') {
        thread = { ...thread, status: 'closed', status_label: '已关闭', closed_at: '2026-03-15T04:00:00.000Z' };
        return ok(thread);
      }
      return undefined;
    });
    const user = userEvent.setup();
    const router = renderApp('/consulting');
    expect(await screen.findByText('发明专利年费减缴如何申请？', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('示例科技有限公司')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: '按状态筛选' }));
    await user.click(await screen.findByTitle('待回复（1）'));
    await waitFor(() => expect(router.state.location.search).toContain('status=open'));
    await waitFor(() =>
      expect(calls(net, '/v1/consult/index').some((c) => (c.body as { status?: string }).status === 'open')).toBe(true),
    );

    // The title's own text, not getByRole('button', { name }): that computes the accessible name of every element of
    // the page (the table, the open select's options) and took up to two minutes of a loaded machine's CPU in jsdom.
    const title = screen.getByText('发明专利年费减缴如何申请？');
    expect(title.closest('button')).toBeTruthy();
    await user.click(title);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('我司为小微企业，想了解年费减缴的条件。', {}, { timeout: 15_000 })).toBeTruthy();
    await user.type(within(drawer).getByRole('textbox', { name: '回复内容' }), '可在缴费时提交费减备案。');
    await user.click(within(drawer).getByRole('button', { name: /^回\s*复$/ }));
    await waitFor(() => expect(calls(net, '/v1/consult/reply')).toHaveLength(1));
    expect(calls(net, '/v1/consult/reply')[0].body).toEqual({ id: 5, content: '可在缴费时提交费减备案。', file_ids: [] });
    expect(await within(drawer).findByText('可在缴费时提交费减备案。', {}, { timeout: 15_000 })).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: /关闭咨询/ }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: /关闭咨询/ }));
    await waitFor(() => expect(calls(net, '/v1/consult/close')).toHaveLength(1));
    expect(await within(drawer).findByText('该咨询已关闭', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
