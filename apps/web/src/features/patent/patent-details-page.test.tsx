import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { CertificateRow } from '@ip/contract';
import { LocationProbe, mockNetwork, ok, type RecordedCall } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import PatentDetailsPage, { PATENT_DETAILS_TABS } from './pages/patent-details-page';

// /patentDetails (ADR 0020, 0031): the company's view of one patent; every tab, 证书 with this patent's certificates.
configure({ asyncUtilTimeout: 10_000 });

const PATENT = {
  id: 7,
  an: 'CN202310000001.1',
  ad: '2023-01-05',
  pn: 'CN116000001B',
  pd: '2023-06-01',
  gn: 'CN116000001B',
  gd: '2024-02-02',
  publications: [{ pn: 'CN116000001B', pd: '2024-02-02', kind: 'B' }],
  title: '一种锂电池正极材料',
  abstract: '本发明提供一种锂电池正极材料。',
  applicants: ['示例科技有限公司'],
  inventors: ['张三'],
  address: '浙江省杭州市',
  agency: '',
  ipc: ['H01M4/36'],
  ipc_main: 'H01M4/36',
  type: '发明',
  legal_status: '有权',
  claims: [{ num: 1, text: '一种锂电池正极材料，其特征在于包括镍。', independent: true }],
  description: '技术领域\n本发明涉及电池。',
  drawings: [],
  pdf: '',
  legal_events: [{ date: '2024-02-02', code: 'GR01', text: '授权' }],
  family: [],
  citations: [],
};
const INFO = {
  patent_id: 7,
  title: PATENT.title,
  entry: {
    source: 'auto',
    category_id: 0,
    category_name: '未分类',
    is_core: 1,
    is_collected: 0,
    removed: 0,
    added_at: '2026-01-01',
  },
  notes: [
    {
      id: 1,
      patent_id: 7,
      content: '核心专利，建议维持。',
      author: '张经理',
      user_id: 2,
      created_at: '2026-02-01T00:00:00Z',
      deletable: true,
    },
  ],
};
const cert = (patch: Partial<CertificateRow>): CertificateRow => ({
  id: 31,
  kind: 'patent',
  number: 'ZL202310000001.1',
  name: '发明专利证书',
  issuer: '国家知识产权局',
  issue_date: '2024-02-02',
  expiry_date: '2043-01-04',
  patent_id: 7,
  patent: null,
  note: '',
  file_count: 1,
  status: 'valid',
  days_left: 6000,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
  ...patch,
});
const CERTS = [
  cert({}),
  cert({ id: 32, kind: 'other', number: 'XK-7', name: '专利实施许可备案证明', expiry_date: null, days_left: null }),
];

function server(certs: CertificateRow[] = CERTS) {
  return mockNetwork((c: RecordedCall) => {
    if (c.url === '/v1/patents/detail') return ok(PATENT);
    if (c.url === '/v1/frontend/patent/info') return ok(INFO);
    if (c.url === '/v1/frontend/patent/cate')
      return ok({ tree: [], uncategorized: 1, all: 1, core: 1, collected: 0, removed: 0 });
    if (c.url === '/v1/frontend/certificate/index')
      return ok({
        list: certs,
        total: certs.length,
        page: 1,
        page_size: 100,
        counts: { total: 2, valid: 2, expiring: 0, expired: 0 },
      });
    return ok(null);
  });
}

function renderPage() {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/patentDetails" element={<PatentDetailsPage />} />
        <Route path="/certificateData" element={<p>证书管理页</p>} />
      </Routes>
      <LocationProbe />
    </>,
    ['/patentDetails?id=7'],
  );
}

const tab = (label: string) => screen.getByRole('tab', { name: new RegExp(`^${label}`) });

describe('/patentDetails', () => {
  it('shows every tab, each with its section', async () => {
    server();
    renderPage();
    // The 研判 count arrives with the company's side of the patent.
    expect(await screen.findByRole('tab', { name: '研判（1）' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      '著录项目与摘要',
      '权利要求',
      '说明书',
      '附图',
      '法律状态',
      '同族与引证',
      '研判（1）',
      '证书',
    ]);
    expect(PATENT_DETAILS_TABS.map((t) => t.key)).toContain('certificates');
    expect(await screen.findByText('本发明提供一种锂电池正极材料。')).toBeTruthy();
    fireEvent.click(tab('权利要求'));
    expect(await screen.findByText(/包括镍/)).toBeTruthy();
    fireEvent.click(tab('说明书'));
    expect(await screen.findByText(/本发明涉及电池/)).toBeTruthy();
    fireEvent.click(tab('附图'));
    expect(await screen.findByText('暂无附图')).toBeTruthy();
    fireEvent.click(tab('法律状态'));
    expect(await screen.findByText('法律状态：有权')).toBeTruthy();
    fireEvent.click(tab('研判'));
    expect(await screen.findByText('核心专利，建议维持。')).toBeTruthy();
  });

  it("证书 lists the company's certificates of this patent, each opening on /certificateData", async () => {
    const net = server();
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: '证书' }));
    const list = await screen.findByRole('region', { name: '本专利的证书' });
    expect(net.calls.filter((c) => c.url === '/v1/frontend/certificate/index').at(-1)?.body).toMatchObject({
      patent_id: 7,
      page: 1,
    });
    expect(within(list).getByText('编号 ZL202310000001.1')).toBeTruthy();
    expect(within(list).getByText('长期有效')).toBeTruthy();
    fireEvent.click(within(list).getByRole('link', { name: '专利实施许可备案证明' }));
    expect(await screen.findByText('证书管理页')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toContain('/certificateData?view=32');
  });

  it('证书 says when none is recorded and links to the certificate page', async () => {
    server([]);
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: '证书' }));
    expect(await screen.findByText('本企业尚未登记该专利的证书')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去登记证书' }).getAttribute('href')).toBe('/certificateData');
  });
});
