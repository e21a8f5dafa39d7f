import type { TAuthMethods } from '@portal/shared/contracts/auth';

/** What /login does with the URL it was given (spec §4.1). */
export type LoginStrategy =
  | { kind: 'cas-ticket'; ticket: string }
  | { kind: 'lark-code'; code: string }
  | { kind: 'lark-sdk'; appId: string; sdkUrl: string }
  | { kind: 'cas-redirect'; loginUrl: string }
  | { kind: 'native' };

/** Inside Lark the page asks Lark's SDK for a code (silent sign-in) before thinking of CAS. */
export function resolveLoginStrategy(
  params: URLSearchParams,
  methods: TAuthMethods,
  inLark = false,
): LoginStrategy {
  const ticket = params.get('ticket');
  const code = params.get('code');
  if (methods.cas && ticket) return { kind: 'cas-ticket', ticket };
  if (methods.lark && code) return { kind: 'lark-code', code };
  if (methods.lark && inLark)
    return { kind: 'lark-sdk', appId: methods.lark.app_id, sdkUrl: methods.lark.sdk_url };
  if (methods.cas) return { kind: 'cas-redirect', loginUrl: methods.cas.login_url };
  return { kind: 'native' };
}

/** The CAS `service` URL: this page, keeping only `next`, so the ticket comes back here. */
export function casServiceUrl(next: string | null): string {
  const url = new URL('/login', window.location.origin);
  if (next) url.searchParams.set('next', next);
  return url.toString();
}

export function casLoginUrl(loginUrl: string, next: string | null): string {
  const url = new URL(loginUrl, window.location.origin);
  url.searchParams.set('service', casServiceUrl(next));
  return url.toString();
}

/** `/login-native`, passing `next` on. */
export function nativeLoginPath(next: string | null): string {
  return next ? `/login-native?next=${encodeURIComponent(next)}` : '/login-native';
}
