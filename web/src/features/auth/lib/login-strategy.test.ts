import { describe, expect, it } from 'vitest';
import type { TAuthMethods } from '@portal/shared/contracts/auth';
import { casLoginUrl, nativeLoginPath, resolveLoginStrategy } from './login-strategy.ts';

const PASSWORD_ONLY: TAuthMethods = { password: true, cas: null, mail: null, lark: null };
const ALL: TAuthMethods = {
  password: true,
  cas: { login_url: 'https://cas.example.jp/cas/login' },
  mail: { label: 'メールアカウントでログイン' },
  lark: { app_id: 'cli_x', sdk_url: 'https://lark.example/h5-sdk.js' },
};

describe('/login strategy (spec §4.1)', () => {
  it('goes to the password form when no single sign-on is configured', () => {
    expect(resolveLoginStrategy(new URLSearchParams('ticket=ST-1&code=c'), PASSWORD_ONLY)).toEqual({
      kind: 'native',
    });
  });

  it('signs in with a returned CAS ticket first, then a Lark code, else redirects to CAS', () => {
    expect(resolveLoginStrategy(new URLSearchParams('ticket=ST-1&code=c'), ALL)).toEqual({
      kind: 'cas-ticket',
      ticket: 'ST-1',
    });
    expect(resolveLoginStrategy(new URLSearchParams('code=c'), ALL)).toEqual({
      kind: 'lark-code',
      code: 'c',
    });
    expect(resolveLoginStrategy(new URLSearchParams('next=/home'), ALL)).toEqual({
      kind: 'cas-redirect',
      loginUrl: 'https://cas.example.jp/cas/login',
    });
  });

  it('asks the Lark SDK for a code inside Lark, before redirecting to CAS', () => {
    expect(resolveLoginStrategy(new URLSearchParams('next=/home'), ALL, true)).toEqual({
      kind: 'lark-sdk',
      appId: 'cli_x',
      sdkUrl: 'https://lark.example/h5-sdk.js',
    });
    expect(resolveLoginStrategy(new URLSearchParams('ticket=ST-1'), ALL, true)).toMatchObject({
      kind: 'cas-ticket',
    });
    expect(resolveLoginStrategy(new URLSearchParams(''), PASSWORD_ONLY, true)).toEqual({ kind: 'native' });
  });

  it('passes next on to the password form and to CAS as part of the service URL', () => {
    expect(nativeLoginPath('/task/tasks?page=2')).toBe('/login-native?next=%2Ftask%2Ftasks%3Fpage%3D2');
    expect(nativeLoginPath(null)).toBe('/login-native');
    const url = new URL(casLoginUrl('https://cas.example.jp/cas/login', '/home'));
    expect(url.searchParams.get('service')).toBe(`${window.location.origin}/login?next=%2Fhome`);
  });
});
