import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { UiProvider } from '../../lib/ui-provider';
import { mockNetwork, ok } from '../../test/fixtures';
import AnalysisCharts from './components/analysis-charts';
import { bucketsOf, yearSeries } from './trend-data';

let net: ReturnType<typeof mockNetwork> | undefined;

describe('trend data', () => {
  it('reads arrays, wrapped arrays and plain maps', () => {
    expect(bucketsOf([{ name: '有权', value: 3 }])).toEqual([{ value: '有权', count: 3 }]);
    expect(bucketsOf({ type: [{ value: '发明', count: 2 }] }, ['type'])).toEqual([{ value: '发明', count: 2 }]);
    expect(bucketsOf({ 有权: 1, 无权: 2 })).toEqual([
      { value: '有权', count: 1 },
      { value: '无权', count: 2 },
    ]);
    expect(bucketsOf(null)).toEqual([]);
  });

  it('fills the gaps of a year series', () => {
    expect(
      yearSeries([
        { value: '2022', count: 1 },
        { value: '2020', count: 4 },
      ]),
    ).toEqual([
      { value: '2020', count: 4 },
      { value: '2021', count: 0 },
      { value: '2022', count: 1 },
    ]);
  });
});

describe('分析 charts', () => {
  it('loads the four distributions of the whole result set, with the facets as a fallback', async () => {
    net = mockNetwork((c) => {
      if (c.url === '/v1/frontend/trend/trend_law')
        return ok([
          { value: '有权', count: 20 },
          { value: '审中', count: 22 },
        ]);
      if (c.url === '/v1/frontend/trend/trend_times')
        return ok({
          list: [
            { year: 2021, count: 5 },
            { year: 2023, count: 2 },
          ],
        });
      if (c.url === '/v1/frontend/trend/trend_company') return { status: 404, data: { code: 0, msg: '接口不存在' } };
      return ok([]);
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const query = { val: '锂电池', sort: 'relevance' as const, filters: { type: '发明' } };
    render(
      <UiProvider>
        <QueryClientProvider client={client}>
          <AnalysisCharts
            query={query}
            facets={{ type: [{ value: '发明', count: 30 }], applicant: [{ value: '比亚迪', count: 9 }] }}
          />
        </QueryClientProvider>
      </UiProvider>,
    );
    expect(await screen.findByLabelText('法律状态分布：有权 20，审中 22')).toBeTruthy();
    expect(await screen.findByLabelText('专利类型分布：发明 30')).toBeTruthy();
    expect(await screen.findByLabelText('申请人排名（前 10）：比亚迪 9')).toBeTruthy();
    expect(await screen.findByLabelText('申请量年度趋势：2021 5，2022 0，2023 2')).toBeTruthy();
    await waitFor(() => expect(net!.calls).toHaveLength(4));
    for (const c of net.calls) expect(c.body).toEqual(query);
  });
});
