import { Component, useState, type ReactNode } from 'react';
import { BrowserRouter, useLocation, useRoutes, type Location } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { GlobalLoading } from '../components/global-loading';
import { UiProvider } from '../lib/ui-provider';
import { buildRoutes } from './router';

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The HTTP client (api/http.ts) already toasts failures; retries would repeat the toast.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

interface BoundaryState {
  error: unknown;
  location: Location;
}

/**
 * What a data router showed for an error thrown while rendering (its default error element; the app sets none):
 * the message in place of the pages, until the location changes.
 */
class RouteErrorBoundary extends Component<{ location: Location; children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: { location: Location }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location !== state.location ? { error: undefined, location: props.location } : null;
  }

  render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    const stack = error instanceof Error ? error.stack : null;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
        {stack ? <pre style={{ padding: '0.5rem', backgroundColor: 'rgba(200,200,200, 0.5)' }}>{stack}</pre> : null}
      </>
    );
  }
}

/**
 * The route table in react-router's declarative mode: the app uses no loaders, actions or other data-router APIs, and
 * the data router's code is a third of react-router's size in the bundle every page loads (ADR 0056). Tests drive the
 * same route objects through createMemoryRouter (src/test/render-app.tsx).
 */
function AppRoutes({ routes }: { routes: ReturnType<typeof buildRoutes> }) {
  const location = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary location={location}>{element}</RouteErrorBoundary>;
}

/** Providers: antd in Chinese, TanStack Query, the router, the global loading overlay. */
export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [routes] = useState(buildRoutes);
  return (
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes routes={routes} />
        </BrowserRouter>
        <GlobalLoading />
      </QueryClientProvider>
    </UiProvider>
  );
}
