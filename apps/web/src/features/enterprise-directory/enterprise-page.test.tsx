import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_GRADE_THRESHOLDS,
  DEFAULT_SCORE_WEIGHTS,
  type CompanySummary,
  type DemandRow,
  type VisitRow,
} from '@ip/contract';
import { setToken } from '../../lib/storage';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// /workEnterprisevisit (企业详情, ADR 0049): one enterprise's profile, grade with its make-up, visits, demands with
// lights and the other tabs; 发起走访 and 登记需求; an enterprise outside the scope answers the server's message.

const STAFF = makeUser({ is_news: 1, com_id: 3, is_admin: 0, name: '走访专员' });
const NAME = '华芯半导体科技有限公司';
const SUMMARY: CompanySummary = {
  company: {
    id: 11,
    company_name: NAME,
    credit_code: '91440300MA5XXXXX1A',
    street_id: 1,
    street_name: '高新街道',
    industry: '电子信息',
    size: '中型',
    num: 12,
    labels: [{ id: 5, name: '专精特新', color: 'blue' }],
    staff: [{ id: 4, name: '走访专员' }],
  },
  ranking: {
    id: 11,
    company_name: NAME,
    street_name: '高新街道',
    industry: '电子信息',
    rank: 3,
    score: 52,
    grade: 'A',
    counts: { invention: 4, utility: 2, design: 0, honour: 1, demand: 1, visit: 1, litigation: 0 },
  },
  scope_total: 40,
  weights: DEFAULT_SCORE_WEIGHTS,
  thresholds: DEFAULT_GRADE_THRESHOLDS,
};
const visit = (id: number, extra: Partial<VisitRow>): VisitRow => ({
  id,
  status: 'done',
  company_id: 11,
  company_name: NAME,
  street_name: '高新街道',
  staff_id: 4,
  staff_name: '走访专员',
  day: '2026-11-20',
  plan_date: '2026-11-20',
  plan_time: '',
  purpose: '了解专利布局',
  visit_date: '2026-11-20',
  people_met: '张经理',
  content: '企业计划申请高价值专利培育',
  photo_count: 0,
  follow_up: 0,
  follow_note: '',
  follow_done_at: null,
  follow_open: false,
  created_at: '2026-11-20T02:00:00.000Z',
  updated_at: '2026-11-20T02:00:00.000Z',
  ...extra,
});
const demand = (id: number, extra: Partial<DemandRow>) =>
  ({
    id,
    company_id: 11,
    company_name: NAME,
    street_name: '高新街道',
    title: '专利质押融资咨询',
    content: '',
    source: 'staff',
    source_label: '工作人员登记',
    label: null,
    status: 'assigned',
    status_label: '已分派',
    handler_id: 4,
    handler_name: '走访专员',
    registered_at: '2026-11-20T02:00:00.000Z',
    register_day: '2026-11-20',
    contact_due: '2026-11-23',
    reply_due: '2026-11-25',
    close_due: '2026-11-27',
    due: '2026-11-25',
    due_label: '首次答复',
    light: 'red',
    assigned_at: null,
    contacted_at: null,
    replied_at: null,
    handled_at: null,
    result: '',
    evaluated_at: null,
    rating: 0,
    evaluation: '',
    closed_at: null,
    visit_id: 0,
    ...extra,
  }) as DemandRow;

function serve(
  extra: (c: RecordedCall) => ReturnType<typeof ok> | { status: number; data: unknown } | undefined = () => undefined,
) {
  setToken('tok');
  return mockNetwork((c) => {
    const answer = extra(c);
    if (answer) return answer;
    if (c.url === '/v1/user/info') return ok(STAFF);
    if (c.url === '/v1/service/company/summary') return ok(SUMMARY);
    if (c.url === '/v1/visit/index')
      return ok({
        list: [visit(1, {}), visit(2, { status: 'plan', day: '2026-12-01', visit_date: '', content: '' })],
        total: 2,
        page: 1,
        page_size: 10,
      });
    if (c.url === '/v1/demand/list')
      return ok({ list: [demand(7, {})], total: 1, page: 1, page_size: 10, counts: { red: 1, yellow: 0, green: 0 } });
    if (c.url === '/v1/visit/deamdLabel') return ok([{ id: 9, name: '融资', color: 'green' }]);
    if (c.url === '/v1/service/companies') return ok({ list: [], total: 0, page: 1, page_size: 20 });
    if (c.url === '/v1/demand/register')
      return ok(demand(8, { title: '申请知识产权贯标', status: 'registered', light: 'green' }));
    if (c.url === '/v1/company/patentlist')
      return ok({
        list: [
          {
            id: 1,
            an: 'CN202310000001.1',
            pn: null,
            title: '一种芯片封装结构',
            type: '发明',
            legal_status: '有权',
            ad: '2023-01-05',
            gd: null,
            first_applicant: NAME,
          },
        ],
        total: 1,
        page: 1,
        page_size: 10,
        counts: { total: 12, 发明: 6, 实用新型: 5, 外观设计: 1, 有权: 7 },
      });
    if (c.url === '/v1/tianyancha/companydetail')
      return ok({
        name: NAME,
        credit_code: '91440300MA5XXXXX1A',
        legal_person: '李明',
        reg_capital: '1000万人民币',
        established: '2015-03-02',
        reg_status: '存续',
        company_type: '有限责任公司',
        industry: '电子信息',
        address: '示例高新区高新街道 1 号',
        business_scope: '半导体器件研发',
        staff_range: '100-499人',
        phone: '0755-00000000',
        source: 'offline',
      });
    return ok(null);
  });
}

beforeAll(async () => {
  await import('./pages/enterprise-page');
}, 120_000);

const calls = (net: ReturnType<typeof mockNetwork>, url: string) => net.calls.filter((c) => c.url === url);

describe('/workEnterprisevisit', () => {
  it('shows the profile, its visits first and the demands with lights', async () => {
    const net = serve();
    const user = userEvent.setup();
    const router = renderApp(`/workEnterprisevisit?company_id=11&company_name=${encodeURIComponent(NAME)}`);
    expect(await screen.findByRole('heading', { name: NAME }, { timeout: 15_000 })).toBeTruthy();
    expect(calls(net, '/v1/service/company/summary')[0].body).toEqual({ company_id: 11 });
    expect(screen.getByText('高新街道')).toBeTruthy();
    expect(screen.getByText('专精特新')).toBeTruthy();
    expect(screen.getByText('第 3 / 40 名，52 分')).toBeTruthy();
    expect(screen.getByLabelText('A 级')).toBeTruthy();
    // visits (the default tab): the enterprise's own, with a link to each
    expect(await screen.findByText('企业计划申请高价值专利培育')).toBeTruthy();
    expect(calls(net, '/v1/visit/index').at(-1)?.config.params).toMatchObject({ company_id: 11 });
    expect(screen.getByRole('link', { name: '走访详情 2026-11-20' }).getAttribute('href')).toBe('/workVisit/details?id=1');
    // demands: lights with words, red first
    await user.click(screen.getByRole('tab', { name: '需求' }));
    expect(await screen.findByText('专利质押融资咨询')).toBeTruthy();
    expect(calls(net, '/v1/demand/list').at(-1)?.body).toMatchObject({ company_id: 11 });
    expect(screen.getByText('红灯·已超期')).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('demands');
  }, 120_000);

  it('explains the grade as count × weight per part, and reads the registration details', async () => {
    serve();
    const user = userEvent.setup();
    renderApp('/workEnterprisevisit?id=11&tab=grade');
    const breakdown = await screen.findByLabelText(`${NAME} 得分构成`, undefined, { timeout: 15_000 });
    expect(within(breakdown).getByText('4 × 10 = 40')).toBeTruthy();
    expect(within(breakdown).getByText('2 × 4 = 8')).toBeTruthy();
    expect(screen.getByText(/在服务范围内 40 家企业中排第/)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: '工商信息' }));
    expect(await screen.findByText('1000万人民币')).toBeTruthy();
    expect(screen.getByText(/离线演示数据/)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: '专利（12）' }));
    expect(await screen.findByText('一种芯片封装结构')).toBeTruthy();
    expect(screen.getByText(/共 12 件：发明 6/)).toBeTruthy();
  }, 120_000);

  it('发起走访 opens the plan form with the enterprise; 登记需求 registers for this enterprise', async () => {
    const net = serve();
    const user = userEvent.setup();
    const router = renderApp('/workEnterprisevisit?company_id=11');
    await screen.findByRole('heading', { name: NAME }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: /登记需求/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('需求标题'), { target: { value: '申请知识产权贯标' } });
    await user.click(within(dialog).getByRole('button', { name: /登\s*记/ }));
    await waitFor(() => expect(calls(net, '/v1/demand/register')).toHaveLength(1));
    expect(calls(net, '/v1/demand/register')[0].body).toEqual({ company_id: 11, title: '申请知识产权贯标', content: '' });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('demands'));
    await user.click(screen.getByRole('button', { name: /发起走访/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/addWaitvisit'));
    const q = new URLSearchParams(router.state.location.search);
    expect([q.get('company_id'), q.get('company_name')]).toEqual(['11', NAME]);
  }, 120_000);

  it("shows the server's refusal for an enterprise outside the scope", async () => {
    serve((c) =>
      c.url === '/v1/service/company/summary'
        ? { status: 404, data: { code: 0, msg: '企业不存在或不在您的服务范围内（编号 99）' } }
        : undefined,
    );
    renderApp('/workEnterprisevisit?company_id=99');
    expect(await screen.findByText('无法查看该企业', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('企业不存在或不在您的服务范围内（编号 99）')).toBeTruthy();
  }, 120_000);
});
