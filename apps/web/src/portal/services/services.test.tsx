import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToken, setToken, setVisitorToken } from '../../lib/storage';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { buttonByText } from '../../test/queries';
import { renderApp } from '../../test/render-app';

// The portal's service pages (ADR 0054) against a mocked network: /web/askAbout asks a visitor to log in and shows
// the public Q&As; /web/immediately sends a visitor's appointment with the visitor token; the administrator answers on
// /consulting's 门户留言与预约 tab.

const calls = (net: ReturnType<typeof mockNetwork>, url: string) => net.calls.filter((c) => c.url === url);
const ROW = {
  id: 9,
  kind: 'appointment',
  kind_label: '马上办预约',
  name: '王经理',
  company: '甲科技有限公司',
  mobile: '13700000001',
  content: '办理专利质押融资登记',
  preferred_date: '2026-03-20',
  status: 'open',
  status_label: '待处理',
  reply: '',
  handled_at: null,
  created_at: '2026-03-15T02:00:00.000Z',
};

beforeAll(async () => {
  await import('./ask-about-page');
  await import('./immediately-page');
  await import('../../features/consulting/pages/consulting-page');
}, 120_000);
afterEach(() => {
  clearToken();
  sessionStorage.clear();
});

describe('portal service pages', () => {
  it('/web/askAbout shows the public Q&As and asks a visitor to log in before asking', { timeout: 300_000 }, async () => {
    mockNetwork((c: RecordedCall) => {
      if (c.url === '/v1/frontend/ask/public')
        return ok({
          list: [
            {
              id: 1,
              category: 'patent',
              category_label: '专利',
              title: '年费可以减缴吗？',
              content: '小微企业',
              answers: [{ content: '可以备案减缴。', created_at: '2026-03-01T00:00:00Z' }],
              created_at: '2026-03-01T00:00:00Z',
            },
          ],
          total: 1,
          page: 1,
          page_size: 10,
        });
      return ok(null);
    });
    renderApp('/web/askAbout');
    expect(await screen.findByRole('heading', { level: 1, name: '咨询问答' }, { timeout: 60_000 })).toBeTruthy();
    expect(await screen.findByText('【专利】年费可以减缴吗？', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('提交咨询前请先登录')).toBeTruthy();
    expect(screen.getByRole('link', { name: '手机验证码登录' }).getAttribute('href')).toBe(
      '/web/small/login?back=%2Fweb%2FaskAbout',
    );
  });

  it('/web/immediately: a visitor books with the visitor token and sees the booking', { timeout: 300_000 }, async () => {
    setVisitorToken('vtok');
    let mine: unknown[] = [];
    const net = mockNetwork((c: RecordedCall) => {
      if (c.url === '/v1/portal/request') {
        mine = [ROW];
        return ok(ROW);
      }
      if (c.url === '/v1/portal/request/mine') return ok({ list: mine, total: mine.length, page: 1, page_size: 10 });
      return ok(null);
    });
    const user = userEvent.setup();
    renderApp('/web/immediately');
    expect(await screen.findByRole('heading', { level: 1, name: '马上办' }, { timeout: 60_000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /提交预约/ }));
    expect(await screen.findByText('请选择期望办理日期')).toBeTruthy();
    expect(screen.getByText('请填写单位名称')).toBeTruthy();
    expect(calls(net, '/v1/portal/request')).toHaveLength(0);

    await user.type(screen.getByLabelText('姓名'), '王经理');
    await user.type(screen.getByLabelText('单位名称'), '甲科技有限公司');
    await user.type(screen.getByLabelText('手机号'), '13700000001');
    await user.type(screen.getByLabelText('期望办理日期'), '2026-03-20');
    await user.type(screen.getByLabelText('办理事项'), '办理专利质押融资登记');
    await user.click(screen.getByRole('button', { name: /提交预约/ }));
    await waitFor(() => expect(calls(net, '/v1/portal/request')).toHaveLength(1));
    const sent = calls(net, '/v1/portal/request')[0];
    expect(sent.body).toMatchObject({ kind: 'appointment', company: '甲科技有限公司', preferred_date: '2026-03-20' });
    expect(sent.headers.Authorization).toBe('Bearer vtok');
    const mineSection = await screen.findByRole('region', { name: '我的预约' }, { timeout: 15_000 });
    expect(await within(mineSection).findByText('办理专利质押融资登记', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('/consulting?tab=portal: the administrator answers a request', { timeout: 300_000 }, async () => {
    setToken('tok');
    const net = mockNetwork((c: RecordedCall) => {
      if (c.url === '/v1/user/info') return ok(makeUser({ is_admin: 1, name: '系统管理员' }));
      if (c.url === '/v1/portal/admin/requests') return ok({ list: [ROW], total: 1, page: 1, page_size: 20 });
      if (c.url === '/v1/portal/admin/request/handle') return ok({ ...ROW, status: 'handled', reply: '请携带营业执照。' });
      return ok(null);
    });
    const user = userEvent.setup();
    renderApp('/consulting?tab=portal');
    expect(await screen.findByText('办理专利质押融资登记', {}, { timeout: 60_000 })).toBeTruthy();
    await user.click(buttonByText('答复办结'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('答复内容'), '请携带营业执照。');
    await user.click(within(dialog).getByRole('button', { name: /答复并办结/ }));
    await waitFor(() => expect(calls(net, '/v1/portal/admin/request/handle')).toHaveLength(1));
    expect(calls(net, '/v1/portal/admin/request/handle')[0].body).toEqual({ id: 9, reply: '请携带营业执照。' });
  });
});
