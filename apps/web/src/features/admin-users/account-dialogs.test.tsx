import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import userEvent from '@testing-library/user-event';
import UserListPage from './pages/user-list-page';
import { mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

// /user: 新建用户, 编辑, 设置密码 and 详情 (ADR 0019), against a mocked network.

const ROWS = [
  {
    id: 3,
    mobile: '13900000003',
    name: '赵六',
    company_name: '甲公司',
    company_id: 11,
    type: '0',
    is_admin: 0,
    is_news: 0,
    com_id: 0,
    status: 1,
    created_at: '2025-01-02',
  },
  {
    id: 9,
    mobile: '13900000009',
    name: '服务中心',
    company_name: '区服务中心',
    type: '0',
    is_admin: 0,
    is_news: 1,
    com_id: 0,
    status: 1,
    created_at: '2025-01-03',
  },
];

const DETAIL = {
  user: {
    ...ROWS[0],
    avatar: '',
    introduction: '旧简介',
    street_id: 0,
    street_name: '',
    must_change_password: 0,
    updated_at: '',
    kind: 'company',
  },
  company: {
    id: 11,
    company_name: '甲公司',
    credit_code: '',
    address: '',
    contact: '',
    contact_phone: '',
    industry: '软件',
    patent_num: 4,
  },
  main: null,
  staff: [],
  staff_counts: null,
  verification: {
    id: 1,
    status: 1,
    company_name: '甲公司',
    credit_code: '',
    remark: '资料齐全',
    created_at: '2025-01-01T00:00:00Z',
    reviewed_at: null,
  },
  recent_audit: [
    { id: 5, action: 'POST /user/profile', detail: '修改个人资料', created_at: '2025-02-01T00:00:00Z', admin_name: '系统管理员' },
  ],
};

function server(extra: (c: RecordedCall) => unknown = () => null) {
  return mockNetwork((c) => {
    if (c.url === '/v1/news/user/index') return ok({ list: ROWS, total: ROWS.length });
    if (c.url === '/v1/news/user/newsinfo') return ok(DETAIL);
    if (c.url === '/v1/news/user/companies') return ok([{ id: 11, company_name: '甲公司', credit_code: '', patent_num: 4 }]);
    return ok(extra(c));
  });
}

// Modal.success (the password shown once) lives outside the rendered tree.
afterEach(() => Modal.destroyAll());

/** Types into a labelled field at once (typing key by key through antd is slow in jsdom). */
const fill = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

/** The dialog on top (a confirmation opens above the form's dialog). */
const dialog = () => screen.getAllByRole('dialog').at(-1)!;

describe('/user dialogs', () => {
  it('新建用户 creates a company user of a new company and shows the made-up password once', async () => {
    const net = server((c) => (c.url === '/v1/news/user/create' ? { id: 20, password: 'Xy12abcdEF' } : null));
    const user = userEvent.setup();
    renderWithProviders(<UserListPage />, ['/user']);
    await user.click(await screen.findByRole('button', { name: /新建用户/ }));
    fill(within(dialog()).getByLabelText('手机号'), '139 0000 0020');
    fill(within(dialog()).getByLabelText('姓名'), '钱工');
    await user.click(within(dialog()).getByLabelText('新建企业'));
    fill(await within(dialog()).findByLabelText('公司名称'), '新芯科技有限公司');
    fill(within(dialog()).getByLabelText('统一社会信用代码'), '91330106ma2xxxxx1y');
    await user.click(within(dialog()).getByRole('button', { name: /创\s*建/ }));
    // The credit code's check character is wrong: the form says so before anything is sent.
    expect(await within(dialog()).findByText('统一社会信用代码校验位不正确，请核对')).toBeTruthy();
    expect(net.calls.some((c) => c.url === '/v1/news/user/create')).toBe(false);
    fill(within(dialog()).getByLabelText('统一社会信用代码'), '');
    await user.click(within(dialog()).getByRole('button', { name: /创\s*建/ }));
    await waitFor(() =>
      expect(net.calls.find((c) => c.url === '/v1/news/user/create')?.body).toEqual({
        mobile: '13900000020',
        kind: 'company',
        name: '钱工',
        company_name: '新芯科技有限公司',
      }),
    );
    expect((await screen.findByLabelText('新密码')).textContent).toBe('Xy12abcdEF');
    expect(screen.getByText(/关闭后将无法再次查看/)).toBeTruthy();
  });

  it('新建用户 marks the field the server refuses (duplicate mobile)', async () => {
    mockNetwork((c) => {
      if (c.url === '/v1/news/user/index') return ok({ list: ROWS, total: 2 });
      if (c.url === '/v1/news/user/create') {
        return {
          status: 409,
          data: { code: 0, msg: '手机号 13900000003 已被其他账号使用', fields: [{ path: 'mobile', msg: '手机号已被使用' }] },
        };
      }
      return ok(null);
    });
    const user = userEvent.setup();
    renderWithProviders(<UserListPage />, ['/user']);
    await user.click(await screen.findByRole('button', { name: /新建用户/ }));
    await user.click(within(dialog()).getByLabelText('用户类型'));
    await user.click(await screen.findByTitle('试用用户'));
    fill(within(dialog()).getByLabelText('手机号'), '13900000003');
    fill(within(dialog()).getByLabelText('姓名'), '重复');
    await user.click(within(dialog()).getByRole('button', { name: /创\s*建/ }));
    expect(await within(dialog()).findByText('手机号已被使用')).toBeTruthy();
  });

  it('编辑 loads the account through newsinfo and saves the profile and the account separately', async () => {
    const net = server(() => ({ changes: [] }));
    const user = userEvent.setup();
    renderWithProviders(<UserListPage />, ['/user']);
    await user.click(await screen.findByLabelText('编辑 赵六'));
    const name = await within(dialog()).findByDisplayValue('13900000003');
    expect(name).toBeTruthy();
    await user.click(within(dialog()).getByRole('tab', { name: '个人资料' }));
    fill(await within(dialog()).findByLabelText('简介'), '新简介');
    await user.click(within(dialog()).getByRole('button', { name: '保存个人资料' }));
    await waitFor(() =>
      expect(net.calls.find((c) => c.url === '/v1/news/user/update-user-info')?.body).toEqual({
        id: 3,
        name: '赵六',
        introduction: '新简介',
        street_name: '',
      }),
    );
    await user.click(within(dialog()).getByRole('tab', { name: '账号信息' }));
    fill(within(dialog()).getByLabelText('手机号'), '13900000033');
    await user.click(within(dialog()).getByRole('button', { name: '保存账号信息' }));
    // The company is unchanged, so it is not sent again.
    await waitFor(() =>
      expect(net.calls.find((c) => c.url === '/v1/news/user/update-user')?.body).toEqual({
        id: 3,
        mobile: '13900000033',
        kind: 'company',
      }),
    );
  });

  it('设置密码 sends a typed password, or shows a random one once', async () => {
    const net = server((c) =>
      c.url === '/v1/news/user/password' ? { password: (c.body as { password?: string }).password ? null : 'Rand0mPass' } : null,
    );
    const user = userEvent.setup();
    renderWithProviders(<UserListPage />, ['/user']);
    await user.click(await screen.findByLabelText('设置 赵六 的密码'));
    await user.click(within(dialog()).getByLabelText('手动输入新密码'));
    fill(await within(dialog()).findByLabelText('新密码'), 'abc');
    await user.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog()).findByText('密码至少 8 位')).toBeTruthy();
    fill(within(dialog()).getByLabelText('新密码'), 'abcdefgh1');
    await user.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(net.calls.find((c) => c.url === '/v1/news/user/password')?.body).toEqual({ id: 3, password: 'abcdefgh1' }),
    );
    expect(await screen.findByText('密码已设置')).toBeTruthy();

    await user.click(screen.getByLabelText('设置 服务中心 的密码'));
    await user.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.getAllByLabelText('新密码').at(-1)!.textContent).toBe('Rand0mPass'));
    expect(net.calls.filter((c) => c.url === '/v1/news/user/password').at(-1)?.body).toEqual({ id: 9 });
  });

  it('详情 shows the account, its company, the application and the recent admin actions in Chinese', async () => {
    server();
    const user = userEvent.setup();
    renderWithProviders(<UserListPage />, ['/user']);
    await user.click(await screen.findByLabelText('查看 赵六 的详情'));
    expect(await screen.findByText('所属企业')).toBeTruthy();
    expect(screen.getByText('软件')).toBeTruthy();
    expect(screen.getByText('资料齐全')).toBeTruthy();
    expect(screen.getByText(/管理端代操作：修改个人资料/)).toBeTruthy();
  });
});
