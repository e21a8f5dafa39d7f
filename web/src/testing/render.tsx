import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * Renders an element on a memory router at `path` (other routes show their path, so tests can see
 * where a navigation went).
 */
export function renderWithRouter(
  element: ReactElement,
  { path = '/', routePath = '*', routes = [] as RouteObject[], queryClient = testQueryClient() } = {},
) {
  const router = createMemoryRouter(
    [{ path: routePath, element }, ...routes, { path: '/__other/*', element: null }],
    { initialEntries: [path] },
  );
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const result = render(<RouterProvider router={router} />, { wrapper });
  return { ...result, router, queryClient };
}
