import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store.ts';
import { mockFetch } from '@/testing/fetch-mock.ts';
import { userState } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { EMPLOYEE_MENU } from './nav-items.ts';
import { UserMenu } from './user-menu.tsx';

function renderMenu() {
  return renderWithRouter(<UserMenu />, {
    path: '/home',
    routePath: '/home',
    routes: [
      { path: '/login', element: <p>sign-in page</p> },
      { path: '/profile', element: <p>profile page</p> },
    ],
  });
}

async function openMenu() {
  await userEvent.click(screen.getByRole('button', { name: /ユーザーメニュー/ }));
  return screen.findByRole('menu');
}

beforeEach(() => {
  useSessionStore.getState().setTokens({ access: 'A', refresh: 'R1' });
});

afterEach(() => vi.restoreAllMocks());

describe('UserMenu', () => {
  it('offers an employee the personal pages and logout', async () => {
    useSessionStore.getState().setUser(userState());
    const { router } = renderMenu();
    const menu = await openMenu();
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'プロフィール',
      '緊急連絡先',
      '銀行口座',
      '給与明細',
      '源泉徴収票',
      '休暇履歴',
      '資材貸出',
      '承認代理',
      'ログアウト',
    ]);
    // The same list the phone's drawer reads.
    expect(items.slice(0, -1)).toEqual(EMPLOYEE_MENU.map((item) => item.text));
    await userEvent.click(within(menu).getByText('プロフィール'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    // The pick closes the menu, so it cannot cover the page it opened.
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('is named by the name it shows, then what it is (label in name, WCAG 2.5.3)', () => {
    useSessionStore.getState().setUser(userState());
    renderMenu();
    const trigger = screen.getByRole('button', { name: '山田 太郎 ユーザーメニュー' });
    expect(trigger).toHaveTextContent('山田 太郎');
  });

  it('shows only logout to a user without an employee record', async () => {
    useSessionStore.getState().setUser(userState({ employeeId: null }));
    renderMenu();
    const menu = await openMenu();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['ログアウト']);
  });

  it('hides logout inside Lark', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone) Lark/7.1.0 LarkLocale/ja_JP',
    );
    useSessionStore.getState().setUser(userState());
    renderMenu();
    const menu = await openMenu();
    expect(within(menu).queryByText('ログアウト')).not.toBeInTheDocument();
  });

  it('asks first, then revokes the refresh token, forgets the session and goes to sign in', async () => {
    const { requests } = mockFetch({
      'POST /api/account/logout/': { body: { detail: 'ログアウトしました。' } },
    });
    useSessionStore.getState().setUser(userState());
    const { router } = renderMenu();
    const menu = await openMenu();
    await userEvent.click(within(menu).getByText('ログアウト'));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('ログアウトします、よろしいですか？');
    expect(requests).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'ログアウト' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests[0]).toMatchObject({ path: '/api/account/logout/', body: { refresh: 'R1' } });
    expect(useSessionStore.getState()).toMatchObject({ access: null, refresh: null, user: null });
  });

  it('keeps the session when the confirmation is cancelled', async () => {
    const { requests } = mockFetch({});
    useSessionStore.getState().setUser(userState());
    renderMenu();
    const menu = await openMenu();
    await userEvent.click(within(menu).getByText('ログアウト'));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'キャンセル' }),
    );
    expect(requests).toHaveLength(0);
    expect(useSessionStore.getState().access).toBe('A');
  });

  it('works from the keyboard: first item focused, arrows wrap, Escape back to the button', async () => {
    useSessionStore.getState().setUser(userState());
    renderMenu();
    const user = userEvent.setup();
    const trigger = screen.getByRole('button', { name: /ユーザーメニュー/ });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const items = within(menu).getAllByRole('menuitem');
    await waitFor(() => expect(items[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(items[items.length - 1]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes on a click elsewhere', async () => {
    useSessionStore.getState().setUser(userState());
    renderMenu();
    await openMenu();
    await userEvent.click(document.body);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });
});
