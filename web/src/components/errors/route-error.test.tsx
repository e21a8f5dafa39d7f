import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '@/lib/lazy-route.ts';
import { RouteError } from './route-error.tsx';

function renderFailingRoute(error: unknown) {
  const router = createMemoryRouter([
    {
      path: '/',
      ErrorBoundary: RouteError,
      HydrateFallback: () => null,
      lazy: () => Promise.reject(error),
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('RouteError', () => {
  it('offers to reload when a screen chunk failed to load', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderFailingRoute(new ChunkLoadError(false));
    expect(await screen.findByText('画面の読み込みに失敗しました')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(reload).toHaveBeenCalled();
  });

  it('says so when the chunk timed out', async () => {
    renderFailingRoute(new ChunkLoadError(true));
    expect(await screen.findByText('画面の読み込みがタイムアウトしました')).toBeInTheDocument();
  });

  it('shows the server-error page for anything else', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderFailingRoute(new Error('boom'));
    expect(await screen.findByText('サーバーエラーが発生しました')).toBeInTheDocument();
  });
});
