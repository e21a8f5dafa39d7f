import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store.ts';
import { mockFetch } from '@/testing/fetch-mock.ts';
import { userState } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { TopBar } from './top-bar.tsx';

/** A screen as wide as a phone (below md) or a desktop. */
function screenWidth(mobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(max-width: 767px)' ? mobile : false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

function awaiting(count: number) {
  mockFetch({ 'GET /api/account/statistics/': { body: { unresolved_tasks: 1, approval_tasks: count } } });
}

beforeEach(() => {
  useSessionStore.getState().setTokens({ access: 'A', refresh: 'R1' });
  useSessionStore.getState().setUser(userState());
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Issue 12, item 16: on a phone the sidebar's counts are out of sight.
describe('TopBar menu badge', () => {
  it('tells a phone user that requests await them, on the menu button', async () => {
    screenWidth(true);
    awaiting(4);
    renderWithRouter(<TopBar />, { path: '/home', routePath: '/home' });
    expect(await screen.findByTestId('menu-badge')).toHaveTextContent('4');
    expect(screen.getByRole('button', { name: 'メニュー' })).toHaveAccessibleDescription('承認待ち 4 件');
  });

  it('shows no badge when nothing awaits', async () => {
    screenWidth(true);
    awaiting(0);
    renderWithRouter(<TopBar />, { path: '/home', routePath: '/home' });
    expect(await screen.findByRole('button', { name: 'メニュー' })).toBeInTheDocument();
    expect(screen.queryByTestId('menu-badge')).not.toBeInTheDocument();
  });
});
