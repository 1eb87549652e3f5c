import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_GRADE_THRESHOLDS, DEFAULT_SCORE_WEIGHTS, type RankingRow } from '@ip/contract';
import { setToken } from '../../lib/storage';
import { makeUser, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { buttonByText } from '../../test/queries';
import { renderApp } from '../../test/render-app';

// /workCompany and /workTobear (ADR 0043): ranking with the score breakdown and filters; grades and the rules editor.

const MAIN = makeUser({ is_news: 1, com_id: 0, is_admin: 0, name: '企业服务中心' });
const STAFF = makeUser({ is_news: 1, com_id: 3, is_admin: 0, name: '王专员' });
const ROWS: RankingRow[] = [
  {
    id: 11,
    company_name: '华芯半导体科技有限公司',
    street_name: '科创街道',
    industry: '电子信息',
    rank: 1,
    score: 26,
    grade: 'B',
    counts: { invention: 2, utility: 1, design: 0, honour: 0, demand: 0, visit: 1, litigation: 0 },
  },
  {
    id: 12,
    company_name: '绿源新能源科技有限公司',
    street_name: '高新街道',
    industry: '新能源',
    rank: 2,
    score: -5,
    grade: 'D',
    counts: { invention: 0, utility: 0, design: 0, honour: 0, demand: 0, visit: 0, litigation: 1 },
  },
];
const COUNTS = { A: 3, B: 10, C: 20, D: 7 };

type Handler = (c: RecordedCall) => ReturnType<typeof ok> | { status: number; data: unknown } | undefined;
function serve(user = MAIN, extra: Handler = () => undefined) {
  setToken('tok');
  return mockNetwork((c) => {
    const answer = extra(c);
    if (answer) return answer;
    if (c.url === '/v1/user/info') return ok(user);
    if (c.url === '/v1/service/ranking')
      return ok({
        list: ROWS,
        total: 2,
        page: 1,
        page_size: 20,
        weights: DEFAULT_SCORE_WEIGHTS,
        thresholds: DEFAULT_GRADE_THRESHOLDS,
        industries: ['新能源', '电子信息'],
      });
    if (c.url === '/v1/service/grades')
      return ok({ counts: COUNTS, total: 40, weights: DEFAULT_SCORE_WEIGHTS, thresholds: DEFAULT_GRADE_THRESHOLDS });
    if (c.url === '/v1/service/score/settings')
      return ok({ weights: DEFAULT_SCORE_WEIGHTS, thresholds: DEFAULT_GRADE_THRESHOLDS, saved: false, updated_at: null });
    if (c.url === '/v1/company/street') return ok([{ id: 1, name: '高新街道', region: '示例高新区', sort: 1, company_count: 4 }]);
    if (c.url.startsWith('/v1/company/companyLabelIndex'))
      return ok([{ id: 1, name: '专精特新', color: 'purple', sort: 1, use_count: 1 }]);
    return ok(null);
  });
}

beforeAll(async () => {
  await import('./pages/ranking-page');
  await import('./pages/grading-page');
}, 120_000);

const calls = (net: ReturnType<typeof mockNetwork>, url: string) => net.calls.filter((c) => c.url === url);

describe('/workCompany 企业排名', () => {
  it('lists the ranking, shows how a score was made, filters through the address and links to the enterprise', async () => {
    const net = serve();
    const user = userEvent.setup();
    const router = renderApp('/workCompany');
    const row = (await screen.findByText('华芯半导体科技有限公司', {}, { timeout: 15_000 })).closest('tr')!;
    expect(within(row).getByText('26')).toBeTruthy();
    expect(within(row).getByLabelText('B 级')).toBeTruthy();
    expect(within(row).getByRole('link').getAttribute('href')).toBe(
      `/workEnterprisevisit?company_id=11&company_name=${encodeURIComponent('华芯半导体科技有限公司')}`,
    );
    await user.click(within(row).getByRole('button', { name: /展开/ }));
    const breakdown = await screen.findByLabelText('华芯半导体科技有限公司 得分构成');
    expect(within(breakdown).getByText('2 × 10 = 20')).toBeTruthy();
    expect(within(breakdown).getByText('1 × 4 = 4')).toBeTruthy();
    const lit = screen.getByText('绿源新能源科技有限公司').closest('tr')!;
    await user.click(within(lit).getByRole('button', { name: /展开/ }));
    expect(within(await screen.findByLabelText('绿源新能源科技有限公司 得分构成')).getByText('1 × 5 = -5')).toBeTruthy();

    await user.type(screen.getByLabelText('企业名称关键词'), '华芯{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('keyword='));
    await waitFor(() => expect(calls(net, '/v1/service/ranking').at(-1)!.body).toMatchObject({ keyword: '华芯', page: 1 }));
    await user.click(buttonByText('清除筛选'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens with the filters of the address', async () => {
    const net = serve();
    renderApp('/workCompany?grade=D&street_id=1&industry=%E6%96%B0%E8%83%BD%E6%BA%90&page=2');
    await screen.findByText('华芯半导体科技有限公司', {}, { timeout: 15_000 });
    expect(calls(net, '/v1/service/ranking')[0].body).toEqual({
      page: 2,
      page_size: 20,
      grade: 'D',
      street_id: 1,
      industry: '新能源',
    });
  });
});

describe('/workTobear 企业分级', () => {
  it('shows the count of each grade and lists the chosen grade', async () => {
    const net = serve();
    const user = userEvent.setup();
    const router = renderApp('/workTobear');
    const c = await screen.findByRole('button', { name: /^C 级 · 常规服务/ }, { timeout: 15_000 });
    await waitFor(() => expect(within(c).getByText('20')).toBeTruthy());
    await waitFor(() => expect(calls(net, '/v1/service/ranking')[0]?.body).toMatchObject({ grade: 'A' }));
    await user.click(screen.getByRole('button', { name: /^D 级 · 需要关注/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?grade=D'));
    await waitFor(() => expect(calls(net, '/v1/service/ranking').at(-1)!.body).toMatchObject({ grade: 'D' }));
  });

  it('lets the main account preview and save the rules, refusing thresholds out of order', async () => {
    const net = serve(MAIN, (c) => {
      if (c.url === '/v1/service/score/preview') return ok({ counts: { A: 1, B: 2, C: 3, D: 4 }, total: 10 });
      if (c.url === '/v1/service/score/save')
        return ok({ ...(c.body as object), saved: true, updated_at: 'x', counts: { A: 1, B: 2, C: 3, D: 4 }, total: 10 });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/workTobear?tab=rules');
    const visit = await screen.findByLabelText('近一年走访', {}, { timeout: 15_000 });
    await waitFor(() => expect((visit as HTMLInputElement).value).toBe('2'));
    await user.clear(visit);
    await user.type(visit, '9');
    await user.click(buttonByText('预览分级'));
    expect(await screen.findByText('按此规则：A 级 1 家，B 级 2 家，C 级 3 家，D 级 4 家')).toBeTruthy();
    expect(calls(net, '/v1/service/score/preview')[0].body).toMatchObject({ weights: { visit: 9 } });
    const b = screen.getByLabelText('B 级最低分');
    await user.clear(b);
    await user.type(b, '100');
    await user.click(buttonByText('保存规则'));
    expect(await screen.findByText('A 级分数线须高于 B 级')).toBeTruthy();
    expect(calls(net, '/v1/service/score/save')).toHaveLength(0);
    await user.clear(b);
    await user.type(b, '30');
    await user.click(buttonByText('保存规则'));
    await waitFor(() => expect(calls(net, '/v1/service/score/save')).toHaveLength(1));
    expect(calls(net, '/v1/service/score/save')[0].body).toEqual({
      weights: { ...DEFAULT_SCORE_WEIGHTS, visit: 9 },
      thresholds: DEFAULT_GRADE_THRESHOLDS,
    });
  });

  it('shows staff the rules read-only', async () => {
    serve(STAFF);
    renderApp('/workTobear?tab=rules');
    expect(await screen.findByText('评分规则由企业服务主账号设置，员工只读', {}, { timeout: 15_000 })).toBeTruthy();
    expect((screen.getByLabelText('有效发明专利') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存规则' })).toBeNull();
  });
});
