import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router';
import { LocationProbe, mockNetwork, ok } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { normalisePatent, splitClaims } from './api';
import DetailPage from './pages/detail-page';
import DrawingsPage from './pages/drawings-page';
import FullTextPage from './pages/full-text-page';
import InstructionsPage from './pages/instructions-page';
import KindredPage from './pages/kindred-page';
import LawPage from './pages/law-page';
import PowerPage from './pages/power-page';

const PATENT = {
  id: 7,
  an: 'CN202223220665.2',
  ad: '2022-12-02',
  pn: 'CN218751475U',
  pd: '2023-03-28',
  gn: 'CN218751475U',
  gd: '2023-03-28',
  publications: [{ pn: 'CN218751475U', pd: '2023-03-28', kind: 'U' }],
  title: '<script>alert(1)</script>一种无人机机载多功能盒',
  abstract: '为解决目前无人机……提出了一种无人机机载多功能盒。',
  applicants: ['中科大数据研究院'],
  inventors: ['刘迪', '刘敏'],
  address: '河南省郑州市',
  agency: '郑州某专利代理事务所',
  ipc: ['B64U20/80', 'B64U101/30'],
  ipc_main: 'B64U20/80',
  type: '实用新型',
  legal_status: '有权',
  claims: [
    { num: 1, text: '一种无人机机载多功能盒，其特征在于，包括内盒。', independent: true },
    { num: 2, text: '根据权利要求1所述的多功能盒，其特征在于……', independent: false },
  ],
  description: '技术领域\n本实用新型涉及无人机领域。\n背景技术\n目前无人机挂载设备单一。',
  drawings: ['/uploads/d1.png', 'https://img.example.cn/d2.png'],
  pdf: '',
  legal_events: [
    { date: '2022-12-02', code: 'FILED', text: '申请' },
    { date: '2023-03-28', code: 'GR01', text: '授权' },
  ],
  family: [{ pn: 'CN218751475U', pd: '2023-03-28', title: '一种无人机机载多功能盒' }],
  citations: ['CN1234567A'],
};

/** The history's back button, as the layout's 返回 uses it. */
function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      后退
    </button>
  );
}

function renderAt(path: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/docking" element={<p>检索结果页</p>} />
        <Route path="/detail" element={<DetailPage />} />
        <Route path="/power" element={<PowerPage />} />
        <Route path="/instructions" element={<InstructionsPage />} />
        <Route path="/drawings" element={<DrawingsPage />} />
        <Route path="/fullText" element={<FullTextPage />} />
        <Route path="/law" element={<LawPage />} />
        <Route path="/kindred" element={<KindredPage />} />
      </Routes>
      <LocationProbe />
      <Back />
    </>,
    ['/docking?val=x', path],
    1,
  );
}

const location = () => screen.getByTestId('location').textContent ?? '';
// Plain clicks and scoped queries: seven antd pages in a row are heavy for jsdom.
const tab = (label: string) => screen.getByText(label, { selector: '.patent-tabs [role=tab]' });

let net: ReturnType<typeof mockNetwork> | undefined;

describe('claims', () => {
  it('splits a claims text on the claim numbers only and marks the independent claims', () => {
    expect(splitClaims('1.一种电池，厚度为 2.5 mm。2.根据权利要求1所述的电池，其特征在于……3、一种方法。')).toEqual([
      { num: 1, text: '一种电池，厚度为 2.5 mm。', independent: true },
      { num: 2, text: '根据权利要求1所述的电池，其特征在于……', independent: false },
      { num: 3, text: '一种方法。', independent: true },
    ]);
    expect(normalisePatent({ claims: '1.一种盒。' })?.claims).toEqual([{ num: 1, text: '一种盒。', independent: true }]);
  });
});

describe('patent detail pages', () => {
  it('share one fetch across the tabs; a tab switch keeps the id and replaces the history entry', async () => {
    net = mockNetwork(() => ok(PATENT));
    renderAt('/detail?id=7');
    expect(await screen.findByText('中科大数据研究院', { selector: '.ant-descriptions *' })).toBeTruthy();
    expect(screen.getByText('郑州某专利代理事务所')).toBeTruthy();
    // The title is plain text from the API: a <script> in it stays text.
    expect(screen.getByText('<script>alert(1)</script>一种无人机机载多功能盒', { selector: 'h4' })).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();

    fireEvent.click(tab('权利要求'));
    await waitFor(() => expect(location()).toBe('/power?id=7'));
    const first = await screen.findByLabelText('权利要求 1（独立权利要求）');
    expect(within(first).getByText('独立权利要求')).toBeTruthy();
    expect(screen.getByLabelText('权利要求 2')).toBeTruthy();
    expect(screen.getByText('共 2 项，其中独立权利要求 1 项')).toBeTruthy();

    fireEvent.click(tab('法律信息'));
    expect(await screen.findByText('授权')).toBeTruthy();

    expect(net.calls.filter((c) => c.url === '/v1/patents/detail')).toHaveLength(1);
    expect(net.calls[0].body).toEqual({ id: 7 });
    // Tabs replaced the history entry: one step back is the result list.
    fireEvent.click(screen.getByText('后退'));
    await waitFor(() => expect(location()).toBe('/docking?val=x'));
  });

  it('shows the description, the drawings, the assembled full text and the family', async () => {
    net = mockNetwork(() => ok(PATENT));
    renderAt('/instructions?id=7');
    expect(await screen.findByText('背景技术', { selector: 'h3' })).toBeTruthy();
    fireEvent.click(tab('附图'));
    expect(await screen.findByAltText('附图 2')).toBeTruthy();
    fireEvent.click(tab('全文'));
    expect(await screen.findByLabelText('专利全文')).toBeTruthy();
    fireEvent.click(tab('同族信息'));
    expect(await screen.findByText('CN1234567A')).toBeTruthy();
    expect(net.calls).toHaveLength(1);
  });

  it('shows the PDF when the patent has one', async () => {
    net = mockNetwork(() => ok({ ...PATENT, pdf: '/uploads/CN218751475U.pdf' }));
    renderAt('/fullText?id=7');
    const frame = (await screen.findByTitle(/全文 PDF/)) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/uploads/CN218751475U.pdf');
  });

  // Issue 8: rows stored before the import checked addresses never reach <img>, <iframe> or a link.
  it('renders no javascript:, data: or relative drawing and PDF address', async () => {
    net = mockNetwork(() =>
      ok({
        ...PATENT,
        drawings: ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'fig1.png', '/uploads/d1.png'],
        pdf: 'javascript:alert(1)',
      }),
    );
    renderAt('/drawings?id=7');
    expect(await screen.findByAltText('附图 1')).toBeTruthy();
    expect(screen.queryByAltText('附图 2')).toBeNull();
    fireEvent.click(tab('全文'));
    expect(await screen.findByLabelText('专利全文')).toBeTruthy();
    expect(screen.queryByTitle(/全文 PDF/)).toBeNull();
    expect(document.querySelector('[src^="javascript"], [href^="javascript"], [src^="data:"]')).toBeNull();
  });

  it('a patent number in the URL asks by number', async () => {
    net = mockNetwork(() => ok(PATENT));
    renderAt('/law?id=CN218751475U');
    expect(await screen.findByText('授权')).toBeTruthy();
    expect(net.calls[0].body).toEqual({ number: 'CN218751475U' });
  });

  it('a missing or unknown id shows 专利不存在', async () => {
    net = mockNetwork(() => ({ status: 404, data: { code: 0, msg: '专利不存在' } }));
    renderAt('/detail');
    expect(await screen.findByText('专利不存在')).toBeTruthy();
    expect(net.calls).toHaveLength(0);
    cleanup();
    renderAt('/power?id=999');
    expect(await screen.findByText('专利不存在')).toBeTruthy();
    expect(net.calls[0].body).toEqual({ id: 999 });
  });
});
