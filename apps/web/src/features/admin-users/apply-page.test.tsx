import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ApplyPage from './pages/apply-page';
import { LocationProbe, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

// /apply: the applications queue (news/user/queue) and its decisions (news/user/queuestate), ADR 0019.

const row = (patch: Record<string, unknown>) => ({
  user_id: 1,
  user_kind: 'trial',
  credit_code: '91330106MA2TEST001',
  credit_code_problem: null,
  contact: '联系人',
  remark: '',
  reviewer_name: '',
  reviewed_at: null,
  licence_state: 'file',
  licence_file_id: 40,
  licence_name: '执照.pdf',
  matched_company: null,
  created_at: '2026-03-01T02:00:00.000Z',
  ...patch,
});
const ROWS = [
  row({ id: 1, user_name: '陈晓', user_mobile: '13800000011', company_name: '智造未来科技有限公司', status: 0 }),
  row({
    id: 2,
    user_name: '林峰',
    user_mobile: '13800000012',
    company_name: '华芯半导体科技有限公司',
    status: 0,
    licence_state: 'legacy',
    licence_file_id: null,
    matched_company: { id: 3, company_name: '华芯半导体科技有限公司', by: 'credit_code' },
  }),
  row({
    id: 3,
    user_name: '何静',
    user_mobile: '13800000015',
    company_name: '远航物流技术有限公司',
    status: 2,
    remark: '执照不清晰',
    reviewed_at: '2026-03-02T02:00:00.000Z',
    reviewer_name: '系统管理员',
  }),
];

function server(extra: (c: RecordedCall) => unknown = () => null) {
  return mockNetwork((c) =>
    c.url === '/v1/news/user/queue'
      ? ok({ list: ROWS, total: 3, page: 1, page_size: 20, counts: { pending: 2, approved: 0, rejected: 1 } })
      : ok(extra(c)),
  );
}

const dialog = () => screen.getAllByRole('dialog').at(-1)!;

describe('/apply', () => {
  it('lists applications with counts, licence states and filters in the URL', async () => {
    const net = server();
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ApplyPage />
        <LocationProbe />
      </>,
      ['/apply'],
    );
    expect(await screen.findByText('智造未来科技有限公司')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '待审核（2）' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '全部（3）' })).toBeTruthy();
    expect(screen.getByLabelText('查看 智造未来科技有限公司 的营业执照')).toBeTruthy();
    expect(screen.getByText('无法查看')).toBeTruthy();
    expect(screen.getByText('执照不清晰')).toBeTruthy();
    // Decided applications offer no decision.
    expect(screen.queryByLabelText('通过 远航物流技术有限公司 的申请')).toBeNull();
    await user.click(screen.getByRole('tab', { name: '待审核（2）' }));
    await waitFor(() => expect(net.calls.at(-1)?.body).toMatchObject({ status: 'pending', page: 1 }));
    fireEvent.change(screen.getByLabelText('搜索申请'), { target: { value: '华芯' } });
    fireEvent.keyDown(screen.getByLabelText('搜索申请'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(net.calls.at(-1)?.body).toMatchObject({ status: 'pending', keyword: '华芯' }));
    expect(screen.getByTestId('location').textContent).toContain('keyword=');
  });

  it('通过 says which company the user will be linked to and sends the decision', async () => {
    const net = server((c) =>
      c.url === '/v1/news/user/queuestate'
        ? { id: 2, status: 1, company: { id: 3, company_name: '华芯半导体科技有限公司', created: false } }
        : null,
    );
    const user = userEvent.setup();
    renderWithProviders(<ApplyPage />, ['/apply']);
    await user.click(await screen.findByLabelText('通过 华芯半导体科技有限公司 的申请'));
    expect(within(dialog()).getByText('关联已有企业「华芯半导体科技有限公司」（信用代码一致）')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: '确认通过' }));
    await waitFor(() => expect(net.calls.find((c) => c.url === '/v1/news/user/queuestate')?.body).toEqual({ id: 2, status: 1 }));
    expect(await screen.findByText('已通过，账号已关联「华芯半导体科技有限公司」')).toBeTruthy();
  });

  it('驳回 needs a reason before anything is sent', async () => {
    const net = server((c) => (c.url === '/v1/news/user/queuestate' ? { id: 1, status: 2, company: null } : null));
    const user = userEvent.setup();
    renderWithProviders(<ApplyPage />, ['/apply']);
    await user.click(await screen.findByLabelText('驳回 智造未来科技有限公司 的申请'));
    await user.click(within(dialog()).getByRole('button', { name: '确认驳回' }));
    expect(await within(dialog()).findByText('请填写驳回原因')).toBeTruthy();
    expect(net.calls.some((c) => c.url === '/v1/news/user/queuestate')).toBe(false);
    fireEvent.change(within(dialog()).getByLabelText('驳回原因'), { target: { value: '  信用代码与执照不符  ' } });
    await user.click(within(dialog()).getByRole('button', { name: '确认驳回' }));
    await waitFor(() =>
      expect(net.calls.find((c) => c.url === '/v1/news/user/queuestate')?.body).toEqual({
        id: 1,
        status: 2,
        remark: '信用代码与执照不符',
      }),
    );
  });

  it('shows an error state when the list cannot be loaded', async () => {
    mockNetwork(() => ({ status: 500, data: { code: 0, msg: '服务器错误' } }));
    renderWithProviders(<ApplyPage />, ['/apply']);
    expect(await screen.findByText('申请列表加载失败')).toBeTruthy();
    expect(screen.getByText('加载失败，请稍后重试')).toBeTruthy();
  });
});
