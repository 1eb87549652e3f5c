import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { UiProvider } from '../lib/ui-provider';

/** Renders `ui` inside antd in Chinese, a fresh query client that does not retry, and a memory router at `entries`. */
export function renderWithProviders(ui: ReactNode, entries: string[] = ['/'], initialIndex?: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <UiProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={entries} initialIndex={initialIndex}>
          {ui}
        </MemoryRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
}
