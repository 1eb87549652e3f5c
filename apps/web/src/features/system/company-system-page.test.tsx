import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyProfile, SubAccountRow } from '@ip/contract';
import { setToken } from '../../lib/storage';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { buttonByText } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { SubAccountsPanel } from './components/sub-accounts-panel';

// /system for a company user (ADR 0022): 企业信息 and 子账号, against a mocked network.

const PROFILE: CompanyProfile = {
  id: 1,
  company_name: '示例科技有限公司',
  credit_code: '913301060000000001',
  address: '示例市高新区创新路 100 号',
  contact: '张经理',
  contact_phone: '0571-86000000',
  industry: '专用设备制造业',
  size: '小型',
  fee_reduction: 1,
  former_names: ['示例电子科技有限公司'],
  patent_num: 128,
  updated_at: '2026-05-01T00:00:00.000Z',
  editable: true,
};

const ROWS: SubAccountRow[] = [
  {
    id: 21,
    mobile: '13800000021',
    name: '刘专利',
    status: 1,
    must_change_password: 0,
    created_at: '2026-05-01T02:00:00.000Z',
    created_by_name: '张经理',
  },
  {
    id: 22,
    mobile: '13800000022',
    name: '陈助理',
    status: 0,
    must_change_password: 1,
    created_at: '2026-05-01T03:00:00.000Z',
    created_by_name: '张经理',
  },
];

type Handler = (c: RecordedCall) => ReturnType<typeof ok> | { status: number; data: unknown } | undefined;

function serve(user = makeUser(), extra: Handler = () => undefined) {
  setToken('tok');
  return mockNetwork((c) => {
    const answer = extra(c);
    if (answer) return answer;
    if (c.url === '/v1/user/info') return ok(user);
    if (c.url === '/v1/frontend/company/info') return ok({ ...PROFILE, editable: user.rid === 0 });
    if (c.url === '/v1/frontend/visitor/index') return ok({ list: ROWS, total: 2, page: 1, page_size: 10, remaining: 48 });
    return ok(null);
  });
}

// The page is loaded lazily by the router; loading it once here keeps each test's first wait short on a busy machine.
beforeAll(async () => {
  await import('./pages/system-page');
}, 120_000);

/** The 子账号 tab's panel alone, at its URL (the page around it is tested with the whole app above and below). */
const renderPanel = () => renderWithProviders(<SubAccountsPanel />, ['/system?tab=accounts']);

/** The open dialog whose title is `title` (antd gives every id "test-id" under test, so aria-labelledby cannot name it). */
async function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen.getAllByRole('dialog').find((d) => within(d).queryByText(title));
    if (!dialog) throw new Error(`no dialog titled ${title}`);
    return dialog;
  });
}

const calls = (net: ReturnType<typeof mockNetwork>, url: string) => net.calls.filter((c) => c.url === url);

describe('/system 企业信息 (company main user)', () => {
  it('shows the identity read-only and saves the editable fields after checking them', async () => {
    const net = serve(makeUser(), (c) =>
      c.url === '/v1/frontend/company/save' ? ok({ ...PROFILE, ...(c.body as object) }) : undefined,
    );
    const user = userEvent.setup();
    const router = renderApp('/system');
    expect(await screen.findByRole('tab', { name: '企业信息', selected: true }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '子账号' })).toBeTruthy();
    expect(await screen.findByText('913301060000000001')).toBeTruthy();
    expect(screen.getByText('示例电子科技有限公司')).toBeTruthy();
    // Name and credit code are not form fields.
    expect(screen.queryByRole('textbox', { name: '企业名称' })).toBeNull();
    const phone = screen.getByRole('textbox', { name: '联系电话' }) as HTMLInputElement;
    expect(phone.value).toBe('0571-86000000');

    await user.clear(phone);
    await user.type(phone, '12345');
    await user.click(buttonByText(/^保\s*存$/));
    expect(await screen.findByText('联系电话格式不正确，请填写手机号或带区号的固定电话')).toBeTruthy();
    expect(calls(net, '/v1/frontend/company/save')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '13900001111');
    await user.clear(screen.getByRole('textbox', { name: '联系人' }));
    await user.type(screen.getByRole('textbox', { name: '联系人' }), '周主管');
    await user.click(screen.getByRole('radio', { name: '不符合' }));
    await user.click(buttonByText(/^保\s*存$/));
    await waitFor(() => expect(calls(net, '/v1/frontend/company/save')).toHaveLength(1));
    expect(calls(net, '/v1/frontend/company/save')[0].body).toEqual({
      address: PROFILE.address,
      contact: '周主管',
      contact_phone: '13900001111',
      industry: PROFILE.industry,
      size: '小型',
      fee_reduction: 0,
    });
    expect(await screen.findByText('企业信息已保存')).toBeTruthy();

    // The tab lives in the URL.
    await user.click(screen.getByRole('tab', { name: '子账号' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=accounts'));
    expect(await screen.findByText('刘专利')).toBeTruthy();
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    let fail = true;
    serve(makeUser(), (c) =>
      c.url === '/v1/frontend/company/info' && fail
        ? { status: 403, data: { code: 0, msg: '当前账号尚未关联企业，请联系管理员' } }
        : undefined,
    );
    renderApp('/system');
    expect(await screen.findByText('企业信息加载失败', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('当前账号尚未关联企业，请联系管理员')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(buttonByText(/^重\s*试$/));
    expect(await screen.findByText('913301060000000001')).toBeTruthy();
  });
});

describe('子账号 panel (company main user)', () => {
  it('lists sub-accounts with their state, filters through the server, and creates one after checking the form', async () => {
    const net = serve(makeUser(), (c) =>
      c.url === '/v1/frontend/visitor/add_visitor'
        ? ok({ ...ROWS[0], id: 30, mobile: '13900000030', name: '新同事', must_change_password: 1 })
        : undefined,
    );
    const user = userEvent.setup();
    renderPanel();
    const row = (await screen.findByText('陈助理', {}, { timeout: 15_000 })).closest('tr')!;
    expect(within(row).getByText('已停用')).toBeTruthy();
    expect(within(row).getByText('待改初始密码')).toBeTruthy();
    expect(within(screen.getByText('刘专利').closest('tr')!).getByText('正常')).toBeTruthy();
    expect(screen.getByText('共 2 个子账号')).toBeTruthy();
    expect(calls(net, '/v1/frontend/visitor/index')[0].body).toEqual({ page: 1, page_size: 10 });

    await user.type(screen.getByLabelText('搜索子账号'), '刘{Enter}');
    await waitFor(() =>
      expect(calls(net, '/v1/frontend/visitor/index').at(-1)!.body).toEqual({ page: 1, page_size: 10, keyword: '刘' }),
    );

    await user.click(buttonByText('新建子账号'));
    const dialog = await dialogTitled('新建子账号');
    await user.type(within(dialog).getByLabelText('姓名'), '新同事');
    await user.type(within(dialog).getByLabelText('手机号'), '1390000');
    await user.type(within(dialog).getByLabelText('初始密码'), 'abcdefgh');
    await user.type(within(dialog).getByLabelText('确认密码'), 'abcdefgx');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入 11 位中国大陆手机号')).toBeTruthy();
    expect(within(dialog).getByText('密码须同时包含字母和数字')).toBeTruthy();
    expect(within(dialog).getByText('两次输入的密码不一致')).toBeTruthy();
    expect(calls(net, '/v1/frontend/visitor/add_visitor')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('手机号'), '0030');
    for (const label of ['初始密码', '确认密码']) {
      await user.clear(within(dialog).getByLabelText(label));
      await user.type(within(dialog).getByLabelText(label), 'Start2026a');
    }
    const listed = calls(net, '/v1/frontend/visitor/index').length;
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls(net, '/v1/frontend/visitor/add_visitor')).toHaveLength(1));
    expect(calls(net, '/v1/frontend/visitor/add_visitor')[0].body).toEqual({
      mobile: '13900000030',
      name: '新同事',
      password: 'Start2026a',
    });
    expect(await screen.findByText('子账号已创建，请将初始密码告知使用人')).toBeTruthy();
    await waitFor(() => expect(calls(net, '/v1/frontend/visitor/index').length).toBeGreaterThan(listed));
  });

  it('shows the server message on the field it names (duplicate mobile) and keeps the dialog open', async () => {
    serve(makeUser(), (c) =>
      c.url === '/v1/frontend/visitor/add_visitor'
        ? {
            status: 409,
            data: {
              code: 0,
              msg: '该手机号已被其他账号使用，请换一个手机号',
              fields: [{ path: 'mobile', msg: '该手机号已被其他账号使用，请换一个手机号' }],
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: /新建子账号/ }, { timeout: 15_000 }));
    const dialog = await dialogTitled('新建子账号');
    await user.type(within(dialog).getByLabelText('姓名'), '重复');
    await user.type(within(dialog).getByLabelText('手机号'), '13800000003');
    await user.type(within(dialog).getByLabelText('初始密码'), 'Start2026a');
    await user.type(within(dialog).getByLabelText('确认密码'), 'Start2026a');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    // On the field, in the still open dialog (and as a toast).
    expect(await within(dialog).findByText('该手机号已被其他账号使用，请换一个手机号')).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getByText('新建子账号')).toBeTruthy();
  });

  it('asks before disabling and deleting, then calls the server', async () => {
    const net = serve();
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByLabelText('停用 刘专利', undefined, { timeout: 15_000 }));
    expect(await screen.findByText('确定停用「刘专利」吗？')).toBeTruthy();
    expect(calls(net, '/v1/frontend/visitor/edit_visitor')).toHaveLength(0);
    const confirm = screen.getByText('确定停用「刘专利」吗？').closest('.ant-popover') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls(net, '/v1/frontend/visitor/edit_visitor')).toHaveLength(1));
    expect(calls(net, '/v1/frontend/visitor/edit_visitor')[0].body).toEqual({ id: 21, status: 0 });

    await user.click(screen.getByLabelText('删除 陈助理'));
    expect(await screen.findByText('确定删除「陈助理」吗？')).toBeTruthy();
    expect(calls(net, '/v1/frontend/visitor/del_visitor')).toHaveLength(0);
    const pop = screen.getByText('确定删除「陈助理」吗？').closest('.ant-popover') as HTMLElement;
    await user.click(within(pop).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(calls(net, '/v1/frontend/visitor/del_visitor')).toHaveLength(1));
    expect(calls(net, '/v1/frontend/visitor/del_visitor')[0].body).toEqual({ id: 22 });
    expect(await screen.findByText('子账号已删除')).toBeTruthy();
  });

  it('resets a password and edits a sub-account in dialogs', async () => {
    const net = serve();
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByLabelText('重置密码：刘专利', undefined, { timeout: 15_000 }));
    const reset = await dialogTitled('重置「刘专利」的密码');
    await user.type(within(reset).getByLabelText('新密码'), 'Reset2026b');
    await user.type(within(reset).getByLabelText('确认密码'), 'Reset2026b{Enter}');
    await waitFor(() => expect(calls(net, '/v1/frontend/visitor/edit_info')).toHaveLength(1));
    expect(calls(net, '/v1/frontend/visitor/edit_info')[0].body).toEqual({ id: 21, password: 'Reset2026b' });
    expect(await screen.findByText('密码已重置，该账号已下线')).toBeTruthy();

    await user.click(screen.getByLabelText('编辑 刘专利'));
    const edit = await dialogTitled('编辑子账号');
    const name = within(edit).getByLabelText('姓名') as HTMLInputElement;
    expect(name.value).toBe('刘专利');
    await user.clear(name);
    await user.type(name, '刘工');
    await user.click(within(edit).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls(net, '/v1/frontend/visitor/edit_visitor')).toHaveLength(1));
    expect(calls(net, '/v1/frontend/visitor/edit_visitor')[0].body).toEqual({ id: 21, mobile: '13800000021', name: '刘工' });
  });

  it('says so when there are none, and offers a retry when the list fails', async () => {
    let fail = true;
    serve(makeUser(), (c) => {
      if (c.url !== '/v1/frontend/visitor/index') return undefined;
      if (fail) return { status: 500, data: { code: 0, msg: '服务器开小差了' } };
      return ok({ list: [], total: 0, page: 1, page_size: 10, remaining: 50 });
    });
    renderPanel();
    expect(await screen.findByText('子账号列表加载失败', {}, { timeout: 15_000 })).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('暂无子账号，点击「新建子账号」添加')).toBeTruthy();
  });
});

describe('/system for a sub-account (rid > 0)', () => {
  it('shows the profile read-only, no 子账号 tab even with ?tab=accounts, and never asks for the list', async () => {
    const net = serve(makeUser({ rid: 1, name: '刘专利' }));
    renderApp('/system?tab=accounts');
    expect(await screen.findByRole('tab', { name: '企业信息', selected: true }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '子账号' })).toBeNull();
    expect(screen.getByText('子账号管理仅对企业主账号开放，如需新增或调整账号请联系企业主账号')).toBeTruthy();
    expect(await screen.findByText('子账号只能查看企业信息，如需修改请联系企业主账号')).toBeTruthy();
    expect(screen.getByText('0571-86000000')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '联系电话' })).toBeNull();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    // No 配置员工 in the top bar, and no 系统管理 entry in its sidebar (not-for-admin-view entries are hidden).
    expect(screen.queryByRole('button', { name: '配置员工' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: '系统管理' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: '首页' })).toBeTruthy();
    expect(calls(net, '/v1/frontend/visitor/index')).toHaveLength(0);
  });
});
