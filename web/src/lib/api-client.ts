// The one module that talks to the API (spec §7, §8.1): adds `format=json` and the JSON, JWT and
// CAS headers, refreshes an expired access token once (shared by concurrent requests) and retries,
// sends the user to sign in when that fails — unless a new session began meanwhile, which a 401 about
// an older token does not end — and rejects every other failure with an ApiError.
import type { TTokenPair } from '@portal/shared/contracts/auth';
import { auth } from '@portal/shared/endpoints/auth';
import type { TChoice } from '@portal/shared/contracts/choices';
import {
  endpointPath,
  type AnswerOf,
  type BodyOf,
  type Endpoint,
  type FileAnswer,
  type ParamsOf,
  type QueryOf,
} from '@portal/shared/endpoints/endpoint';
import { AUTH_SCHEME, CAS_TOKEN_HEADER, IDEMPOTENCY_KEY_HEADER } from '@portal/shared/http';
import { takeEarlyResponse } from '@/boot/early-me.ts';
import { API_BASE } from '@/config/api-base.ts';
import { LOGIN_PATHS } from '@/config/paths.ts';
import { useSessionStore } from '@/stores/session-store.ts';
import { ApiError } from './api-error.ts';
import { loginUrl } from './safe-next.ts';
import { navigateTo } from './navigation.ts';
import { queryClient } from './query-client.ts';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** false for the sign-in calls: no token is sent and a 401 is the caller's to show. */
  auth?: boolean;
  /** A 404 replaces the page with the not-found page. Only for the call a page is built from. */
  notFoundPage?: boolean;
  /** 'file': answer the body as a Blob with the server's file name (downloads); errors stay JSON. */
  responseType?: 'json' | 'file';
  /** The sign-out call itself, the one signed-in request still sent once signing out began. */
  signingOut?: boolean;
}

/** A downloaded file: its content and the name from Content-Disposition, if the server gave one. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/** The file name of `attachment; filename="a.xlsx"; filename*=UTF-8''%E5…` (RFC 6266: filename* wins). */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim() ?? null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  params.set('format', 'json');
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}?${params.toString()}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams;
}

/**
 * A new name for one submission attempt. crypto.randomUUID exists only in secure contexts; a portal
 * opened over plain http on the office network still gets a random key.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function buildHeaders(body: unknown, auth: boolean, idempotencyKey: string | null): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (!isRawBody(body)) headers.set('Content-Type', 'application/json');
  if (idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
  if (auth) {
    const { access, sessionid } = useSessionStore.getState();
    if (access) headers.set('Authorization', `${AUTH_SCHEME} ${access}`);
    if (sessionid) headers.set(CAS_TOKEN_HEADER, sessionid);
  }
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(
  method: Method,
  path: string,
  options: RequestOptions,
  auth: boolean,
  idempotencyKey: string | null = null,
) {
  const { body } = options;
  const headers = buildHeaders(body, auth, idempotencyKey);
  const init: RequestInit = { method, headers };
  if (options.signal) init.signal = options.signal;
  if (body !== undefined) init.body = isRawBody(body) ? body : JSON.stringify(body);
  const url = apiUrl(path, options.query);
  // The page may have sent this very request already, as it arrived (src/boot/early-me.ts).
  const early = body === undefined ? takeEarlyResponse(method, url, headers) : null;
  try {
    return await (early ?? fetch(url, init));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, null, cause instanceof Error ? cause.message : '');
  }
}

const accessToken = () => useSessionStore.getState().access;

/** The refresh under way, and the refresh token it spends. */
let refreshing: { token: string; done: Promise<boolean> } | null = null;

async function refreshTokens(refresh: string): Promise<boolean> {
  try {
    const response = await send('POST', callPath(auth.refreshTokens, {}), { body: { refresh } }, false);
    if (!response.ok) return false;
    const pair = (await response.json()) as TTokenPair;
    // A sign-in that happened meanwhile keeps its own tokens: these belong to the session it replaced.
    if (useSessionStore.getState().refresh !== refresh) return false;
    useSessionStore.getState().setTokens({ access: pair.access, refresh: pair.refresh });
    return true;
  } catch {
    return false;
  }
}

/** One refresh per refresh token: every request that got a 401 meanwhile waits for the same answer. */
function refreshOnce(): Promise<boolean> {
  const { refresh } = useSessionStore.getState();
  if (!refresh) return Promise.resolve(false);
  if (refreshing?.token !== refresh) {
    const current = {
      token: refresh,
      done: refreshTokens(refresh).finally(() => {
        if (refreshing === current) refreshing = null;
      }),
    };
    refreshing = current;
  }
  return refreshing.done;
}

/** Whether the session now holds an access token other than `sentWith` (refreshed, or a new sign-in). */
function hasNewerToken(sentWith: string | null): boolean {
  const current = accessToken();
  return current !== null && current !== sentWith;
}

/**
 * After a 401 for `sentWith`: whether there is now another token to try, refreshing first when
 * `mayRefresh` (a request refreshes at most once) and nothing else has replaced the token yet.
 */
async function renewedSince(sentWith: string | null, mayRefresh: boolean): Promise<boolean> {
  if (mayRefresh && accessToken() === sentWith && (await refreshOnce())) return true;
  return hasNewerToken(sentWith);
}

/**
 * From the moment the user signs out until the next sign-in: no signed-in request leaves (its token
 * is, or is about to be, dead), and the refusal of one still on its way sends nobody to sign in with
 * the page they were on as `next` — the sign-out already goes to the sign-in page, without one.
 */
let signedOut = false;

export function setSignedOut(value: boolean): void {
  signedOut = value;
}

/** Forgets the session and every cached answer, then goes to sign in (spec §8.1 HTTP 401). */
export function endSession(): void {
  useSessionStore.getState().clear();
  queryClient.clear();
  if (signedOut) return;
  const { pathname, search } = window.location;
  if (!LOGIN_PATHS.includes(pathname)) navigateTo(loginUrl(`${pathname}${search}`), { replace: true });
}

/** The first try and at most two more, each with a token that was new at the time. */
const MAX_SENDS = 3;

/**
 * A signed-in POST carries one Idempotency-Key for the whole attempt, and is sent once more with it
 * when the connection failed: the server answers a retry of a request it already handled with its
 * first answer instead of creating the thing twice.
 */
async function sendOnce(
  method: Method,
  path: string,
  options: RequestOptions,
  auth: boolean,
  key: string | null,
) {
  try {
    return await send(method, path, options, auth, key);
  } catch (error) {
    if (key && error instanceof ApiError && error.status === 0) return send(method, path, options, auth, key);
    throw error;
  }
}

export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const auth = options.auth ?? true;
  if (auth && signedOut && !options.signingOut) throw new ApiError(401, null, 'signed out');
  const key = auth && method === 'POST' ? newIdempotencyKey() : null;
  let sentWith = accessToken();
  let response = await sendOnce(method, path, options, auth, key);

  for (let sends = 1; response.status === 401 && auth; sends += 1) {
    const triesLeft = sends < MAX_SENDS;
    if (!(triesLeft && (await renewedSince(sentWith, sends === 1)))) {
      const body = await readBody(response);
      // The 401 was the answer for `sentWith`: it ends that session, not one that began while it was
      // on its way (a sign-in), with which the request is tried again instead.
      if (!(triesLeft && hasNewerToken(sentWith))) {
        if (!hasNewerToken(sentWith)) endSession();
        throw new ApiError(401, body, response.statusText);
      }
    }
    sentWith = accessToken();
    response = await sendOnce(method, path, options, auth, key);
  }

  if (response.ok && options.responseType === 'file') {
    const file: DownloadedFile = {
      blob: await response.blob(),
      filename: filenameOf(response.headers.get('Content-Disposition')),
    };
    return file as T;
  }
  const body = await readBody(response);
  if (response.ok) return body as T;
  if (response.status === 404 && options.notFoundPage) {
    const detail = new ApiError(404, body).detail ?? '';
    useSessionStore.getState().setServerStatus(404, detail);
  }
  throw new ApiError(response.status, body, response.statusText);
}

/** What a call by entry takes besides params and body: the query typed by the entry. */
export type CallOptions<E> = Omit<RequestOptions, 'query' | 'body'> & { query?: QueryOf<E> };

/** An entry's path, filled in, relative to API_BASE (where request() adds it). */
export const callPath = <E extends Endpoint>(entry: E, params: ParamsOf<E>): string =>
  endpointPath(entry, params).slice(API_BASE.length);

export const api = {
  /**
   * Calls an entry of the endpoint table (shared/src/endpoints/): the path from the entry, the answer
   * typed by it. The app calls nothing else (no-literal-api-paths.test.ts); the path-taking functions
   * below are the client's own tests' way in.
   */
  call: <E extends Endpoint>(
    entry: E,
    params: ParamsOf<E>,
    body?: BodyOf<E>,
    options: CallOptions<E> = {},
  ): Promise<AnswerOf<E>> =>
    request<AnswerOf<E>>(entry.method.toUpperCase() as Method, callPath(entry, params), {
      ...options,
      query: options.query as Record<string, QueryValue> | undefined,
      body,
    }),
  /** Downloads an entry that answers a file (FileAnswer): its content and name, as `download`. */
  callFile: <E extends Endpoint & { readonly io?: { readonly answer?: FileAnswer } }>(
    entry: E,
    params: ParamsOf<E>,
    options: CallOptions<E> = {},
  ): Promise<DownloadedFile> =>
    request<DownloadedFile>(entry.method.toUpperCase() as Method, callPath(entry, params), {
      ...options,
      query: options.query as Record<string, QueryValue> | undefined,
      responseType: 'file',
    }),
  /**
   * An autocomplete field's options: its `data_source`, a path under /api/ that the workflow's
   * settings name (not the web), answering choices to `?query=` (contracts/workflows.ts).
   */
  choices: (dataSource: string, query: string, options: Omit<RequestOptions, 'query' | 'body'> = {}) =>
    request<TChoice[]>('GET', `/${dataSource.replace(/^\/+/, '')}`, { ...options, query: { query } }),
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  download: (path: string, options?: RequestOptions) =>
    request<DownloadedFile>('GET', path, { ...options, responseType: 'file' }),
};
