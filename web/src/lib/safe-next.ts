import { LOGIN_PATHS, PATHS } from '@/config/paths.ts';

/**
 * The `next` query parameter when it is a path of this site ('/…', not '//…' nor '/\…') other
 * than a sign-in page, otherwise home: a sign-in link must never send the user to another origin.
 */
export function safeNext(next: string | null | undefined, fallback: string = PATHS.home): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(next)) return fallback;
  const path = next.split(/[?#]/, 1)[0] ?? '';
  return LOGIN_PATHS.includes(path) ? fallback : next;
}

/** `/login?next=<path incl. query>` for the page the user wanted. */
export function loginUrl(intended: string, loginPath: string = PATHS.login): string {
  return `${loginPath}?next=${encodeURIComponent(intended)}`;
}
