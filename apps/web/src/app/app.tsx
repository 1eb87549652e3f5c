import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { GlobalLoading } from '../components/global-loading';
import { UiProvider } from '../lib/ui-provider';
import { createAppRouter } from './router';

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The axios layer already toasts failures; retries would repeat the toast.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** Providers: antd in Chinese, TanStack Query, the router, the global loading overlay. */
export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <GlobalLoading />
      </QueryClientProvider>
    </UiProvider>
  );
}
