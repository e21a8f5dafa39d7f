import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attendance } from '@portal/shared/endpoints/attendance';
import { mockFetch } from '@/testing/fetch-mock.ts';
import { useSessionStore } from '@/stores/session-store.ts';
import { api, apiUrl, filenameOf } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { setNavigate } from './navigation.ts';

const navigate = vi.fn();

beforeEach(() => {
  useSessionStore.getState().clear();
  navigate.mockReset();
  setNavigate(navigate);
  window.history.replaceState(null, '', '/task/tasks/approval?page=2');
});

afterEach(() => setNavigate(null));

describe('api client', () => {
  it('adds format=json to every URL, keeping the query', () => {
    expect(apiUrl('/notifications/', { is_read: false, page: 2, skip: undefined })).toBe(
      '/api/notifications/?is_read=false&page=2&format=json',
    );
    expect(apiUrl('account/me/')).toBe('/api/account/me/?format=json');
  });

  it('sends JSON with the JWT and CAS session headers when signed in', async () => {
    const { requests } = mockFetch({ 'POST /api/account/me/': { body: { ok: true } } });
    useSessionStore.getState().setTokens({ access: 'ACCESS', refresh: 'REFRESH', sessionid: 'SID' });
    await expect(api.post('/account/me/', { a: 1 })).resolves.toEqual({ ok: true });
    const [request] = requests;
    expect(request?.query.get('format')).toBe('json');
    expect(request?.headers.get('Accept')).toBe('application/json');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.headers.get('Authorization')).toBe('JWT ACCESS');
    expect(request?.headers.get('X-Cas-Token')).toBe('SID');
    expect(request?.body).toEqual({ a: 1 });
  });

  it('leaves out X-Cas-Token without a CAS session', async () => {
    const { requests } = mockFetch({ 'GET /api/account/statistics/': { body: {} } });
    useSessionStore.getState().setTokens({ access: 'ACCESS' });
    await api.get('/account/statistics/');
    expect(requests[0]?.headers.has('X-Cas-Token')).toBe(false);
  });

  it('refreshes once for concurrent 401s, stores the rotated tokens and retries each request', async () => {
    useSessionStore.getState().setTokens({ access: 'OLD', refresh: 'R1' });
    const { requests } = mockFetch({
      'POST /api/token-refresh/': () => ({ body: { access: 'NEW', refresh: 'R2' } }),
      'GET /api/account/statistics/': (req) =>
        req.headers.get('Authorization') === 'JWT NEW'
          ? { body: { unresolved_tasks: 1, approval_tasks: 2 } }
          : { status: 401, body: { detail: 'expired', code: 'token_invalid' } },
      'GET /api/notifications/': (req) =>
        req.headers.get('Authorization') === 'JWT NEW'
          ? { body: { count: 0, next: null, previous: null, results: [] } }
          : { status: 401, body: { detail: 'expired' } },
    });

    const [stats, list] = await Promise.all([api.get('/account/statistics/'), api.get('/notifications/')]);

    expect(stats).toEqual({ unresolved_tasks: 1, approval_tasks: 2 });
    expect(list).toMatchObject({ count: 0 });
    const refreshes = requests.filter((r) => r.path === '/api/token-refresh/');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refresh: 'R1' });
    expect(refreshes[0]?.headers.get('Authorization')).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ access: 'NEW', refresh: 'R2' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('clears the session and sends the user to /login?next=<current page> when the refresh fails', async () => {
    useSessionStore.getState().setTokens({ access: 'OLD', refresh: 'R1', sessionid: 'SID' });
    const { requests } = mockFetch({
      'POST /api/token-refresh/': { status: 401, body: { detail: 'reused', code: 'token_reused' } },
      'GET /api/account/statistics/': { status: 401, body: { detail: 'expired' } },
    });

    const error = await api.get('/account/statistics/').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(requests.filter((r) => r.path === '/api/account/statistics/')).toHaveLength(1);
    expect(useSessionStore.getState()).toMatchObject({ access: null, refresh: null, sessionid: null });
    expect(navigate).toHaveBeenCalledWith('/login?next=%2Ftask%2Ftasks%2Fapproval%3Fpage%3D2', {
      replace: true,
    });
  });

  it('does not end a session that began while the refresh for an older token was on its way', async () => {
    // The old session's access token expired and its refresh is refused, but meanwhile the user
    // signed in again (the sign-in page stored a new pair): the 401s were answers about the old
    // session, so the request is tried with the new token and the new session stays.
    useSessionStore.getState().setTokens({ access: 'OLD', refresh: 'R-OLD' });
    const { requests } = mockFetch({
      'POST /api/token-refresh/': () => {
        useSessionStore.getState().setTokens({ access: 'NEW', refresh: 'R-NEW', sessionid: 'SID' });
        return { status: 401, body: { detail: 'reused', code: 'token_reused' } };
      },
      'POST /api/account/me/': (req) =>
        req.headers.get('Authorization') === 'JWT NEW'
          ? { body: { me: { id: 7 } } }
          : { status: 401, body: { detail: 'expired' } },
    });

    await expect(api.post('/account/me/')).resolves.toEqual({ me: { id: 7 } });

    expect(requests.map((r) => `${r.path} ${r.headers.get('Authorization') ?? '-'}`)).toEqual([
      '/api/account/me/ JWT OLD',
      '/api/token-refresh/ -',
      '/api/account/me/ JWT NEW',
    ]);
    expect(useSessionStore.getState()).toMatchObject({ access: 'NEW', refresh: 'R-NEW', sessionid: 'SID' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps the tokens of a sign-in that happened while an older session was being refreshed', async () => {
    useSessionStore.getState().setTokens({ access: 'OLD', refresh: 'R-OLD' });
    const { requests } = mockFetch({
      'POST /api/token-refresh/': () => {
        useSessionStore.getState().setTokens({ access: 'NEW', refresh: 'R-NEW' });
        return { body: { access: 'OLD-REFRESHED', refresh: 'R-OLD-2' } };
      },
      'GET /api/account/statistics/': (req) =>
        req.headers.get('Authorization') === 'JWT OLD'
          ? { status: 401, body: { detail: 'expired' } }
          : { body: { unresolved_tasks: 0, approval_tasks: 1 } },
    });

    await expect(api.get('/account/statistics/')).resolves.toEqual({
      unresolved_tasks: 0,
      approval_tasks: 1,
    });

    expect(requests.at(-1)?.headers.get('Authorization')).toBe('JWT NEW');
    expect(useSessionStore.getState()).toMatchObject({ access: 'NEW', refresh: 'R-NEW' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('refreshes at most once per request: a refreshed token that is refused too ends the session', async () => {
    useSessionStore.getState().setTokens({ access: 'OLD', refresh: 'R1' });
    const { requests } = mockFetch({
      'POST /api/token-refresh/': { body: { access: 'NEW', refresh: 'R2' } },
      'GET /api/account/statistics/': { status: 401, body: { detail: 'session revoked' } },
    });

    await expect(api.get('/account/statistics/')).rejects.toBeInstanceOf(ApiError);

    expect(requests.map((r) => r.path)).toEqual([
      '/api/account/statistics/',
      '/api/token-refresh/',
      '/api/account/statistics/',
    ]);
    expect(useSessionStore.getState()).toMatchObject({ access: null, refresh: null });
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('goes to sign in without trying a refresh when there is no refresh token', async () => {
    const { requests } = mockFetch({
      'POST /api/account/me/': { status: 401, body: { detail: 'no token' } },
    });
    await expect(api.post('/account/me/')).rejects.toBeInstanceOf(ApiError);
    expect(requests.map((r) => r.path)).toEqual(['/api/account/me/']);
    expect(navigate).toHaveBeenCalledWith('/login?next=%2Ftask%2Ftasks%2Fapproval%3Fpage%3D2', {
      replace: true,
    });
  });

  it('does not redirect while already on a sign-in page', async () => {
    window.history.replaceState(null, '', '/login-native?access_token=bad');
    useSessionStore.getState().setTokens({ access: 'bad' });
    mockFetch({ 'POST /api/account/me/': { status: 401, body: { detail: 'invalid' } } });
    await expect(api.post('/account/me/')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves a 401 of the sign-in call to the form', async () => {
    const { requests } = mockFetch({ 'POST /api/token-auth/': { status: 401, body: { detail: 'wrong' } } });
    const error = await api
      .post('/token-auth/', { username: 'a', password: 'b' }, { auth: false })
      .catch((e: unknown) => e);
    expect((error as ApiError).detail).toBe('wrong');
    expect(requests).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('turns a 404 into the not-found page only when the call asks for it', async () => {
    mockFetch({ 'GET /api/task/tasks/9/': { status: 404, body: { detail: '見つかりませんでした。' } } });
    await expect(api.get('/task/tasks/9/')).rejects.toMatchObject({ status: 404 });
    expect(useSessionStore.getState().serverStatus).toBe(200);
    await expect(api.get('/task/tasks/9/', { notFoundPage: true })).rejects.toMatchObject({ status: 404 });
    expect(useSessionStore.getState()).toMatchObject({
      serverStatus: 404,
      serverMessage: '見つかりませんでした。',
    });
  });

  it('rejects other failures with a typed ApiError carrying the parsed body', async () => {
    mockFetch({
      'POST /api/task/tasks/1/nodes/2/approval/': {
        status: 409,
        body: { detail: '競合しました。', code: 'conflict' },
      },
      'POST /api/proxies/': {
        status: 400,
        body: { start_date: ['必須です。'], non_field_errors: ['期間が重なっています。'] },
      },
    });
    const conflict = (await api
      .post('/task/tasks/1/nodes/2/approval/', {})
      .catch((e: unknown) => e)) as ApiError;
    expect(conflict).toMatchObject({
      status: 409,
      detail: '競合しました。',
      code: 'conflict',
      message: '競合しました。',
    });
    const invalid = (await api.post('/proxies/', {}).catch((e: unknown) => e)) as ApiError;
    expect(invalid.fieldErrors).toEqual({ start_date: ['必須です。'] });
    expect(invalid.nonFieldErrors).toEqual(['期間が重なっています。']);
  });

  it('reports a request that got no answer as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/account/statistics/')).rejects.toMatchObject({ status: 0 });
  });

  it('sends one Idempotency-Key per submission, again with a retry after a lost connection', async () => {
    useSessionStore.getState().setTokens({ access: 'ACCESS' });
    const sent: Headers[] = [];
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        sent.push(new Headers(init.headers));
        calls += 1;
        return calls === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : Promise.resolve(new Response(JSON.stringify({ id: 7 }), { status: 201 }));
      }),
    );
    await expect(api.post('/task/workflows/1/form/', { title: 'a' })).resolves.toEqual({ id: 7 });
    expect(sent).toHaveLength(2);
    const key = sent[0]!.get('Idempotency-Key');
    expect(key).toMatch(/^[A-Za-z0-9-]{32,36}$/);
    expect(sent[1]!.get('Idempotency-Key')).toBe(key);

    await api.post('/task/workflows/1/form/', { title: 'b' });
    expect(sent[2]!.get('Idempotency-Key')).not.toBe(key);
  });

  it('retries a lost submission only once, and never a read or a sign-in', async () => {
    useSessionStore.getState().setTokens({ access: 'ACCESS' });
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    await expect(api.post('/account/proxies/', {})).rejects.toMatchObject({ status: 0 });
    expect(fetch).toHaveBeenCalledTimes(2);
    fetch.mockClear();
    await expect(api.get('/account/statistics/')).rejects.toMatchObject({ status: 0 });
    await expect(api.post('/token-auth/', {}, { auth: false })).rejects.toMatchObject({ status: 0 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('answers a download as a Blob with the file name of Content-Disposition, and an error as ApiError', async () => {
    useSessionStore.getState().setTokens({ access: 'ACCESS' });
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/ok/')
          ? new Response(bytes, {
              headers: {
                'Content-Disposition': `attachment; filename="a.xlsx"; filename*=UTF-8''${encodeURIComponent('勤怠_2025年4月.xlsx')}`,
              },
            })
          : new Response(JSON.stringify({ detail: '権限がありません。' }), { status: 403 }),
      ),
    );
    const file = await api.download('/ok/');
    expect(file.filename).toBe('勤怠_2025年4月.xlsx');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(bytes);
    await expect(api.download('/denied/')).rejects.toMatchObject({
      status: 403,
      detail: '権限がありません。',
    });
  });

  it('downloads an entry that answers a file at its filled-in path', async () => {
    useSessionStore.getState().setTokens({ access: 'ACCESS' });
    const fetch = vi.fn(
      async () =>
        new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          headers: { 'Content-Disposition': 'attachment; filename="month.pdf"' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const file = await api.callFile(attendance.monthPdf, { year: 2025, month: 4 });
    expect(file.filename).toBe('month.pdf');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(new URL(url, 'http://localhost').pathname).toBe('/api/attendance/pdf/2025/4/');
    expect(init.method).toBe('GET');
  });

  it('reads the plain file name when there is no filename*', () => {
    expect(filenameOf('attachment; filename="report.pdf"')).toBe('report.pdf');
    expect(filenameOf(null)).toBeNull();
  });
});
