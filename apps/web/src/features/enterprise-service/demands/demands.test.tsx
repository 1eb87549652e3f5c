import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyDemandRow, DemandDetail, DemandRow } from '@ip/contract';
import { setToken } from '../../../lib/storage';
import { buttonByText } from '../../../test/queries';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// The demand loop's pages (ADR 0042): /workWaitvisit3 (list, register, drawer and steps), /workFollow, /VisitsNeeds.

const MAIN = makeUser({ id: 3, is_news: 1, com_id: 0, name: '企业服务中心' });
const COMPANY = makeUser({ id: 1, is_news: 0, type: '0', name: '张经理' });

function row(patch: Partial<DemandRow>): DemandRow {
  return {
    id: 1,
    company_id: 11,
    company_name: '华芯半导体科技有限公司',
    street_name: '高新街道',
    title: '专利质押融资对接',
    content: '希望对接银行',
    source: 'staff',
    source_label: '服务中心登记',
    label: { id: 2, name: '融资需求', color: 'gold' },
    status: 'assigned',
    status_label: '办理中',
    handler_id: 5,
    handler_name: '王专员',
    registered_at: '2026-11-20T02:00:00.000Z',
    register_day: '2026-11-20',
    contact_due: '2026-11-23',
    reply_due: '2026-11-25',
    close_due: '2026-11-27',
    due: '2026-11-23',
    due_label: '联系企业',
    light: 'red',
    assigned_at: '2026-11-20T03:00:00.000Z',
    contacted_at: null,
    replied_at: null,
    handled_at: null,
    result: '',
    evaluated_at: null,
    rating: 0,
    evaluation: '',
    closed_at: null,
    visit_id: 0,
    ...patch,
  };
}
const ROWS = [
  row({}),
  row({
    id: 2,
    title: '研发人员招聘渠道',
    light: 'yellow',
    status: 'registered',
    status_label: '待分派',
    handler_id: 0,
    handler_name: '',
  }),
  row({ id: 3, title: '海外专利布局咨询', light: 'green', label: null }),
  row({ id: 4, title: '高企认定辅导', light: null, status: 'closed', status_label: '已办结', due: null, due_label: null }),
];
const DETAIL: DemandDetail = {
  ...ROWS[1],
  steps: [
    { id: 1, step: 'register', step_label: '登记', actor_name: '王专员', note: '', created_at: '2026-11-20T02:00:00.000Z' },
  ],
  actions: ['assign'],
};

type Handler = (c: RecordedCall) => ReturnType<typeof ok> | { status: number; data: unknown } | undefined;

function serve(user = MAIN, extra: Handler = () => undefined) {
  setToken('tok');
  return mockNetwork((c) => {
    const answer = extra(c);
    if (answer) return answer;
    if (c.url === '/v1/user/info') return ok(user);
    if (c.url === '/v1/demand/list')
      return ok({ list: ROWS, total: 4, page: 1, page_size: 20, counts: { red: 1, yellow: 1, green: 1 } });
    if (c.url === '/v1/demand/detail') return ok(DETAIL);
    if (c.url === '/v1/visit/deamdLabel') return ok([{ id: 2, name: '融资需求', color: 'gold' }]);
    if (c.url === '/v1/company/street') return ok([{ id: 1, name: '高新街道', region: '', sort: 1, company_count: 3 }]);
    if (c.url === '/v1/visit/staff')
      return ok({
        list: [
          {
            id: 5,
            name: '王专员',
            mobile: '13800000004',
            status: 1,
            must_change_password: 0,
            created_at: '',
            company_count: 1,
            streets: [],
            scope_count: 40,
          },
        ],
        total: 1,
        page: 1,
        page_size: 100,
      });
    if (c.url === '/v1/service/companies')
      return ok({
        list: [
          {
            id: 11,
            company_name: '华芯半导体科技有限公司',
            street_id: 1,
            street_name: '高新街道',
            industry: '',
            size: '',
            num: 3,
            labels: [],
            staff: [],
          },
        ],
        total: 1,
        page: 1,
        page_size: 20,
      });
    return ok(null);
  });
}

beforeAll(async () => {
  await import('./demands-page');
  await import('./follow-page');
  await import('./visits-needs-page');
}, 120_000);

const calls = (net: ReturnType<typeof mockNetwork>, url: string) => net.calls.filter((c) => c.url === url);

async function dialogTitled(title: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen.getAllByRole('dialog').find((d) => within(d).queryByText(title));
    if (!dialog) throw new Error(`no dialog titled ${String(title)}`);
    return dialog;
  });
}

describe('/workWaitvisit3 需求记录', () => {
  it('shows lights in words, filters through the address, opens the drawer and assigns', async () => {
    const net = serve(MAIN, (c) =>
      c.url === '/v1/demand/assign' ? ok({ ...DETAIL, status: 'assigned', actions: ['reassign', 'contact'] }) : undefined,
    );
    const user = userEvent.setup();
    const router = renderApp('/workWaitvisit3');
    expect(await screen.findByText('专利质押融资对接', {}, { timeout: 15_000 })).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('红灯·已超期')).toBeTruthy();
    expect(within(rows[1]).getByText('黄灯·即将到期')).toBeTruthy();
    expect(within(rows[2]).getByText('绿灯·正常')).toBeTruthy();
    expect(within(rows[0]).getByText('联系企业 2026-11-23')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: '按灯色筛选' }));
    await user.click(await screen.findByTitle('红灯·已超期（1）'));
    await waitFor(() => expect(router.state.location.search).toContain('light=red'));
    await waitFor(() =>
      expect(calls(net, '/v1/demand/list').some((c) => (c.body as { light?: string }).light === 'red')).toBe(true),
    );

    await user.click(screen.getByLabelText('查看需求 研发人员招聘渠道'));
    await waitFor(() => expect(router.state.location.search).toContain('id=2'));
    expect(await screen.findByText('办理记录')).toBeTruthy();
    await user.click(buttonByText(/^分\s*派$/));
    const dialog = await dialogTitled(/分派：研发人员招聘渠道/);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请选择办理人')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByTitle('王专员（服务 40 家）'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls(net, '/v1/demand/assign')).toHaveLength(1));
    expect(calls(net, '/v1/demand/assign')[0].body).toEqual({ id: 2, handler_id: 5 });
  }, 180_000);

  it('opens 登记需求 from the enterprise page with the company filled in, and checks the title first', async () => {
    const net = serve(MAIN, (c) => (c.url === '/v1/demand/register' ? ok({ ...DETAIL, id: 9 }) : undefined));
    const user = userEvent.setup();
    renderApp('/workWaitvisit3?create=1&company_id=11&company_name=华芯半导体科技有限公司');
    const dialog = await dialogTitled('登记需求');
    expect(await within(dialog).findByText('华芯半导体科技有限公司')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /登\s*记/ }));
    expect(await within(dialog).findByText('请填写需求标题')).toBeTruthy();
    expect(calls(net, '/v1/demand/register')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('需求标题'), '申请知识产权贯标辅导');
    await user.click(within(dialog).getByRole('button', { name: /登\s*记/ }));
    await waitFor(() => expect(calls(net, '/v1/demand/register')).toHaveLength(1));
    expect(calls(net, '/v1/demand/register')[0].body).toEqual({ company_id: 11, title: '申请知识产权贯标辅导', content: '' });
  });
});

describe('/workFollow 待跟进', () => {
  it('lists the waiting demands with their lights and the visits to follow up', async () => {
    serve(MAIN, (c) =>
      c.url === '/v1/demand/follow'
        ? ok({
            demands: { list: ROWS.slice(0, 2), total: 2, page: 1, page_size: 20, counts: { red: 1, yellow: 1, green: 0 } },
            visits: {
              total: 1,
              list: [
                {
                  id: 8,
                  company_id: 11,
                  company_name: '绿源新能源科技有限公司',
                  staff_id: 5,
                  staff_name: '王专员',
                  visit_date: '2026-11-10',
                  content: '了解需求',
                  follow_note: '补充材料',
                },
              ],
            },
          })
        : undefined,
    );
    renderApp('/workFollow');
    expect(
      await screen.findByText('1 项已超期（红灯），1 项今天或下一个工作日到期（黄灯），请优先处理', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByText('红灯·已超期')).toBeTruthy();
    const link = screen.getByRole('link', { name: /绿源新能源科技有限公司/ });
    expect(link.getAttribute('href')).toBe('/workVisit/details?id=8');
  });
});

describe('/VisitsNeeds 走访需求', () => {
  const MINE: CompanyDemandRow[] = [
    {
      id: 21,
      title: '希望了解高企认定',
      content: '',
      source: 'company',
      source_label: '企业提出',
      status: 'handled',
      status_label: '待评价',
      handler_name: '王专员',
      registered_at: '2026-11-20T02:00:00.000Z',
      result: '已上门讲解',
      rating: 0,
      evaluation: '',
      steps: [],
      can_evaluate: true,
    },
  ];
  it('raises a demand and evaluates a handled one', async () => {
    const net = serve(COMPANY, (c) => {
      if (c.url === '/v1/demand/mine/list') return ok({ list: MINE, total: 1, page: 1, page_size: 10, office: '区企业服务中心' });
      if (c.url === '/v1/demand/mine/raise') return ok({ ...MINE[0], id: 22, status: 'registered', can_evaluate: false });
      if (c.url === '/v1/demand/mine/evaluate') return ok({ ...MINE[0], status: 'evaluated', can_evaluate: false, rating: 4 });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/VisitsNeeds');
    expect(await screen.findByText('希望了解高企认定', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('服务机构：区企业服务中心')).toBeTruthy();
    await user.click(buttonByText(/^评\s*价$/));
    const ev = await dialogTitled(/评价：希望了解高企认定/);
    await user.click(within(ev).getByRole('button', { name: /提交评价/ }));
    expect(await within(ev).findByText('请选择满意度评分')).toBeTruthy();
    const stars = within(ev).getAllByRole('radio');
    await user.click(stars[3]);
    await user.click(within(ev).getByRole('button', { name: /提交评价/ }));
    await waitFor(() => expect(calls(net, '/v1/demand/mine/evaluate')).toHaveLength(1));
    expect(calls(net, '/v1/demand/mine/evaluate')[0].body).toEqual({ id: 21, rating: 4, evaluation: '' });

    await user.click(buttonByText(/^提出需求$/));
    const raise = await dialogTitled('提出需求');
    await user.type(within(raise).getByLabelText('需求标题'), '想参加专利培训');
    await user.click(within(raise).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(calls(net, '/v1/demand/mine/raise')).toHaveLength(1));
  }, 240_000);
});
