import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LabelRow, ServiceCompanyRow, StaffRow, StreetRow } from '@ip/contract';
import { setToken } from '../../lib/storage';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { LabelsPanel } from './components/labels-panel';
import { LimitsPanel } from './components/limits-panel';
import { StreetsPanel } from '../system/components/streets-panel';

// The panels of /newsystem (labels, time limits) and 街道管理 on the administrator's /system (ADR 0038), alone.

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

const calls = (net: ReturnType<typeof mockNetwork>, url: string) => net.calls.filter((c) => c.url === url);

async function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen.getAllByRole('dialog').find((d) => within(d).queryByText(title));
    if (!dialog) throw new Error(`no dialog titled ${title}`);
    return dialog;
  });
}

describe('企业标签 / 需求标签', () => {
  it('adds a label and deletes one after a confirmation naming the enterprises it leaves', async () => {
    const net = serve(MAIN, (c) =>
      c.url === '/v1/company/demandLabelAdd' ? ok({ id: 9, name: '融资需求', color: 'green', sort: 3, use_count: 0 }) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<LabelsPanel kind="demand" />, ['/newsystem?tab=demandLabel']);
    expect(await screen.findByText('专精特新', {}, { timeout: 15_000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /新增需求标签/ }));
    const dialog = await dialogTitled('新增需求标签');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入标签名称')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('标签名称'), '融资需求');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls(net, '/v1/company/demandLabelAdd')).toHaveLength(1));
    expect(calls(net, '/v1/company/demandLabelAdd')[0].body).toEqual({ name: '融资需求', color: 'blue', sort: 3 });

    await user.click(screen.getByRole('button', { name: '删除 专精特新' }));
    const note = await screen.findByText('该标签将同时从 12 家企业上移除。');
    const pop = note.closest('.ant-popover') as HTMLElement;
    await user.click(within(pop).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(calls(net, '/v1/company/demandLabelDel')).toHaveLength(1));
    expect(calls(net, '/v1/company/demandLabelDel')[0].body).toEqual({ id: 1 });
  });
});

describe('办理时限', () => {
  it('refuses a close limit shorter than the first reply, then saves', async () => {
    const net = serve(MAIN, (c) =>
      c.url === '/v1/service/limits/save'
        ? ok({ ...(c.body as object), saved: true, updated_at: '2026-05-01T00:00:00.000Z' })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<LimitsPanel />, ['/newsystem?tab=limits']);
    const close = (await screen.findByLabelText('办结', {}, { timeout: 15_000 })) as HTMLInputElement;
    await waitFor(() => expect(close.value).toBe('5'));
    fireEvent.change(close, { target: { value: '2' } });
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('办结时限不能短于首次答复时限')).toBeTruthy();
    expect(calls(net, '/v1/service/limits/save')).toHaveLength(0);
    fireEvent.change(close, { target: { value: '8' } });
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls(net, '/v1/service/limits/save')).toHaveLength(1));
    expect(calls(net, '/v1/service/limits/save')[0].body).toEqual({ contact_days: 1, reply_days: 3, close_days: 8 });
  });
});

describe('街道管理 (administrator)', () => {
  it('lists streets with their enterprise counts and adds one', async () => {
    const net = serve(makeUser({ is_admin: 1 }), (c) =>
      c.url === '/v1/system/street/save'
        ? ok({ id: 3, name: '新城街道', region: '示例高新区', sort: 3, company_count: 0 })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<StreetsPanel />, ['/system?tab=streets']);
    const row = (await screen.findByText('高新街道', {}, { timeout: 15_000 })).closest('tr')!;
    expect(within(row).getByText('40')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /新增街道/ }));
    const dialog = await dialogTitled('新增街道');
    await user.type(within(dialog).getByLabelText('街道名称'), '新城街道');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls(net, '/v1/system/street/save')).toHaveLength(1));
    expect(calls(net, '/v1/system/street/save')[0].body).toEqual({ name: '新城街道', region: '示例高新区', sort: 3 });
  });
});
