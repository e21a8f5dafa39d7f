// Issue 12, item 14 (sign-in): the whole app's routes, as router.test.tsx renders them. After logout
// the sign-in page carries no `next` and nothing is asked with the dead token; an invalid token handed
// to /login-native says why in the server's words; /login-native sends someone signed in on. Issue 32:
// the mail sign-in's one-time code is exchanged by POST, once.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { API_MSG, MSG, SSO_MSG } from '@portal/shared/messages';
import { routes } from './router.tsx';
import { queryClient } from '@/lib/query-client.ts';
import { useSessionStore } from '@/stores/session-store.ts';
import { mockFetch } from '@/testing/fetch-mock.ts';
import { page, userState } from '@/testing/fixtures.ts';

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const here = (router: ReturnType<typeof renderApp>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

function mockPortalApi(overrides: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/auth/methods/': { body: { password: true, cas: null, mail: null, lark: null } },
    'POST /api/account/me/': { body: userState() },
    'GET /api/account/statistics/': { body: { unresolved_tasks: 2, approval_tasks: 5 } },
    'GET /api/account/task/statistics/': {
      body: { unresolved: 2, approval: 5, approval_finished: 1, finished: 3, observer: 0 },
    },
    'GET /api/organizations/': { body: [] },
    'GET /api/notifications/': { body: page([]) },
    'GET /api/master/company/info': { body: { name: '株式会社サンプル', file_calendar: [] } },
    ...overrides,
  });
}

beforeEach(() => {
  queryClient.clear();
  useSessionStore.getState().clear();
});

// Each case renders the whole router with its lazy screens: slow on a loaded 2-core runner.
describe('signing in and out (issue 12, item 14)', { timeout: 30_000 }, () => {
  it('shows the server’s sign-in message for an invalid access_token, with 再ログイン', async () => {
    mockPortalApi({
      'POST /api/account/me/': { status: 401, body: { detail: API_MSG.invalidToken, code: 'token_invalid' } },
    });
    const router = renderApp('/login-native?access_token=BAD&next=%2Fproxies');
    expect(await screen.findByText(API_MSG.invalidToken, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText(MSG.unexpected)).toBeNull();
    expect(screen.getByRole('link', { name: '再ログイン' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login-native');
    expect(useSessionStore.getState().access).toBeNull();
  }, 30_000);

  it('exchanges the mail sign-in’s one-time code by POST, once, and goes to next', async () => {
    const { requests } = mockPortalApi({
      'POST /api/auth/handoff/': { body: { access: 'ACCESS', refresh: 'REFRESH' } },
    });
    const router = renderApp('/login-native?code=ONE-TIME&next=%2Fproxies');
    await waitFor(() => expect(here(router)).toBe('/proxies'), { timeout: 10_000 });
    const exchanges = requests.filter((r) => r.path === '/api/auth/handoff/');
    expect(exchanges.map((r) => [r.method, r.body, r.headers.get('Authorization')])).toEqual([
      ['POST', { code: 'ONE-TIME' }, null],
    ]);
    expect(useSessionStore.getState()).toMatchObject({ access: 'ACCESS', refresh: 'REFRESH' });
    expect(requests.find((r) => r.path === '/api/account/me/')?.headers.get('Authorization')).toBe(
      'JWT ACCESS',
    );
  });

  it('shows the server’s message for a spent or expired code, with 再ログイン', async () => {
    mockPortalApi({
      'POST /api/auth/handoff/': {
        status: 401,
        body: { detail: SSO_MSG.handoffInvalid, code: 'authentication_failed' },
      },
    });
    renderApp('/login-native?code=SPENT&next=%2Fproxies');
    expect(await screen.findByText(SSO_MSG.handoffInvalid, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '再ログイン' })).toBeInTheDocument();
    expect(useSessionStore.getState().access).toBeNull();
  });

  it('says the mail sign-in failed for an error code it does not know', async () => {
    mockPortalApi();
    renderApp('/login-native?error=mail_expired');
    expect(await screen.findByText(API_MSG.mailLoginFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends someone already signed in from /login-native to next, or home', async () => {
    useSessionStore.getState().setTokens({ access: 'A', refresh: 'R' });
    mockPortalApi();
    const router = renderApp('/login-native?next=%2Fmanual');
    await waitFor(() => expect(here(router)).toBe('/manual'));
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    await act(() => router.navigate('/login-native'));
    await waitFor(() => expect(here(router)).toBe('/home'));
  });

  it('after logout, lands on sign-in without next and asks nothing with the dead token', async () => {
    useSessionStore.getState().setTokens({ access: 'A', refresh: 'R' });
    useSessionStore.getState().setUser(userState());
    let revoked = false;
    const dead = (reply: { body: unknown }) => () =>
      revoked ? { status: 401, body: { detail: API_MSG.invalidToken, code: 'token_invalid' } } : reply;
    const { requests } = mockPortalApi({
      'POST /api/account/me/': dead({ body: userState() }),
      'GET /api/account/statistics/': dead({ body: { unresolved_tasks: 2, approval_tasks: 5 } }),
      'GET /api/notifications/': dead({ body: page([]) }),
      'GET /api/master/company/info': dead({ body: { name: '株式会社サンプル', file_calendar: [] } }),
      'POST /api/token-refresh/': { status: 401, body: { detail: API_MSG.invalidToken } },
      'POST /api/account/logout/': () => {
        revoked = true;
        return { body: { detail: API_MSG.logoutDone } };
      },
    });
    const router = renderApp('/proxies');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /ユーザーメニュー/ }, { timeout: 10_000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'ログアウト' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'ログアウト' }));
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(here(router)).toBe('/login-native');
    const logoutAt = requests.findIndex((r) => r.path === '/api/account/logout/');
    const after = requests.slice(logoutAt + 1);
    expect(after.filter((r) => r.headers.get('Authorization'))).toEqual([]);
    expect(useSessionStore.getState().access).toBeNull();
  }, 30_000);
});
