import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { company } from '@portal/shared/endpoints/company';
import { PERM } from '@portal/shared/permissions';
import { FORBIDDEN_TITLE } from '@/components/errors/forbidden.tsx';
import { queryClient } from '@/lib/query-client.ts';
import { setPushTokenProvider } from '@/lib/push-token.ts';
import { useSessionStore } from '@/stores/session-store.ts';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { page, userState } from '@/testing/fixtures.ts';
import { routes } from './router.tsx';

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
    'GET /api/manual/': {
      body: { chapters: [{ title: '勤怠と休暇', pages: [{ id: 2, title: '休暇申請と有給休暇' }] }] },
    },
    ...reply(company.info, {}, { body: { name: '株式会社サンプル', file_calendar: [] } }),
    ...overrides,
  });
}

beforeEach(() => {
  queryClient.clear();
  useSessionStore.getState().clear();
});

describe('navigation guard (spec §2.2)', () => {
  // The first test of the file transforms the sign-in chunk: on a loaded machine that alone can take
  // seconds, so it gets more time than the others.
  it('sends a visitor without a token to sign in, keeping the intended path and query as next', async () => {
    mockPortalApi();
    const router = renderApp('/task/tasks/approval?page=2');
    await waitFor(
      () => expect(here(router)).toBe('/login-native?next=%2Ftask%2Ftasks%2Fapproval%3Fpage%3D2'),
      { timeout: 12_000 },
    );
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 12_000 })).toBeDisabled();
  }, 30_000);

  it('lets a visitor without a token reach the sign-in page', async () => {
    mockPortalApi();
    const router = renderApp('/login-native');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(here(router)).toBe('/login-native');
  });

  it('resets the server status to 200 on every navigation', async () => {
    useSessionStore.getState().setTokens({ access: 'A' });
    mockPortalApi();
    const router = renderApp('/home');
    await screen.findByTestId('sidebar');
    act(() => useSessionStore.getState().setServerStatus(404, '見つかりませんでした。'));
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    await act(() => router.navigate('/manual'));
    expect(useSessionStore.getState().serverStatus).toBe(200);
    expect(await screen.findByRole('search', { name: 'マニュアルの検索' })).toBeInTheDocument();
  });
});

describe('signed-in shell (spec §2.3)', () => {
  it('redirects / to /home and shows the title, sidebar, bell and footer', async () => {
    useSessionStore.getState().setTokens({ access: 'A' });
    const { requests } = mockPortalApi();
    const router = renderApp('/');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('ホーム');
    expect(here(router)).toBe('/home');
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^お知らせ（未読/ })).toBeInTheDocument();
    expect(await screen.findByText(/株式会社サンプル/)).toBeInTheDocument();
    expect(await screen.findByText(/こんにちは、山田 太郎 さん/)).toBeInTheDocument();
    expect(requests[0]?.path).toBe('/api/account/me/');
    const sidebar = screen.getByTestId('sidebar');
    await waitFor(() => expect(within(sidebar).getByText('5')).toBeInTheDocument());
  });

  it('titles every other screen, none of spec §2.1 still being prepared', async () => {
    useSessionStore.getState().setTokens({ access: 'A' });
    mockPortalApi();
    // マニュアル was the last example of 準備中です until issue 30 built it.
    renderApp('/manual');
    expect(await screen.findByRole('link', { name: '休暇申請と有給休暇' })).toHaveAttribute(
      'href',
      '/manual/2',
    );
    expect(screen.queryByText('準備中です')).not.toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('マニュアル');
    expect(document.title).toBe('マニュアル | 社員ポータル');
  });

  it('leaves focus at the start on the page the document opened on, then moves it to each heading', async () => {
    useSessionStore.getState().setTokens({ access: 'A' });
    mockPortalApi();
    const router = renderApp('/home');
    const heading = await screen.findByTestId('page-title');
    await waitFor(() => expect(screen.getByTestId('route-announcer')).toHaveTextContent('ホーム'));
    // The skip link stays the first Tab stop, as on any page load.
    expect(document.body).toHaveFocus();
    await act(() => router.navigate('/home?page=2'));
    expect(document.body).toHaveFocus();

    await act(() => router.navigate('/manual'));
    await waitFor(() => expect(heading).toHaveTextContent('マニュアル'));
    expect(heading).toHaveFocus();
    // Back on the opening page by a route change: a route change like any other.
    act(() => heading.blur());
    await act(() => router.navigate('/home'));
    await waitFor(() => expect(heading).toHaveTextContent('ホーム'));
    expect(heading).toHaveFocus();
  });

  it('titles a console screen by its own name, with 設定 in the breadcrumb, and lets it go on leaving', async () => {
    useSessionStore.getState().setTokens({ access: 'A' });
    mockPortalApi({
      'POST /api/account/me/': { body: userState({ is_staff: true, is_superuser: true }) },
      'GET /api/admin/organizations/': { body: [] },
    });
    const router = renderApp('/admin/organizations');
    const heading = await screen.findByTestId('page-title');
    await waitFor(() => expect(heading).toHaveTextContent(/^組織$/), { timeout: 12_000 });
    expect(document.title).toBe('組織 | 社員ポータル');
    const crumbs = screen.getByRole('navigation', { name: 'パンくずリスト' });
    expect(within(crumbs).getByRole('link', { name: '設定' })).toHaveAttribute('href', '/admin/');
    await waitFor(() => expect(screen.getByTestId('route-announcer')).toHaveTextContent('組織'));

    await act(() => router.navigate('/admin/'));
    await waitFor(() => expect(heading).toHaveTextContent(/^設定$/));
    await act(() => router.navigate('/manual'));
    await waitFor(() => expect(heading).toHaveTextContent('マニュアル'));
    expect(document.title).toBe('マニュアル | 社員ポータル');
  }, 30_000);

  it('shows Page not found for an unknown path', async () => {
    useSessionStore.getState().setTokens({ access: 'A' });
    mockPortalApi();
    renderApp('/no/such/page');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('ページが見つかりません');
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
  });

  it('shows the server-error page with the message when loading the user fails', async () => {
    useSessionStore.getState().setTokens({ access: 'A' });
    mockPortalApi({
      'POST /api/account/me/': { status: 500, body: { detail: 'サーバーで問題が発生しました。' } },
    });
    renderApp('/home');
    expect(await screen.findByText('サーバーエラーが発生しました')).toBeInTheDocument();
    expect(screen.getByText('サーバーで問題が発生しました。')).toBeInTheDocument();
    expect(useSessionStore.getState().serverStatus).toBe(500);
  });

  it('signs in with an access_token handed over in the URL and goes to next', async () => {
    const { requests } = mockPortalApi();
    const router = renderApp('/login-native?access_token=TOKEN&refresh=R&next=%2Ftask%2Ftasks%2Ffinished');
    await waitFor(() => expect(here(router)).toBe('/task/tasks/finished'));
    expect(useSessionStore.getState()).toMatchObject({ access: 'TOKEN', refresh: 'R' });
    expect(requests[0]?.headers.get('Authorization')).toBe('JWT TOKEN');
  });

  it('never follows a next that leaves the site', async () => {
    mockPortalApi();
    const router = renderApp('/login-native?access_token=TOKEN&next=https%3A%2F%2Fevil.example');
    await waitFor(() => expect(here(router)).toBe('/home'));
  });

  // The form replaces whatever page was asked for, so the heading and the tab say what is shown.
  it('titles the change of password an administrator’s reset requires, then the page asked for', async () => {
    useSessionStore.getState().setTokens({ access: 'A' });
    let changed = false;
    const state = userState();
    const { requests } = mockPortalApi({
      'POST /api/account/me/': () => ({
        body: { ...state, me: { ...state.me, must_change_password: !changed } },
      }),
      'POST /api/account/password/': () => {
        changed = true;
        return { body: { detail: 'パスワードを変更しました。' } };
      },
      'GET /api/task/workflows/': { body: [] },
    });
    renderApp('/task/workflows');
    expect(await screen.findByRole('button', { name: '変更する' })).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('パスワードの変更');
    expect(document.title).toBe('パスワードの変更 | 社員ポータル');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/現在のパスワード/), 'temporary-1');
    await user.type(screen.getByLabelText(/^新しいパスワード/), 'my-own-password');
    await user.click(screen.getByRole('button', { name: '変更する' }));
    expect(await screen.findByText('申請できる手続きがありません。')).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('手続き一覧');
    expect(document.title).toBe('手続き一覧 | 社員ポータル');
    expect(requests.filter((r) => r.path === '/api/account/password/')).toHaveLength(1);
  });
});

describe('permission guard (issue #12 item 13)', () => {
  it.each([
    ['/workflow/nodes', 'ノード一覧'],
    ['/workflow/workflows', 'ワークフロー一覧'],
    ['/workflow/workflows/3', 'ワークフロー詳細'],
    ['/expense/attendance', '勤怠出力'],
    ['/expense/uploads', 'アップロード履歴'],
    ['/employee/attendance/0', '勤怠一覧'],
  ])('refuses %s without its permission with the one refusal page, in the shell', async (path, title) => {
    useSessionStore.getState().setTokens({ access: 'A' });
    const { requests } = mockPortalApi();
    renderApp(path);
    const refusal = await screen.findByTestId('forbidden');
    expect(within(refusal).getByRole('heading', { name: FORBIDDEN_TITLE })).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent(title);
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
    expect(screen.queryByText('ワークフローがありません。')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Excel をダウンロード' })).not.toBeInTheDocument();
    // Refused before the screen asks the server for anything.
    expect(requests.map((r) => r.path)).not.toContain('/api/workflow/nodes/');
    expect(requests.map((r) => r.path)).not.toContain('/api/workflow/workflows/');
  });

  it('lets a holder of the permission in', async () => {
    useSessionStore.getState().setTokens({ access: 'A' });
    mockPortalApi({
      'POST /api/account/me/': { body: userState({ perms: [PERM.viewExpenseAttendance] }) },
    });
    renderApp('/expense/attendance');
    expect(await screen.findByRole('button', { name: 'Excel をダウンロード' })).toBeInTheDocument();
    expect(screen.queryByTestId('forbidden')).not.toBeInTheDocument();
  });

  it('lets a superuser in everywhere', async () => {
    useSessionStore.getState().setTokens({ access: 'A' });
    mockPortalApi({
      'POST /api/account/me/': { body: userState({ is_superuser: true }) },
      'GET /api/workflow/nodes/': { body: page([]) },
      'GET /api/workflow/forms/choice/': { body: [] },
    });
    renderApp('/workflow/nodes');
    expect(await screen.findByText('ノードがありません。')).toBeInTheDocument();
    expect(screen.queryByTestId('forbidden')).not.toBeInTheDocument();
  });
});

describe('first load order (issue 20)', () => {
  const paths = (requests: { path: string }[]) => requests.map((request) => request.path);

  it("asks for a task list's rows as the route loads, before the shell's parts, and once", async () => {
    useSessionStore.getState().setTokens({ access: 'A' });
    const { requests } = mockPortalApi({
      'GET /api/task/tasks/': { body: page([]) },
      'GET /api/task/workflows/': { body: [] },
    });
    renderApp('/task/tasks/approval?page=2&workflow=3');
    expect(await screen.findByText('該当する申請がありません。')).toBeInTheDocument();
    const lists = requests.filter((request) => request.path === '/api/task/tasks/');
    expect(lists).toHaveLength(1);
    expect(Object.fromEntries(lists[0]!.query)).toMatchObject({
      filter: 'approval',
      page: '2',
      workflow: '3',
    });
    await waitFor(() => expect(paths(requests)).toContain('/api/account/statistics/'));
    expect(paths(requests).indexOf('/api/task/tasks/')).toBeLessThan(
      paths(requests).indexOf('/api/account/statistics/'),
    );
  });

  it('asks for nothing but the user for a visitor without a token', async () => {
    const { requests } = mockPortalApi();
    renderApp('/task/tasks/approval');
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 12_000 })).toBeInTheDocument();
    expect(paths(requests)).not.toContain('/api/task/tasks/');
  }, 30_000);

  it("with a push bridge, registers the device before the shell's parts load", async () => {
    useSessionStore.getState().setTokens({ access: 'A' });
    const { requests } = mockPortalApi({ 'POST /api/firebase-devices/': { body: {} } });
    setPushTokenProvider({ getToken: () => Promise.resolve('DEVICE'), description: 'Lark iOS' });
    try {
      renderApp('/home');
      expect(await screen.findByText(/こんにちは、山田 太郎 さん/)).toBeInTheDocument();
      await waitFor(() => expect(paths(requests)).toContain('/api/account/statistics/'));
      expect(paths(requests).indexOf('/api/firebase-devices/')).toBeGreaterThan(-1);
      expect(paths(requests).indexOf('/api/firebase-devices/')).toBeLessThan(
        paths(requests).indexOf('/api/account/statistics/'),
      );
    } finally {
      setPushTokenProvider(null);
      localStorage.clear();
    }
  });
});
