import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/shared/messages';
import { auth } from '@portal/shared/endpoints/auth';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { queryClient } from '@/lib/query-client.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { hasAccessToken, useSessionStore } from '@/stores/session-store.ts';
import LoginRoute from './login.tsx';

const METHODS = {
  password: true,
  cas: { login_url: 'http://127.0.0.1:9/cas/login' },
  mail: null,
  lark: { app_id: 'cli_test', sdk_url: 'http://127.0.0.1:9/lark-sdk.js' },
};

/** A session left behind by an earlier sign-in (spec §4.1: a 401 from SSO or Lark sign-in logs out). */
function leaveStaleSession() {
  useSessionStore
    .getState()
    .setTokens({ access: 'stale-access', refresh: 'stale-refresh', sessionid: 'stale-sid' });
}

afterEach(() => {
  useSessionStore.getState().clear();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('/login when the sign-in call answers 401', () => {
  it('logs out and shows ログイン失敗しました with 再ログイン for a refused Lark code', async () => {
    leaveStaleSession();
    const { requests } = mockFetch({
      ...reply(auth.methods, {}, { body: METHODS }),
      ...reply(
        auth.larkSignIn,
        {},
        { status: 401, body: { detail: '認証コードが無効か、期限が切れています。' } },
      ),
    });
    renderWithRouter(<LoginRoute />, { path: '/login?code=used-code&next=%2Fhome' });

    expect(await screen.findByText(MSG.larkLoginFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '再ログイン' })).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/lark-auth/')?.body).toEqual({ code: 'used-code' });
    expect(hasAccessToken()).toBe(false);
    expect(useSessionStore.getState().sessionid).toBeNull();
  });

  it('logs out and shows the server message with 再ログイン for a refused CAS ticket', async () => {
    leaveStaleSession();
    mockFetch({
      ...reply(auth.methods, {}, { body: METHODS }),
      ...reply(auth.casSignIn, {}, { status: 401, body: { detail: 'チケットが無効です。' } }),
    });
    renderWithRouter(<LoginRoute />, { path: '/login?ticket=ST-1&next=%2Fhome' });

    expect(await screen.findByText('チケットが無効です。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '再ログイン' })).toBeInTheDocument();
    expect(hasAccessToken()).toBe(false);
  });

  it('keeps the session when the sign-in call fails for another reason', async () => {
    leaveStaleSession();
    mockFetch({
      ...reply(auth.methods, {}, { body: METHODS }),
      ...reply(auth.casSignIn, {}, { status: 429, body: { detail: 'リクエストが多すぎます。' } }),
    });
    renderWithRouter(<LoginRoute />, { path: '/login?ticket=ST-2' });

    expect(await screen.findByText('リクエストが多すぎます。')).toBeInTheDocument();
    expect(hasAccessToken()).toBe(true);
  });
});

describe('/login with a CAS ticket that signs in', () => {
  it('exchanges the ticket once and keeps the new session while the next page loads', async () => {
    // The next page's code is still loading (a slow lazy chunk on a busy machine): /login stays on
    // screen and re-renders with the router's pending navigation after the session has started.
    let loadPage: () => void = () => undefined;
    const pageLoading = new Promise<null>((resolve) => {
      loadPage = () => resolve(null);
    });
    let ticketSpent = false;
    const { requests } = mockFetch({
      ...reply(auth.methods, {}, { body: METHODS }),
      // CAS tickets are single-use: a second exchange of the same ticket is refused.
      ...reply(auth.casSignIn, {}, () => {
        if (ticketSpent) return { status: 401, body: { detail: 'チケットが無効です。' } };
        ticketSpent = true;
        return { body: { access: 'A1', refresh: 'R1', sessionid: 'S1' } };
      }),
    });
    const { router } = renderWithRouter(<></>, {
      path: '/login?ticket=ST-1&next=%2Ftask%2Ftasks%2Fapproval',
      routePath: '/__unused',
      queryClient,
      routes: [
        { path: '/login', Component: LoginRoute },
        { path: '/task/tasks/approval', loader: () => pageLoading, element: <p>approval</p> },
      ],
    });

    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    await waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));
    loadPage();

    expect(await screen.findByText('approval')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/cas-auth/')).toHaveLength(1);
    expect(useSessionStore.getState()).toMatchObject({ access: 'A1', refresh: 'R1', sessionid: 'S1' });
  });
});
