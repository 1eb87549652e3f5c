import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { PDF_RESTRICTION_MESSAGES } from '@ip/contract';
import FullTextPage from './pages/full-text-page';
import { LocationProbe, mockNetwork, ok } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

// /fullText when the server withheld the PDF (DOMAIN §1, ADR 0019): the reason and the way on, and the text.

const patent = (restricted: 'trial' | 'login') => ({
  id: 7,
  title: '一种电池',
  abstract: '摘要内容',
  claims: '1.一种电池。',
  description: '说明书内容',
  pdf: '',
  pdf_restricted: restricted,
  pdf_restricted_msg: PDF_RESTRICTION_MESSAGES[restricted],
});

function renderFor(restricted: 'trial' | 'login') {
  mockNetwork((c) => (c.url === '/v1/patents/detail' ? ok(patent(restricted)) : ok(null)));
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/fullText" element={<FullTextPage />} />
        <Route path="*" element={<p>其他页面</p>} />
      </Routes>
      <LocationProbe />
    </>,
    ['/fullText?id=7'],
  );
}

describe('/fullText with the PDF withheld', () => {
  it('tells a trial user why and offers 去认证 (to /userCenter); the text stays readable', async () => {
    const user = userEvent.setup();
    renderFor('trial');
    expect(await screen.findByText(PDF_RESTRICTION_MESSAGES.trial)).toBeTruthy();
    expect(screen.getByLabelText('专利全文')).toBeTruthy();
    expect(screen.queryByTitle(/全文 PDF/)).toBeNull();
    await user.click(screen.getByRole('button', { name: '去认证' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/userCenter'));
  });

  it('offers 登录 to visitors and the anonymous', async () => {
    const user = userEvent.setup();
    renderFor('login');
    expect(await screen.findByText(PDF_RESTRICTION_MESSAGES.login)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '去认证' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });
});
