// Every signed-in page first waits for the signed-in user (POST /account/me/), and the app can ask
// only once all of its code has loaded and run: on a phone, most of a second after the page came.
// The page's own inline script (web/build/early-me-script.ts writes it into index.html) asks as the
// page arrives, with the session's stored tokens, and the API client takes that answer for its own
// first identical request instead of asking again (issue #20, first paint). This module imports
// nothing: the build turns startEarlyMe into that script's text.

/** Where the page leaves the request it started. */
export const EARLY_REQUEST_GLOBAL = '__portalEarlyRequest';

export interface EarlyMeSettings {
  /** The session store's key in localStorage (zustand's persist: `{ state: { access, sessionid } }`). */
  storageKey: string;
  /** The user's URL as the API client builds it. */
  url: string;
  authScheme: string;
  casHeader: string;
  global: string;
}

/** A request the page started, with the credentials it was sent with. */
interface EarlyRequest {
  method: string;
  url: string;
  authorization: string;
  cas: string | null;
  casHeader: string;
  response: Promise<Response>;
}

type EarlyWindow = Record<string, EarlyRequest | undefined>;

/**
 * Runs as the page's inline script, before any module: it may use nothing but its argument and the
 * browser. Without stored tokens, or without storage at all, it does nothing and the app asks itself.
 */
export function startEarlyMe(settings: EarlyMeSettings): void {
  try {
    const stored = JSON.parse(localStorage.getItem(settings.storageKey) ?? 'null') as {
      state?: { access?: unknown; sessionid?: unknown };
    } | null;
    const access = stored?.state?.access;
    if (typeof access !== 'string' || access === '') return;
    const sessionid = stored?.state?.sessionid;
    const cas = typeof sessionid === 'string' && sessionid !== '' ? sessionid : null;
    const authorization = `${settings.authScheme} ${access}`;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: authorization,
    };
    if (cas) headers[settings.casHeader] = cas;
    const response = fetch(settings.url, { method: 'POST', headers });
    // Whoever takes it sees a failure; left untaken, it must not count as unhandled.
    response.catch(() => undefined);
    (window as unknown as EarlyWindow)[settings.global] = {
      method: 'POST',
      url: settings.url,
      authorization,
      cas,
      casHeader: settings.casHeader,
      response,
    };
  } catch {
    // No storage (a private window) or a damaged entry: the app asks on its own.
  }
}

/**
 * The page's early answer for this request, once: only for the same method and URL sent with the
 * same credentials (a sign-in or a refresh since then makes it another request).
 */
export function takeEarlyResponse(method: string, url: string, headers: Headers): Promise<Response> | null {
  const early = (window as unknown as EarlyWindow)[EARLY_REQUEST_GLOBAL];
  if (
    !early ||
    early.method !== method ||
    early.url !== url ||
    early.authorization !== headers.get('Authorization') ||
    early.cas !== headers.get(early.casHeader)
  )
    return null;
  (window as unknown as EarlyWindow)[EARLY_REQUEST_GLOBAL] = undefined;
  return early.response;
}
