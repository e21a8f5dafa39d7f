import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/shared/messages';
import { mockFetch } from '@/testing/fetch-mock.ts';
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
  vi.unstubAllGlobals();
});

describe('/login when the sign-in call answers 401', () => {
  it('logs out and shows ログイン失敗しました with 再ログイン for a refused Lark code', async () => {
    leaveStaleSession();
    const { requests } = mockFetch({
      'GET /api/auth/methods/': { body: METHODS },
      'POST /api/lark-auth/': { status: 401, body: { detail: '認証コードが無効か、期限が切れています。' } },
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
      'GET /api/auth/methods/': { body: METHODS },
      'POST /api/cas-auth/': { status: 401, body: { detail: 'チケットが無効です。' } },
    });
    renderWithRouter(<LoginRoute />, { path: '/login?ticket=ST-1&next=%2Fhome' });

    expect(await screen.findByText('チケットが無効です。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '再ログイン' })).toBeInTheDocument();
    expect(hasAccessToken()).toBe(false);
  });

  it('keeps the session when the sign-in call fails for another reason', async () => {
    leaveStaleSession();
    mockFetch({
      'GET /api/auth/methods/': { body: METHODS },
      'POST /api/cas-auth/': { status: 429, body: { detail: 'リクエストが多すぎます。' } },
    });
    renderWithRouter(<LoginRoute />, { path: '/login?ticket=ST-2' });

    expect(await screen.findByText('リクエストが多すぎます。')).toBeInTheDocument();
    expect(hasAccessToken()).toBe(true);
  });
});
