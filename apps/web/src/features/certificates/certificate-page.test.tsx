import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CertificateDetail, CertificateRow } from '@ip/contract';
import CertificatePage from './pages/certificate-page';
import { mockNetwork, type RecordedCall } from '../../test/fixtures';
import { buttonByText } from '../../test/queries';
import { renderWithProviders } from '../../test/render';

// The machine running the suite may be busy: give the UI time to answer.
configure({ asyncUtilTimeout: 10_000 });

const row = (patch: Partial<CertificateRow>): CertificateRow => ({
  id: 1,
  kind: 'hightech',
  number: 'GR202333009876',
  name: '高新技术企业证书',
  issuer: '浙江省科学技术厅',
  issue_date: '2023-05-16',
  expiry_date: '2026-05-14',
  patent_id: 0,
  patent: null,
  note: '',
  file_count: 1,
  status: 'expiring',
  days_left: 60,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
  ...patch,
});
const ROWS = [
  row({}),
  row({
    id: 2,
    kind: 'iso',
    number: 'ISO-1',
    name: 'ISO 9001 质量管理体系认证证书',
    expiry_date: '2026-02-09',
    status: 'expired',
    days_left: -34,
  }),
  row({
    id: 3,
    kind: 'honor',
    number: 'H-1',
    name: '杭州市知识产权示范企业',
    expiry_date: null,
    status: 'valid',
    days_left: null,
    file_count: 0,
  }),
];
const DETAIL: CertificateDetail = {
  ...ROWS[0],
  files: [
    { id: 11, name: '高新证书.png', mime: 'image/png', size: 2048, url: '/v1/common/file/11?expires=1&sig=a' },
    { id: 12, name: '高新证书.pdf', mime: 'application/pdf', size: 4096, url: '/v1/common/file/12?expires=1&sig=b' },
  ],
};
const COUNTS = { total: 3, valid: 1, expiring: 1, expired: 1 };

function server(over: (c: RecordedCall) => unknown = () => undefined) {
  return mockNetwork((c) => {
    const special = over(c);
    if (special !== undefined) return special as never;
    const data =
      c.url === '/v1/frontend/certificate/index'
        ? { list: ROWS, total: 3, page: 1, page_size: 20, counts: COUNTS }
        : c.url === '/v1/frontend/certificate/detail'
          ? DETAIL
          : c.url === '/v1/frontend/certificate/patents'
            ? [
                {
                  id: 77,
                  title: '一种锂电池正极材料',
                  an: 'CN202310000001.1',
                  gn: null,
                  type: '发明',
                  legal_status: '有权',
                  expiry_date: '2043-01-01',
                },
              ]
            : c.url === '/v1/common/file'
              ? { id: 99, url: '/v1/common/file/99', name: '新证书.png', size: 10 }
              : c.url === '/v1/frontend/certificate/export'
                ? { url: '/v1/common/file/5?expires=1&sig=c', name: '证书列表.xlsx', rows: 3, truncated: false }
                : DETAIL;
    return { data: { code: 1, msg: 'ok', data } };
  });
}

const lastBody = (net: ReturnType<typeof mockNetwork>, url: string) => net.calls.filter((c) => c.url === url).at(-1)?.body;

async function pickOption(
  user: ReturnType<typeof userEvent.setup>,
  label: string,
  option: string,
  container: HTMLElement = document.body,
) {
  await user.click(within(container).getByLabelText(label));
  const opts = await screen.findAllByTitle(option);
  await user.click(opts.at(-1)!);
}

describe('/certificateData: the list', () => {
  it('opens the certificate named in the URL (?view=, the link from /patentDetails)', async () => {
    const net = server();
    renderWithProviders(<CertificatePage />, ['/certificateData?view=1']);
    expect(await screen.findByText('高新证书.png')).toBeTruthy();
    expect(lastBody(net, '/v1/frontend/certificate/detail')).toEqual({ id: 1 });
  });

  it('shows the certificates with 剩余/已过期/长期有效 tags and the expiry warning', async () => {
    server();
    renderWithProviders(<CertificatePage />, ['/certificateData']);
    expect(await screen.findByText('ISO 9001 质量管理体系认证证书')).toBeTruthy();
    expect(screen.getByText('剩余 60 天')).toBeTruthy();
    expect(screen.getByText('已过期 34 天')).toBeTruthy();
    expect(screen.getByText('长期有效')).toBeTruthy();
    expect(screen.getByText('1 个证书将在 90 天内到期，1 个证书已过期')).toBeTruthy();
    expect(screen.getByText('共 3 条')).toBeTruthy();
  });

  it('sends status, kind, keyword and sorting to the server', async () => {
    const net = server();
    // antd closes a Select's dropdown with an animation that sets pointer-events: none on it for a moment; jsdom
    // never finishes the animation, so the check would refuse the next click when tests run one after another.
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    renderWithProviders(<CertificatePage />, ['/certificateData']);
    await screen.findByLabelText('查看 高新技术企业证书');
    expect(lastBody(net, '/v1/frontend/certificate/index')).toEqual({
      page: 1,
      page_size: 20,
      sort_field: 'expiry_date',
      sort_order: 'ascend',
    });
    await pickOption(user, '按证书状态筛选', '即将到期（1）');
    await waitFor(() => expect(lastBody(net, '/v1/frontend/certificate/index')).toMatchObject({ status: 'expiring' }));
    await pickOption(user, '按证书类型筛选', 'ISO 体系认证证书');
    await waitFor(() =>
      expect(lastBody(net, '/v1/frontend/certificate/index')).toMatchObject({ status: 'expiring', kind: 'iso' }),
    );
    await user.type(screen.getByLabelText('搜索证书'), '质量{Enter}');
    await waitFor(() => expect(lastBody(net, '/v1/frontend/certificate/index')).toMatchObject({ keyword: '质量' }));
    await user.click(screen.getAllByText('发证日期').find((el) => el.closest('th'))!);
    await waitFor(() =>
      expect(lastBody(net, '/v1/frontend/certificate/index')).toMatchObject({ sort_field: 'issue_date', sort_order: 'ascend' }),
    );
    await user.click(screen.getByText('导出 Excel'));
    await waitFor(() =>
      expect(lastBody(net, '/v1/frontend/certificate/export')).toEqual({
        status: 'expiring',
        kind: 'iso',
        keyword: '质量',
        sort_field: 'issue_date',
        sort_order: 'ascend',
      }),
    );
  });

  it('says so when the list cannot be loaded, and offers to retry', async () => {
    const net = server((c) =>
      c.url === '/v1/frontend/certificate/index' ? { status: 500, data: { code: 0, msg: '服务器错误' } } : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CertificatePage />, ['/certificateData']);
    expect(await screen.findByText(/证书加载失败/)).toBeTruthy();
    const before = net.calls.length;
    await user.click(buttonByText(/^重\s*试$/));
    await waitFor(() => expect(net.calls.length).toBeGreaterThan(before));
  });

  it('asks before deleting, then deletes', async () => {
    const net = server();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CertificatePage />, ['/certificateData']);
    await user.click(await screen.findByLabelText('删除 杭州市知识产权示范企业'));
    expect(await screen.findByText('确定删除「杭州市知识产权示范企业」吗？')).toBeTruthy();
    expect(net.calls.some((c) => c.url === '/v1/frontend/certificate/delete')).toBe(false);
    const pop = screen.getByText('确定删除「杭州市知识产权示范企业」吗？').closest('.ant-popover') as HTMLElement;
    await user.click(within(pop).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(lastBody(net, '/v1/frontend/certificate/delete')).toEqual({ id: 3 }));
  });

  it('previews an image in antd Image and a PDF in an iframe in the detail drawer', async () => {
    server();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CertificatePage />, ['/certificateData']);
    await user.click(await screen.findByLabelText('查看 高新技术企业证书'));
    const img = (await screen.findByAltText('高新证书.png')) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(DETAIL.files[0].url);
    const frame = screen.getByTitle('附件预览：高新证书.pdf') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(DETAIL.files[1].url);
  });
});

describe('/certificateData: the form', () => {
  it(
    'checks required fields and dates in the browser, then creates a patent certificate with a picked patent and an upload',
    { timeout: 120_000 },
    async () => {
      const net = server();
      const user = userEvent.setup({ applyAccept: false, delay: null });
      renderWithProviders(<CertificatePage />, ['/certificateData']);
      await user.click(await screen.findByRole('button', { name: /新增证书/ }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
      expect(await within(dialog).findByText('请填写证书编号')).toBeTruthy();
      expect(within(dialog).getByText('请选择发证日期')).toBeTruthy();
      expect(net.calls.some((c) => c.url === '/v1/frontend/certificate/create')).toBe(false);

      await pickOption(user, '证书类型', '专利证书', dialog);
      await user.click(await within(dialog).findByLabelText('所属专利'));
      await user.click(await screen.findByText('一种锂电池正极材料（CN202310000001.1）'));
      await user.click(within(dialog).getByLabelText('证书编号'));
      await user.paste('第4001234号');
      await user.click(within(dialog).getByLabelText('证书名称'));
      await user.paste('发明专利证书');
      const issue = within(dialog).getByLabelText('发证日期');
      await user.type(issue, '2023-05-16');
      fireEvent.keyDown(issue, { key: 'Enter', code: 'Enter' });
      const expiry = within(dialog).getByLabelText('有效期至');
      await user.type(expiry, '2023-01-01');
      fireEvent.keyDown(expiry, { key: 'Enter', code: 'Enter' });
      await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
      expect(await within(dialog).findByText('有效期至不能早于发证日期')).toBeTruthy();
      await user.clear(expiry);
      await user.type(expiry, '2043-01-01');
      fireEvent.keyDown(expiry, { key: 'Enter', code: 'Enter' });

      const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
      await user.upload(input, new File(['png'], '新证书.png', { type: 'image/png' }));
      expect(await within(dialog).findByText('新证书.png')).toBeTruthy();
      const up = net.calls.find((c) => c.url === '/v1/common/file')!;
      expect((up.body as FormData).get('purpose')).toBe('document');

      await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
      await waitFor(() =>
        expect(lastBody(net, '/v1/frontend/certificate/create')).toEqual({
          kind: 'patent',
          patent_id: 77,
          number: '第4001234号',
          name: '发明专利证书',
          issuer: '',
          issue_date: '2023-05-16',
          expiry_date: '2043-01-01',
          note: '',
          file_ids: [99],
        }),
      );
    },
  );

  it('edits: the form holds the certificate and its files, and sends the update with the id', async () => {
    const net = server();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CertificatePage />, ['/certificateData']);
    await user.click(await screen.findByLabelText('编辑 高新技术企业证书'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('证书编号') as HTMLInputElement).value).toBe('GR202333009876');
    expect(within(dialog).getByText('高新证书.pdf')).toBeTruthy();
    await user.click(within(dialog).getByLabelText('移除附件 高新证书.pdf'));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(lastBody(net, '/v1/frontend/certificate/update')).toMatchObject({
        id: 1,
        number: 'GR202333009876',
        expiry_date: '2026-05-14',
        file_ids: [11],
      }),
    );
  });
});
