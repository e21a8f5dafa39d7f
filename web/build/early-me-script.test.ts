// The page's inline script asks for the signed-in user as the page arrives, and the API client's own
// first request for it takes that answer instead of asking again (issue 20, first paint). The script
// is run here as the build writes it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_REQUEST_GLOBAL } from '../src/boot/early-me.ts';
import { account } from '@portal/shared/endpoints/account';
import { api, apiUrl, callPath } from '../src/lib/api-client.ts';
import { useSessionStore } from '../src/stores/session-store.ts';
import { mockFetch } from '../src/testing/fetch-mock.ts';
import { EARLY_ME_SETTINGS, earlyMeScript } from './early-me-script.ts';

const runPageScript = () => new Function(earlyMeScript())() as void;
const early = () => (window as unknown as Record<string, unknown>)[EARLY_REQUEST_GLOBAL];
const ME = { me: { id: 7 } };

beforeEach(() => useSessionStore.getState().clear());
afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[EARLY_REQUEST_GLOBAL];
  localStorage.clear();
});

describe("the page's early request for the user", () => {
  it('asks for the URL the API client asks for', () => {
    expect(EARLY_ME_SETTINGS.url).toBe(apiUrl(callPath(account.me, {})));
  });

  it("is sent with the stored session's headers, and the client's first request takes its answer", async () => {
    useSessionStore.getState().setTokens({ access: 'ACCESS', refresh: 'R', sessionid: 'SID' });
    const { requests } = mockFetch({ 'POST /api/account/me/': { body: ME } });
    runPageScript();
    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.query.get('format')).toBe('json');
    expect(sent?.headers.get('Authorization')).toBe('JWT ACCESS');
    expect(sent?.headers.get('X-Cas-Token')).toBe('SID');
    expect(sent?.headers.get('Content-Type')).toBe('application/json');

    await expect(api.call(account.me, {})).resolves.toEqual(ME);
    expect(requests).toHaveLength(1);
    // Once: a later request asks the server again.
    await expect(api.call(account.me, {})).resolves.toEqual(ME);
    expect(requests).toHaveLength(2);
  });

  it('is not taken for another session: a sign-in since then asks with its own token', async () => {
    useSessionStore.getState().setTokens({ access: 'OLD' });
    const { requests } = mockFetch({ 'POST /api/account/me/': { body: ME } });
    runPageScript();
    useSessionStore.getState().setTokens({ access: 'NEW' });
    await expect(api.call(account.me, {})).resolves.toEqual(ME);
    expect(requests.map((request) => request.headers.get('Authorization'))).toEqual(['JWT OLD', 'JWT NEW']);
  });

  it('is not taken by another request', async () => {
    useSessionStore.getState().setTokens({ access: 'ACCESS' });
    const { requests } = mockFetch({
      'POST /api/account/me/': { body: ME },
      'GET /api/account/statistics/': { body: { unresolved_tasks: 0, approval_tasks: 0 } },
    });
    runPageScript();
    await api.get('/account/statistics/');
    expect(requests.map((request) => request.path)).toEqual(['/api/account/me/', '/api/account/statistics/']);
    await api.call(account.me, {});
    expect(requests).toHaveLength(2);
  });

  it('is not sent without a stored session, nor with damaged storage', () => {
    const { requests } = mockFetch({});
    runPageScript();
    localStorage.setItem(EARLY_ME_SETTINGS.storageKey, '{not json');
    runPageScript();
    expect(requests).toHaveLength(0);
    expect(early()).toBeUndefined();
  });

  it('lost on the way, is sent again by the client', async () => {
    useSessionStore.getState().setTokens({ access: 'ACCESS' });
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(new Response(JSON.stringify(ME), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    runPageScript();
    await expect(api.call(account.me, {})).resolves.toEqual(ME);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
