import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/api/query-keys.ts';
import { PATHS } from '@/config/paths.ts';
import { useSessionStore } from '@/stores/session-store.ts';
import { mockFetch } from '@/testing/fetch-mock.ts';
import { userState } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { PAGE_HEADING_ID } from './route-announcer.tsx';
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
    const { queryClient } = renderWithRouter(<TopBar />, { path: '/home', routePath: '/home' });
    // The count has arrived (0) before the badge's absence means anything.
    await waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.account.statistics)).toEqual({
        unresolved_tasks: 1,
        approval_tasks: 0,
      }),
    );
    const menu = screen.getByRole('button', { name: 'メニュー' });
    expect(menu).toHaveAttribute('aria-haspopup', 'dialog');
    expect(menu).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByTestId('menu-badge')).not.toBeInTheDocument();
  });
});

describe('TopBar', () => {
  it("holds the screen's title, the company calendar, the bell and the user menu with its sign-out", async () => {
    screenWidth(false);
    awaiting(0);
    const { router } = renderWithRouter(<TopBar />, {
      path: '/home',
      routePath: '/home',
      routes: [{ path: PATHS.companyCalendar, element: <p>calendar page</p> }],
    });
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('heading', { level: 1 })).toHaveAttribute('id', PAGE_HEADING_ID);
    expect(within(bar).getByRole('button', { name: /^お知らせ（未読/ })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
    // No menu button on a desktop: the sidebar is in sight.
    expect(within(bar).queryByRole('button', { name: 'メニュー' })).not.toBeInTheDocument();

    await userEvent.click(within(bar).getByRole('button', { name: '山田 太郎 ユーザーメニュー' }));
    const menu = await within(bar).findByRole('menu', { name: 'ユーザーメニュー' });
    expect(within(menu).getByRole('menuitem', { name: 'ログアウト' })).toBeInTheDocument();

    await userEvent.click(within(bar).getByRole('button', { name: '会社カレンダー' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PATHS.companyCalendar));
  });
});
