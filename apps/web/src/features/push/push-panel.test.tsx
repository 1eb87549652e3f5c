import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PushList, PushTargets } from '@ip/contract';
import { setToken } from '../../lib/storage';
import { makeUser, mockNetwork, ok } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

// /system 消息推送 (ADR 0046): the administrator's pushes with their counts, and sending one to chosen companies.

const LIST: PushList = {
  total: 1,
  page: 1,
  page_size: 10,
  list: [
    {
      id: 1,
      title: '专利导航项目申报提醒',
      body: '请于本月底前提交申报材料。',
      link: '',
      target: 'all',
      target_label: '全部企业',
      target_text: '全部企业',
      sms: true,
      companies: 12,
      sent: 15,
      read: 7,
      sms_sent: 15,
      created_at: '2026-03-15T02:00:00.000Z',
    },
  ],
};
const TARGETS: PushTargets = {
  streets: [{ id: 1, name: '东湖街道' }],
  labels: [],
  industries: [],
  companies: [{ id: 8, name: '乙方测试有限公司' }],
};

let PushPanel: typeof import('./push-panel').PushPanel;
beforeAll(async () => {
  ({ PushPanel } = await import('./push-panel'));
}, 120_000);

describe('/system 消息推送', () => {
  it('lists pushes with sent and read counts and sends one to a chosen company with SMS', { timeout: 120_000 }, async () => {
    setToken('tok');
    const net = mockNetwork((c) => {
      if (c.url === '/v1/user/info') return ok(makeUser({ is_admin: 1 }));
      if (c.url.startsWith('/v1/compnay/push/targets')) return ok(TARGETS);
      if (c.url.startsWith('/v1/compnay/push') && c.method === 'POST')
        return ok({ ...LIST.list[0], companies: 1, sent: 1, read: 0, sms_sent: 1 });
      if (c.url.startsWith('/v1/compnay/push')) return ok(LIST);
      return ok(null);
    });
    const user = userEvent.setup();
    renderWithProviders(<PushPanel />);
    expect(await screen.findByText('专利导航项目申报提醒', {}, { timeout: 15_000 })).toBeTruthy();
    const row = screen.getByText('专利导航项目申报提醒').closest('tr')!;
    expect(within(row).getAllByText('15')).toHaveLength(2);
    expect(within(row).getByText('7')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /推送消息/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: '标题' }), '政策解读会通知');
    await user.type(within(dialog).getByRole('textbox', { name: '内容' }), '周五下午在区政务中心举办。');
    await user.click(within(dialog).getByRole('radio', { name: '指定企业' }));
    await user.click(within(dialog).getByRole('button', { name: /发\s*送/ }));
    expect(await within(dialog).findByText('请选择企业')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: '指定企业' }));
    await user.click(await screen.findByTitle('乙方测试有限公司'));
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: /发\s*送/ }));
    await waitFor(() => expect(net.calls.filter((c) => c.url === '/v1/compnay/push' && c.method === 'POST')).toHaveLength(1));
    expect(net.calls.find((c) => c.url === '/v1/compnay/push' && c.method === 'POST')!.body).toEqual({
      title: '政策解读会通知',
      body: '周五下午在区政务中心举办。',
      link: '',
      target: 'companies',
      company_ids: [8],
      sms: true,
    });
  });
});
