import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LabelRow, ServiceCompanyRow, StaffRow, StreetRow } from '@ip/contract';
import { setToken } from '../../lib/storage';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// /newsystem (ADR 0038): the main account's staff, labels and time limits; 街道管理 on the administrator's /system.

const MAIN = makeUser({ is_news: 1, com_id: 0, is_admin: 0, name: '企业服务中心' });
const STREETS: StreetRow[] = [
  { id: 1, name: '高新街道', region: '示例高新区', sort: 1, company_count: 40 },
  { id: 2, name: '科创街道', region: '示例高新区', sort: 2, company_count: 30 },
];
const STAFF: StaffRow[] = [
  {
    id: 5,
    mobile: '13800000004',
    name: '王专员',
    status: 1,
    must_change_password: 0,
    created_at: '2026-05-01T02:00:00.000Z',
    company_count: 3,
    streets: [{ id: 1, name: '高新街道' }],
    scope_count: 43,
  },
  {
    id: 6,
    mobile: '13700000010',
    name: '李专员',
    status: 0,
    must_change_password: 1,
    created_at: '2026-05-02T02:00:00.000Z',
    company_count: 0,
    streets: [],
    scope_count: 0,
  },
];
const COMPANIES: ServiceCompanyRow[] = [
  {
    id: 11,
    company_name: '华芯半导体科技有限公司',
    street_id: 2,
    street_name: '科创街道',
    industry: '',
    size: '中型',
    num: 30,
    labels: [{ id: 1, name: '专精特新', color: 'purple' }],
    staff: [],
  },
  {
    id: 12,
    company_name: '绿源新能源科技有限公司',
    street_id: 2,
    street_name: '科创街道',
    industry: '',
    size: '小型',
    num: 20,
    labels: [],
    staff: [],
  },
];
const LABELS: LabelRow[] = [
  { id: 1, name: '专精特新', color: 'purple', sort: 1, use_count: 12 },
  { id: 2, name: '高新技术企业', color: 'blue', sort: 2, use_count: 0 },
];

type Handler = (c: RecordedCall) => ReturnType<typeof ok> | { status: number; data: unknown } | undefined;

function serve(user = MAIN, extra: Handler = () => undefined) {
  setToken('tok');
  return mockNetwork((c) => {
    const answer = extra(c);
    if (answer) return answer;
    if (c.url === '/v1/user/info') return ok(user);
    if (c.url === '/v1/visit/staff') return ok({ list: STAFF, total: 2, page: 1, page_size: 10 });
    if (c.url === '/v1/company/street' || c.url === '/v1/system/street/index') return ok(STREETS);
    if (c.url === '/v1/service/staff/assignment') return ok({ id: 5, company_ids: [11], street_ids: [1] });
    if (c.url === '/v1/service/companies') return ok({ list: COMPANIES, total: 2, page: 1, page_size: 10 });
    if (c.url.startsWith('/v1/company/companyLabelIndex') || c.url.startsWith('/v1/company/demandLabelIndex')) return ok(LABELS);
    if (c.url === '/v1/service/limits')
      return ok({ contact_days: 1, reply_days: 3, close_days: 5, saved: false, updated_at: null });
    return ok(null);
  });
}

beforeAll(async () => {
  await import('./pages/newsystem-page');
}, 120_000);

const calls = (net: ReturnType<typeof mockNetwork>, url: string) => net.calls.filter((c) => c.url === url);

async function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen.getAllByRole('dialog').find((d) => within(d).queryByText(title));
    if (!dialog) throw new Error(`no dialog titled ${title}`);
    return dialog;
  });
}

describe('/newsystem 员工管理', () => {
  it('lists staff with their streets and scope, creates one after checking the form, and keeps the tab in the URL', async () => {
    const net = serve(MAIN, (c) =>
      c.url === '/v1/service/staff/add'
        ? ok({ ...STAFF[1], id: 7, name: '赵专员', mobile: '13700000020', status: 1 })
        : undefined,
    );
    const user = userEvent.setup();
    const router = renderApp('/newsystem');
    expect(await screen.findByRole('tab', { name: '员工管理', selected: true }, { timeout: 15_000 })).toBeTruthy();
    for (const name of ['企业标签', '需求标签', '办理时限']) expect(screen.getByRole('tab', { name })).toBeTruthy();
    const row = (await screen.findByText('王专员')).closest('tr')!;
    expect(within(row).getByText('高新街道')).toBeTruthy();
    expect(within(row).getByText('43 家')).toBeTruthy();
    const li = screen.getByText('李专员').closest('tr')!;
    expect(within(li).getByText('已停用')).toBeTruthy();
    expect(within(li).getByText('待改初始密码')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /新建员工/ }));
    const dialog = await dialogTitled('新建员工');
    await user.type(within(dialog).getByLabelText('姓名'), '赵专员');
    await user.type(within(dialog).getByLabelText('手机号'), '1370000');
    await user.type(within(dialog).getByLabelText('初始密码'), 'Start2026a');
    await user.type(within(dialog).getByLabelText('确认密码'), 'Start2026a');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入 11 位中国大陆手机号')).toBeTruthy();
    expect(calls(net, '/v1/service/staff/add')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('手机号'), '0020');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls(net, '/v1/service/staff/add')).toHaveLength(1));
    expect(calls(net, '/v1/service/staff/add')[0].body).toEqual({
      mobile: '13700000020',
      name: '赵专员',
      password: 'Start2026a',
    });
    expect(await screen.findByText('员工已创建，请将初始密码告知本人')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: '企业标签' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=companyLabel'));
    expect(await screen.findByText('专精特新')).toBeTruthy();
  });
});
