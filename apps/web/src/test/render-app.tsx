import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { makeQueryClient } from '../app/app';
import { buildRoutes } from '../app/router';
import { UiProvider } from '../lib/ui-provider';

/** The whole app (routes, guard, layouts) at `path`; returns the router to navigate and read the location. */
export function renderApp(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <UiProvider>
      <QueryClientProvider client={makeQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </UiProvider>,
  );
  return router;
}
