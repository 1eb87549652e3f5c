import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { PAGES } from '@ip/contract';
import { NotFoundPage, componentFor } from './page-modules';
import { RouteShell } from './route-shell';

/** The routes, one per entry of the page table, under the guard. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RouteShell />,
      children: [
        // '/' only ever redirects (guard: to the set's home, or to /web/index without a token).
        { path: '/', element: null },
        ...PAGES.map((page): RouteObject => ({
          path: page.path,
          caseSensitive: true,
          element: createElement(componentFor(page)),
        })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
