import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { STORAGE_KEYS } from '@ip/contract';
import { LocationProbe, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import type { SearchField } from './api';
import { buildExpression, offsetOfPosition } from './expression-builder';
import AdvancedSearchPage from './pages/advanced-search-page';

const FIELDS: SearchField[] = [
  { code: 'TI', name: '名称', kind: 'text', help: '专利名称' },
  { code: 'TX', name: '关键词', kind: 'text', help: '名称、摘要和权利要求' },
  { code: 'PA', name: '申请人', kind: 'text', help: '申请人或专利权人' },
  { code: 'AD', name: '申请日', kind: 'date', help: '申请日' },
  { code: 'IPC', name: 'IPC分类号', kind: 'code', help: '前缀匹配' },
  { code: 'TYPE', name: '专利类型', kind: 'enum', values: ['发明', '实用新型', '外观设计'], help: '类型' },
  { code: 'LS', name: '法律状态', kind: 'enum', values: ['审中', '有权', '无权'], help: '状态' },
];

function renderAt(path: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/AdvancedSearch" element={<AdvancedSearchPage />} />
        <Route path="/docking" element={<p>结果页</p>} />
      </Routes>
      <LocationProbe />
    </>,
    [path],
  );
}

type Handler = (c: RecordedCall) => unknown;
function server(extra: Handler = () => undefined) {
  return mockNetwork((c) => {
    const custom = extra(c);
    if (custom !== undefined) return custom as { data: unknown };
    if (c.url === '/v1/search/fields') return ok(FIELDS);
    if (c.url === '/v1/search/history') return ok([{ expression: 'PA=比亚迪', total: 12 }]);
    return ok(null);
  });
}

const editor = () => screen.getByLabelText('检索式') as HTMLTextAreaElement;
const location = () => screen.getByTestId('location').textContent ?? '';
// Text queries: role queries over this large form are slow in jsdom.
const button = (text: string) => screen.getByText(text, { selector: 'button span' }).closest('button')!;

let net: ReturnType<typeof mockNetwork> | undefined;

describe('expression builder', () => {
  it('follows the server rules: fields ANDed, boxes with operators grouped, ranges, enum ORs', () => {
    expect(
      buildExpression(
        {
          TI: '锂电池 OR 钠电池',
          PA: '比亚迪',
          AD: ['2020-01-01', '2020-12-31'],
          IPC: 'H01M 10/0525',
          TYPE: ['发明', '实用新型'],
          LS: ['有权'],
        },
        FIELDS,
      ),
    ).toBe(
      'TI=(锂电池 OR 钠电池) AND PA=比亚迪 AND AD=[2020-01-01 TO 2020-12-31] AND IPC=H01M10/0525 AND TYPE=(发明 OR 实用新型) AND LS=有权',
    );
    expect(buildExpression({ AD: ['', '2020-05-31'] }, FIELDS)).toBe('AD<=2020-05-31');
    expect(offsetOfPosition('𠀀AB', 2)).toBe(2);
  });
});

describe('/AdvancedSearch', () => {
  it('builds the expression live from the form and takes the server’s canonical text', async () => {
    // The server's canonical text differs from the browser's quick one (here: fields in reverse order).
    net = server((c) => {
      if (c.url !== '/v1/search/get-expression') return undefined;
      const form = (c.body as { form: Record<string, string | string[]> }).form;
      const parts = Object.entries(form).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(' OR ') : v}`);
      return ok({ expression: parts.reverse().join(' AND ') });
    });
    renderAt('/AdvancedSearch?val=正极');
    const title = await screen.findByLabelText('名称');
    expect(editor().value).toBe('TX=正极');
    fireEvent.change(title, { target: { value: '锂电池' } });
    // Shown at once, built in the browser…
    expect(editor().value).toBe('TI=锂电池 AND TX=正极');
    fireEvent.click(screen.getByLabelText('发明'));
    // …then replaced by the server's text for the latest form.
    await waitFor(() => expect(editor().value).toBe('TYPE=发明 AND TX=正极 AND TI=锂电池'));
    expect(net.calls.filter((c) => c.url === '/v1/search/get-expression').at(-1)?.body).toEqual({
      form: { TI: '锂电池', TX: '正极', TYPE: ['发明'] },
    });
    // The editor is checked too, by parsing only (no search, so nothing lands in the recent searches).
    expect(await screen.findByText(/检索式正确/)).toBeTruthy();
    expect(net.calls.some((c) => c.url === '/v1/search/expression')).toBe(false);
    fireEvent.click(button('检索'));
    await waitFor(() =>
      expect(location()).toBe(`/docking?${new URLSearchParams({ expr: 'TYPE=发明 AND TX=正极 AND TI=锂电池' })}`),
    );
  });

  it('validates the edited expression and points at the error position', async () => {
    net = server((c) =>
      c.url === '/v1/search/get-expression'
        ? { status: 400, data: { code: 0, msg: '关键词：第 4 个字符处缺少右括号（与第 4 个字符处的左括号配对）', position: 4 } }
        : undefined,
    );
    renderAt('/AdvancedSearch');
    await screen.findByLabelText('名称');
    fireEvent.change(editor(), { target: { value: 'TI=(锂电池' } });
    expect(await screen.findByText('第 4 个字符处缺少右括号（与第 4 个字符处的左括号配对）')).toBeTruthy();
    expect(screen.getByTestId('expr-error-mark').textContent).toBe('(');
    const check = net.calls.filter((c) => c.url === '/v1/search/get-expression').at(-1)!;
    expect(check.body).toEqual({ form: { TX: 'TI=(锂电池' } });
    fireEvent.click(button('定位到错误'));
    expect(document.activeElement).toBe(editor());
    expect([editor().selectionStart, editor().selectionEnd]).toEqual([3, 4]);
    // A search with a known error is not sent.
    fireEvent.click(button('检索'));
    expect(location()).toBe('/AdvancedSearch');
  });

  it('lists the field help and the user’s recent searches', async () => {
    window.sessionStorage.setItem(STORAGE_KEYS.token, 'tok');
    net = server();
    renderAt('/AdvancedSearch?expr=PA%3D华为');
    expect(await screen.findByText('PA=比亚迪')).toBeTruthy();
    expect(editor().value).toBe('PA=华为');
    fireEvent.click(screen.getByLabelText('填入 PA=比亚迪'));
    expect(editor().value).toBe('PA=比亚迪');
    fireEvent.click(screen.getByText('字段说明'));
    expect(await screen.findByText('前缀匹配')).toBeTruthy();
  });

  it('智能检索: keywords and expression from a paragraph, then 检索', async () => {
    net = server((c) =>
      c.url === '/v1/search/intelligence'
        ? ok({
            keywords: [
              { word: '锂电池', weight: 0.9 },
              { word: '隔膜', weight: 0.4 },
            ],
            expression: 'TX=(锂电池 OR 隔膜)',
            results: { total: 8, list: [{ id: 5, title: '一种<em>锂电池</em>隔膜' }] },
          })
        : undefined,
    );
    renderAt('/AdvancedSearch?tab=smart');
    fireEvent.change(await screen.findByLabelText('发明内容描述'), { target: { value: '一种用于锂电池的复合隔膜' } });
    fireEvent.click(button('智能分析'));
    expect(await screen.findByText('隔膜')).toBeTruthy();
    expect((screen.getByLabelText('生成的检索式') as HTMLTextAreaElement).value).toBe('TX=(锂电池 OR 隔膜)');
    expect(net.calls.find((c) => c.url === '/v1/search/intelligence')?.body).toEqual({ text: '一种用于锂电池的复合隔膜' });
    fireEvent.click(button('检索'));
    await waitFor(() => expect(location()).toBe(`/docking?${new URLSearchParams({ expr: 'TX=(锂电池 OR 隔膜)' })}`));
  });
});
